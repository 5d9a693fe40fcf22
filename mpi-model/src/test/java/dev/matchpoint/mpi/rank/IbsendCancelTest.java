package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.net.LatencyModel;
import dev.matchpoint.core.net.NetworkOptions;
import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SendCancelPolicy;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.run.Outcome;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * MPI_Cancel of a rendezvous MPI_Ibsend whose buffered transfer is still in the attached buffer
 * when the Cancel asks (MPI-3.1 §3.8.4, §3.7.2; seed 001): the receiver's answer, not the transfer,
 * decides when Wait returns the Ibsend's request. Latency 1 us per packet; 8 KiB messages go by
 * rendezvous.
 */
class IbsendCancelTest {
  private static final String GUARANTEED = "If a communication is marked for cancellation, then a MPI_WAIT call for "
      + "that communication is guaranteed to return, irrespective of the activities of other processes (i.e., "
      + "MPI_WAIT behaves as a local function)";
  private static final String EITHER = "Either the cancellation succeeds, or the communication succeeds, but not "
      + "both.";

  private static RunResult run(Program sender, Program receiver) {
    ModelSpec spec = ModelSpec.builder().rank(sender).rank(receiver).options(ModelOptions.defaults()
        .withSendCancel(SendCancelPolicy.UNTIL_MATCHED)
        .withNetwork(NetworkOptions.defaults().withLatency(new LatencyModel.Constant(1000)))).build();
    return Runner.timed(spec, 1, FifoScheduler.INSTANCE, RunOptions.keepingTrace(CheckKind.all()));
  }

  private static long returnedAt(RunResult r, int rank, String call) {
    return r.trace().of(TraceEvent.CallReturned.class).stream().filter(c -> c.rank() == rank && c.call().equals(call))
        .findFirst().orElseThrow(() -> new AssertionError(call + " never returned on rank " + rank)).timeNs();
  }

  /** Rank 0: attach, Ibsend 8 KiB to rank 1, compute {@code beforeCancelNs}, Cancel, Wait, Test_cancelled, detach. */
  private static Program sender(int beforeCancelNs) {
    return program().call(new MpiOp.BufferAttach(lit(65_536)))
        .isend(SendMode.BUFFERED, lit(1), lit(0), lit(2048), Datatype.INT, "s")
        .call(new MpiOp.Compute(lit(beforeCancelNs))).call(new MpiOp.Cancel("s")).waitFor("s", "st")
        .call(new MpiOp.TestCancelled("st", "c")).call(new MpiOp.BufferDetach()).build();
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.8.4", text = GUARANTEED)
  @SpecClause(source = "MPI-3.1 §3.8.4", text = EITHER)
  void aRefusedCancel_returnsTheIbsendFromWait_whileItsTransferStillWaitsForTheReceive() {
    // Rank 1 takes the RTS with a matched probe before the Cancel (1.5 us after the Ibsend) reaches
    // it, so the cancel is refused, and receives the message 50 us later: rank 0's Wait returns on
    // the answer, long before the data leaves.
    Program receiver = program().mprobe(lit(0), lit(0), "m", null).call(new MpiOp.Compute(lit(50_000)))
        .mrecv("m", lit(2048), Datatype.INT, null).build();
    RunResult r = run(sender(1_500), receiver);
    assertEquals(Outcome.OK, r.outcome(), r.problems().toString());
    assertEquals(List.of(false), r.trace().of(TraceEvent.CancelDecided.class).stream()
        .filter(d -> d.rank() == 1).map(TraceEvent.CancelDecided::cancelled).toList());
    assertTrue(returnedAt(r, 0, "MPI_Wait") < 50_000, "Wait returned at " + returnedAt(r, 0, "MPI_Wait"));
    assertTrue(returnedAt(r, 0, "MPI_Buffer_detach") > 50_000, "the data left after the Mrecv");
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.8.4", text = GUARANTEED)
  @SpecClause(source = "MPI-3.1 §3.8.4", text = EITHER)
  void aRefusedCancel_whoseTransferLeftBeforeTheAnswer_stillReturnsTheIbsendFromWait() {
    // Rank 1's receive is posted first: the CTS reaches rank 0 after its Cancel has asked, and the
    // data leaves the buffer before the refusal comes back.
    Program receiver = program().recv(lit(0), lit(0), lit(2048), Datatype.INT, null).build();
    RunResult r = run(sender(1_500), receiver);
    assertEquals(Outcome.OK, r.outcome(), r.problems().toString());
    assertEquals(List.of(false), r.trace().of(TraceEvent.CancelDecided.class).stream()
        .filter(d -> d.rank() == 1).map(TraceEvent.CancelDecided::cancelled).toList());
    assertEquals(1, r.trace().matches().size());
  }
}
