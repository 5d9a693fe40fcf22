package dev.matchpoint.scenario.importer.matching;

import java.util.List;

/**
 * The outcome of message matching.
 *
 * @param matches every pair, ordered by the send's (time, location, sequence)
 * @param unmatchedSends sends no receive in the trace matched, ordered the same way
 * @param unmatchedReceives receives no send in the trace matched, ordered by (posting time,
 *     location, sequence)
 */
public record MatchResult(
    List<MatchedMessage> matches,
    List<SentMessage> unmatchedSends,
    List<ReceivedMessage> unmatchedReceives) {
  /** Copies the lists. */
  public MatchResult {
    matches = List.copyOf(matches);
    unmatchedSends = List.copyOf(unmatchedSends);
    unmatchedReceives = List.copyOf(unmatchedReceives);
  }
}
