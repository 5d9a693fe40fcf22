package dev.matchpoint.mpi.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.WildcardPolicy;
import dev.matchpoint.mpi.match.MatchingEngine.CancelResult;
import dev.matchpoint.mpi.program.SourceLocation;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The engine's side of a send cancellation (MPI-3.1 §3.8.4, seed 001): a cancelled message leaves
 * no trace at the receiver, wherever the cancel finds it — queued as unexpected, held back by the
 * reordering buffer, or not arrived yet — and the channel's later messages still flow in order.
 */
class MatchingEngineCancelTest {
  private static final String EITHER_OR = "If a send is marked for cancellation, then it must be the case that either "
      + "the send completes normally, in which case the message sent was received at the destination process, or that "
      + "the send is successfully canceled, in which case no part of the message was received at the destination.";

  private final List<Long> released = new ArrayList<>();
  private final List<Long> dropped = new ArrayList<>();

  private static MatchingEngine engine() {
    return new MatchingEngine(WildcardPolicy.ARRIVAL, new BucketedPostedQueue(), new BucketedUnexpectedQueue());
  }

  private static Message msg(int source, int tag, int context, long seq) {
    return new Message(source, tag, context, seq, 4, Datatype.INT, false, SendMode.STANDARD, 0,
        SourceLocation.unknown(), 0);
  }

  /** Delivers a message; what is released is matched against the posted receives or queued. */
  private void arrive(MatchingEngine e, Message m) {
    e.arrive(m, r -> {
      released.add(r.key());
      e.matchArrival(r);
    }, d -> dropped.add(d.key()));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.8.4", text = EITHER_OR)
  void cancel_ofAQueuedUnexpectedMessage_removesItAndOnlyIt() {
    MatchingEngine e = engine();
    arrive(e, msg(1, 0, 0, 0));
    arrive(e, msg(2, 0, 0, 0));
    arrive(e, msg(1, 0, 0, 1));
    MatchingEngine.CancelOutcome out = e.cancelMessage(1, 0, 1);
    assertEquals(CancelResult.REMOVED, out.result());
    assertEquals(MessageIds.key(1, 0, 1), out.removed().key());
    assertEquals(List.of(MessageIds.key(1, 0, 0), MessageIds.key(2, 0, 0)),
        e.unexpectedMessages().stream().map(Message::key).toList());
    assertEquals(MessageIds.key(1, 0, 0), e.select(1, 0, 0, -1, false).key());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.8.4", text = EITHER_OR)
  void cancel_ofAMessageAlreadyReceived_isTooLate_andTheOtherContextsMessageStays() {
    MatchingEngine e = engine();
    e.post(7, 1, 0, 0, 8);
    arrive(e, msg(1, 0, 0, 0)); // matched the posted receive: received
    arrive(e, msg(1, 0, 3, 0)); // same source and sequence number, another communicator: unexpected
    MatchingEngine.CancelOutcome out = e.cancelMessage(1, 0, 0);
    assertEquals(CancelResult.TOO_LATE, out.result());
    assertNull(out.removed());
    assertEquals(1, e.unexpectedDepth(), "the message of context 3 is another message");
    assertEquals(CancelResult.REMOVED, e.cancelMessage(1, 3, 0).result());
    assertEquals(0, e.unexpectedDepth());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.8.4", text = EITHER_OR)
  void cancel_ofAMessageTakenFromTheQueue_isTooLate_evenWithAnotherSourcesSameNumberQueued() {
    MatchingEngine e = engine();
    arrive(e, msg(1, 0, 0, 0));
    arrive(e, msg(2, 0, 0, 0));
    e.takeUnexpected(e.select(1, 0, 0, -1, true)); // a receive took 1#0
    assertEquals(CancelResult.TOO_LATE, e.cancelMessage(1, 0, 0).result());
    assertEquals(List.of(MessageIds.key(2, 0, 0)), e.unexpectedMessages().stream().map(Message::key).toList());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.8.4", text = EITHER_OR)
  void cancel_ofAHeldBackMessage_removesIt_andItsSuccessorsFlowOnceThePredecessorArrives() {
    MatchingEngine e = engine();
    arrive(e, msg(1, 0, 0, 2));
    arrive(e, msg(1, 0, 0, 1));
    assertEquals(2, e.heldBackMessages().size());
    MatchingEngine.CancelOutcome out = e.cancelMessage(1, 0, 1);
    assertEquals(CancelResult.REMOVED, out.result());
    assertEquals(MessageIds.key(1, 0, 1), out.removed().key());
    assertEquals(List.of(MessageIds.key(1, 0, 2)), e.heldBackMessages().stream().map(Message::key).toList());
    arrive(e, msg(1, 0, 0, 0));
    assertEquals(List.of(MessageIds.key(1, 0, 0), MessageIds.key(1, 0, 2)), released,
        "1#1 was cancelled: its number is skipped and 1#2 follows 1#0");
    assertEquals(List.of(), e.heldBackMessages());
    arrive(e, msg(1, 0, 0, 3));
    assertEquals(MessageIds.key(1, 0, 3), released.get(released.size() - 1), "the channel keeps flowing");
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.8.4", text = EITHER_OR)
  void cancel_ofTheOnlyHeldBackMessage_leavesNothingHeldBack() {
    MatchingEngine e = engine();
    arrive(e, msg(1, 0, 0, 1));
    assertEquals(CancelResult.REMOVED, e.cancelMessage(1, 0, 1).result());
    assertEquals(List.of(), e.heldBackMessages());
    arrive(e, msg(1, 0, 0, 0));
    arrive(e, msg(1, 0, 0, 2));
    assertEquals(List.of(MessageIds.key(1, 0, 0), MessageIds.key(1, 0, 2)), released);
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.8.4", text = EITHER_OR)
  void cancel_beforeArrival_dropsTheMessageWhenItComes_andReleasesWhatWaitedBehindIt() {
    MatchingEngine e = engine();
    arrive(e, msg(1, 0, 0, 1)); // held back behind 1#0
    MatchingEngine.CancelOutcome out = e.cancelMessage(1, 0, 0);
    assertEquals(CancelResult.WILL_DROP, out.result());
    assertNull(out.removed());
    assertEquals(List.of(), released);
    arrive(e, msg(1, 0, 0, 0));
    assertEquals(List.of(MessageIds.key(1, 0, 0)), dropped);
    assertEquals(List.of(MessageIds.key(1, 0, 1)), released, "1#1 no longer waits for the dropped 1#0");
    assertEquals(1, e.unexpectedDepth());
    assertEquals(MessageIds.key(1, 0, 1), e.select(1, 0, 0, -1, false).key());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.8.4", text = EITHER_OR)
  void cancel_beforeArrival_ofTwoMessages_dropsBoth_andTheChannelGoesOn() {
    MatchingEngine e = engine();
    assertEquals(CancelResult.WILL_DROP, e.cancelMessage(1, 0, 0).result());
    assertEquals(CancelResult.WILL_DROP, e.cancelMessage(1, 0, 1).result());
    arrive(e, msg(1, 0, 0, 0));
    arrive(e, msg(1, 0, 0, 1));
    arrive(e, msg(1, 0, 0, 2));
    assertEquals(List.of(MessageIds.key(1, 0, 0), MessageIds.key(1, 0, 1)), dropped);
    assertEquals(List.of(MessageIds.key(1, 0, 2)), released);
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.8.4", text = EITHER_OR)
  void cancel_beforeArrival_onOneChannel_leavesAnotherChannelsSameNumberAlone() {
    MatchingEngine e = engine();
    assertEquals(CancelResult.WILL_DROP, e.cancelMessage(1, 0, 0).result());
    assertEquals(CancelResult.WILL_DROP, e.cancelMessage(2, 0, 0).result());
    arrive(e, msg(1, 0, 0, 0));
    arrive(e, msg(3, 0, 0, 0));
    arrive(e, msg(2, 0, 0, 0));
    assertEquals(List.of(MessageIds.key(1, 0, 0), MessageIds.key(2, 0, 0)), dropped);
    assertEquals(List.of(MessageIds.key(3, 0, 0)), released);
    arrive(e, msg(1, 0, 0, 1));
    arrive(e, msg(2, 0, 0, 1));
    assertEquals(List.of(MessageIds.key(3, 0, 0), MessageIds.key(1, 0, 1), MessageIds.key(2, 0, 1)), released);
  }
}
