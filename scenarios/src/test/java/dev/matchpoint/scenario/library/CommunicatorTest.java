package dev.matchpoint.scenario.library;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.explore.ExplorationReport;
import dev.matchpoint.core.explore.ExploreOptions;
import dev.matchpoint.core.explore.Explorer;
import dev.matchpoint.core.explore.ProgressListener;
import dev.matchpoint.core.explore.Strategy;
import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.mpi.ErrorClass;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.explore.MpiTransitionSystem;
import dev.matchpoint.mpi.program.CommOp;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Stmt;
import dev.matchpoint.mpi.run.Outcome;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.mpi.trace.TraceEvent;
import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.ScenarioException;
import dev.matchpoint.scenario.ScenarioLoader;
import dev.matchpoint.scenario.format.ScenarioWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Communicators at run time (MPI-3.1 chapter 6): Comm_dup, Comm_split, Comm_free, Comm_rank, Comm_size. */
class CommunicatorTest {
  private static final String SPLIT = "This function partitions the group associated with comm into disjoint "
      + "subgroups, one for each value of color. Each subgroup contains all processes of the same color. Within each "
      + "subgroup, the processes are ranked in the order defined by the value of the argument key, with ties broken "
      + "according to their rank in the old group.";
  private static final String UNDEFINED = "A process may supply the color value MPI_UNDEFINED, in which case newcomm "
      + "returns MPI_COMM_NULL.";
  private static final String CONTEXT = "A message sent in one context cannot be received in another context.";
  private static final String FREE = "This collective operation marks the communication object for deallocation. "
      + "The handle is set to MPI_COMM_NULL.";
  private static final String COLLECTIVE = "This is a collective call, but each process is permitted to provide "
      + "different values for color and key.";

  private static final String ALL = """
      scenario: all-communicator-calls
      communicators: [lib]
      ranks:
        - rank: 0..3
          program:
            - comm-dup: {into: dup}
            - comm-dup: {comm: lib, into: libdup}
            - comm-split: {comm: dup, color: rank % 2, key: size - rank, into: half}
            - comm-split: {color: undefined, key: 0, into: none}
            - comm-rank: {comm: half, into: me}
            - comm-size: {comm: half, into: n}
            - sendrecv: {dest: (me + 1) % n, source: any, comm: half}
            - barrier: {comm: half}
            - send: {dest: 0, comm: comm-null}
            - comm-free: {comm: half}
            - comm-free: {comm: libdup}
            - comm-free: {comm: dup}
      """;

  static Scenario load(String text) {
    return ScenarioLoader.load(text, "t.yaml");
  }

  private static RunResult timed(Scenario s) {
    return Runner.timed(ScenarioLoader.compile(s), s.seed(), FifoScheduler.INSTANCE,
        s.runOptions().withKeepTrace(true));
  }

  private static ExplorationReport explore(Scenario s, Strategy strategy) {
    ExploreOptions options = new ExploreOptions(strategy, 1_000_000, Duration.ofSeconds(120), 0, 3, 2_000, true);
    return Explorer.explore(new MpiTransitionSystem(ScenarioLoader.compile(s), s.checks(), true), options,
        ProgressListener.NONE);
  }

  /** Per rank, the results its calls of {@code call} returned, in order. */
  private static Map<Integer, List<String>> results(RunResult r, String call) {
    Map<Integer, List<String>> out = new TreeMap<>();
    for (TraceEvent.CallReturned e : r.trace().of(TraceEvent.CallReturned.class)) {
      if (e.call().equals(call)) {
        out.computeIfAbsent(e.rank(), k -> new java.util.ArrayList<>()).add(e.result());
      }
    }
    return out;
  }

  @Test
  void everyStatement_parsesWithItsArguments_andWritesBackToAnEqualScenario() {
    Scenario s = load(ALL);
    List<MpiOp> ops = s.ranks().get(0).get(0).body().stream().map(st -> ((Stmt.Call) st).op()).toList();
    assertEquals(new CommOp.Dup("world", "dup"), ops.get(0));
    assertEquals("lib", ((CommOp.Dup) ops.get(1)).comm());
    CommOp.Split split = (CommOp.Split) ops.get(2);
    assertEquals("dup", split.comm());
    assertEquals(null, ((CommOp.Split) ops.get(3)).color(), "undefined is MPI_UNDEFINED");
    assertEquals(CommOp.NULL, ((MpiOp.Send) ops.get(8)).comm());
    assertEquals(new CommOp.Free("dup"), ops.get(11));
    assertEquals(s.withoutLocations(), ScenarioLoader.load(ScenarioWriter.write(s), "u.yaml").withoutLocations());
  }

  @Test
  void badArguments_areRefusedAtTheirLocation() {
    String base = "scenario: x\nranks:\n  - rank: 0..1\n    program:\n      - ";
    ScenarioException color = assertThrows(ScenarioException.class, () -> load(base + "comm-split: {into: c}\n"));
    assertTrue(color.getMessage().startsWith("t.yaml:5:") && color.getMessage().contains("missing key 'color'"),
        color.getMessage());
    ScenarioException world = assertThrows(ScenarioException.class, () -> load(base + "comm-dup: {into: world}\n"));
    assertTrue(world.getMessage().contains("'world' names a communicator of the scenario"), world.getMessage());
    ScenarioException free = assertThrows(ScenarioException.class, () -> load(base + "comm-free: {}\n"));
    assertTrue(free.getMessage().contains("missing key 'comm'"), free.getMessage());
    ScenarioException name = assertThrows(ScenarioException.class, () -> load(base + "send: {dest: 1, comm: no-such}\n"));
    assertTrue(name.getMessage().startsWith("t.yaml:5:") && name.getMessage().contains("unknown communicator 'no-such'"),
        name.getMessage());
    ScenarioException unbound = assertThrows(ScenarioException.class,
        () -> ScenarioLoader.compile(load(base + "send: {dest: 1, comm: c}\n")));
    assertTrue(unbound.getMessage().startsWith("t.yaml:5:") && unbound.getMessage().contains("undefined variable 'c'"),
        unbound.getMessage());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §6.4.2", text = SPLIT)
  void split_ranksEachColourByKey_thenByRankInTheParent() {
    String text = """
        scenario: keys
        ranks:
          - rank: 0..4
            program:
              - comm-split: {color: rank % 2, key: KEY, into: half}
              - comm-rank: {comm: half, into: me}
              - comm-size: {comm: half, into: n}
        """;
    RunResult reversed = timed(load(text.replace("KEY", "-rank")));
    assertEquals(Outcome.OK, reversed.outcome(), reversed.problems().toString());
    // Colour 0 is {0, 2, 4}, colour 1 is {1, 3}; keys -rank reverse each.
    assertEquals(Map.of(0, List.of("rank=2"), 1, List.of("rank=1"), 2, List.of("rank=1"), 3, List.of("rank=0"), 4,
        List.of("rank=0")), results(reversed, "MPI_Comm_rank"));
    assertEquals(Map.of(0, List.of("size=3"), 1, List.of("size=2"), 2, List.of("size=3"), 3, List.of("size=2"), 4,
        List.of("size=3")), results(reversed, "MPI_Comm_size"));
    RunResult ties = timed(load(text.replace("KEY", "7")));
    assertEquals(Map.of(0, List.of("rank=0"), 1, List.of("rank=0"), 2, List.of("rank=1"), 3, List.of("rank=1"), 4,
        List.of("rank=2")), results(ties, "MPI_Comm_rank"), "equal keys: the order of the parent");
  }

  @Test
  @SpecClause(source = "MPI-3.1 §6.4.2", text = UNDEFINED)
  @SpecClause(source = "MPI-3.1 §8.4", text = "MPI_ERR_COMM Invalid communicator")
  void undefinedColour_bindsMpiCommNull_whoseUseIsMpiErrComm() {
    RunResult r = timed(Library.load("comm-split-contexts"));
    assertEquals(Outcome.OK, r.outcome(), r.problems().toString());
    assertEquals(List.of("newcomm=MPI_COMM_NULL"), results(r, "MPI_Comm_split").get(1));
    assertEquals(List.of("newcomm=context 1"), results(r, "MPI_Comm_split").get(0));
    assertEquals(results(r, "MPI_Comm_split").get(0), results(r, "MPI_Comm_split").get(2), "one context for all members");
    RunResult use = timed(load("""
        scenario: null-use
        ranks:
          - rank: 0..1
            program:
              - comm-split: {color: undefined, key: 0, into: c}
              - send: {dest: 0, comm: c}
              - comm-rank: {comm: comm-null, into: r}
        """));
    List<TraceEvent.ErrorRaised> errors = use.trace().of(TraceEvent.ErrorRaised.class);
    assertEquals(4, errors.size(), errors.toString());
    assertTrue(errors.stream().allMatch(e -> e.error() == ErrorClass.MPI_ERR_COMM && e.detail().contains("MPI_COMM_NULL")),
        errors.toString());
    assertEquals(List.of(6, 6, 7, 7), errors.stream().map(e -> e.at().line()).sorted().toList());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §6.2.2", text = CONTEXT)
  void messagesOfAnotherContext_neverMatch_inAnySchedule() {
    Scenario split = Library.load("comm-split-contexts");
    ExplorationReport r = explore(split, Strategy.NAIVE);
    assertTrue(r.exhaustive(), r.stopReason());
    // The half's receive takes the message sent second (context 1) in every schedule; the world's the first.
    assertEquals(1, r.outcomes().size(), r.outcomes().keySet().toString());
    assertTrue(r.outcomes().keySet().iterator().next().contains("receipts r0.t0#0<-2#0@1 r0.t0#1<-2#0"),
        r.outcomes().keySet().toString());
    String dup = """
        scenario: dup
        ranks:
          - rank: 0
            program:
              - comm-dup: {into: d}
              - send: {dest: 1, tag: 0, comm: d}
          - rank: 1
            program:
              - comm-dup: {into: d}
              - recv: {source: any, tag: 0, comm: COMM}
        """;
    ExplorationReport world = explore(load(dup.replace("COMM", "world")), Strategy.EXHAUSTIVE);
    assertTrue(world.outcomes().keySet().stream().allMatch(k -> k.startsWith("deadlock")),
        world.outcomes().keySet().toString());
    ExplorationReport same = explore(load(dup.replace("COMM", "d")), Strategy.EXHAUSTIVE);
    assertTrue(same.outcomes().keySet().stream().allMatch(k -> k.startsWith("ok")), same.outcomes().keySet().toString());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.2.5", text = "the source, tag and error code of the received message are"
      + " available in the fields MPI_SOURCE, MPI_TAG and MPI_ERROR of status")
  @SpecClause(source = "MPI-3.1 §3.2.4", text = "Thus, the range of valid values for the source argument is "
      + "{0,...,n-1}∪{MPI_ANY_SOURCE}∪{MPI_PROC_NULL}, where n is the number of processes in this group.")
  void statusSource_isTheSendersRankInTheCommunicator() {
    RunResult r = timed(Library.load("comm-split-contexts"));
    // World rank 2 is rank 0 of the split communicator (key -2 below rank 0's key 0).
    assertEquals(List.of("source=0 tag=0 count=4B", "source=2 tag=0 count=4B"), results(r, "MPI_Recv").get(0));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.2.3", text = "Thus, the range of valid values for dest is 0, ..., n-1 ∪ "
      + "{MPI_PROC_NULL}, where n is the number of processes in the group.")
  void aRankOutsideASplitCommunicator_isMpiErrRank_atTheStatement() {
    RunResult r = timed(load("""
        scenario: outside
        ranks:
          - rank: 0..3
            program:
              - comm-split: {color: rank % 2, key: 0, into: half}
              - send: {dest: 2, comm: half}
        """));
    List<TraceEvent.ErrorRaised> errors = r.trace().of(TraceEvent.ErrorRaised.class);
    assertEquals(4, errors.size(), errors.toString());
    assertTrue(errors.stream().allMatch(e -> e.error() == ErrorClass.MPI_ERR_RANK && e.at().line() == 6
        && e.detail().equals("rank 2 is outside the communicator of size 2")), errors.toString());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §6.4.3", text = FREE)
  @SpecClause(source = "MPI-3.1 §8.4", text = "MPI_ERR_COMM Invalid communicator")
  void sendOnAFreedCommunicator_isMpiErrComm_atTheStatement() {
    RunResult r = timed(Library.load("comm-free-then-send"));
    assertEquals(Outcome.ERRONEOUS, r.outcome());
    List<TraceEvent.ErrorRaised> errors = r.trace().of(TraceEvent.ErrorRaised.class);
    assertEquals(1, errors.size(), errors.toString());
    TraceEvent.ErrorRaised e = errors.get(0);
    assertEquals(List.of(ErrorClass.MPI_ERR_COMM, "MPI_Send", 0, 15, "communicator 'dup' is MPI_COMM_NULL"),
        List.of(e.error(), e.call(), e.rank(), e.at().line(), e.detail()));
    assertEquals(1, r.trace().of(TraceEvent.CallReturned.class).stream()
        .filter(x -> x.call().equals("MPI_Recv")).count(), "only the first message was sent");
    RunResult declared = timed(load("""
        scenario: declared
        communicators: [lib]
        ranks:
          - rank: 0..1
            program:
              - comm-free: {comm: lib}
              - barrier: {comm: lib}
              - comm-free: {comm: world}
        """));
    List<String> details = declared.trace().of(TraceEvent.ErrorRaised.class).stream()
        .map(x -> x.call() + ": " + x.detail()).toList();
    assertEquals(List.of("MPI_Barrier: communicator 'lib' was freed", "MPI_Comm_free: MPI_COMM_WORLD cannot be freed"),
        details.stream().distinct().sorted().toList());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §5.3", text = "If comm is an intracommunicator, MPI_BARRIER blocks the caller until "
      + "all group members have called it.")
  void collectivesOnASplitCommunicator_runOverItsMembers() {
    String text = """
        scenario: halves
        ranks:
          - rank: 0..3
            program:
              - comm-split: {color: rank % 2, key: 0, into: half}
              - if:
                  cond: rank % 2 == 0
                  then:
                    - barrier: {comm: COMM}
        """;
    assertEquals(List.of("ok"), CollectiveTest.outcomes(load(text.replace("COMM", "half"))).stream().toList());
    assertEquals(List.of("deadlock"), CollectiveTest.outcomes(load(text.replace("COMM", "world"))).stream().toList());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §6.4.2", text = COLLECTIVE)
  void splitAndABarrierInOtherOrders_areAMismatchNamingBothLocations() {
    RunResult r = timed(load("""
        scenario: order
        ranks:
          - rank: 0
            program:
              - comm-split: {color: 0, key: 0, into: c}
              - barrier
          - rank: 1
            program:
              - barrier
              - comm-split: {color: 0, key: 0, into: c}
        """));
    assertEquals(Outcome.ERRONEOUS, r.outcome());
    List<String> details = r.trace().of(TraceEvent.ErroneousUse.class).stream().map(TraceEvent.ErroneousUse::detail)
        .toList();
    assertEquals(List.of("collective #0 on world: MPI_Barrier here but MPI_Comm_split at rank 0 (t.yaml:9:9 vs "
        + "t.yaml:5:9)"), details.subList(0, 1));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §6.4.3", text = FREE)
  void dupAndFreeInALoop_reuseContextIds_andNeverRunOut() {
    RunResult r = timed(load("""
        scenario: loop
        ranks:
          - rank: 0..1
            program:
              - repeat:
                  times: 600
                  do:
                    - comm-dup: {into: d}
                    - sendrecv: {dest: 1 - rank, source: 1 - rank, comm: d}
                    - comm-free: {comm: d}
        """));
    assertEquals(Outcome.OK, r.outcome(), r.problems().toString());
    assertEquals(List.of("newcomm=context 1"), results(r, "MPI_Comm_dup").get(0).stream().distinct().toList());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §6.2.2", text = CONTEXT)
  void aFreedContextId_isChosenAgainOnlyWhereEveryMemberIsAtTheSamePointOfItsLog() {
    RunResult r = timed(load("""
        scenario: reuse
        ranks:
          - rank: 0..2
            program:
              - comm-split: {color: rank / 2, key: 0, into: c}
              - if:
                  cond: rank < 2
                  then:
                    - barrier: {comm: c}
              - comm-free: {comm: c}
              - comm-dup: {into: d}
              - barrier: {comm: d}
              - comm-free: {comm: d}
              - comm-dup: {into: e}
        """));
    assertEquals(Outcome.OK, r.outcome(), r.problems().toString());
    // Both groups of the split had context 1; ranks 0 and 1 called a Barrier on theirs, rank 2 did
    // not, so the duplicate takes context 2, whose log is empty everywhere; its Barrier then
    // matches. Freed by all after one Barrier each, context 2 is chosen again.
    assertEquals(Map.of(0, List.of("newcomm=context 2", "newcomm=context 2"), 1,
        List.of("newcomm=context 2", "newcomm=context 2"), 2, List.of("newcomm=context 2", "newcomm=context 2")),
        results(r, "MPI_Comm_dup"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"comm-split-contexts", "comm-free-then-send", "comm-free-outstanding-send"})
  @SpecClause(source = "MPI-3.1 §6.4.2", text = SPLIT)
  void reducedSearches_reachTheOutcomesOfNaiveEnumeration(String name) {
    Scenario s = Library.load(name);
    ExplorationReport naive = explore(s, Strategy.NAIVE);
    assertTrue(naive.exhaustive(), naive.stopReason());
    for (Strategy reduced : List.of(Strategy.EXHAUSTIVE, Strategy.DPOR)) {
      ExplorationReport r = explore(s, reduced);
      assertTrue(r.exhaustive(), r.stopReason());
      assertEquals(naive.outcomes().keySet(), r.outcomes().keySet(), reduced.toString());
    }
  }
}
