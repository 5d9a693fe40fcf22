package dev.matchpoint.core.explore;

import java.time.Duration;

/**
 * Settings of one exploration. The budgets govern every phase: the search, then the search for a
 * shortest violating schedule.
 *
 * @param strategy how schedules are chosen
 * @param scheduleBudget the most schedules to run (DFS leaves for the systematic strategies)
 * @param timeBudget wall-clock limit of the whole exploration, every phase included; hitting it makes
 *     the report non-exhaustive (wall time never reaches a schedule or a trace)
 * @param seed seed of the random and PCT strategies
 * @param pctDepth PCT's bug depth d (at least 1)
 * @param maxSteps the longest schedule; a longer one counts as exhausting the budget
 * @param shortestViolation whether to search for a shortest violating schedule once a violation is
 *     found
 * @param maxStates the most distinct states one phase may store (the stateful search's visited set,
 *     the shortest-violation search's); {@link Long#MAX_VALUE} for no limit
 * @param memoryBudget the most heap the exploration may use, in bytes; 0 for the default, {@value
 *     #DEFAULT_MEMORY_PERCENT}% of the JVM's maximum heap ({@link #memoryBudgetBytes})
 * @param threads threads of the exhaustive strategy (1: the serial search; more: the parallel one,
 *     with the same outcome classes, counts and verdicts); the other strategies run on one
 * @param levels whether the exhaustive strategy runs {@link LevelSearch}, the level-by-level search
 *     over encoded states whose report is the same on any number of threads
 */
public record ExploreOptions(Strategy strategy, long scheduleBudget, Duration timeBudget, long seed, int pctDepth,
    int maxSteps, boolean shortestViolation, long maxStates, long memoryBudget, int threads, boolean levels) {
  /** The default memory budget, in percent of the JVM's maximum heap ({@code -Xmx}). */
  public static final int DEFAULT_MEMORY_PERCENT = 75;

  /**
   * Validates.
   *
   * @throws IllegalArgumentException when a budget is not positive (the memory budget may be 0: the
   *     default)
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
    if (maxStates < 1) {
      throw new IllegalArgumentException("the state budget must be at least 1, got " + maxStates);
    }
    if (memoryBudget < 0) {
      throw new IllegalArgumentException("the memory budget must not be negative, got " + memoryBudget);
    }
    if (threads < 1) {
      throw new IllegalArgumentException("the thread count must be at least 1, got " + threads);
    }
  }

  /**
   * Options with the depth-first exhaustive searches.
   *
   * @param strategy how schedules are chosen
   * @param scheduleBudget the most schedules
   * @param timeBudget wall-clock limit
   * @param seed seed of random and PCT
   * @param pctDepth PCT's depth
   * @param maxSteps the longest schedule
   * @param shortestViolation whether to search for a shortest violation
   * @param maxStates the state budget of each phase
   * @param memoryBudget heap bytes, 0 for the default
   * @param threads threads of the exhaustive strategy
   */
  public ExploreOptions(Strategy strategy, long scheduleBudget, Duration timeBudget, long seed, int pctDepth,
      int maxSteps, boolean shortestViolation, long maxStates, long memoryBudget, int threads) {
    this(strategy, scheduleBudget, timeBudget, seed, pctDepth, maxSteps, shortestViolation, maxStates, memoryBudget,
        threads, false);
  }

  /**
   * Options without a state budget and with the default memory budget.
   *
   * @param strategy how schedules are chosen
   * @param scheduleBudget the most schedules
   * @param timeBudget wall-clock limit
   * @param seed seed of random and PCT
   * @param pctDepth PCT's depth
   * @param maxSteps the longest schedule
   * @param shortestViolation whether to search for a shortest violation
   */
  public ExploreOptions(Strategy strategy, long scheduleBudget, Duration timeBudget, long seed, int pctDepth,
      int maxSteps, boolean shortestViolation) {
    this(strategy, scheduleBudget, timeBudget, seed, pctDepth, maxSteps, shortestViolation, Long.MAX_VALUE, 0, 1);
  }

  /**
   * Options on one thread.
   *
   * @param strategy how schedules are chosen
   * @param scheduleBudget the most schedules
   * @param timeBudget wall-clock limit
   * @param seed seed of random and PCT
   * @param pctDepth PCT's depth
   * @param maxSteps the longest schedule
   * @param shortestViolation whether to search for a shortest violation
   * @param maxStates the state budget of each phase
   * @param memoryBudget heap bytes, 0 for the default
   */
  public ExploreOptions(Strategy strategy, long scheduleBudget, Duration timeBudget, long seed, int pctDepth,
      int maxSteps, boolean shortestViolation, long maxStates, long memoryBudget) {
    this(strategy, scheduleBudget, timeBudget, seed, pctDepth, maxSteps, shortestViolation, maxStates, memoryBudget, 1);
  }

  /**
   * Defaults for a strategy: ten million schedules, ten minutes, seed 0, PCT depth 3, 100 000 steps,
   * shortest violation searched, no state budget, the default memory budget, one thread.
   *
   * @param strategy the strategy
   * @return the options
   */
  public static ExploreOptions of(Strategy strategy) {
    return new ExploreOptions(strategy, 10_000_000L, Duration.ofMinutes(10), 0, 3, 100_000, true);
  }

  /**
   * The memory budget in effect.
   *
   * @return bytes of heap: {@code memoryBudget}, or {@value #DEFAULT_MEMORY_PERCENT}% of {@code
   *     Runtime.maxMemory()} when it is 0
   */
  public long memoryBudgetBytes() {
    return memoryBudget > 0 ? memoryBudget : Runtime.getRuntime().maxMemory() / 100 * DEFAULT_MEMORY_PERCENT;
  }

  /**
   * A copy with another schedule budget.
   *
   * @param budget schedules
   * @return the copy
   */
  public ExploreOptions withScheduleBudget(long budget) {
    return new ExploreOptions(strategy, budget, timeBudget, seed, pctDepth, maxSteps, shortestViolation, maxStates,
        memoryBudget, threads, levels);
  }

  /**
   * A copy with another seed.
   *
   * @param s the seed
   * @return the copy
   */
  public ExploreOptions withSeed(long s) {
    return new ExploreOptions(strategy, scheduleBudget, timeBudget, s, pctDepth, maxSteps, shortestViolation,
        maxStates, memoryBudget, threads, levels);
  }

  /**
   * A copy with another time budget.
   *
   * @param d the budget
   * @return the copy
   */
  public ExploreOptions withTimeBudget(Duration d) {
    return new ExploreOptions(strategy, scheduleBudget, d, seed, pctDepth, maxSteps, shortestViolation, maxStates,
        memoryBudget, threads, levels);
  }

  /**
   * A copy that does or does not search for a shortest violation.
   *
   * @param on whether to search
   * @return the copy
   */
  public ExploreOptions withShortestViolation(boolean on) {
    return new ExploreOptions(strategy, scheduleBudget, timeBudget, seed, pctDepth, maxSteps, on, maxStates,
        memoryBudget, threads, levels);
  }

  /**
   * A copy with another state budget.
   *
   * @param n states per phase, at least 1
   * @return the copy
   */
  public ExploreOptions withMaxStates(long n) {
    return new ExploreOptions(strategy, scheduleBudget, timeBudget, seed, pctDepth, maxSteps, shortestViolation, n,
        memoryBudget, threads, levels);
  }

  /**
   * A copy with another memory budget.
   *
   * @param bytes heap bytes, or 0 for the default share of the heap
   * @return the copy
   */
  public ExploreOptions withMemoryBudget(long bytes) {
    return new ExploreOptions(strategy, scheduleBudget, timeBudget, seed, pctDepth, maxSteps, shortestViolation,
        maxStates, bytes, threads, levels);
  }

  /**
   * A copy with another thread count.
   *
   * @param n threads of the exhaustive strategy, at least 1
   * @return the copy
   * @throws IllegalArgumentException when {@code n < 1}
   */
  public ExploreOptions withThreads(int n) {
    return new ExploreOptions(strategy, scheduleBudget, timeBudget, seed, pctDepth, maxSteps, shortestViolation,
        maxStates, memoryBudget, n, levels);
  }

  /**
   * A copy that runs {@link LevelSearch} for the exhaustive strategy, or not.
   *
   * @param on whether to search level by level
   * @return the copy
   */
  public ExploreOptions withLevels(boolean on) {
    return new ExploreOptions(strategy, scheduleBudget, timeBudget, seed, pctDepth, maxSteps, shortestViolation,
        maxStates, memoryBudget, threads, on);
  }
}
