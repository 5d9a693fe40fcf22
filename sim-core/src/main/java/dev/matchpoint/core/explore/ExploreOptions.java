package dev.matchpoint.core.explore;

import java.time.Duration;

/**
 * Settings of one exploration.
 *
 * @param strategy how schedules are chosen
 * @param scheduleBudget the most schedules to run (DFS leaves for the systematic strategies)
 * @param timeBudget wall-clock limit; hitting it makes the report non-exhaustive (wall time never
 *     reaches a schedule or a trace)
 * @param seed seed of the random and PCT strategies
 * @param pctDepth PCT's bug depth d (at least 1)
 * @param maxSteps the longest schedule; a longer one counts as exhausting the budget
 * @param shortestViolation whether to search breadth-first for a shortest violating schedule once
 *     a violation is found
 * @param threads threads of the exhaustive strategy (1: the serial search; more: the parallel one,
 *     with the same outcome classes, counts and verdicts); the other strategies run on one
 */
public record ExploreOptions(Strategy strategy, long scheduleBudget, Duration timeBudget, long seed, int pctDepth,
    int maxSteps, boolean shortestViolation, int threads) {
  /**
   * Validates.
   *
   * @throws IllegalArgumentException when a budget is not positive
   */
  public ExploreOptions {
    if (scheduleBudget < 1) {
      throw new IllegalArgumentException("the schedule budget must be at least 1, got " + scheduleBudget);
    }
    if (pctDepth < 1) {
      throw new IllegalArgumentException("the PCT depth must be at least 1, got " + pctDepth);
    }
    if (maxSteps < 1) {
      throw new IllegalArgumentException("the step limit must be at least 1, got " + maxSteps);
    }
    if (threads < 1) {
      throw new IllegalArgumentException("the thread count must be at least 1, got " + threads);
    }
  }

  /**
   * Settings of a search on one thread.
   *
   * @param strategy how schedules are chosen
   * @param scheduleBudget the most schedules to run
   * @param timeBudget wall-clock limit
   * @param seed seed of the random and PCT strategies
   * @param pctDepth PCT's bug depth d
   * @param maxSteps the longest schedule
   * @param shortestViolation whether to search for a shortest violating schedule
   * @throws IllegalArgumentException when a budget is not positive
   */
  public ExploreOptions(Strategy strategy, long scheduleBudget, Duration timeBudget, long seed, int pctDepth,
      int maxSteps, boolean shortestViolation) {
    this(strategy, scheduleBudget, timeBudget, seed, pctDepth, maxSteps, shortestViolation, 1);
  }

  /**
   * Defaults for a strategy: ten million schedules, ten minutes, seed 0, PCT depth 3, 100 000 steps,
   * shortest violation searched, one thread.
   *
   * @param strategy the strategy
   * @return the options
   */
  public static ExploreOptions of(Strategy strategy) {
    return new ExploreOptions(strategy, 10_000_000L, Duration.ofMinutes(10), 0, 3, 100_000, true);
  }

  /**
   * A copy with another schedule budget.
   *
   * @param budget schedules
   * @return the copy
   */
  public ExploreOptions withScheduleBudget(long budget) {
    return new ExploreOptions(strategy, budget, timeBudget, seed, pctDepth, maxSteps, shortestViolation, threads);
  }

  /**
   * A copy with another seed.
   *
   * @param s the seed
   * @return the copy
   */
  public ExploreOptions withSeed(long s) {
    return new ExploreOptions(strategy, scheduleBudget, timeBudget, s, pctDepth, maxSteps, shortestViolation, threads);
  }

  /**
   * A copy with another time budget.
   *
   * @param d the budget
   * @return the copy
   */
  public ExploreOptions withTimeBudget(Duration d) {
    return new ExploreOptions(strategy, scheduleBudget, d, seed, pctDepth, maxSteps, shortestViolation, threads);
  }

  /**
   * A copy that does or does not search for a shortest violation.
   *
   * @param on whether to search
   * @return the copy
   */
  public ExploreOptions withShortestViolation(boolean on) {
    return new ExploreOptions(strategy, scheduleBudget, timeBudget, seed, pctDepth, maxSteps, on, threads);
  }

  /**
   * A copy with another thread count.
   *
   * @param n threads of the exhaustive strategy, at least 1
   * @return the copy
   * @throws IllegalArgumentException when {@code n < 1}
   */
  public ExploreOptions withThreads(int n) {
    return new ExploreOptions(strategy, scheduleBudget, timeBudget, seed, pctDepth, maxSteps, shortestViolation, n);
  }
}
