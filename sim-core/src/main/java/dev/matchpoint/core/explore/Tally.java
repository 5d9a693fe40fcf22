package dev.matchpoint.core.explore;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Outcome classes and budgets shared by the search strategies. */
final class Tally {
  private final Map<String, ExplorationReport.OutcomeClass> outcomes = new TreeMap<>();
  private final ExploreOptions options;
  private final ProgressListener progress;
  private final long startNanos;
  long schedules;
  long states;
  long transitions;
  /** Bytes of the visited-state set (stateful strategies; 0 otherwise). */
  long visitedBytes;
  String stopReason;

  Tally(ExploreOptions options, ProgressListener progress) {
    this.options = options;
    this.progress = progress;
    this.startNanos = System.nanoTime();
  }

  /** Records a final state reached by the given choices. */
  void outcome(Verdict v, List<Integer> choices) {
    ExplorationReport.OutcomeClass old = outcomes.get(v.outcome());
    outcomes.put(v.outcome(), old == null ? new ExplorationReport.OutcomeClass(v, 1, choices)
        : new ExplorationReport.OutcomeClass(old.verdict(), old.count() + 1, old.example()));
  }

  /** Ends one schedule; returns false when a budget is exhausted. */
  boolean leaf() {
    schedules++;
    if ((schedules & 0x3ff) == 0) {
      progress.progress(schedules, states, options.scheduleBudget());
      if (System.nanoTime() - startNanos > options.timeBudget().toNanos()) {
        stopReason = "time budget of " + format(options.timeBudget()) + " reached";
        return false;
      }
    }
    if (schedules >= options.scheduleBudget()) {
      stopReason = "schedule budget of " + options.scheduleBudget() + " reached";
      return false;
    }
    return true;
  }

  boolean stopped() {
    return stopReason != null;
  }

  void stepLimit() {
    if (stopReason == null) {
      stopReason = "a schedule exceeded " + options.maxSteps() + " steps";
    }
  }

  Map<String, ExplorationReport.OutcomeClass> outcomes() {
    return outcomes;
  }

  long elapsedMillis() {
    return (System.nanoTime() - startNanos) / 1_000_000;
  }

  private static String format(Duration d) {
    return d.toSeconds() >= 1 ? d.toSeconds() + " s" : d.toMillis() + " ms";
  }
}
