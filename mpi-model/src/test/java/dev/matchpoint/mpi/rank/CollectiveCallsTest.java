package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.matchpoint.core.net.LatencyModel;
import dev.matchpoint.core.net.NetworkOptions;
import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.mpi.CollectiveKind;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.DatatypeRef;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.program.TypeOps;
import dev.matchpoint.mpi.run.Outcome;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.mpi.testing.Exhaustive;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Collective calls in order, their argument errors, and their nonblocking requests (MPI-3.1 chapter 5). */
class CollectiveCallsTest {
  private static final MpiOp BARRIER = new MpiOp.Collective(CollectiveKind.BARRIER, null, lit(0), Datatype.INT, null,
      MpiOp.WORLD);

  private static MpiOp bcast(int root, int count, DatatypeRef type, String request) {
    return new MpiOp.Collective(CollectiveKind.BCAST, lit(root), lit(count), type, null, MpiOp.WORLD, request);
  }

  /**
   * A timed run (every latency 700 ns) ending with {@code outcome}; each call rank {@code rank}
   * returned from, as "call result error @time".
   */
  private static List<String> returns(Outcome outcome, int rank, Program... ranks) {
    ModelSpec.Builder b = ModelSpec.builder();
    for (Program p : ranks) {
      b.rank(p);
    }
    RunResult r = Runner.timed(b.options(ModelOptions.defaults().withNetwork(NetworkOptions.defaults()
        .withLatency(new LatencyModel.Constant(700)))).build(), 1, FifoScheduler.INSTANCE,
        RunOptions.keepingTrace(CheckKind.all()));
    assertEquals(outcome, r.outcome(), r.problems().toString());
    return r.trace().of(TraceEvent.CallReturned.class).stream().filter(e -> e.rank() == rank)
        .filter(e -> !e.call().equals("compute"))
        .map(e -> e.call() + " " + e.result() + " " + e.error() + " @" + e.timeNs()).toList();
  }

  @Test
  @SpecClause(source = "MPI-3.1 §5.13", text = "all processes in a communicator must call collective operations in "
      + "the same order")
  void aSecondBarrier_waitsForEveryMembersSecondCall_notTheFirst() {
    // Rank 1 calls its second barrier at 10000 ns: rank 0's second barrier cannot return before.
    Program zero = program().call(BARRIER).call(BARRIER).build();
    Program one = program().call(BARRIER).call(new MpiOp.Compute(lit(10_000))).call(BARRIER).build();
    assertEquals(List.of("MPI_Barrier algorithm dissemination, 1 rounds, 700 ns MPI_SUCCESS @700",
        "MPI_Barrier algorithm dissemination, 1 rounds, 700 ns MPI_SUCCESS @11400"), returns(Outcome.OK, 0, zero, one));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §5.12", text = "a nonblocking call initiates a collective operation, which must be "
      + "completed in a separate completion call")
  void anIbarrier_afterAnotherRequest_isWaitedForByItsOwnVariable() {
    // The Ibarrier is rank 0's second request: its Wait returns after rank 1's Ibarrier at 10000 ns.
    MpiOp ibarrier = new MpiOp.Collective(CollectiveKind.BARRIER, null, lit(0), Datatype.INT, null, MpiOp.WORLD, "b");
    Program zero = program().irecv(lit(1), lit(0), lit(1), Datatype.INT, "r").call(ibarrier).waitFor("b", null)
        .waitFor("r", null).build();
    Program one = program().call(new MpiOp.Compute(lit(10_000))).call(ibarrier).send(lit(0), lit(0), lit(1),
        Datatype.INT).waitFor("b", null).build();
    List<String> waits = returns(Outcome.OK, 0, zero, one).stream().filter(s -> s.startsWith("MPI_Wait")).toList();
    assertEquals(2, waits.size(), waits.toString());
    assertEquals("@10700", waits.get(0).substring(waits.get(0).lastIndexOf('@')), waits.toString());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §2.8", text = "MPI_ERR_ROOT Invalid root")
  @SpecClause(source = "MPI-3.1 §2.8", text = "MPI_ERR_TYPE Invalid datatype argument")
  void aBroadcastWithAnInvalidRootOrType_returnsTheError_andItsRequestIsMpiRequestNull() {
    // Each rank's first Ibcast is invalid; the Wait on its request variable returns at once, and the
    // valid Bcast that follows is the communicator's first operation, matched at both ranks.
    for (DatatypeRef type : List.<DatatypeRef>of(Datatype.INT, DatatypeRef.NULL)) {
      int root = type == DatatypeRef.NULL ? 0 : 5;
      Program p = program().call(bcast(root, 1, type, "r")).waitFor("r", null).call(bcast(0, 1, Datatype.INT, null))
          .build();
      RunResult r = RankRuns.run(p, p);
      String error = type == DatatypeRef.NULL ? "MPI_ERR_TYPE" : "MPI_ERR_ROOT";
      assertEquals(List.of("MPI_Ibcast " + error, "MPI_Ibcast " + error), RankRuns.errors(r));
      assertEquals(List.of("MPI_Ibcast", "MPI_Wait", "MPI_Bcast"), r.trace().of(TraceEvent.CallReturned.class)
          .stream().filter(e -> e.rank() == 1).map(TraceEvent.CallReturned::call).toList(), r.problems().toString());
    }
  }

  @Test
  @SpecClause(source = "MPI-3.1 §2.8", text = "MPI_ERR_COUNT Invalid count argument")
  void elementCounts_upToTheLargestInt_areAccepted_andMoreAreAnError() {
    // MPI_INT_MAX elements of MPI_INT is the largest count; a contiguous type of two ints doubles it.
    Program most = program().call(bcast(0, Integer.MAX_VALUE, Datatype.INT, null)).build();
    Map<Exhaustive.End, Long> ok = Exhaustive.ends(ModelSpec.builder().rank(most).rank(most).build(),
        CheckKind.values());
    assertEquals(1, ok.size(), ok.toString());
    assertEquals(List.of(), ok.keySet().iterator().next().problems());
    Program tooMany = program().call(new TypeOps.Contiguous(lit(2), Datatype.INT, "two"))
        .call(new TypeOps.Commit("two")).call(bcast(0, Integer.MAX_VALUE, new DatatypeRef.Variable("two"), null))
        .build();
    RunResult r = RankRuns.run(tooMany, tooMany);
    assertEquals(List.of("MPI_Bcast MPI_ERR_COUNT", "MPI_Bcast MPI_ERR_COUNT"), RankRuns.errors(r));
  }

  @Test
  @SpecClause(source = "docs/scenario-format.md", text = "once a member may return it still takes the algorithm's"
      + " time: the number of rounds of a standard algorithm for `n` members times the cost of one message")
  void anAlgorithmTimePastTheHorizon_endsTheRunThere_insteadOfOverflowing() {
    // G = 1e300 ns/byte: one message takes the horizon; three members take two rounds of it.
    Program p = program().call(new MpiOp.Collective(CollectiveKind.ALLREDUCE, null, lit(100), Datatype.INT,
        dev.matchpoint.mpi.ReduceOp.SUM, MpiOp.WORLD)).build();
    ModelSpec spec = ModelSpec.builder().rank(p).rank(p).rank(p).options(ModelOptions.defaults().withNetwork(
        NetworkOptions.defaults().withLatency(new LatencyModel.LogGP(1000, 200, 100, 1e300, 0.5)))).build();
    RunResult r = Runner.timed(spec, 1, FifoScheduler.INSTANCE, RunOptions.keepingTrace(CheckKind.all()));
    assertEquals(Outcome.BUDGET_EXHAUSTED, r.outcome(), r.problems().toString());
    assertEquals(List.of(), r.trace().of(TraceEvent.CallReturned.class), "no member returns before the horizon");
  }
}
