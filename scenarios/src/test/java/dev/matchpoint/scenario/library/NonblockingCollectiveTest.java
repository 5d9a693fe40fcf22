package dev.matchpoint.scenario.library;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.mpi.CollectiveKind;
import dev.matchpoint.mpi.ErrorClass;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Stmt;
import dev.matchpoint.mpi.run.Outcome;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.trace.TraceEvent;
import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.ScenarioLoader;
import dev.matchpoint.scenario.format.ScenarioWriter;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Nonblocking collectives (MPI-3.1 §5.12): statements, ordering, overlap, completion, timed costs. */
class NonblockingCollectiveTest {
  private static Scenario load(String text) {
    return CollectiveTest.load(text);
  }

  private static Set<String> outcomes(Scenario s) {
    return CollectiveTest.outcomes(s);
  }

  private static RunResult timed(Scenario s) {
    return CollectiveTest.timed(s);
  }

  @Test
  void everyNonblockingStatement_parsesWithItsRequest_andWritesBackToAnEqualScenario() {
    Scenario s = load("""
        scenario: all-nonblocking
        ranks:
          - rank: 0..3
            program:
              - ibarrier: {request: r1}
              - ibcast: {root: 2, count: 100, type: double, request: r2}
              - ireduce: {root: 0, op: sum, request: r3}
              - iallreduce: {op: max, request: r4}
              - igather: {root: 1, count: 2, request: r5}
              - iscatter: {root: 1, count: 2, request: r6}
              - iallgather: {count: 2, request: r7}
              - ialltoall: {count: 2, request: r8}
              - igatherv: {root: 0, count: rank, counts: [0, 1, 2, 3], request: r9}
              - iscatterv: {root: 3, count: 1, counts: [1, 1, 1, 1], request: r10}
              - ireduce-scatter-block: {count: 2, op: sum, request: r11}
              - waitall: {requests: [r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11]}
        """);
    List<MpiOp.Collective> calls = s.ranks().get(0).get(0).body().stream()
        .filter(st -> ((Stmt.Call) st).op() instanceof MpiOp.Collective)
        .map(st -> (MpiOp.Collective) ((Stmt.Call) st).op()).toList();
    assertEquals(List.of(CollectiveKind.values()).stream().map(CollectiveKind::nonblockingName).sorted().toList(),
        calls.stream().map(MpiOp::mpiName).sorted().toList());
    assertTrue(calls.stream().allMatch(MpiOp.Collective::nonblocking));
    assertEquals(s.withoutLocations(), ScenarioLoader.load(ScenarioWriter.write(s), "u.yaml").withoutLocations());
    assertEquals(Outcome.OK, timed(s).outcome());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §5.12", text = "Nonblocking collective operations combine the potential benefits of "
      + "nonblocking point-to-point operations, to exploit overlap and to avoid synchronization, with the optimized "
      + "implementation and message scheduling provided by collective operations")
  void anIbcast_returnsAtOnce_soTheProgramThatDeadlocksWithBcast_neverDoes() {
    assertEquals(Set.of("ok"), outcomes(Library.load("ibcast-overlaps-ssend")));
    // The same program with the blocking form deadlocks when the Bcast synchronises.
    assertEquals(Set.of("deadlock", "ok"), outcomes(Library.load("bcast-deadlocks-if-synchronising")));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §5.12", text = "Unlike point-to-point operations, nonblocking collective operations "
      + "do not match with blocking collective operations")
  void anIbcast_neverMatchesABcast() {
    RunResult r = timed(load("""
        scenario: x
        ranks:
          - rank: 0
            program:
              - ibcast: {root: 0, request: b}
              - wait: {request: b}
          - rank: 1
            program:
              - bcast: {root: 0}
        """));
    assertEquals(Outcome.ERRONEOUS, r.outcome());
    TraceEvent.ErroneousUse u = r.trace().of(TraceEvent.ErroneousUse.class).get(0);
    assertTrue(u.detail().contains("MPI_Bcast here but MPI_Ibcast at rank 0"), u.detail());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §5.12", text = "All processes must call collective operations (blocking and "
      + "nonblocking) in the same order per communicator.")
  void blockingAndNonblockingCalls_shareOneOrder_perCommunicator() {
    String text = """
        scenario: x
        ranks:
          - rank: 0
            program:
              - ibarrier: {request: b}
              - bcast: {root: 0}
              - wait: {request: b}
          - rank: 1
            program:
              - %s
              - %s
              - wait: {request: b}
        """;
    assertEquals(Outcome.OK, timed(load(String.format(text, "ibarrier: {request: b}", "bcast: {root: 0}"))).outcome());
    RunResult swapped = timed(load(String.format(text, "bcast: {root: 0}", "ibarrier: {request: b}")));
    assertEquals(Outcome.ERRONEOUS, swapped.outcome());
    assertTrue(swapped.trace().of(TraceEvent.ErroneousUse.class).get(0).detail()
        .contains("MPI_Bcast here but MPI_Ibarrier"), swapped.trace().of(TraceEvent.ErroneousUse.class).toString());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.7.3", text = "A call to MPI_WAIT returns when the operation identified by request "
      + "is complete.")
  void aWait_onAnIbarrier_returnsOnlyOnceEveryMemberHasCalled_andTestSaysSoMeanwhile() {
    String text = """
        scenario: x
        ranks:
          - rank: 0
            program:
              - ibarrier: {request: b}
              - test: {request: b, flag: done}
              - if: {cond: done, then: [{send: {dest: 1, tag: 1}}], else: [{send: {dest: 1, tag: 0}}]}
              - wait: {request: b}
          - rank: 1
            program:
              - recv: {source: 0, tag: any, status: st}
              - %s
        """;
    // Rank 1 calls the barrier only after rank 0's message, so rank 0's Test always finds it incomplete.
    RunResult r = timed(load(String.format(text, "ibarrier: {request: b}\n      - wait: {request: b}")));
    assertEquals(Outcome.OK, r.outcome());
    assertTrue(r.trace().of(TraceEvent.Matched.class).stream().allMatch(m -> m.tag() == 0), r.trace().toString());
    assertEquals(Set.of("ok"), outcomes(load(String.format(text, "ibarrier: {request: b}\n      - wait: {request: b}"))));
    // A member that never calls: the Wait blocks forever, and the report says who is missing.
    Scenario missing = load(String.format(text, "compute: {ns: 1}"));
    RunResult d = timed(missing);
    assertEquals(Outcome.DEADLOCK, d.outcome());
    assertTrue(d.report().toString().contains("ranks [1] have not called it"), d.report().toString());
  }

  @Test
  void timedMode_anIallreduce_completesWhenTheBlockingAllreduceWouldReturn() {
    String text = """
        scenario: x
        ranks:
          - rank: 0..7
            program:
              - compute: {ns: rank * 100}
              - %s
        """;
    RunResult blocking = timed(load(String.format(text, "allreduce: {op: sum, count: 8}")));
    RunResult nonblocking = timed(load(String.format(text,
        "iallreduce: {op: sum, count: 8, request: r}\n      - wait: {request: r}")));
    assertEquals(Outcome.OK, nonblocking.outcome());
    assertEquals(blocking.endTimeNs(), nonblocking.endTimeNs());
    assertTrue(nonblocking.endTimeNs() > 700, String.valueOf(nonblocking.endTimeNs()));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §8.7", text = "must locally complete all MPI operations that it initiated")
  void anIbarrier_neverWaitedFor_isWorkOutstandingAtFinalize_andCancelIsAnError() {
    RunResult r = timed(load("""
        scenario: x
        ranks:
          - rank: 0..1
            program:
              - ibarrier: {request: b}
        """));
    assertEquals(Outcome.ERRONEOUS, r.outcome());
    List<TraceEvent.ErroneousUse> uses = r.trace().of(TraceEvent.ErroneousUse.class);
    assertEquals(2, uses.size(), uses.toString());
    assertTrue(uses.get(0).detail().contains("nonblocking collective #0"), uses.toString());
    RunResult c = timed(load("""
        scenario: x
        ranks:
          - rank: 0..1
            program:
              - ibarrier: {request: b}
              - cancel: {request: b}
              - wait: {request: b}
        """));
    assertTrue(c.trace().of(TraceEvent.ErrorRaised.class).stream().anyMatch(e -> e.error() == ErrorClass.MPI_ERR_REQUEST
        && e.call().equals("MPI_Cancel")), c.trace().toString());
  }
}
