package dev.matchpoint.core.explore;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Outcome classes, counters and budgets shared by the search strategies. Time and memory are
 * polled every {@value #POLL_INTERVAL} transitions (so a single endless schedule is stopped too, not
 * only a search with many leaves); see {@link #exceeded} for how the heap is judged.
 */
final class Tally {
  /** Transitions between two polls of the clock and the heap. */
  static final int POLL_INTERVAL = 1024;
  /**
   * Share of the time budget, in percent, that a search which has found a violation may use when a
   * shortest violation is wanted: the rest is kept for the shortest-violation search.
   */
  static final int SEARCH_PERCENT = 90;

  private final Map<String, ExplorationReport.OutcomeClass> outcomes = new TreeMap<>();
  private final ExploreOptions options;
  private final ProgressListener progress;
  private final long startNanos;
  private final long memoryBudget;
  private boolean violationSeen;
  /** Transitions of the phase before which no collection is requested ({@link #exceeded}). */
  private long nextCollectionAt;
  private long lastCollectionAt;
  private long lastLive;
  long schedules;
  long states;
  long transitions;
  /** Bytes of the visited-state set (stateful strategies; 0 otherwise). */
  long visitedBytes;
  int maxDepth;
  long peakHeapBytes;
  /** Unexplored transitions (or queued states) when a budget stopped the search; -1 when unknown. */
  long frontier = -1;
  String stopReason;
  Budget stoppedBy;
  /** The persistent sets the serial search computed, for the shortest-violation search. */
  final PersistentSetLog persistentSets = new PersistentSetLog();

  Tally(ExploreOptions options, ProgressListener progress) {
    this.options = options;
    this.progress = progress;
    this.startNanos = System.nanoTime();
    this.memoryBudget = options.memoryBudgetBytes();
  }

  /** Records a final state reached by the given choices. */
  void outcome(Verdict v, List<Integer> choices) {
    outcome(v, 1, choices);
  }

  /** Records {@code count} final states of one class, the first of them reached by the given choices. */
  void outcome(Verdict v, long count, List<Integer> choices) {
    violationSeen |= v.violation();
    ExplorationReport.OutcomeClass old = outcomes.get(v.outcome());
    outcomes.put(v.outcome(), old == null ? new ExplorationReport.OutcomeClass(v, count, choices)
        : new ExplorationReport.OutcomeClass(old.verdict(), old.count() + count, old.example()));
  }

  /** Whether the search logs the persistent sets it computes: a violation was seen and a shortest one is wanted. */
  boolean logPersistentSets() {
    return violationSeen && options.shortestViolation();
  }

  /** Ends one schedule; returns false when a budget is exhausted. */
  boolean leaf() {
    schedules++;
    if (schedules >= options.scheduleBudget()) {
      stop(Budget.SCHEDULES, "schedule budget of " + options.scheduleBudget() + " reached");
    }
    return !stopped();
  }

  /** Counts one action executed at the given depth, polling the clock and the heap now and then. */
  void transition(int depth) {
    transitions++;
    if (depth > maxDepth) {
      maxDepth = depth;
    }
    if (transitions % POLL_INTERVAL == 0) {
      poll();
    }
  }

  /**
   * Reports progress and stops the search when the time or memory budget is exceeded (called every
   * {@link #POLL_INTERVAL} transitions, by the parallel search under the tally's lock).
   */
  void poll() {
    progress.progress(new ProgressListener.Progress("search", states, transitions, schedules, maxDepth,
        elapsedMillis()));
    boolean reserve = violationSeen && options.shortestViolation();
    Budget over = exceeded(reserve ? startNanos + options.timeBudget().toNanos() / 100 * SEARCH_PERCENT
        : deadline(), transitions);
    if (over != null) {
      stop(over, describe(over) + (over == Budget.TIME && reserve ? ", less the " + (100 - SEARCH_PERCENT)
          + "% kept for shortening the violating schedule" : ""));
    }
  }

  /** Counts a new state about to be stored; returns false (and stops) when the state budget is full. */
  boolean store() {
    if (states >= options.maxStates()) {
      stop(Budget.STATES, describe(Budget.STATES));
      return false;
    }
    states++;
    return true;
  }

  /** The end of the time budget, in {@link System#nanoTime} terms. */
  long deadline() {
    return startNanos + options.timeBudget().toNanos();
  }

  /**
   * The time or memory budget exceeded now, or null; samples the peak heap in use. The heap in use
   * includes garbage, so when it is over the memory budget a collection is requested and the heap
   * measured again: only what survives counts. To keep those collections rare, after one that left
   * the heap under budget the next waits until half the room left would be filled at the live
   * bytes per transition seen so far (the larger of the phase's average and the growth since the
   * previous collection).
   *
   * @param deadlineNanos the phase's deadline, in {@link System#nanoTime} terms, at most {@link
   *     #deadline}
   * @param phaseTransitions transitions executed by the phase so far
   * @return {@link Budget#TIME}, {@link Budget#MEMORY} or null
   */
  Budget exceeded(long deadlineNanos, long phaseTransitions) {
    if (System.nanoTime() - deadlineNanos > 0) {
      return Budget.TIME;
    }
    if (heapInUse() <= memoryBudget || phaseTransitions < nextCollectionAt) {
      return null;
    }
    System.gc();
    long live = heapInUse();
    if (live > memoryBudget) {
      return Budget.MEMORY;
    }
    long perTransition = Math.max(1, live / Math.max(1, phaseTransitions));
    if (lastCollectionAt > 0 && phaseTransitions > lastCollectionAt) {
      perTransition = Math.max(perTransition, (live - lastLive) / (phaseTransitions - lastCollectionAt));
    }
    lastCollectionAt = phaseTransitions;
    lastLive = live;
    nextCollectionAt = phaseTransitions + Math.max(POLL_INTERVAL, (memoryBudget - live) / perTransition / 2);
    return null;
  }

  /**
   * Starts a phase (the search, or one breadth-first search of the shortest-violation phase): its
   * structures are new, so is their rate of growth, counted from the transitions it passes to
   * {@link #exceeded}.
   */
  void newPhase() {
    nextCollectionAt = 0;
    lastCollectionAt = 0;
  }

  /** Whether the time budget has run out (checked by phases that must not even start then). */
  boolean outOfTime() {
    return System.nanoTime() - deadline() > 0;
  }

  /** The phrase naming a budget and its limit, e.g. {@code "time budget of 5 s reached"}. */
  String describe(Budget b) {
    return switch (b) {
      case TIME -> "time budget of " + format(options.timeBudget()) + " reached";
      case MEMORY -> String.format(Locale.ROOT, "memory budget of %d MB reached", memoryBudget >> 20);
      case STATES -> "state budget of " + options.maxStates() + " reached";
      case SCHEDULES -> "schedule budget of " + options.scheduleBudget() + " reached";
      case STEPS -> "a schedule exceeded " + options.maxSteps() + " steps";
    };
  }

  /** Stops the search for the first budget that ran out (later ones are ignored). */
  void stop(Budget b, String reason) {
    if (stopReason == null) {
      stopReason = reason;
      stoppedBy = b;
    }
  }

  /** The heap ran out before a poll saw the budget exceeded: the search is over, for memory's sake. */
  void heapExhausted() {
    stop(Budget.MEMORY, "the heap ran out before the memory budget of " + (memoryBudget >> 20) + " MB was seen "
        + "exceeded");
  }

  boolean stopped() {
    return stopReason != null;
  }

  void stepLimit() {
    stop(Budget.STEPS, describe(Budget.STEPS));
  }

  Map<String, ExplorationReport.OutcomeClass> outcomes() {
    return outcomes;
  }

  long elapsedMillis() {
    return (System.nanoTime() - startNanos) / 1_000_000;
  }

  /** Forwards progress of a later phase. */
  void progress(String phase, long phaseStates, long phaseTransitions, int depth) {
    progress.progress(new ProgressListener.Progress(phase, phaseStates, phaseTransitions, schedules, depth,
        elapsedMillis()));
  }

  long heapInUse() {
    Runtime rt = Runtime.getRuntime();
    long used = rt.totalMemory() - rt.freeMemory();
    peakHeapBytes = Math.max(peakHeapBytes, used);
    return used;
  }

  private static String format(Duration d) {
    return d.toSeconds() >= 1 ? d.toSeconds() + " s" : d.toMillis() + " ms";
  }
}
