package dev.matchpoint.scenario.importer.matching;

import java.util.List;

/**
 * One location's messages after seed 002's normalisation.
 *
 * @param location the location id
 * @param rank its world rank
 * @param sent messages sent, in issue order (cancelled Isends removed)
 * @param received messages received, in posting order (cancelled Irecvs removed)
 * @param unfinishedRequests ids of requests never completed nor cancelled in the trace, in posting
 *     order; their messages are not recorded, but messages blocked behind them are
 * @param unknownCompletions ids of completions (IsendComplete, Irecv) whose request was never
 *     posted, in trace order; they are ignored
 */
public record NormalisedLocation(
    long location,
    int rank,
    List<SentMessage> sent,
    List<ReceivedMessage> received,
    List<Long> unfinishedRequests,
    List<Long> unknownCompletions) {
  /** Copies the lists. */
  public NormalisedLocation {
    sent = List.copyOf(sent);
    received = List.copyOf(received);
    unfinishedRequests = List.copyOf(unfinishedRequests);
    unknownCompletions = List.copyOf(unknownCompletions);
  }
}
