package dev.matchpoint.scenario.library;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.explore.ExplorationReport;
import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.mpi.CollectiveKind;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.run.Outcome;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.mpi.trace.TraceEvent;
import dev.matchpoint.scenario.ExpectationCheck;
import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.ScenarioException;
import dev.matchpoint.scenario.ScenarioLoader;
import dev.matchpoint.scenario.format.ScenarioWriter;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** Blocking collectives (MPI-3.1 chapter 5): statements, matching, synchronisation, timed costs. */
class CollectiveTest {
  private static final String ALL = """
      scenario: all-collectives
      ranks:
        - rank: 0..4
          program:
            - barrier
            - bcast: {root: 2, count: 100, type: double}
            - reduce: {root: 0, count: 1, type: int, op: MPI_SUM}
            - allreduce: {count: 1, type: int, op: max}
            - gather: {root: 1, count: 2}
            - scatter: {root: 1, count: 2}
            - allgather: {count: 2}
            - alltoall: {count: 2}
            - gatherv: {root: 1, count: 2, counts: [2, 2, 2, 2, 2]}
            - scatterv: {root: 1, count: 2, counts: [2, 2, 2, 2, 2]}
            - reduce-scatter-block: {count: 1, type: int, op: sum}
      """;

  /** A scenario from text, named t.yaml. */
  static Scenario load(String text) {
    return ScenarioLoader.load(text, "t.yaml");
  }

  private static String withSync(String name, String policy) {
    Scenario s = Library.load(name);
    return ScenarioWriter.write(s).replace("scenario: " + name, "scenario: " + name + "\ncollective-sync: " + policy);
  }

  /** The result words (ok, deadlock, erroneous) of every outcome class an exhaustive search reaches. */
  static Set<String> outcomes(Scenario s) {
    ExplorationReport r = ExpectationCheck.explore(s);
    assertTrue(r.exhaustive(), r.stopReason());
    Set<String> out = new TreeSet<>();
    r.outcomes().keySet().forEach(k -> out.add(k.substring(0, k.indexOf(' '))));
    return out;
  }

  /** The timed run with the FIFO scheduler, trace kept. */
  static RunResult timed(Scenario s) {
    return Runner.timed(ScenarioLoader.compile(s), s.seed(), FifoScheduler.INSTANCE,
        s.runOptions().withKeepTrace(true));
  }

  @Test
  void everyStatement_parsesWithItsArguments_andWritesBackToAnEqualScenario() {
    Scenario s = load(ALL);
    List<MpiOp.Collective> calls = s.ranks().get(0).get(0).body().stream()
        .map(st -> (MpiOp.Collective) ((dev.matchpoint.mpi.program.Stmt.Call) st).op()).toList();
    assertEquals(List.of(CollectiveKind.values()).stream().map(CollectiveKind::mpiName).sorted().toList(),
        calls.stream().map(MpiOp::mpiName).sorted().toList());
    assertEquals(dev.matchpoint.mpi.ReduceOp.SUM, calls.get(2).op());
    assertEquals(s.withoutLocations(), ScenarioLoader.load(ScenarioWriter.write(s), "u.yaml").withoutLocations());
  }

  @Test
  void badArguments_areRefusedAtTheirLocation() {
    String base = "scenario: x\nranks:\n  - rank: 0..1\n    program:\n      - ";
    ScenarioException noOp = assertThrows(ScenarioException.class, () -> load(base + "reduce: {root: 0}\n"));
    assertTrue(noOp.getMessage().contains("missing key 'op'"), noOp.getMessage());
    ScenarioException badOp = assertThrows(ScenarioException.class,
        () -> load(base + "allreduce: {op: average}\n"));
    assertTrue(badOp.getMessage().startsWith("t.yaml:5:") && badOp.getMessage().contains("unknown operator"),
        badOp.getMessage());
    ScenarioException root = assertThrows(ScenarioException.class, () -> load(base + "bcast: {root: 2}\n"));
    assertTrue(root.getMessage().contains("root 2 of bcast is out of range"), root.getMessage());
    ScenarioException sync = assertThrows(ScenarioException.class,
        () -> load("scenario: x\ncollective-sync: sometimes\nranks:\n  - rank: 0\n    program: []\n"));
    assertTrue(sync.getMessage().startsWith("t.yaml:2:18:"), sync.getMessage());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §5.3", text = "If comm is an intracommunicator, MPI_BARRIER blocks the caller until "
      + "all group members have called it.")
  void timedRun_costsEachCollectiveAsItsAlgorithm_andNamesIt() {
    RunResult r = timed(load(ALL));
    assertEquals(Outcome.OK, r.outcome(), r.problems().toString());
    List<String> returns = r.trace().of(TraceEvent.CallReturned.class).stream()
        .filter(e -> e.rank() == 0).map(e -> e.call() + " " + e.result()).toList();
    // 5 ranks: ceil(log2 5) = 3 rounds, pairwise 4; one round = 2o + L + (n-1)G (+ 2(n-1)O) with the
    // default L=1000, o=200, G=0.1: 1400 ns for a 1-byte message, 1480 ns for 800 bytes.
    assertEquals(List.of("MPI_Barrier algorithm dissemination, 3 rounds, 4200 ns",
        "MPI_Bcast algorithm binomial-tree, 3 rounds, 4440 ns",
        "MPI_Reduce algorithm binomial-tree, 3 rounds, 4200 ns",
        "MPI_Allreduce algorithm recursive-doubling, 3 rounds, 4200 ns",
        "MPI_Gather algorithm binomial-tree, 3 rounds, 4203 ns",
        "MPI_Scatter algorithm binomial-tree, 3 rounds, 4203 ns",
        "MPI_Allgather algorithm recursive-doubling, 3 rounds, 4203 ns",
        "MPI_Alltoall algorithm pairwise, 4 rounds, 5604 ns",
        "MPI_Gatherv algorithm binomial-tree, 3 rounds, 4203 ns",
        "MPI_Scatterv algorithm binomial-tree, 3 rounds, 4203 ns",
        "MPI_Reduce_scatter_block algorithm recursive-halving, 3 rounds, 4200 ns"), returns);
    // Barrier, Allreduce, Allgather, Alltoall and Reduce_scatter_block wait for every member: no member
    // returns from one before the last member has called it.
    for (String call : List.of("MPI_Barrier", "MPI_Allreduce", "MPI_Allgather", "MPI_Alltoall",
        "MPI_Reduce_scatter_block")) {
      long lastStart = r.trace().of(TraceEvent.CallStarted.class).stream().filter(e -> e.call().equals(call))
          .mapToLong(TraceEvent.CallStarted::timeNs).max().orElseThrow();
      long firstReturn = r.trace().of(TraceEvent.CallReturned.class).stream().filter(e -> e.call().equals(call))
          .mapToLong(TraceEvent.CallReturned::timeNs).min().orElseThrow();
      assertTrue(firstReturn >= lastStart, call + " returned at " + firstReturn + " before the last call at "
          + lastStart);
    }
  }

  @Test
  void logicalRunAndExploration_ofEveryCollective_endNormally() {
    Scenario s = load(ALL.replace("0..4", "0..2").replace("[2, 2, 2, 2, 2]", "[2, 2, 2]"));
    RunResult r = Runner.logical(ScenarioLoader.compile(s), FifoScheduler.INSTANCE, s.runOptions());
    assertEquals(Outcome.OK, r.outcome(), r.problems().toString());
    assertEquals(Set.of("ok"), outcomes(s));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §5.1", text = "A collective communication call may, or may not, have the effect "
      + "of synchronizing all calling processes.")
  void bcastThatDeadlocksOnlyIfItSynchronises_exploresBothBehavioursUnderAny_oneUnderAlwaysOrNever() {
    assertEquals(Set.of("deadlock", "ok"), outcomes(Library.load("bcast-deadlocks-if-synchronising")));
    assertEquals(Set.of("ok"), outcomes(load(withSync("bcast-deadlocks-if-synchronising", "never"))));
    assertEquals(Set.of("deadlock"), outcomes(load(withSync("bcast-deadlocks-if-synchronising", "always"))));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §5.1", text = "A collective communication call may, or may not, have the effect "
      + "of synchronizing all calling processes.")
  void timedRun_asksTheSchedulerWhetherACollectiveSynchronises() {
    Scenario s = Library.load("bcast-deadlocks-if-synchronising");
    List<String> asked = new java.util.ArrayList<>();
    dev.matchpoint.core.sched.Scheduler synchronising = new dev.matchpoint.core.sched.Scheduler() {
      @Override
      public int choose(dev.matchpoint.core.sched.ChoicePoint point) {
        asked.add(point.kind() + " " + point.label(0) + " / " + point.label(1));
        return point.optionCount() - 1;
      }

      @Override
      public boolean decidesTies() {
        return false;
      }

      @Override
      public String describe() {
        return "last";
      }
    };
    RunResult r = Runner.timed(ScenarioLoader.compile(s), s.seed(), synchronising, s.runOptions());
    assertEquals(Outcome.DEADLOCK, r.outcome());
    assertEquals(List.of("COMPLETION not synchronising / synchronising"), asked);
    assertEquals(Outcome.OK, timed(s).outcome(), "fifo takes 'not synchronising'");
  }

  @Test
  @SpecClause(source = "MPI-3.1 §5.3", text = "If comm is an intracommunicator, MPI_BARRIER blocks the caller until "
      + "all group members have called it.")
  void barrier_synchronisesEvenUnderNever() {
    // The library's Bcast example with a Barrier: under never a Bcast root returns at once, a
    // Barrier member never does before all have called.
    String text = """
        scenario: x
        collective-sync: never
        ranks:
          - rank: 0
            program:
              - barrier
              - recv: {source: 1, tag: 0}
          - rank: 1
            program:
              - ssend: {dest: 0, tag: 0}
              - barrier
        """;
    assertEquals(Set.of("deadlock"), outcomes(load(text)));
    assertEquals(Set.of("ok"), outcomes(load(text.replace("barrier", "bcast: {root: 0}"))));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §5.12", text = "All processes must call collective operations (blocking and "
      + "nonblocking) in the same order per communicator.")
  void orderMismatch_isErroneous_reportedWithBothLocations() {
    Scenario s = Library.load("collective-order-mismatch");
    RunResult r = timed(s);
    assertEquals(Outcome.ERRONEOUS, r.outcome());
    TraceEvent.ErroneousUse first = r.trace().of(TraceEvent.ErroneousUse.class).get(0);
    assertTrue(first.rule().startsWith("collective calls do not match"), first.rule());
    assertEquals(18, first.at().line(), first.toString());
    assertTrue(first.detail().contains("MPI_Reduce here but MPI_Bcast at rank 0")
        && first.detail().contains(":18:9 vs ") && first.detail().endsWith(":14:9)"), first.detail());
    assertEquals(Set.of("erroneous"), outcomes(s));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §5.4", text = "The type signature of count, datatype on any process must be equal "
      + "to the type signature of count, datatype at the root.")
  void signatureOrRootMismatch_isErroneous() {
    String base = "scenario: x\nranks:\n  - rank: 0\n    program:\n      - %s\n  - rank: 1\n    program:\n      - %s\n";
    for (String[] pair : List.of(new String[] {"bcast: {root: 0, count: 2}", "bcast: {root: 0, count: 1}"},
        new String[] {"bcast: {root: 0}", "bcast: {root: 1}"},
        new String[] {"allreduce: {op: sum}", "allreduce: {op: max}"},
        new String[] {"gather: {root: 0, type: int}", "gather: {root: 0, type: float}"})) {
      RunResult r = timed(load(String.format(base, pair[0], pair[1])));
      assertEquals(Outcome.ERRONEOUS, r.outcome(), pair[0] + " / " + pair[1]);
    }
  }

  @Test
  void computedRootOutsideTheCommunicator_isMpiErrRoot() {
    RunResult r = timed(load("scenario: x\nranks:\n  - rank: 0..1\n    program:\n      - bcast: {root: rank + 2}\n"));
    assertEquals(Outcome.ERRONEOUS, r.outcome());
    assertEquals(List.of("MPI_ERR_ROOT from MPI_Bcast at r0.t0", "MPI_ERR_ROOT from MPI_Bcast at r1.t0"),
        r.problems());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §5.1", text = "MPI guarantees that messages generated on behalf of collective "
      + "communication calls will not be confused with messages generated by point-to-point communication.")
  void pointToPointMessage_isNotTakenByACollective() {
    Scenario s = load("""
        scenario: x
        ranks:
          - rank: 0
            program:
              - send: {dest: 1, tag: 0}
              - bcast: {root: 0}
          - rank: 1
            program:
              - bcast: {root: 0}
              - recv: {source: 0, tag: 0, status: st}
        """);
    RunResult r = timed(s);
    assertEquals(Outcome.OK, r.outcome(), r.problems().toString());
    assertEquals(1, r.trace().matches().size());
    assertEquals(Set.of("ok"), outcomes(s));
  }
}
