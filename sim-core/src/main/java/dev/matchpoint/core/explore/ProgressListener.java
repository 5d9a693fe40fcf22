package dev.matchpoint.core.explore;

/** Receives periodic progress of a long exploration (for a terminal progress line). */
public interface ProgressListener {
  /** Ignores progress. */
  ProgressListener NONE = p -> { };

  /**
   * How far an exploration has got.
   *
   * @param phase {@code "search"}, or {@code "shortest violation"} once the search has ended
   * @param states distinct states stored by the phase (0 for the stateless strategies)
   * @param transitions actions executed by the phase
   * @param schedules schedules run by the search
   * @param depth the deepest schedule prefix so far, in steps
   * @param elapsedMillis wall-clock time since the exploration started, for display only
   */
  record Progress(String phase, long states, long transitions, long schedules, int depth, long elapsedMillis) {}

  /**
   * Progress so far, reported every 1024 transitions.
   *
   * @param p the figures
   */
  void progress(Progress p);
}
