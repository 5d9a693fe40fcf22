package dev.matchpoint.scenario.cli;

import dev.matchpoint.mpi.trace.TraceEvent;
import dev.matchpoint.mpi.trace.TraceSink;
import java.util.ArrayList;
import java.util.List;

/**
 * What a run's summary shows of its events, gathered as the run produces them: the number of
 * matches, the first {@code matchLimit} of them, and every cancel decision. The text summary keeps
 * {@link SummaryText#MATCH_LINES} matches; the JSON summary, which lists every match, keeps them
 * all, so its memory grows with the number of matches.
 */
final class SummaryEvents implements TraceSink {
  private final int matchLimit;
  private final List<TraceEvent.Matched> matches = new ArrayList<>();
  private final List<TraceEvent.CancelDecided> cancels = new ArrayList<>();
  private long matchCount;

  /**
   * Creates an empty record.
   *
   * @param matchLimit the most matches kept ({@link Integer#MAX_VALUE} for all)
   */
  SummaryEvents(int matchLimit) {
    this.matchLimit = matchLimit;
  }

  /**
   * False: matches and cancel decisions are always emitted.
   *
   * @return false
   */
  @Override
  public boolean readsEveryEvent() {
    return false;
  }

  @Override
  public void emit(TraceEvent event) {
    if (event instanceof TraceEvent.Matched m) {
      matchCount++;
      if (matches.size() < matchLimit) {
        matches.add(m);
      }
    } else if (event instanceof TraceEvent.CancelDecided c) {
      cancels.add(c);
    }
  }

  /**
   * Number of match events.
   *
   * @return the count
   */
  long matchCount() {
    return matchCount;
  }

  /**
   * The first matches, in order.
   *
   * @return at most {@code matchLimit} matches
   */
  List<TraceEvent.Matched> matches() {
    return matches;
  }

  /**
   * Every cancel decision, in order.
   *
   * @return the decisions
   */
  List<TraceEvent.CancelDecided> cancels() {
    return cancels;
  }
}
