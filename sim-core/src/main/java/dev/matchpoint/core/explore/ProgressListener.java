package dev.matchpoint.core.explore;

/** Receives periodic progress of a long exploration (for a terminal progress bar). */
public interface ProgressListener {
  /** Ignores progress. */
  ProgressListener NONE = (schedules, states, budget) -> { };

  /**
   * Progress so far.
   *
   * @param schedules schedules run
   * @param states distinct states visited (0 for stateless strategies)
   * @param scheduleBudget the schedule budget
   */
  void progress(long schedules, long states, long scheduleBudget);
}
