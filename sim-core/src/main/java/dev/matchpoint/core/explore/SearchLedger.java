package dev.matchpoint.core.explore;

import java.util.List;

/**
 * The counters, outcome classes and budgets of one exploration, as a search run by another engine
 * (the Spark engine of issue 17) fills them in for {@link Explorer#explore(TransitionSystem,
 * ExploreOptions, ProgressListener, Search)}, which then runs the shortest-violation phase and
 * writes the report exactly as for its own searches. Called from one thread.
 */
public final class SearchLedger {
  /** A search phase run elsewhere, reporting into the ledger. */
  @FunctionalInterface
  public interface Search {
    /**
     * Runs the search.
     *
     * @param ledger receives its figures and outcome classes; its budgets say when to stop
     */
    void run(SearchLedger ledger);
  }

  private final Tally tally;

  SearchLedger(Tally tally) {
    this.tally = tally;
  }

  /**
   * Stores new states within the state budget; when they do not all fit, as many as fit are
   * stored and the search is stopped for the state budget.
   *
   * @param n states to store
   * @return true when all fit
   */
  public boolean store(long n) {
    for (long i = 0; i < n; i++) {
      if (!tally.store()) {
        return false;
      }
    }
    return true;
  }

  /**
   * Records final states of one outcome class; the first call for a class sets its example.
   *
   * @param verdict the class's verdict
   * @param count distinct final states of the class found now, at least 1
   * @param example the choices of a schedule reaching it, from the initial state
   */
  public void outcome(Verdict verdict, long count, List<Integer> example) {
    tally.outcome(verdict, count, example);
  }

  /**
   * Sets the figures so far.
   *
   * @param transitions actions executed
   * @param schedules leaves of the search
   * @param depth the deepest level reached
   * @param visitedBytes bytes of the visited set and paths (0 when unknown)
   */
  public void figures(long transitions, long schedules, int depth, long visitedBytes) {
    tally.transitions = transitions;
    tally.schedules = schedules;
    tally.maxDepth = depth;
    tally.visitedBytes = visitedBytes;
  }

  /**
   * Reports progress and checks the time and memory budgets (of this JVM's heap).
   *
   * @return true when the search may go on
   */
  public boolean poll() {
    tally.poll();
    return !tally.stopped();
  }

  /**
   * Whether a budget has stopped the search.
   *
   * @return true once stopped
   */
  public boolean stopped() {
    return tally.stopped();
  }

  /**
   * Stops the search for the step limit: a level deeper than the options' {@code maxSteps}.
   */
  public void stepLimit() {
    tally.stepLimit();
  }

  /**
   * Stops the search for the schedule budget.
   */
  public void scheduleBudget() {
    tally.stop(Budget.SCHEDULES, tally.describe(Budget.SCHEDULES));
  }

  /**
   * Sets the frontier left by a search a budget stopped.
   *
   * @param n entries of the level left
   */
  public void frontier(long n) {
    tally.frontier = n;
  }

  /**
   * The deadline of the time budget.
   *
   * @return in {@link System#nanoTime} terms
   */
  public long deadlineNanos() {
    return tally.deadline();
  }

  /**
   * The time budget has run out while the engine was working (it stopped a running job).
   */
  public void timeUp() {
    tally.stop(Budget.TIME, tally.describe(Budget.TIME));
  }
}
