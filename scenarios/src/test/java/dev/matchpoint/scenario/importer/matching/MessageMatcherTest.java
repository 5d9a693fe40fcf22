package dev.matchpoint.scenario.importer.matching;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.scenario.importer.matching.P2pRecord.Irecv;
import dev.matchpoint.scenario.importer.matching.P2pRecord.IrecvRequest;
import dev.matchpoint.scenario.importer.matching.P2pRecord.Isend;
import dev.matchpoint.scenario.importer.matching.P2pRecord.IsendComplete;
import dev.matchpoint.scenario.importer.matching.P2pRecord.Recv;
import dev.matchpoint.scenario.importer.matching.P2pRecord.Send;
import java.util.List;
import org.junit.jupiter.api.Test;

class MessageMatcherTest {
  @Test
  void waitallOutOfOrderIrecvs_pairInPostingOrder() {
    NormalisedLocation sender = MessageNormaliser.normalise(0, 0, List.of(
        new Isend(1, 1, 0, 5, 100, 1), new Isend(2, 1, 0, 5, 200, 2),
        new IsendComplete(3, 1), new IsendComplete(3, 2)));
    NormalisedLocation receiver = MessageNormaliser.normalise(1, 1, List.of(
        new IrecvRequest(1, 1), new IrecvRequest(1, 2),
        new Irecv(9, 0, 0, 5, 200, 2), new Irecv(10, 0, 0, 5, 100, 1)));
    MatchResult result = MessageMatcher.match(List.of(sender, receiver));
    assertEquals(2, result.matches().size());
    for (MatchedMessage m : result.matches()) {
      assertTrue(m.sizesAgree(), m.toString());
    }
    assertEquals(1L, result.matches().get(0).receive().requestId().getAsLong(),
        "the first send matches the first posted Irecv, which completed last");
  }

  @Test
  void unmatchedSendsAndReceives_areReported() {
    NormalisedLocation a = MessageNormaliser.normalise(0, 0, List.of(
        new Send(1, 1, 0, 5, 8), new Send(2, 1, 0, 5, 16), new Send(3, 1, 0, 6, 32)));
    NormalisedLocation b = MessageNormaliser.normalise(1, 1, List.of(
        new Recv(4, 0, 0, 5, 8), new Recv(5, 0, 0, 7, 64), new Recv(6, 0, 1, 5, 4)));
    MatchResult result = MessageMatcher.match(List.of(a, b));
    assertEquals(1, result.matches().size());
    assertEquals(List.of(16L, 32L), result.unmatchedSends().stream().map(SentMessage::bytes).toList(),
        "tag 5's second send and tag 6's send");
    assertEquals(List.of(64L, 4L),
        result.unmatchedReceives().stream().map(ReceivedMessage::bytes).toList(),
        "tag 7, and tag 5 on another communicator");
  }

  @Test
  void nonOvertaking_pairsPerChannelIndependently() {
    NormalisedLocation a = MessageNormaliser.normalise(0, 0, List.of(
        new Send(1, 1, 0, 1, 10), new Send(2, 1, 0, 2, 20), new Send(3, 1, 0, 1, 30)));
    NormalisedLocation b = MessageNormaliser.normalise(1, 1, List.of(
        new Recv(4, 0, 0, 2, 20), new Recv(5, 0, 0, 1, 10), new Recv(6, 0, 0, 1, 30)));
    MatchResult result = MessageMatcher.match(List.of(a, b));
    assertEquals(3, result.matches().size());
    result.matches().forEach(m -> assertTrue(m.sizesAgree(), m.toString()));
    assertEquals(List.of(10L, 20L, 30L),
        result.matches().stream().map(m -> m.send().bytes()).toList(), "ordered by send time");
  }

  @Test
  void twoThreadsOfOneRank_onOneChannel_areOrderedByTime() {
    NormalisedLocation thread0 = MessageNormaliser.normalise(0, 0, List.of(new Send(5, 1, 0, 1, 50)));
    NormalisedLocation thread1 =
        MessageNormaliser.normalise(1L << 32, 0, List.of(new Send(3, 1, 0, 1, 30)));
    NormalisedLocation receiver = MessageNormaliser.normalise(1, 1, List.of(
        new Recv(6, 0, 0, 1, 30), new Recv(7, 0, 0, 1, 50)));
    MatchResult result = MessageMatcher.match(List.of(thread0, thread1, receiver));
    result.matches().forEach(m -> assertTrue(m.sizesAgree(), m.toString()));
    assertEquals(2, result.matches().size());
  }
}
