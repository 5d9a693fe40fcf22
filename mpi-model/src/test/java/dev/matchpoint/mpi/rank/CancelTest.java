package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.anySource;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.explore.ExplorationReport;
import dev.matchpoint.core.explore.ExploreOptions;
import dev.matchpoint.core.explore.Explorer;
import dev.matchpoint.core.explore.ProgressListener;
import dev.matchpoint.core.explore.Strategy;
import dev.matchpoint.core.net.CreditPolicy;
import dev.matchpoint.core.net.DeliveryOrder;
import dev.matchpoint.core.net.LatencyModel;
import dev.matchpoint.core.net.NetworkOptions;
import dev.matchpoint.core.net.ProtocolOptions;
import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SendCancelPolicy;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.check.CompleteBeforeFinalize;
import dev.matchpoint.mpi.explore.MpiTransitionSystem;
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
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** MPI_Cancel and MPI_Test_cancelled (MPI-3.1 §3.8.4; seed 001), MPI_Message_cancel (seed 000 §3.1). */
class CancelTest {
  private static final String SEND_CANCELLED = "If a send is marked for cancellation, then it must be the case that "
      + "either the send completes normally, in which case the message sent was received at the destination process, "
      + "or that the send is successfully canceled, in which case no part of the message was received at the "
      + "destination.";
  private static final String EITHER_OR = "Either the cancellation succeeds, or the communication succeeds, but not "
      + "both.";

  private static ModelOptions options(SendCancelPolicy policy, long threshold) {
    return ModelOptions.defaults().withSendCancel(policy).withNetwork(new NetworkOptions(
        new LatencyModel.Constant(1000), DeliveryOrder.PER_PAIR_FIFO, new ProtocolOptions(threshold, 0, 16384,
        CreditPolicy.WAIT)));
  }

  private static RunResult run(ModelOptions o, Program... ranks) {
    ModelSpec.Builder b = ModelSpec.builder().options(o);
    for (Program p : ranks) {
      b.rank(p);
    }
    return Runner.timed(b.build(), 1, FifoScheduler.INSTANCE, RunOptions.keepingTrace(CheckKind.all()));
  }

  private static List<String> returns(RunResult r, int rank) {
    return r.trace().of(TraceEvent.CallReturned.class).stream().filter(c -> c.rank() == rank)
        .filter(c -> !c.call().equals("compute")).map(c -> c.call() + " " + c.result()).toList();
  }

  private static ProgramBuilder cancelThenWait(ProgramBuilder b, String req) {
    return b.call(new MpiOp.Cancel(req)).waitFor(req, "st").call(new MpiOp.TestCancelled("st", "cancelled"));
  }

  @Test
  @SpecClause(source = "MPI-2.2 §3.8 (seed 001)", text = "If a receive is marked for cancellation, then it must be "
      + "the case that either the receive completes normally, or that the receive is successfully canceled, in which "
      + "case no part of the receive buffer is altered. Then, any matching send has to be satisfied by another "
      + "receive.")
  void cancelOfAPendingIrecv_succeeds_andLeavesItsBufferUntouched() {
    // "If a receive is marked for cancellation, then ... the receive is successfully canceled, in which case no
    // part of the receive buffer is altered. Then, any matching send has to be satisfied by another receive."
    Program receiver = cancelThenWait(program().irecv(lit(0), lit(0), lit(1), Datatype.INT, "r"), "r")
        .recv(lit(0), lit(0), lit(1), Datatype.INT, "st2").build();
    Program sender = program().call(new MpiOp.Compute(lit(10_000))).send(lit(1), lit(0), lit(1), Datatype.INT).build();
    RunResult r = run(options(SendCancelPolicy.NEVER, 4096), sender, receiver);
    assertEquals(Outcome.OK, r.outcome(), r.trace().toText());
    assertTrue(r.violations().isEmpty(), r.violations().toString());
    assertTrue(r.trace().of(TraceEvent.CancelDecided.class).get(0).cancelled());
    // The cancelled receive's status reports nothing (count 0); the message goes to the next receive.
    assertEquals(List.of("MPI_Irecv ", "MPI_Cancel ", "MPI_Wait source=MPI_ANY_SOURCE tag=MPI_ANY_TAG count=0B",
        "MPI_Test_cancelled flag=true", "MPI_Recv source=0 tag=0 count=4B"), returns(r, 1));
    assertEquals(1, r.trace().matches().size());
  }

  @Test
  @SpecClause(source = "MPI-2.2 §3.8 (seed 001)", text = SEND_CANCELLED)
  @SpecClause(source = "MPI-2.2 §3.8 (seed 001)", text = "If a communication is marked for cancellation, then a "
      + "MPI_WAIT call for that communication is guaranteed to return, irrespective of the activities of other "
      + "processes (i.e., MPI_WAIT behaves as a local function)")
  @SpecClause(source = "MPI-2.2 §3.8 (seed 001)", text = "If a send operation uses an ``eager'' protocol (data is "
      + "transferred to the receiver before a matching receive is posted), then the cancellation of this send may "
      + "require communication with the intended receiver in order to free allocated buffers.")
  @SpecClause(source = "DESIGN §4", text = "a policy chooses whether send cancellation can succeed at all: the "
      + "standard allows an implementation to always let the send win, and widely used implementations do")
  @SpecClause(source = "MPI-2.2 §3.8 (seed 001)", text = "Returns flag = true if the communication associated with "
      + "the status object was canceled successfully. In such a case, all other fields of status (such as count or "
      + "tag) are undefined. Returns flag = false, otherwise.")
  void cancelOfAnEagerIsend_beforeItMatches_succeedsUnderUntilMatched_andFailsUnderNever() {
    Program sender = cancelThenWait(program().isend(SendMode.STANDARD, lit(1), lit(0), lit(1), Datatype.INT, "s")
        .call(new MpiOp.Compute(lit(5_000))), "s").build();
    Program receiver = program().call(new MpiOp.Compute(lit(50_000)))
        .iprobe(lit(0), lit(0), "there", null).build();
    RunResult until = run(options(SendCancelPolicy.UNTIL_MATCHED, 4096), sender, receiver);
    assertEquals(Outcome.OK, until.outcome(), until.trace().toText());
    TraceEvent.CancelDecided d = until.trace().of(TraceEvent.CancelDecided.class).get(0);
    assertTrue(d.cancelled());
    assertEquals(1, d.rank(), "decided at the receiver, which held the eager data");
    assertEquals("MPI_Iprobe flag=false", returns(until, 1).get(0), "the cancelled message is gone");
    // The sender's Wait returns only once the answer is back: cancel sent at 5 us, answer at 7 us.
    TraceEvent.CallReturned wait = until.trace().of(TraceEvent.CallReturned.class).stream()
        .filter(c -> c.call().equals("MPI_Wait")).findFirst().orElseThrow();
    assertEquals(7_000, wait.timeNs());
    assertEquals(2L, until.packetCounts().get("CREDIT") == null ? 0L : until.packetCounts().get("CREDIT") + 1,
        "the removed eager message's buffer space is returned");

    assertTrue(returns(until, 0).contains("MPI_Test_cancelled flag=true"), returns(until, 0).toString());

    RunResult never = run(options(SendCancelPolicy.NEVER, 4096), sender, receiver);
    assertFalse(never.trace().of(TraceEvent.CancelDecided.class).get(0).cancelled());
    assertEquals("MPI_Iprobe flag=true", returns(never, 1).get(0));
    assertTrue(returns(never, 0).contains("MPI_Test_cancelled flag=false"), returns(never, 0).toString());
    // The send won, so its message must be received; rank 1 only probes it (MPI-3.1 §8.7: the target
    // of a send "must post the matching receive").
    assertEquals(Outcome.ERRONEOUS, never.outcome(), never.problems().toString());
    assertEquals(List.of("erroneous: " + CompleteBeforeFinalize.RULE + " at r1"), never.problems());
  }

  @Test
  @SpecClause(source = "MPI-2.2 §3.8 (seed 001)", text = EITHER_OR)
  @SpecClause(source = "MPI-2.2 §3.8 (seed 001)", text = SEND_CANCELLED)
  void cancelOfARendezvousIsend_withdrawsTheRts_beforeTheMatch_andFailsAfterTheCts() {
    Program sender = cancelThenWait(program().isend(SendMode.STANDARD, lit(1), lit(0), lit(2000), Datatype.INT, "s")
        .call(new MpiOp.Compute(lit(5_000))), "s").build();
    Program late = program().call(new MpiOp.Compute(lit(50_000))).iprobe(lit(0), lit(0), "there", null).build();
    RunResult before = run(options(SendCancelPolicy.UNTIL_MATCHED, 4096), sender, late);
    assertTrue(before.trace().of(TraceEvent.CancelDecided.class).get(0).cancelled());
    assertEquals(null, before.packetCounts().get("DATA"));

    Program early = program().recv(lit(0), lit(0), lit(2000), Datatype.INT, null).build();
    RunResult after = run(options(SendCancelPolicy.UNTIL_MATCHED, 4096), sender, early);
    assertFalse(after.trace().of(TraceEvent.CancelDecided.class).get(0).cancelled(), after.trace().toText());
    assertEquals(1L, after.packetCounts().get("DATA"));
    assertTrue(after.violations().isEmpty(), after.violations().toString());
  }

  @Test
  @SpecClause(source = "MPI-2.2 §3.8 (seed 001)", text = EITHER_OR)
  @SpecClause(source = "seed 000 §3.2", text = "A matched receive executed with the message handle will receive the "
      + "message that was matched by the probe.")
  void cancelOfAMessageTakenByMprobe_fails_theMatchHappened_seed000() {
    Program sender = cancelThenWait(program().isend(SendMode.STANDARD, lit(1), lit(0), lit(1), Datatype.INT, "s")
        .call(new MpiOp.Compute(lit(20_000))), "s").build();
    Program receiver = program().mprobe(lit(0), lit(0), "m", null).call(new MpiOp.Compute(lit(50_000)))
        .mrecv("m", lit(1), Datatype.INT, null).build();
    RunResult r = run(options(SendCancelPolicy.UNTIL_MATCHED, 4096), sender, receiver);
    TraceEvent.CancelDecided d = r.trace().of(TraceEvent.CancelDecided.class).get(0);
    assertFalse(d.cancelled());
    assertTrue(d.detail().contains("matched"), d.detail());
    assertEquals(Outcome.OK, r.outcome());
  }

  @Test
  @SpecClause(source = "MPI-2.2 §3.8 (seed 001)", text = "A subsequent receive executed with the same communicator, "
      + "and the source and tag returned in status by MPI_IPROBE will receive the message that was matched by the "
      + "probe, if no other intervening receive occurs after the probe, and the send is not successfully cancelled "
      + "before the receive.")
  @SpecClause(source = "MPI-2.2 §3.8 (seed 001)", text = SEND_CANCELLED + " Then, any matching receive has to be "
      + "satisfied by another send.")
  void cancelOfAMessageFoundByProbe_isNoBreachOfTheProbeGuarantee_mpi22Section38() {
    // The guarantee holds "if ... the send is not successfully cancelled before the receive".
    Program sender = cancelThenWait(program().isend(SendMode.STANDARD, lit(1), lit(0), lit(1), Datatype.INT, "s")
        .call(new MpiOp.Compute(lit(20_000))), "s").send(lit(1), lit(0), lit(2), Datatype.INT).build();
    Program receiver = program().probe(lit(0), lit(0), "st").call(new MpiOp.Compute(lit(50_000)))
        .recv(lit(0), lit(0), lit(2), Datatype.INT, "st").build();
    RunResult r = run(options(SendCancelPolicy.UNTIL_MATCHED, 4096), sender, receiver);
    assertTrue(r.trace().of(TraceEvent.CancelDecided.class).get(0).cancelled());
    assertEquals(Outcome.OK, r.outcome(), r.trace().toText());
    assertTrue(r.violations().isEmpty(), r.violations().toString());
    assertEquals("MPI_Recv source=0 tag=0 count=8B", returns(r, 1).get(1), "the receive got the second message");
  }

  @Test
  @SpecClause(source = "MPI-2.2 §3.8 (seed 001)", text = "The successful cancellation of a buffered send frees the "
      + "buffer space occupied by the pending message.")
  void cancelledBufferedSend_freesItsAttachedSpace() {
    // "The successful cancellation of a buffered send frees the buffer space occupied by the pending message."
    // 8 bytes at a threshold of 4: rendezvous, so the data waits in the attached buffer for a CTS.
    Program sender = program().call(new MpiOp.BufferAttach(lit(8)))
        .isend(SendMode.BUFFERED, lit(1), lit(0), lit(2), Datatype.INT, "s")
        .call(new MpiOp.Compute(lit(5_000)))
        .call(new MpiOp.Cancel("s")).waitFor("s", "st").call(new MpiOp.TestCancelled("st", "c"))
        .send(SendMode.BUFFERED, lit(1), lit(0), lit(2), Datatype.INT).build();
    Program receiver = program().call(new MpiOp.Compute(lit(50_000))).recv(anySource(), lit(0), lit(2), Datatype.INT, "st")
        .build();
    RunResult r = run(options(SendCancelPolicy.UNTIL_MATCHED, 4), sender, receiver);
    assertEquals(Outcome.OK, r.outcome(), r.trace().toText());
    assertTrue(r.trace().of(TraceEvent.CancelDecided.class).get(0).cancelled());
    assertEquals("MPI_Wait source=MPI_ANY_SOURCE tag=MPI_ANY_TAG count=0B", returns(r, 0).get(3));
    assertEquals(1, r.trace().matches().size(), "only the second buffered message is received");
  }

  @Test
  @SpecClause(source = "MPI-2.2 §3.8 (seed 001)", text = "A successful cancellation cancels the active "
      + "communication, but not the request itself. After the call to MPI_CANCEL and the subsequent call to MPI_WAIT "
      + "or MPI_TEST, the request becomes inactive and can be activated for a new communication.")
  void cancelOfAnActivePersistentRequest_leavesItInactiveAndReusable_mpi31Section39() {
    Program receiver = program().call(new MpiOp.RecvInit(lit(0), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, "p"))
        .call(new MpiOp.Start(List.of("p"), false)).call(new MpiOp.Cancel("p")).waitFor("p", "st")
        .call(new MpiOp.TestCancelled("st", "c"))
        .call(new MpiOp.Start(List.of("p"), false)).waitFor("p", "st").build();
    Program sender = program().call(new MpiOp.Compute(lit(10_000))).send(lit(1), lit(0), lit(1), Datatype.INT).build();
    RunResult r = run(options(SendCancelPolicy.NEVER, 4096), sender, receiver);
    assertEquals(Outcome.OK, r.outcome(), r.trace().toText());
    assertEquals(List.of("MPI_Recv_init ", "MPI_Start ", "MPI_Cancel ",
        "MPI_Wait source=MPI_ANY_SOURCE tag=MPI_ANY_TAG count=0B", "MPI_Test_cancelled flag=true", "MPI_Start ",
        "MPI_Wait source=0 tag=0 count=4B"),
        returns(r, 1));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.8.4", text = "A successful cancellation cancels the active communication, but "
      + "not the request itself. After the call to MPI_CANCEL and the subsequent call to MPI_WAIT or MPI_TEST, the "
      + "request becomes inactive and can be activated for a new communication.")
  void cancelEitherOr_judgesEachActivationOfAPersistentReceiveOnItsOwn_mpi31Section384() {
    // Activation 1 is cancelled, activation 2 receives; then the reverse on a second request. Each
    // activation is its own communication: neither order breaks "either the cancellation or the
    // communication succeeds", in any schedule.
    Program receiver = program().call(new MpiOp.RecvInit(lit(0), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, "p"))
        .call(new MpiOp.RecvInit(lit(0), lit(1), lit(1), Datatype.INT, MpiOp.WORLD, "q"))
        .call(new MpiOp.Start(List.of("p"), false)).call(new MpiOp.Cancel("p")).waitFor("p", "st")
        .call(new MpiOp.Start(List.of("p"), false)).waitFor("p", "st")
        .call(new MpiOp.Start(List.of("q"), false)).waitFor("q", "st")
        .call(new MpiOp.Start(List.of("q"), false)).call(new MpiOp.Cancel("q")).waitFor("q", "st")
        .call(new MpiOp.TestCancelled("st", "c")).call(new MpiOp.RequestFree("p")).call(new MpiOp.RequestFree("q"))
        .build();
    Program sender = program().send(lit(1), lit(0), lit(1), Datatype.INT).send(lit(1), lit(1), lit(1), Datatype.INT)
        .build();
    RunResult r = run(options(SendCancelPolicy.NEVER, 4096), sender, receiver);
    assertEquals(Outcome.OK, r.outcome(), r.trace().toText());
    assertEquals(List.of(), r.violations());
    assertTrue(returns(r, 1).contains("MPI_Test_cancelled flag=true"), returns(r, 1).toString());
    ModelSpec spec = ModelSpec.builder().options(options(SendCancelPolicy.NEVER, 4096)).rank(sender).rank(receiver)
        .build();
    Exhaustive.ends(spec, CheckKind.CANCEL_EITHER_OR).keySet()
        .forEach(e -> assertFalse(e.violated(), e.toString()));
  }

  @Test
  @SpecClause(source = "seed 000 §3.1", text = "A call to MPI_MESSAGE_CANCEL cancels the receipt of a message "
      + "matched by a matching probe. A cancelled message cannot be received.")
  @SpecClause(source = "DESIGN §4", text = "The proposal's MPI_Message_cancel did not enter MPI-3; model it behind a "
      + "flag named for the proposal.")
  void messageCancel_isOffByDefault_andDiscardsTheMatchedMessageWhenOn_seed000() {
    Program sender = program().send(SendMode.SYNCHRONOUS, lit(1), lit(0), lit(1), Datatype.INT).build();
    Program receiver = program().mprobe(lit(0), lit(0), "m", null).call(new MpiOp.MessageCancel("m"))
        .iprobe(anySource(), lit(0), "f", null).build();
    Program plainSender = program().send(lit(1), lit(0), lit(1), Datatype.INT).build();
    RunResult off = run(options(SendCancelPolicy.NEVER, 4096), plainSender, receiver);
    assertEquals(Outcome.ERRONEOUS, off.outcome());
    assertTrue(off.problems().get(0).contains("MPI_Message_cancel is a proposal"), off.problems().toString());
    // Not cancelled, the matched message is never received either (MPI-4.1 §11.2.2: message handles
    // must be received before MPI_Finalize).
    assertEquals("erroneous: " + CompleteBeforeFinalize.RULE + " at r1.t0", off.problems().get(1));
    RunResult on = run(options(SendCancelPolicy.NEVER, 4096).withMessageCancel(true), sender, receiver);
    assertEquals(Outcome.OK, on.outcome(), on.trace().toText());
    assertTrue(on.trace().matches().stream().noneMatch(m -> m.match().receives()), "the message is never received");
    assertEquals(List.of("MPI_Ssend "), returns(on, 0), "the synchronous sender completes: the receipt was cancelled");
  }

  @Test
  @SpecClause(source = "MPI-2.2 §3.8 (seed 001)", text = EITHER_OR)
  void exploration_underUntilMatched_reachesBothOutcomes_andNeverBoth_mpi31Section384() {
    // Sender: Isend, Cancel, Wait. Receiver: Irecv, Test, Cancel, Wait. In every schedule either the
    // communication or the cancellations win, never both; both are reachable.
    Program sender = cancelThenWait(program().isend(SendMode.STANDARD, lit(1), lit(0), lit(1), Datatype.INT, "s"),
        "s").build();
    Program receiver = program().irecv(lit(0), lit(0), lit(1), Datatype.INT, "r")
        .call(new MpiOp.Cancel("r")).waitFor("r", "st").build();
    for (int threshold : new int[] {4096, 1}) {
      ModelSpec spec = ModelSpec.builder().options(options(SendCancelPolicy.UNTIL_MATCHED, threshold)).rank(sender)
          .rank(receiver).build();
      ExplorationReport report = Explorer.explore(new MpiTransitionSystem(spec, List.of(CheckKind.values()), true),
          ExploreOptions.of(Strategy.EXHAUSTIVE), ProgressListener.NONE);
      assertTrue(report.exhaustive());
      assertFalse(report.violationFound(), report.outcomes().keySet().toString());
      Set<String> receipts = new TreeSet<>();
      report.outcomes().keySet().forEach(o -> receipts.add(o.contains("receipts none") ? "cancelled" : "received"));
      assertEquals(Set.of("cancelled", "received"), receipts, report.outcomes().keySet().toString());
    }
  }
}
