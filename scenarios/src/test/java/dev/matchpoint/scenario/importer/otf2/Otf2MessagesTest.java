package dev.matchpoint.scenario.importer.otf2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.scenario.importer.matching.MatchResult;
import dev.matchpoint.scenario.importer.matching.MatchedMessage;
import dev.matchpoint.scenario.importer.matching.MessageMatcher;
import dev.matchpoint.scenario.importer.matching.NormalisedLocation;
import dev.matchpoint.scenario.importer.matching.ReceivedMessage;
import dev.matchpoint.scenario.importer.matching.SentMessage;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Seed 002 normalisation and matching end to end on the archives libotf2 wrote. */
class Otf2MessagesTest {
  private static String describe(MatchedMessage m) {
    SentMessage s = m.send();
    return s.sender() + "->" + s.receiver() + " comm " + s.communicator() + " tag " + s.tag() + " "
        + s.bytes() + "B";
  }

  @Test
  void worked_bothMessagesMatch_cancelledIrecvLeavesNothing() throws Exception {
    MatchResult result = MessageMatcher.match(Otf2Messages.normalise(
        Otf2Archive.read(Otf2Samples.anchor("worked"))));
    assertEquals(List.of("0->1 comm 0 tag 7 1024B", "0->2 comm 0 tag 3 8B"),
        result.matches().stream().map(Otf2MessagesTest::describe).toList());
    assertEquals(List.of(), result.unmatchedSends());
    assertEquals(List.of(), result.unmatchedReceives());
  }

  @Test
  void rich_matchesInPostingOrderAcrossCommunicatorsAndThreads() throws Exception {
    List<NormalisedLocation> locations =
        Otf2Messages.normalise(Otf2Archive.read(Otf2Samples.anchor("rich")));
    assertEquals(List.of(0L, 1L << 32, 1L, (1L << 32) | 1, 2L),
        locations.stream().map(NormalisedLocation::location).toList());
    NormalisedLocation rank0 = locations.get(0);
    assertEquals(List.of(100L, 200L, 300L, 50L),
        rank0.sent().stream().map(SentMessage::bytes).toList(),
        "blocking send after two incomplete Isends, cancelled Isend dropped, reused id kept");
    NormalisedLocation rank1 = locations.get(2);
    assertEquals(List.of(100L, 200L, 300L, 8L, 4L),
        rank1.received().stream().map(ReceivedMessage::bytes).toList(),
        "posting order; the cancelled Irecv is dropped");

    MatchResult result = MessageMatcher.match(locations);
    assertEquals(List.of("0->1 comm 0 tag 5 100B", "1->2 comm 0 tag 4 16B", "0->2 comm 1 tag 3 64B",
            "0->1 comm 0 tag 5 200B", "0->1 comm 0 tag 5 300B", "0->2 comm 0 tag 9 50B",
            "2->1 comm 0 tag 11 8B"),
        result.matches().stream().map(Otf2MessagesTest::describe).toList(),
        "ordered by send time: 10, 12, 15, 20, 30, 50, 92");
    result.matches().forEach(m -> assertTrue(m.sizesAgree(), describe(m)));
    assertEquals(1, result.unmatchedSends().size());
    assertEquals(99, result.unmatchedSends().get(0).tag());
    assertEquals(1, result.unmatchedReceives().size());
    assertEquals(12, result.unmatchedReceives().get(0).tag());
  }
}
