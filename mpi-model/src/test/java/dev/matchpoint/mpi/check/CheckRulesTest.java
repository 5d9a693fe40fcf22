package dev.matchpoint.mpi.check;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.matchpoint.mpi.ErrorClass;
import dev.matchpoint.mpi.RequestIds;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.match.Envelopes;
import dev.matchpoint.mpi.match.MessageIds;
import dev.matchpoint.mpi.program.SourceLocation;
import dev.matchpoint.mpi.trace.MatchKind;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Each check judges traces that break its rule: fed the events of a run in which the model went
 * wrong (which a correct model never emits, so only such a trace can show that the check would
 * notice), it reports exactly the violation; fed the nearly identical trace that keeps the rule, it
 * reports nothing. Events are numbered by step in the order built, across a test method.
 */
class CheckRulesTest {
  private long step;

  private static final int ANY = Envelopes.ANY;

  private static long key(int source, long seq) {
    return MessageIds.key(source, 0, seq);
  }

  private static long req(int rank, int thread, int index) {
    return RequestIds.id(rank, thread, index);
  }

  /** Rank {@code source} sends {@code seq} with {@code tag} to {@code dest} on context 0. */
  private TraceEvent sent(int source, int dest, int tag, long seq) {
    return new TraceEvent.MessageSent(step++, 0, source, 0, dest, tag, 0, seq, 4, SendMode.STANDARD, false,
        req(source, 0, (int) seq));
  }

  private TraceEvent matched(MatchKind kind, int rank, int thread, long request, long messageKey, int patternSource,
      int patternTag, int tag) {
    return new TraceEvent.Matched(step++, 0, rank, thread, kind, request, messageKey, 0, patternSource, patternTag, tag,
        4, 0, 0, -1);
  }

  private TraceEvent posted(int rank, int thread, long request, int source, int tag) {
    return new TraceEvent.ReceivePosted(step++, 0, rank, thread, request, source, tag, 0, 4);
  }

  private TraceEvent completed(int rank, int thread, long request) {
    return new TraceEvent.RequestCompleted(step++, 0, rank, thread, request, 0, 0, 4, ErrorClass.MPI_SUCCESS, false);
  }

  /** The receiver {@code dest} decides a cancel of the send of a message (thread -1, as the model emits it). */
  private TraceEvent sendCancelled(int dest, long messageKey, boolean cancelled) {
    return new TraceEvent.CancelDecided(step++, 0, dest, -1, RequestIds.NONE, messageKey, cancelled, "");
  }

  /** A thread's cancel of its own receive request. */
  private TraceEvent receiveCancelled(int rank, int thread, long request, boolean cancelled) {
    return new TraceEvent.CancelDecided(step++, 0, rank, thread, request, -1, cancelled, "");
  }

  private static List<String> judge(Check check, List<TraceEvent> events, RunEnd end) {
    Checks checks = new Checks(List.of(check));
    for (TraceEvent e : events) {
      checks.emit(e);
    }
    checks.end(end);
    return checks.violations().stream().map(Violation::toString).toList();
  }

  private static List<String> judge(Check check, TraceEvent... events) {
    return judge(check, List.of(events), new RunEnd(99, List.of(), false));
  }

  // --- non-overtaking ---

  private static final String NON_OVERTAKING = "If a sender sends two messages in succession to the same destination, "
      + "and both match the same receive, then this operation cannot receive the second message if the first one is "
      + "still pending.";

  @Test
  @SpecClause(source = "MPI-3.1 §3.5", text = NON_OVERTAKING)
  void nonOvertaking_aReceiveTakingTheSecondMessageWhileTheFirstMatchingIsPending_isReported() {
    List<String> v = judge(new NonOvertaking(), sent(1, 2, 5, 0), sent(1, 2, 5, 1),
        matched(MatchKind.RECEIVE, 2, 0, req(2, 0, 0), key(1, 1), 1, 5, 5));
    assertEquals(List.of("non-overtaking: receive matched 1#1 while the earlier matching 1#0 was pending (r2.t0, "
        + "step 2)"), v);
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.5", text = NON_OVERTAKING)
  void nonOvertaking_inOrder_orAnEarlierMessageThePatternDoesNotMatch_isFine() {
    assertEquals(List.of(), judge(new NonOvertaking(), sent(1, 2, 5, 0), sent(1, 2, 5, 1),
        matched(MatchKind.RECEIVE, 2, 0, req(2, 0, 0), key(1, 0), 1, 5, 5),
        matched(MatchKind.RECEIVE, 2, 0, req(2, 0, 1), key(1, 1), ANY, ANY, 5)));
    assertEquals(List.of(), judge(new NonOvertaking(), sent(1, 2, 4, 0), sent(1, 2, 5, 1),
        matched(MatchKind.RECEIVE, 2, 0, req(2, 0, 0), key(1, 1), 1, 5, 5)), "1#0 has tag 4: no overtaking");
    assertEquals(List.of(), judge(new NonOvertaking(), sent(1, 3, 5, 0), sent(1, 2, 5, 0),
        matched(MatchKind.RECEIVE, 2, 0, req(2, 0, 0), key(1, 0), 1, 5, 5)), "another destination's message");
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.5", text = NON_OVERTAKING)
  void nonOvertaking_aProbeLeavesItsMessagePending_aMatchedProbeTakesIt() {
    // A probe reports what a receive would match: the probed message stays pending, so a receive of
    // the next one overtakes it. A matched probe takes it: the next one is then fine.
    assertEquals(1, judge(new NonOvertaking(), sent(1, 2, 5, 0), sent(1, 2, 5, 1),
        matched(MatchKind.PROBE, 2, 0, RequestIds.NONE, key(1, 0), 1, 5, 5),
        matched(MatchKind.RECEIVE, 2, 0, req(2, 0, 0), key(1, 1), 1, 5, 5)).size());
    assertEquals(List.of(), judge(new NonOvertaking(), sent(1, 2, 5, 0), sent(1, 2, 5, 1),
        matched(MatchKind.MPROBE, 2, 0, RequestIds.NONE, key(1, 0), 1, 5, 5),
        matched(MatchKind.RECEIVE, 2, 0, req(2, 0, 0), key(1, 1), 1, 5, 5),
        matched(MatchKind.MRECV, 2, 0, req(2, 0, 1), key(1, 0), 1, 5, 5)));
    assertEquals(1, judge(new NonOvertaking(), sent(1, 2, 5, 0), sent(1, 2, 5, 1),
        matched(MatchKind.PROBE, 2, 0, RequestIds.NONE, key(1, 1), ANY, 5, 5)).size(),
        "a probe may not report the second message either");
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.8.4", text = "If a send is marked for cancellation, then it must be the case that "
      + "either the send completes normally, in which case the message sent was received at the destination process, "
      + "or that the send is successfully canceled, in which case no part of the message was received at the "
      + "destination.")
  void nonOvertaking_aSuccessfullyCancelledSendIsNoLongerPending() {
    assertEquals(List.of(), judge(new NonOvertaking(), sent(1, 2, 5, 0), sent(1, 2, 5, 1),
        sendCancelled(2, key(1, 0), true), matched(MatchKind.RECEIVE, 2, 0, req(2, 0, 0), key(1, 1), 1, 5, 5)));
    assertEquals(1, judge(new NonOvertaking(), sent(1, 2, 5, 0), sent(1, 2, 5, 1),
        sendCancelled(2, key(1, 0), false), matched(MatchKind.RECEIVE, 2, 0, req(2, 0, 0), key(1, 1), 1, 5, 5))
        .size(), "a failed cancel leaves the message pending");
    assertEquals(1, judge(new NonOvertaking(), sent(1, 2, 5, 0), sent(1, 2, 5, 1),
        new TraceEvent.CancelDecided(step++, 0, 1, 0, req(1, 0, 0), key(1, 0), true, "sender's view"),
        matched(MatchKind.RECEIVE, 2, 0, req(2, 0, 0), key(1, 1), 1, 5, 5)).size(),
        "only the receiver's decision (thread -1) withdraws the message");
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.5", text = NON_OVERTAKING)
  void nonOvertaking_keepsEachSenderDestinationAndContextApart() {
    // Rank 2 receives its 1#0; rank 3's 1#0 (the same key at another destination) is still pending.
    assertEquals(List.of("non-overtaking: receive matched 1#1 while the earlier matching 1#0 was pending (r3.t0, "
        + "step 4)"), judge(new NonOvertaking(), sent(1, 2, 5, 0), sent(1, 3, 5, 0), sent(1, 3, 5, 1),
        matched(MatchKind.RECEIVE, 2, 0, req(2, 0, 0), key(1, 0), 1, 5, 5),
        matched(MatchKind.RECEIVE, 3, 0, req(3, 0, 0), key(1, 1), 1, 5, 5)));
    // Rank 2 receives 1#0; 4#0 from another sender is still pending when 4#1 is received.
    assertEquals(1, judge(new NonOvertaking(), sent(1, 2, 5, 0), sent(4, 2, 5, 0), sent(4, 2, 5, 1),
        matched(MatchKind.RECEIVE, 2, 0, req(2, 0, 0), key(1, 0), ANY, 5, 5),
        matched(MatchKind.RECEIVE, 2, 0, req(2, 0, 1), key(4, 1), ANY, 5, 5)).size());
    // The same sender and numbers on another communicator (context 1) are another channel.
    assertEquals(1, judge(new NonOvertaking(), sent(1, 2, 5, 0),
        new TraceEvent.MessageSent(step++, 0, 1, 0, 2, 5, 1, 0, 4, SendMode.STANDARD, false, req(1, 0, 9)),
        new TraceEvent.MessageSent(step++, 0, 1, 0, 2, 5, 1, 1, 4, SendMode.STANDARD, false, req(1, 0, 10)),
        matched(MatchKind.RECEIVE, 2, 0, req(2, 0, 0), key(1, 0), ANY, 5, 5),
        matched(MatchKind.RECEIVE, 2, 0, req(2, 0, 1), MessageIds.key(1, 1, 1), ANY, 5, 5)).size());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.5", text = NON_OVERTAKING)
  void nonOvertaking_aCancelWithdrawsOnlyItsOwnMessage_evenRankZerosFirst() {
    assertEquals(List.of(), judge(new NonOvertaking(), sent(0, 2, 5, 0), sent(0, 2, 5, 1),
        sendCancelled(2, key(0, 0), true), matched(MatchKind.RECEIVE, 2, 0, req(2, 0, 0), key(0, 1), 0, 5, 5)),
        "message 0#0 (key 0) is withdrawn like any other");
    assertEquals(1, judge(new NonOvertaking(), sent(1, 2, 5, 0), sent(1, 2, 5, 1), sent(1, 2, 5, 2),
        sendCancelled(2, key(1, 0), true), matched(MatchKind.RECEIVE, 2, 0, req(2, 0, 0), key(1, 2), 1, 5, 5)).size(),
        "1#1 is still pending after 1#0's cancel");
    assertEquals(1, judge(new NonOvertaking(), sent(1, 2, 5, 0), sent(1, 2, 5, 1),
        new TraceEvent.CancelDecided(step++, 0, 2, 0, req(2, 0, 3), key(1, 0), true, "a thread of the receiver"),
        matched(MatchKind.RECEIVE, 2, 0, req(2, 0, 0), key(1, 1), 1, 5, 5)).size(),
        "only the decision on the send (thread -1) withdraws a message");
  }

  // --- cancel: either or ---

  private static final String EITHER_OR = "Either the cancellation succeeds, or the communication succeeds, but not "
      + "both.";

  @Test
  @SpecClause(source = "MPI-3.1 §3.8.4", text = EITHER_OR)
  void cancelEitherOr_aCancelledSendReceived_isReported_inEitherOrder() {
    assertEquals(List.of("cancel-either-or: message 1#0 was received although its send was cancelled (r2.t0, step 1)"),
        judge(new CancelEitherOr(), sendCancelled(2, key(1, 0), true),
            matched(MatchKind.RECEIVE, 2, 0, req(2, 0, 0), key(1, 0), 1, 5, 5)));
    assertEquals(List.of("cancel-either-or: the send of 1#0 was cancelled although the message was received (r2, "
            + "step 3)"),
        judge(new CancelEitherOr(), matched(MatchKind.MRECV, 2, 0, req(2, 0, 0), key(1, 0), 1, 5, 5),
            sendCancelled(2, key(1, 0), true)));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.8.4", text = EITHER_OR)
  void cancelEitherOr_aFailedCancel_orAnotherMessageOrRank_isFine() {
    assertEquals(List.of(), judge(new CancelEitherOr(), sendCancelled(2, key(1, 0), false),
        matched(MatchKind.RECEIVE, 2, 0, req(2, 0, 0), key(1, 0), 1, 5, 5)));
    assertEquals(List.of(), judge(new CancelEitherOr(), sendCancelled(2, key(1, 0), true),
        matched(MatchKind.RECEIVE, 2, 0, req(2, 0, 0), key(1, 1), 1, 5, 5),
        matched(MatchKind.RECEIVE, 3, 0, req(3, 0, 0), key(1, 0), 1, 5, 5),
        matched(MatchKind.PROBE, 2, 0, RequestIds.NONE, key(1, 0), 1, 5, 5)));
    assertEquals(List.of(), judge(new CancelEitherOr(),
        matched(MatchKind.RECEIVE, 2, 0, req(2, 0, 0), key(1, 0), 1, 5, 5),
        new TraceEvent.CancelDecided(step++, 0, 2, 0, req(2, 0, 0), key(1, 0), true, "a thread's own view")));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.8.4", text = EITHER_OR)
  void cancelEitherOr_judgesRankZerosFirstMessage_andOnlyTheDecisionOnTheSend() {
    assertEquals(1, judge(new CancelEitherOr(), sendCancelled(2, key(0, 0), true),
        matched(MatchKind.RECEIVE, 2, 0, req(2, 0, 0), key(0, 0), 0, 5, 5)).size(), "message 0#0 has key 0");
    assertEquals(List.of(), judge(new CancelEitherOr(),
        new TraceEvent.CancelDecided(step++, 0, 2, 0, req(2, 0, 3), key(1, 0), true, "a thread of the receiver"),
        matched(MatchKind.RECEIVE, 2, 0, req(2, 0, 0), key(1, 0), 1, 5, 5)));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.8.4", text = EITHER_OR)
  void cancelEitherOr_aCancelledReceiveThatMatched_isReported_inEitherOrder() {
    long r = req(2, 0, 0);
    assertEquals(List.of("cancel-either-or: receive r2.t0#0 matched a message although it was cancelled (r2.t0, "
        + "step 2)"), judge(new CancelEitherOr(), posted(2, 0, r, 1, 5), receiveCancelled(2, 0, r, true),
        matched(MatchKind.RECEIVE, 2, 0, r, key(1, 0), 1, 5, 5)));
    assertEquals(List.of("cancel-either-or: receive r2.t0#0 was cancelled although it matched (r2.t0, step 5)"),
        judge(new CancelEitherOr(), posted(2, 0, r, 1, 5), matched(MatchKind.RECEIVE, 2, 0, r, key(1, 0), 1, 5, 5),
            receiveCancelled(2, 0, r, true)));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.8.4", text = "A successful cancellation cancels the active communication, but not "
      + "the request itself. After the call to MPI_CANCEL and the subsequent call to MPI_WAIT or MPI_TEST, the request "
      + "becomes inactive and can be activated for a new communication.")
  void cancelEitherOr_judgesAPersistentReceivePerActivation() {
    long r = req(2, 0, 0);
    assertEquals(List.of(), judge(new CancelEitherOr(), posted(2, 0, r, 1, 5), receiveCancelled(2, 0, r, true),
        posted(2, 0, r, 1, 5), matched(MatchKind.RECEIVE, 2, 0, r, key(1, 0), 1, 5, 5)), "restarted after a cancel");
    assertEquals(List.of(), judge(new CancelEitherOr(), posted(2, 0, r, 1, 5), receiveCancelled(2, 0, r, true),
        completed(2, 0, r), matched(MatchKind.RECEIVE, 2, 0, r, key(1, 0), 1, 5, 5)), "completed, then matched anew");
    assertEquals(List.of(), judge(new CancelEitherOr(), posted(2, 0, r, 1, 5),
        matched(MatchKind.RECEIVE, 2, 0, r, key(1, 0), 1, 5, 5), posted(2, 0, r, 1, 5),
        receiveCancelled(2, 0, r, true)), "the second activation is cancelled, the first matched");
    assertEquals(List.of(), judge(new CancelEitherOr(), posted(2, 0, r, 1, 5),
        matched(MatchKind.RECEIVE, 2, 0, r, key(1, 0), 1, 5, 5), completed(2, 0, r),
        receiveCancelled(2, 0, r, true)), "a cancel after completion has no effect");
    assertEquals(1, judge(new CancelEitherOr(), posted(2, 0, r, 1, 5),
        matched(MatchKind.RECEIVE, 2, 0, r, key(1, 0), 1, 5, 5), completed(2, 0, req(2, 0, 1)),
        receiveCancelled(2, 0, r, true)).size(), "another request's completion changes nothing");
    assertEquals(List.of(), judge(new CancelEitherOr(), posted(2, 0, r, 1, 5), receiveCancelled(2, 0, r, false),
        matched(MatchKind.RECEIVE, 2, 0, r, key(1, 0), 1, 5, 5)), "a failed cancel");
  }

  // --- probe, then receive the same message ---

  private static final String PROBE_THEN_RECEIVE = "A subsequent receive executed with the same communicator, and the "
      + "source and tag returned in status by MPI_IPROBE will receive the message that was matched by the probe, if no "
      + "other intervening receive occurs after the probe, and the send is not successfully cancelled before the "
      + "receive.";

  @Test
  @SpecClause(source = "seed 001", text = PROBE_THEN_RECEIVE)
  void probeThenReceive_anotherMessageReceived_isReported() {
    long r = req(2, 0, 0);
    assertEquals(List.of("probe-then-receive-same-message: the receive after a probe of 1#0 received 3#0 instead "
        + "(r2.t0, step 2)"), judge(new ProbeThenReceiveSameMessage(),
        matched(MatchKind.PROBE, 2, 0, RequestIds.NONE, key(1, 0), ANY, 5, 5), posted(2, 0, r, ANY, 5),
        matched(MatchKind.RECEIVE, 2, 0, r, key(3, 0), ANY, 5, 5)));
    assertEquals(List.of(), judge(new ProbeThenReceiveSameMessage(),
        matched(MatchKind.PROBE, 2, 0, RequestIds.NONE, key(1, 0), ANY, 5, 5), posted(2, 0, r, 1, 5),
        matched(MatchKind.RECEIVE, 2, 0, r, key(1, 0), 1, 5, 5)));
  }

  @Test
  @SpecClause(source = "seed 001", text = PROBE_THEN_RECEIVE)
  void probeThenReceive_aReceiveThatNeverCompletes_isReportedAtTheEnd() {
    long r = req(2, 1, 4);
    assertEquals(List.of("probe-then-receive-same-message: the receive r2.t1#4 after a probe of 1#0 never received it "
        + "(r2.t1, step 99)"), judge(new ProbeThenReceiveSameMessage(),
        matched(MatchKind.PROBE, 2, 1, RequestIds.NONE, key(1, 0), ANY, 5, 5), posted(2, 1, r, 1, 5)));
  }

  @Test
  @SpecClause(source = "seed 001", text = PROBE_THEN_RECEIVE)
  void probeThenReceive_promisesNothingForAnotherPatternThread_aMatchedProbe_orACancelledSend() {
    long r = req(2, 0, 0);
    assertEquals(List.of(), judge(new ProbeThenReceiveSameMessage(),
        matched(MatchKind.PROBE, 2, 0, RequestIds.NONE, key(1, 0), ANY, 5, 5), posted(2, 0, r, 1, 6),
        matched(MatchKind.RECEIVE, 2, 0, r, key(1, 1), 1, 6, 6)), "the receive's tag does not match the probed one");
    assertEquals(List.of(), judge(new ProbeThenReceiveSameMessage(),
        matched(MatchKind.PROBE, 2, 0, RequestIds.NONE, key(1, 0), ANY, 5, 5), posted(2, 1, req(2, 1, 0), 1, 5),
        matched(MatchKind.RECEIVE, 2, 1, req(2, 1, 0), key(1, 1), 1, 5, 5)), "another thread's receive");
    assertEquals(List.of(), judge(new ProbeThenReceiveSameMessage(),
        matched(MatchKind.PROBE, 2, 0, RequestIds.NONE, key(1, 0), ANY, 5, 5),
        matched(MatchKind.MPROBE, 2, 0, RequestIds.NONE, key(1, 0), ANY, 5, 5), posted(2, 0, r, 1, 5),
        matched(MatchKind.RECEIVE, 2, 0, r, key(1, 1), 1, 5, 5)), "a matched probe intervened");
    assertEquals(List.of(), judge(new ProbeThenReceiveSameMessage(),
        matched(MatchKind.PROBE, 2, 0, RequestIds.NONE, key(1, 0), ANY, 5, 5), sendCancelled(2, key(1, 0), true),
        posted(2, 0, r, 1, 5), matched(MatchKind.RECEIVE, 2, 0, r, key(1, 1), 1, 5, 5)), "cancelled before the post");
    assertEquals(List.of(), judge(new ProbeThenReceiveSameMessage(),
        matched(MatchKind.PROBE, 2, 0, RequestIds.NONE, key(1, 0), ANY, 5, 5), posted(2, 0, r, 1, 5),
        sendCancelled(2, key(1, 0), true), matched(MatchKind.RECEIVE, 2, 0, r, key(1, 1), 1, 5, 5)),
        "cancelled after the post");
    assertEquals(1, judge(new ProbeThenReceiveSameMessage(),
        matched(MatchKind.PROBE, 2, 0, RequestIds.NONE, key(1, 0), ANY, 5, 5), posted(2, 0, r, 1, 5),
        sendCancelled(2, key(1, 0), false), matched(MatchKind.RECEIVE, 2, 0, r, key(1, 1), 1, 5, 5)).size(),
        "a failed cancel keeps the promise");
  }

  @Test
  @SpecClause(source = "seed 001", text = PROBE_THEN_RECEIVE)
  void probeThenReceive_keepsEachRanksThreadsApart_andACancelDropsOnlyItsMessage() {
    assertEquals(List.of(), judge(new ProbeThenReceiveSameMessage(),
        matched(MatchKind.PROBE, 2, 0, RequestIds.NONE, key(1, 0), ANY, 5, 5), posted(3, 0, req(3, 0, 0), 1, 5),
        matched(MatchKind.RECEIVE, 3, 0, req(3, 0, 0), key(1, 1), 1, 5, 5)), "rank 3 probed nothing");
    assertEquals(1, judge(new ProbeThenReceiveSameMessage(),
        matched(MatchKind.PROBE, 2, 0, RequestIds.NONE, key(1, 0), ANY, 5, 5), sendCancelled(2, key(4, 0), true),
        posted(2, 0, req(2, 0, 0), 1, 5), matched(MatchKind.RECEIVE, 2, 0, req(2, 0, 0), key(1, 1), 1, 5, 5)).size(),
        "the cancel of another message keeps the promise");
    assertEquals(1, judge(new ProbeThenReceiveSameMessage(),
        matched(MatchKind.PROBE, 2, 0, RequestIds.NONE, key(1, 0), ANY, 5, 5), posted(2, 0, req(2, 0, 0), 1, 5),
        sendCancelled(2, key(4, 0), true), matched(MatchKind.RECEIVE, 2, 0, req(2, 0, 0), key(1, 1), 1, 5, 5)).size(),
        "the cancel of another message after the post keeps the promise too");
    assertEquals(List.of(), judge(new ProbeThenReceiveSameMessage(),
        matched(MatchKind.PROBE, 2, 0, RequestIds.NONE, key(0, 0), ANY, 5, 5), sendCancelled(2, key(0, 0), true),
        posted(2, 0, req(2, 0, 0), 0, 5), matched(MatchKind.RECEIVE, 2, 0, req(2, 0, 0), key(0, 1), 0, 5, 5)),
        "message 0#0 (key 0) cancelled: no promise");
  }

  // --- matched message exclusive ---

  /** MPI-3.1 §3.8.3 on MPI_Mrecv. */
  private static final String MRECV = "This call receives a message matched by a matching probe operation";

  private static final String EXCLUSIVE = "Unlike MPI_IPROBE, no other probe or receive operation may match the "
      + "message returned by MPI_IMPROBE.";

  @Test
  @SpecClause(source = "seed 000 §3.2", text = EXCLUSIVE)
  void matchedMessageExclusive_anotherOperationMatchingAHeldMessage_isReported() {
    assertEquals(List.of("matched-message-exclusive: probe matched 1#0, which a matched probe of r2.t0 holds (r2.t1, "
        + "step 1)"), judge(new MatchedMessageExclusive(),
        matched(MatchKind.MPROBE, 2, 0, RequestIds.NONE, key(1, 0), ANY, ANY, 5),
        matched(MatchKind.PROBE, 2, 1, RequestIds.NONE, key(1, 0), ANY, ANY, 5)));
    assertEquals(List.of("matched-message-exclusive: matched receive of 1#0 without a matched probe of it in this "
        + "rank (r3.t0, step 3)"), judge(new MatchedMessageExclusive(),
        matched(MatchKind.MPROBE, 2, 0, RequestIds.NONE, key(1, 0), ANY, ANY, 5),
        matched(MatchKind.MRECV, 3, 0, req(3, 0, 0), key(1, 0), ANY, ANY, 5)));
    assertEquals(1, judge(new MatchedMessageExclusive(),
        matched(MatchKind.MRECV, 2, 0, req(2, 0, 0), key(1, 0), ANY, ANY, 5)).size(), "no matched probe at all");
  }

  @Test
  @SpecClause(source = "seed 000 §3.2", text = EXCLUSIVE)
  void matchedMessageExclusive_theHoldersMatchedReceive_releasesTheMessage() {
    assertEquals(List.of(), judge(new MatchedMessageExclusive(),
        matched(MatchKind.MPROBE, 2, 0, RequestIds.NONE, key(1, 0), ANY, ANY, 5),
        matched(MatchKind.PROBE, 3, 0, RequestIds.NONE, key(1, 0), ANY, ANY, 5),
        matched(MatchKind.MRECV, 2, 0, req(2, 0, 0), key(1, 0), ANY, ANY, 5),
        matched(MatchKind.MPROBE, 2, 1, RequestIds.NONE, key(1, 0), ANY, ANY, 5),
        matched(MatchKind.MRECV, 2, 1, req(2, 1, 0), key(1, 0), ANY, ANY, 5)));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.8.3", text = MRECV)
  void matchedMessageExclusive_anotherThreadOfTheRank_mayReceiveTheHeldMessage() {
    // Through a rank-shared message variable (docs/scenario-format.md, Sharing between threads).
    assertEquals(List.of(), judge(new MatchedMessageExclusive(),
        matched(MatchKind.MPROBE, 2, 0, RequestIds.NONE, key(1, 0), ANY, ANY, 5),
        matched(MatchKind.MRECV, 2, 1, req(2, 1, 0), key(1, 0), ANY, ANY, 5)));
  }

  // --- received at most once, no deadlock, no errors, complete before finalize ---

  @Test
  @SpecClause(source = "seed 000 §1", text = "a message could be found by the `MPI_Probe` in both threads, while only "
      + "one of the threads could successfully receive the message")
  void receivedAtMostOnce_aSecondReceiptIsReported_aProbeIsNoReceipt() {
    assertEquals(List.of("received-at-most-once: message 1#0 was received twice (r2.t1, step 2)"),
        judge(new ReceivedAtMostOnce(), matched(MatchKind.RECEIVE, 2, 0, req(2, 0, 0), key(1, 0), 1, 5, 5),
            matched(MatchKind.PROBE, 2, 0, RequestIds.NONE, key(1, 0), 1, 5, 5),
            matched(MatchKind.MRECV, 2, 1, req(2, 1, 0), key(1, 0), 1, 5, 5)));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §8.7", text = "must locally complete all MPI operations that it initiated and must "
      + "execute matching calls needed to complete MPI communications initiated by other processes")
  void finalizeAndErrorChecks_splitTheErroneousUsesByRule() {
    TraceEvent atFinalize = new TraceEvent.ErroneousUse(step++, 0, 0, 0, CompleteBeforeFinalize.RULE, "r0.t0#0 pending",
        SourceLocation.unknown());
    TraceEvent other = new TraceEvent.ErroneousUse(step++, 0, 1, 0, "ready send without a posted receive", "1#0",
        SourceLocation.unknown());
    TraceEvent error = new TraceEvent.ErrorRaised(step++, 0, 1, 0, "MPI_Recv", ErrorClass.MPI_ERR_TRUNCATE, "8 > 4",
        SourceLocation.unknown());
    assertEquals(List.of("complete-before-finalize: r0.t0#0 pending (r0.t0, step 0)"),
        judge(new CompleteBeforeFinalize(), atFinalize, other, error));
    assertEquals(List.of("no-errors: erroneous: ready send without a posted receive: 1#0 (r1.t0, step 1)",
        "no-errors: MPI_ERR_TRUNCATE from MPI_Recv: 8 > 4 (r1.t0, step 2)"),
        judge(new NoErrors(), atFinalize, other, error));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.5", text = "If a pair of matching send and receives have been initiated on two "
      + "processes, then at least one of these two operations will complete, independently of other actions in the "
      + "system")
  void noDeadlock_onlyARunEndingWithABlockedThreadWithinItsBudget() {
    assertEquals(List.of("no-deadlock: deadlock: r0.t0 in MPI_Recv; r1.t0 in MPI_Recv"),
        judge(new NoDeadlock(), List.of(), new RunEnd(7, List.of("r0.t0 in MPI_Recv", "r1.t0 in MPI_Recv"), false)));
    assertEquals(List.of(), judge(new NoDeadlock(), List.of(), new RunEnd(7, List.of("r0.t0 in MPI_Recv"), true)));
    assertEquals(List.of(), judge(new NoDeadlock(), List.of(), new RunEnd(7, List.of(), false)));
  }
}
