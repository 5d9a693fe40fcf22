package dev.matchpoint.scenario.importer.matching;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.matchpoint.scenario.importer.matching.P2pRecord.Irecv;
import dev.matchpoint.scenario.importer.matching.P2pRecord.IrecvRequest;
import dev.matchpoint.scenario.importer.matching.P2pRecord.Isend;
import dev.matchpoint.scenario.importer.matching.P2pRecord.IsendComplete;
import dev.matchpoint.scenario.importer.matching.P2pRecord.Recv;
import dev.matchpoint.scenario.importer.matching.P2pRecord.RequestCancelled;
import dev.matchpoint.scenario.importer.matching.P2pRecord.Send;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Seed 002's cases, on one location (id 7, rank 0) sending to and receiving from rank 1. */
class MessageNormaliserTest {
  private static NormalisedLocation run(P2pRecord... records) {
    return MessageNormaliser.normalise(7, 0, List.of(records));
  }

  private static List<Long> sentBytes(NormalisedLocation n) {
    return n.sent().stream().map(SentMessage::bytes).toList();
  }

  private static List<Long> receivedBytes(NormalisedLocation n) {
    return n.received().stream().map(ReceivedMessage::bytes).toList();
  }

  @Test
  void blockingSend_behindIncompleteIsend_isRecordedAfterTheIsendCompletes() {
    NormalisedLocation beforeCompletion = run(new Isend(10, 1, 0, 5, 100, 1), new Send(20, 1, 0, 5, 200));
    assertEquals(List.of(1L), beforeCompletion.unfinishedRequests());
    assertEquals(List.of(200L), sentBytes(beforeCompletion), "released only at the end");

    NormalisedLocation n = run(new Isend(10, 1, 0, 5, 100, 1), new Send(20, 1, 0, 5, 200),
        new IsendComplete(30, 1));
    assertEquals(List.of(100L, 200L), sentBytes(n));
    assertEquals(List.of(10L, 20L), n.sent().stream().map(SentMessage::timeTicks).toList(),
        "a sent message carries the Isend's time, not the completion's");
    assertEquals(List.of(0, 1), n.sent().stream().map(SentMessage::sequence).toList());
    assertEquals(List.of(), n.unfinishedRequests());
  }

  @Test
  void isends_completedOutOfOrder_areRecordedInIssueOrder() {
    NormalisedLocation n = run(new Isend(10, 1, 0, 5, 100, 1), new Isend(11, 1, 0, 5, 200, 2),
        new Send(12, 1, 0, 5, 300), new IsendComplete(20, 2), new IsendComplete(21, 1));
    assertEquals(List.of(100L, 200L, 300L), sentBytes(n));

    NormalisedLocation half = run(new Isend(10, 1, 0, 5, 100, 1), new Isend(11, 1, 0, 5, 200, 2),
        new Send(12, 1, 0, 5, 300), new IsendComplete(20, 2));
    assertEquals(List.of(1L), half.unfinishedRequests(),
        "the completed Isend and the Send wait in the first Isend's queue");
  }

  @Test
  void cancelledIsend_recordsNothing_butReleasesWhatItBlocked() {
    NormalisedLocation n = run(new Isend(10, 1, 0, 5, 100, 1), new Send(20, 1, 0, 5, 200),
        new RequestCancelled(30, 1));
    assertEquals(List.of(200L), sentBytes(n));
    assertEquals(List.of(), n.unfinishedRequests());
  }

  @Test
  void cancelledIrecv_recordsNothing_butReleasesWhatItBlocked() {
    NormalisedLocation n = run(new IrecvRequest(10, 1), new Recv(20, 1, 0, 5, 200),
        new RequestCancelled(30, 1));
    assertEquals(List.of(200L), receivedBytes(n));
    assertEquals(List.of(), n.sent());
  }

  @Test
  void cancelOfUnknownRequest_isIgnored() {
    NormalisedLocation n = run(new RequestCancelled(5, 9), new Send(6, 1, 0, 5, 8));
    assertEquals(List.of(8L), sentBytes(n));
  }

  @Test
  void reusedRequestId_isRetiredAtCompletionAndReadyForItsNextUse() {
    NormalisedLocation n = run(new Isend(10, 1, 0, 5, 100, 1), new IsendComplete(11, 1),
        new IrecvRequest(12, 1), new Isend(13, 1, 0, 6, 200, 1),
        new Irecv(14, 1, 0, 9, 50, 1), new IsendComplete(15, 1));
    assertEquals(List.of(100L, 200L), sentBytes(n));
    assertEquals(List.of(10L, 13L), n.sent().stream().map(SentMessage::timeTicks).toList());
    assertEquals(List.of(50L), receivedBytes(n));
    assertEquals(List.of(), n.unfinishedRequests());
    assertEquals(List.of(), n.unknownCompletions());
  }

  @Test
  void waitallCompletingIrecvsOutOfOrder_keepsPostingOrderAndCompletionTimes() {
    NormalisedLocation n = run(new IrecvRequest(1, 1), new IrecvRequest(2, 2),
        new Recv(5, 1, 0, 5, 300), new Irecv(10, 1, 0, 5, 200, 2), new Irecv(11, 1, 0, 5, 100, 1));
    assertEquals(List.of(100L, 200L, 300L), receivedBytes(n), "posting order");
    assertEquals(List.of(11L, 10L, 5L), n.received().stream().map(ReceivedMessage::timeTicks).toList(),
        "a received message carries its completion time");
    assertEquals(List.of(1L, 2L, 5L),
        n.received().stream().map(ReceivedMessage::postedTicks).toList());
  }

  @Test
  void completionOfUnpostedRequest_isReported() {
    NormalisedLocation n = run(new IsendComplete(3, 4), new Irecv(4, 1, 0, 1, 1, 5));
    assertEquals(List.of(4L, 5L), n.unknownCompletions());
    assertEquals(List.of(), n.sent());
    assertEquals(List.of(), n.received());
  }
}
