package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.procNull;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.net.CreditPolicy;
import dev.matchpoint.core.net.DeliveryOrder;
import dev.matchpoint.core.net.LatencyModel;
import dev.matchpoint.core.net.NetworkOptions;
import dev.matchpoint.core.net.ProtocolOptions;
import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.ErrorClass;
import dev.matchpoint.mpi.SendCancelPolicy;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.program.ProgramBuilder;
import dev.matchpoint.mpi.run.Outcome;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.mpi.testing.Exhaustive;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The cases of MPI_Cancel besides the main races of {@link CancelTest}: cancelling what has matched
 * or completed, what is no request, sends to MPI_PROC_NULL, buffered sends whose data has left, and a
 * CANCEL that overtakes its message (MPI-3.1 §3.8.4; seed 001; seed 000 §3.1).
 */
class CancelCasesTest {
  private static final String EITHER_OR = "Either the cancellation succeeds, or the communication succeeds, but not "
      + "both.";

  /** Constant 1 us latency, {@code header} B headers, an eager buffer of {@code eagerBuffer} B. */
  private static ModelOptions options(SendCancelPolicy policy, long threshold, long header, long eagerBuffer,
      DeliveryOrder order) {
    return ModelOptions.defaults().withSendCancel(policy).withNetwork(new NetworkOptions(
        new LatencyModel.Constant(1000), order, new ProtocolOptions(threshold, header, eagerBuffer,
        CreditPolicy.WAIT)));
  }

  private static ModelOptions options(SendCancelPolicy policy, long threshold) {
    return options(policy, threshold, 0, 16384, DeliveryOrder.PER_PAIR_FIFO);
  }

  private static ModelSpec spec(ModelOptions o, Program... ranks) {
    ModelSpec.Builder b = ModelSpec.builder().options(o);
    for (Program p : ranks) {
      b.rank(p);
    }
    return b.build();
  }

  private static RunResult run(ModelOptions o, Program... ranks) {
    return Runner.timed(spec(o, ranks), 1, FifoScheduler.INSTANCE, RunOptions.keepingTrace(CheckKind.all()));
  }

  private static List<String> returns(RunResult r, int rank) {
    return r.trace().of(TraceEvent.CallReturned.class).stream().filter(c -> c.rank() == rank)
        .filter(c -> !c.call().equals("compute"))
        .map(c -> c.call() + " " + c.result() + (c.error() == ErrorClass.MPI_SUCCESS ? "" : " " + c.error()))
        .toList();
  }

  private static List<String> decisions(RunResult r) {
    return r.trace().of(TraceEvent.CancelDecided.class).stream()
        .map(d -> "r" + d.rank() + " " + d.cancelled() + " " + d.detail()).toList();
  }

  private static ProgramBuilder cancelThenWait(ProgramBuilder b, String req) {
    return b.call(new MpiOp.Cancel(req)).waitFor(req, "st").call(new MpiOp.TestCancelled("st", "c"));
  }

  private static Program compute(long ns) {
    return program().call(new MpiOp.Compute(lit((int) ns))).build();
  }

  @Test
  @SpecClause(source = "MPI-3.1 §8.4", text = "MPI_ERR_REQUEST Invalid MPI_Request")
  @SpecClause(source = "MPI-2.2 §3.8 (seed 001)", text = "A successful cancellation cancels the active communication, but not "
      + "the request itself.")
  void cancelOfRequestNullOrOfAnInactivePersistentRequest_isMpiErrRequest() {
    // MPI_REQUEST_NULL has no communication, and neither has a persistent request before MPI_Start.
    Program p = program().irecv(procNull(), lit(0), lit(1), Datatype.INT, "r").waitFor("r", "st")
        .call(new MpiOp.Cancel("r"))
        .call(new MpiOp.RecvInit(lit(0), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, "p"))
        .call(new MpiOp.Cancel("p")).call(new MpiOp.RequestFree("p")).build();
    RunResult r = run(options(SendCancelPolicy.UNTIL_MATCHED, 4096), p);
    assertEquals(Outcome.ERRONEOUS, r.outcome());
    assertEquals(List.of("MPI_Cancel 'r' is MPI_REQUEST_NULL", "MPI_Cancel the persistent request is inactive"),
        r.trace().of(TraceEvent.ErrorRaised.class).stream().map(e -> e.call() + " " + e.detail()).toList());
    assertEquals(List.of(ErrorClass.MPI_ERR_REQUEST, ErrorClass.MPI_ERR_REQUEST),
        r.trace().of(TraceEvent.ErrorRaised.class).stream().map(TraceEvent.ErrorRaised::error).toList());
    assertEquals(List.of(), decisions(r), "nothing was cancelled");
  }

  @Test
  @SpecClause(source = "MPI-2.2 §3.8 (seed 001)", text = "If a receive is marked for cancellation, then it must be "
      + "the case that either the receive completes normally, or that the receive is successfully canceled, in which "
      + "case no part of the receive buffer is altered.")
  @SpecClause(source = "MPI-2.2 §3.8 (seed 001)", text = EITHER_OR)
  void cancelOfAReceiveThatMatchedOrCompleted_fails_andTheReceiveCompletesNormally() {
    // An eager message completes the Irecv on arrival (1 us), before the Cancel at 10 us.
    Program eager = program().send(lit(1), lit(0), lit(1), Datatype.INT).build();
    Program late = cancelThenWait(program().irecv(lit(0), lit(0), lit(1), Datatype.INT, "r")
        .call(new MpiOp.Compute(lit(10_000))), "r").build();
    RunResult completed = run(options(SendCancelPolicy.UNTIL_MATCHED, 4096), eager, late);
    assertEquals(List.of("r1 false the receive completed already"), decisions(completed));
    assertEquals(List.of("MPI_Irecv ", "MPI_Cancel ", "MPI_Wait source=0 tag=0 count=4B",
        "MPI_Test_cancelled flag=false"), returns(completed, 1));
    assertEquals(Outcome.OK, completed.outcome(), completed.problems().toString());

    // A rendezvous message matches on the RTS (1 us) and completes on DATA (3 us): the Cancel at 2 us
    // finds the receive matched but not complete.
    Program big = program().send(lit(1), lit(0), lit(2000), Datatype.INT).build();
    Program mid = cancelThenWait(program().irecv(lit(0), lit(0), lit(2000), Datatype.INT, "r")
        .call(new MpiOp.Compute(lit(2_000))), "r").build();
    RunResult matched = run(options(SendCancelPolicy.UNTIL_MATCHED, 4096), big, mid);
    assertEquals(List.of("r1 false the receive has matched already"), decisions(matched));
    assertEquals(List.of("MPI_Irecv ", "MPI_Cancel ", "MPI_Wait source=0 tag=0 count=8000B",
        "MPI_Test_cancelled flag=false"), returns(matched, 1));
    assertEquals(Outcome.OK, matched.outcome(), matched.problems().toString());
  }

  @Test
  @SpecClause(source = "MPI-2.2 §3.8 (seed 001)", text = EITHER_OR)
  @SpecClause(source = "seed 000 §3.2", text = "A matched receive executed with the message handle will receive the "
      + "message that was matched by the probe.")
  void cancelOfAnImrecv_fails_theMessageWasMatchedByTheProbe_seed000() {
    Program sender = program().send(lit(1), lit(0), lit(1), Datatype.INT).build();
    Program receiver = cancelThenWait(program().mprobe(lit(0), lit(0), "m", null)
        .imrecv("m", lit(1), Datatype.INT, "r"), "r").build();
    RunResult r = run(options(SendCancelPolicy.UNTIL_MATCHED, 4096), sender, receiver);
    assertEquals(List.of("r1 false a matched receive has matched already"), decisions(r));
    assertEquals(List.of("MPI_Mprobe message=0#0", "MPI_Imrecv ", "MPI_Cancel ", "MPI_Wait source=0 tag=0 count=4B",
        "MPI_Test_cancelled flag=false"), returns(r, 1));
    assertEquals(Outcome.OK, r.outcome(), r.problems().toString());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.11", text = "A send to MPI_PROC_NULL succeeds and returns as soon as possible.")
  @SpecClause(source = "MPI-2.2 §3.8 (seed 001)", text = EITHER_OR)
  void cancelOfASendToProcNull_fails_theSendCompletedAtOnce() {
    Program p = cancelThenWait(program().isend(SendMode.STANDARD, procNull(), lit(0), lit(1), Datatype.INT, "s"), "s")
        .build();
    RunResult r = run(options(SendCancelPolicy.UNTIL_MATCHED, 4096), p);
    assertEquals(List.of("r0 false a send to MPI_PROC_NULL completes at once"), decisions(r));
    assertTrue(returns(r, 0).contains("MPI_Test_cancelled flag=false"), returns(r, 0).toString());
    assertEquals(0, r.trace().of(TraceEvent.PacketSent.class).size(), "no CANCEL goes anywhere");
    assertEquals(Outcome.OK, r.outcome(), r.problems().toString());
  }

  @Test
  @SpecClause(source = "MPI-2.2 §3.8 (seed 001)", text = "If a communication is marked for cancellation, then a "
      + "MPI_WAIT call for that communication is guaranteed to return, irrespective of the activities of other "
      + "processes (i.e., MPI_WAIT behaves as a local function)")
  void cancellingASendTwice_asksTheReceiverOnce() {
    // The second MPI_Cancel finds the send marked already: one CANCEL packet, one answer.
    Program sender = cancelThenWait(program().isend(SendMode.STANDARD, lit(1), lit(0), lit(1), Datatype.INT, "s")
        .call(new MpiOp.Compute(lit(5_000))).call(new MpiOp.Cancel("s")), "s").build();
    RunResult r = run(options(SendCancelPolicy.UNTIL_MATCHED, 4096), sender, compute(50_000));
    assertEquals(1L, r.packetCounts().get("CANCEL"));
    assertEquals(1L, r.packetCounts().get("CANCEL_ACK"));
    assertEquals(List.of("r1 true the message was unmatched at the receiver and is removed"), decisions(r));
    assertTrue(returns(r, 0).contains("MPI_Test_cancelled flag=true"), returns(r, 0).toString());
    assertEquals(Outcome.OK, r.outcome(), r.problems().toString());
  }

  @Test
  @SpecClause(source = "MPI-2.2 §3.8 (seed 001)", text = "If a send is marked for cancellation, then it must be the "
      + "case that either the send completes normally, in which case the message sent was received at the "
      + "destination process, or that the send is successfully canceled, in which case no part of the message was "
      + "received at the destination.")
  @SpecClause(source = "MPI-2.2 §3.8 (seed 001)", text = "If a communication is marked for cancellation, then a "
      + "MPI_WAIT call for that communication is guaranteed to return, irrespective of the activities of other "
      + "processes (i.e., MPI_WAIT behaves as a local function)")
  void cancelOfAnEagerIbsend_afterItsDataLeftTheBuffer_reachesTheMessageAtTheReceiver() {
    // The eager transfer is injected at once and leaves the attached buffer; the Ibsend's own request
    // still names the message, which waits unmatched at the receiver until 50 us.
    Program sender = cancelThenWait(program().call(new MpiOp.BufferAttach(lit(64)))
        .isend(SendMode.BUFFERED, lit(1), lit(0), lit(1), Datatype.INT, "s")
        .call(new MpiOp.Compute(lit(5_000))), "s").call(new MpiOp.BufferDetach()).build();
    Program receiver = program().call(new MpiOp.Compute(lit(50_000))).iprobe(lit(0), lit(0), "f", null).build();
    RunResult until = run(options(SendCancelPolicy.UNTIL_MATCHED, 4096), sender, receiver);
    assertEquals(List.of("r1 true the message was unmatched at the receiver and is removed"), decisions(until));
    assertEquals(List.of("MPI_Buffer_attach ", "MPI_Ibsend ", "MPI_Cancel ",
        "MPI_Wait source=MPI_ANY_SOURCE tag=MPI_ANY_TAG count=0B", "MPI_Test_cancelled flag=true",
        "MPI_Buffer_detach "), returns(until, 0));
    assertEquals(List.of("MPI_Iprobe flag=false"), returns(until, 1), "the cancelled message is gone");
    assertEquals(Outcome.OK, until.outcome(), until.problems().toString());

    RunResult never = run(options(SendCancelPolicy.NEVER, 4096), sender, receiver);
    assertEquals(List.of("r0 false send cancellation is not supported (send-cancel policy never)"),
        decisions(never));
    assertTrue(returns(never, 0).contains("MPI_Test_cancelled flag=false"), returns(never, 0).toString());
    assertEquals(List.of("MPI_Iprobe flag=true"), returns(never, 1));
  }

  @Test
  @SpecClause(source = "MPI-2.2 §3.8 (seed 001)", text = EITHER_OR)
  @SpecClause(source = "MPI-2.2 §3.8 (seed 001)", text = "If a send operation uses an ``eager'' protocol (data is "
      + "transferred to the receiver before a matching receive is posted), then the cancellation of this send may "
      + "require communication with the intended receiver in order to free allocated buffers.")
  void aCancelThatOvertakesItsMessage_dropsTheMessageOnArrival_andReturnsItsEagerCredit() {
    // Unordered links: the CANCEL may arrive before the EAGER packet it withdraws. The receiver then
    // drops the message when it arrives and returns its eager credit: the eager buffer holds exactly one
    // message with its 8-byte header, so the second send can only go when the first one's space came back.
    Program sender = cancelThenWait(program().isend(SendMode.STANDARD, lit(1), lit(0), lit(1), Datatype.INT, "s"),
        "s").send(lit(1), lit(1), lit(1), Datatype.INT).build();
    Program receiver = program().recv(lit(0), lit(1), lit(1), Datatype.INT, null)
        .iprobe(lit(0), lit(0), "f", null).build();
    ModelSpec spec = spec(options(SendCancelPolicy.UNTIL_MATCHED, 4096, 8, 12, DeliveryOrder.UNORDERED), sender,
        receiver);
    Map<Exhaustive.End, Long> ends = Exhaustive.ends(spec, CheckKind.values());
    boolean dropped = false;
    for (Exhaustive.End e : ends.keySet()) {
      assertFalse(e.deadlocked(), e.toString());
      assertFalse(e.violated(), e.toString());
      assertEquals(List.of(), e.problems(), e.toString());
    }
    for (long seed = 0; seed < 40 && !dropped; seed++) {
      RunResult r = Runner.logical(spec, new dev.matchpoint.core.sched.SeededScheduler(seed),
          RunOptions.keepingTrace(CheckKind.all()));
      dropped = decisions(r).contains("r1 true the message has not arrived; it will be dropped on arrival");
      if (dropped) {
        assertEquals(Outcome.OK, r.outcome(), r.problems().toString());
        assertTrue(returns(r, 1).contains("MPI_Iprobe flag=false"), "the dropped message is never seen");
      }
    }
    assertTrue(dropped, "some schedule delivers the CANCEL first");
  }

  @Test
  @SpecClause(source = "MPI-2.2 §3.8 (seed 001)", text = "If a send is marked for cancellation, then it must be the "
      + "case that either the send completes normally, in which case the message sent was received at the "
      + "destination process, or that the send is successfully canceled, in which case no part of the message was "
      + "received at the destination.")
  void cancelledRendezvousSend_sendsNoData_andReturnsNoEagerCredit() {
    // The RTS took no eager buffer space at the receiver, so its removal returns none.
    Program sender = cancelThenWait(program().isend(SendMode.STANDARD, lit(1), lit(0), lit(2000), Datatype.INT, "s")
        .call(new MpiOp.Compute(lit(5_000))), "s").build();
    RunResult r = run(options(SendCancelPolicy.UNTIL_MATCHED, 4096), sender, compute(50_000));
    assertEquals(List.of("r1 true the message was unmatched at the receiver and is removed"), decisions(r));
    assertEquals(null, r.packetCounts().get("DATA"));
    assertEquals(null, r.packetCounts().get("CREDIT"));
    assertEquals(Outcome.OK, r.outcome(), r.problems().toString());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.4", text = "A send that uses the ready communication mode may be started only if "
      + "the matching receive is already posted. Otherwise, the operation is erroneous and its outcome is undefined.")
  @SpecClause(source = "MPI-2.2 §3.8 (seed 001)", text = "If a receive is marked for cancellation, then it must be "
      + "the case that either the receive completes normally, or that the receive is successfully canceled, in which "
      + "case no part of the receive buffer is altered. Then, any matching send has to be satisfied by another "
      + "receive.")
  void readySend_whosePostedReceiveIsCancelledAndStartedAgain_isErroneous() {
    // The persistent receive is posted when the Rsend starts (100 ns), then cancelled and started again
    // (a new posting) before the message arrives: the receive that takes it was not posted at the start.
    Program sender = program().call(new MpiOp.Compute(lit(100))).send(SendMode.READY, lit(1), lit(0), lit(1),
        Datatype.INT).build();
    Program receiver = program().call(new MpiOp.RecvInit(lit(0), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, "p"))
        .call(new MpiOp.Start(List.of("p"), false)).call(new MpiOp.Compute(lit(500)))
        .call(new MpiOp.Cancel("p")).waitFor("p", "st").call(new MpiOp.Start(List.of("p"), false))
        .waitFor("p", "st").call(new MpiOp.RequestFree("p")).build();
    RunResult r = run(options(SendCancelPolicy.NEVER, 4096), sender, receiver);
    assertEquals(List.of("r1 true the receive was still in the posted receive queue"), decisions(r));
    assertEquals(1, r.trace().of(TraceEvent.RequestCompleted.class).stream()
        .filter(e -> e.rank() == 1 && e.cancelled()).count(), "the cancelled receive completes, cancelled");
    assertEquals(Outcome.ERRONEOUS, r.outcome());
    assertEquals(1, r.problems().size(), r.problems().toString());
    assertTrue(r.problems().get(0).contains(ReadySends.RULE), r.problems().toString());
  }

  @Test
  @SpecClause(source = "seed 000 §3.1", text = "A call to MPI_MESSAGE_CANCEL cancels the receipt of a message "
      + "matched by a matching probe. A cancelled message cannot be received.")
  @SpecClause(source = "seed 000 §3.3", text = "Start a matched, non-blocking receive of a message found by a "
      + "matching probe operation (section 3.2). The message handle is set to MPI_MESSAGE_NULL.")
  void messageCancel_ofMessageNullOrNoProc_returnsAtOnce_andACancelledHandleBecomesMessageNull_seed000() {
    // Each handle is cancelled twice (or received, then cancelled): the second call sees
    // MPI_MESSAGE_NULL and does nothing.
    Program sender = program().send(lit(1), lit(0), lit(1), Datatype.INT).send(lit(1), lit(1), lit(1), Datatype.INT)
        .build();
    Program receiver = program().mprobe(lit(0), lit(0), "m", null).call(new MpiOp.MessageCancel("m"))
        .call(new MpiOp.MessageCancel("m"))
        .mprobe(lit(0), lit(1), "n", null).mrecv("n", lit(1), Datatype.INT, null).call(new MpiOp.MessageCancel("n"))
        .mprobe(procNull(), lit(0), "o", null).call(new MpiOp.MessageCancel("o")).call(new MpiOp.MessageCancel("o"))
        .build();
    RunResult r = run(options(SendCancelPolicy.NEVER, 4096).withMessageCancel(true), sender, receiver);
    assertEquals(Outcome.OK, r.outcome(), r.problems().toString());
    assertEquals(List.of("r1 true MPI_Message_cancel: the matched message is discarded and will never be received"),
        decisions(r));
    assertEquals(1, r.trace().matches().stream().filter(m -> m.match().receives()).count(), "only tag 1 is received");
    assertEquals(5, r.trace().of(TraceEvent.CallStarted.class).stream()
        .filter(c -> c.call().equals("MPI_Message_cancel")).count(), "each call runs once, in one step");
  }
}
