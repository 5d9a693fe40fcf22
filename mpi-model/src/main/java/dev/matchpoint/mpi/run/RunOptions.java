package dev.matchpoint.mpi.run;

import dev.matchpoint.mpi.check.Checks;

/**
 * Limits and outputs of one run.
 *
 * @param stepBudget the most actions (logical) or events (timed) to run
 * @param timeLimitNs timed mode: the simulated time after which no event fires
 * @param keepTrace whether to keep every event in {@link RunResult#trace()}
 * @param checks the oracles to apply (fresh instances; the run feeds them)
 */
public record RunOptions(long stepBudget, long timeLimitNs, boolean keepTrace, Checks checks) {
  /** Default budget: ten million steps. */
  public static final long DEFAULT_STEP_BUDGET = 10_000_000L;

  /**
   * Defaults: ten million steps, no time limit, keep the trace, the given checks.
   *
   * @param checks the oracles
   * @return the options
   */
  public static RunOptions of(Checks checks) {
    return new RunOptions(DEFAULT_STEP_BUDGET, Long.MAX_VALUE, true, checks);
  }

  /**
   * A copy with another step budget.
   *
   * @param steps the budget
   * @return the copy
   */
  public RunOptions withStepBudget(long steps) {
    return new RunOptions(steps, timeLimitNs, keepTrace, checks);
  }

  /**
   * A copy with another time limit.
   *
   * @param ns the limit in simulated nanoseconds
   * @return the copy
   */
  public RunOptions withTimeLimit(long ns) {
    return new RunOptions(stepBudget, ns, keepTrace, checks);
  }
}
