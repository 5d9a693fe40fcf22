package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.net.LatencyModel;
import dev.matchpoint.core.net.NetworkOptions;
import dev.matchpoint.core.sched.ChoicePoint;
import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.core.sched.Scheduler;
import dev.matchpoint.mpi.CollectiveKind;
import dev.matchpoint.mpi.CollectiveSync;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.ReduceOp;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.run.Outcome;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The choices a collective call offers the scheduler (whether it synchronises, which same-time
 * return fires first), the text they carry, and what a blocked collective reports it waits for.
 */
class CollectiveChoicesTest {
  private static final String MAY_SYNC = "A collective communication call may, or may not, have the effect of"
      + " synchronizing all calling processes.";
  private static final String SEAM = "Every nondeterministic decision — which of several same-time events fires,"
      + " which enabled action runs next in exploration, which packet a reordering link delivers — is a call on the"
      + " `Scheduler` seam.";

  private static final MpiOp REDUCE = new MpiOp.Collective(CollectiveKind.REDUCE, lit(0), lit(1), Datatype.INT,
      ReduceOp.SUM, MpiOp.WORLD);
  private static final MpiOp BCAST = new MpiOp.Collective(CollectiveKind.BCAST, lit(0), lit(1), Datatype.INT, null,
      MpiOp.WORLD);

  /** Takes the last option of every point and records each point as "KIND: label | label ...". */
  private static final class Last implements Scheduler {
    final List<String> points = new ArrayList<>();

    @Override
    public int choose(ChoicePoint point) {
      StringBuilder b = new StringBuilder(point.kind() + ":");
      for (int i = 0; i < point.optionCount(); i++) {
        b.append(i == 0 ? " " : " | ").append(point.label(i));
      }
      points.add(b.toString());
      return point.optionCount() - 1;
    }

    @Override
    public String describe() {
      return "last";
    }
  }

  private static ModelSpec threeRanks(Program p, CollectiveSync sync) {
    return ModelSpec.builder().rank(p).rank(p).rank(p).options(ModelOptions.defaults().withCollectiveSync(sync)
        .withNetwork(NetworkOptions.defaults().withLatency(new LatencyModel.Constant(700)))).build();
  }

  private static List<String> returns(RunResult r) {
    return r.trace().of(TraceEvent.CallReturned.class).stream().map(e -> "r" + e.rank() + " " + e.result()).toList();
  }

  private static String call(int rank, String variant) {
    return "r" + rank + ".t0 MPI_Reduce(root=0, count=1 MPI_INT, op=MPI_SUM, comm=world) at <java>"
        + (variant == null ? "" : " [" + variant + "]");
  }

  @Test
  @SpecClause(source = "MPI-3.1 §5.1", text = MAY_SYNC)
  @SpecClause(source = "MPI-3.1 §5.9.1", text = "MPI_REDUCE combines the elements provided in the input buffer of each"
      + " process in the group, using the operation op, and returns the combined value in the output buffer of the"
      + " process with rank root.")
  void underAny_eachNonRootOfAReduce_offersBothAlternatives_itsRootOnlyOne() {
    // The Reduce's root needs every member's contribution, so it waits for all of them whatever the policy: its
    // call is one step. A non-root needs nobody's call: two steps, not synchronising and synchronising.
    Last s = new Last();
    RunResult r = Runner.logical(threeRanks(program().call(REDUCE).build(), CollectiveSync.ANY), s,
        RunOptions.keepingTrace(CheckKind.all()));
    assertEquals(Outcome.OK, r.outcome(), r.problems().toString());
    assertEquals("STEP: " + String.join(" | ", call(0, null), call(1, "not synchronising"), call(1, "synchronising"),
        call(2, "not synchronising"), call(2, "synchronising")), s.points.get(0));
    // Rank 2, then rank 1, took "synchronising": both wait for rank 0's call. Their returns are then steps of
    // their own with no alternative left (the choice was made at the call), and say what was chosen.
    assertEquals("STEP: " + String.join(" | ", call(0, null), call(1, "not synchronising"), call(1, "synchronising")),
        s.points.get(1));
    assertEquals("STEP: " + String.join(" | ", call(1, null), call(2, null)), s.points.get(2));
    assertEquals(3, s.points.size(), s.points.toString());
    assertEquals(List.of("r1 synchronising", "r2 synchronising"), returns(r).stream().filter(x -> !x.startsWith("r0"))
        .sorted().toList());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §5.1", text = MAY_SYNC)
  void underAlwaysOrNever_noCallOffersAnAlternative_andEachReturnSaysWhetherItSynchronised() {
    for (CollectiveSync sync : List.of(CollectiveSync.ALWAYS, CollectiveSync.NEVER)) {
      Last s = new Last();
      RunResult r = Runner.logical(threeRanks(program().call(REDUCE).build(), sync), s,
          RunOptions.keepingTrace(CheckKind.all()));
      assertEquals(Outcome.OK, r.outcome(), r.problems().toString());
      assertEquals("STEP: " + String.join(" | ", call(0, null), call(1, null), call(2, null)), s.points.get(0));
      String text = sync == CollectiveSync.ALWAYS ? "synchronising" : "not synchronising";
      assertEquals(List.of("r0 " + text, "r1 " + text, "r2 " + text), returns(r).stream().sorted().toList());
    }
  }

  @Test
  @SpecClause(source = "DESIGN §2", text = SEAM)
  void sameTimeEndsOfACollectivesAlgorithm_areATie_labelledWithTheCallAndTheAlgorithm() {
    // Three members call at time 0 and every latency is 700 ns: the Bcast's binomial tree ends at 1400 ns at
    // each member; the Ibarrier's dissemination completes the three requests at 1400 ns.
    Last s = new Last();
    RunResult r = Runner.timed(threeRanks(program().call(BCAST).build(), CollectiveSync.NEVER), 1, s,
        RunOptions.keepingTrace(CheckKind.all()));
    assertEquals(Outcome.OK, r.outcome(), r.problems().toString());
    assertTrue(s.points.contains("TIE: r0.t0 MPI_Bcast (binomial-tree) | r2.t0 MPI_Bcast (binomial-tree)"
        + " | r1.t0 MPI_Bcast (binomial-tree)"), s.points.toString());
    MpiOp ibarrier = new MpiOp.Collective(CollectiveKind.BARRIER, null, lit(0), Datatype.BYTE, null, MpiOp.WORLD,
        "q");
    s = new Last();
    r = Runner.timed(threeRanks(program().call(ibarrier).waitFor("q", null).build(), CollectiveSync.NEVER), 1, s,
        RunOptions.keepingTrace(CheckKind.all()));
    assertEquals(Outcome.OK, r.outcome(), r.problems().toString());
    assertTrue(s.points.contains("TIE: r0.t0#0 MPI_Ibarrier (dissemination) | r1.t0#0 MPI_Ibarrier (dissemination)"
        + " | r2.t0#0 MPI_Ibarrier (dissemination)"), s.points.toString());
  }

  @Test
  @SpecClause(source = "docs/scenario-format.md", text = "once a member may return it still takes the algorithm's"
      + " time: the number of rounds of a standard algorithm for `n` members times the cost of one message")
  @SpecClause(source = "MPI-3.1 §5.12", text = "a nonblocking call initiates a collective operation, which must be"
      + " completed in a separate completion call")
  void aCollectiveOfOneMember_takesNoRounds_andItsNonblockingRequestIsCompleteAtOnce() {
    MpiOp ibarrier = new MpiOp.Collective(CollectiveKind.BARRIER, null, lit(0), Datatype.BYTE, null, MpiOp.WORLD,
        "q");
    RunResult r = RankRuns.run(program().call(ibarrier).test("q", "f", null).waitFor("q", null).call(BCAST).build());
    assertEquals(Outcome.OK, r.outcome(), r.problems().toString());
    List<String> at = r.trace().of(TraceEvent.CallReturned.class).stream().map(e -> e.call() + " @" + e.timeNs())
        .toList();
    assertEquals(List.of("MPI_Ibarrier @0", "MPI_Test @0", "MPI_Wait @0", "MPI_Bcast @0"), at);
    assertTrue(RankRuns.returns(r, 0).get(1).contains("flag=true"), RankRuns.returns(r, 0).toString());
    assertEquals("MPI_Bcast algorithm binomial-tree, 0 rounds, 0 ns", RankRuns.returns(r, 0).get(3));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §5.1", text = MAY_SYNC)
  void aMemberBlockedInABcast_reportsWhetherItSynchronises_andWhichMembersHaveNotCalled() {
    // The root receives from rank 1 before its Bcast; rank 1 sends only after its own Bcast: a deadlock under
    // either policy, rank 1 waiting for the root's call (and, synchronising, for every member's).
    Program root = program().recv(lit(1), lit(0), lit(1), Datatype.INT, null).call(BCAST).build();
    Program one = program().call(BCAST).send(lit(0), lit(0), lit(1), Datatype.INT).build();
    for (CollectiveSync sync : List.of(CollectiveSync.NEVER, CollectiveSync.ALWAYS)) {
      RunResult r = Runner.timed(ModelSpec.builder().rank(root).rank(one).options(ModelOptions.defaults()
          .withCollectiveSync(sync)).build(), 1, FifoScheduler.INSTANCE, RunOptions.of(CheckKind.all()));
      assertEquals(Outcome.DEADLOCK, r.outcome());
      assertEquals("collective #0" + (sync == CollectiveSync.ALWAYS ? " (synchronising)" : "")
          + ": ranks [0] have not called it", r.report().threads().get(1).waitingFor());
    }
  }

  private static RunResult timedBarrier(int members, long latencyNs) {
    ModelSpec.Builder b = ModelSpec.builder();
    for (int i = 0; i < members; i++) {
      b.rank(program().call(new MpiOp.Collective(CollectiveKind.BARRIER, null, lit(0), Datatype.BYTE, null,
          MpiOp.WORLD)).build());
    }
    return Runner.timed(b.options(ModelOptions.defaults().withNetwork(NetworkOptions.defaults()
        .withLatency(new LatencyModel.Constant(latencyNs)))).build(), 1, FifoScheduler.INSTANCE,
        RunOptions.keepingTrace(CheckKind.all()));
  }

  @Test
  @SpecClause(source = "docs/scenario-format.md", text = "once a member may return it still takes the algorithm's"
      + " time: the number of rounds of a standard algorithm for `n` members times the cost of one message")
  void anAlgorithmEndingExactlyAtTheHorizon_returnsThere_andOnePastItEndsTheRun() {
    // Three members, two rounds of 2^52 ns: the Barrier ends at 2^53 ns, the kernel's horizon, which is still
    // simulated; one nanosecond more per message passes it.
    RunResult at = timedBarrier(3, 1L << 52);
    assertEquals(Outcome.OK, at.outcome(), at.problems().toString());
    assertTrue(at.trace().of(TraceEvent.CallReturned.class).stream().allMatch(e -> e.timeNs() == 1L << 53));
    RunResult past = timedBarrier(3, (1L << 52) + 1);
    assertEquals(Outcome.BUDGET_EXHAUSTED, past.outcome(), past.problems().toString());
    // An Alltoall of 34 members takes 33 rounds: 33 messages of 2.9e17 ns would overflow a long; the time is
    // saturated at the horizon instead, so the run ends there.
    ModelSpec.Builder b = ModelSpec.builder();
    for (int i = 0; i < 34; i++) {
      b.rank(program().call(new MpiOp.Collective(CollectiveKind.ALLTOALL, null, lit(1), Datatype.BYTE, null,
          MpiOp.WORLD)).build());
    }
    RunResult alltoall = Runner.timed(b.options(ModelOptions.defaults().withNetwork(NetworkOptions.defaults()
        .withLatency(new LatencyModel.Constant(290_000_000_000_000_000L)))).build(), 1, FifoScheduler.INSTANCE,
        RunOptions.of(CheckKind.all()));
    assertEquals(Outcome.BUDGET_EXHAUSTED, alltoall.outcome(), alltoall.problems().toString());
  }
}
