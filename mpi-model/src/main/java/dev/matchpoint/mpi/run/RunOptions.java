package dev.matchpoint.mpi.run;

import dev.matchpoint.mpi.check.Checks;
import dev.matchpoint.mpi.trace.TraceSink;
import java.util.Objects;

/**
 * Limits and outputs of one run. A run streams its events: each goes, as it is produced, to the
 * checks, to {@code listener} and (only when {@code keepTrace}) to a stored trace. Nothing else
 * keeps the run's history, so without {@code keepTrace} a run's memory does not grow with its
 * length (it is O(ranks + in-flight messages + queued messages)).
 *
 * @param stepBudget the most actions (logical) or events (timed) to run
 * @param timeLimitNs timed mode: the simulated time after which no event fires
 * @param keepTrace whether to keep every event in {@link RunResult#trace()} (memory grows with the
 *     run's length: ask for it only when the list itself is needed, e.g. in tests)
 * @param checks the oracles to apply (fresh instances; the run feeds them)
 * @param listener receives every event as it is produced, after the checks ({@link TraceSink#NONE}
 *     for none); e.g. a writer streaming the trace to disk
 */
public record RunOptions(long stepBudget, long timeLimitNs, boolean keepTrace, Checks checks, TraceSink listener) {
  /** Default budget: ten million steps. */
  public static final long DEFAULT_STEP_BUDGET = 10_000_000L;

  /** Checks the references. */
  public RunOptions {
    Objects.requireNonNull(checks, "checks");
    Objects.requireNonNull(listener, "listener");
  }

  /**
   * Defaults: ten million steps, no time limit, no stored trace, no listener, the given checks.
   *
   * @param checks the oracles
   * @return the options
   */
  public static RunOptions of(Checks checks) {
    return new RunOptions(DEFAULT_STEP_BUDGET, Long.MAX_VALUE, false, checks, TraceSink.NONE);
  }

  /**
   * The defaults of {@link #of(Checks)}, but keeping every event in {@link RunResult#trace()}.
   *
   * @param checks the oracles
   * @return the options
   */
  public static RunOptions keepingTrace(Checks checks) {
    return of(checks).withKeepTrace(true);
  }

  /**
   * A copy with another step budget.
   *
   * @param steps the budget
   * @return the copy
   */
  public RunOptions withStepBudget(long steps) {
    return new RunOptions(steps, timeLimitNs, keepTrace, checks, listener);
  }

  /**
   * A copy with another time limit.
   *
   * @param ns the limit in simulated nanoseconds
   * @return the copy
   */
  public RunOptions withTimeLimit(long ns) {
    return new RunOptions(stepBudget, ns, keepTrace, checks, listener);
  }

  /**
   * A copy that keeps, or does not keep, every event in {@link RunResult#trace()}.
   *
   * @param keep whether to keep the trace
   * @return the copy
   */
  public RunOptions withKeepTrace(boolean keep) {
    return new RunOptions(stepBudget, timeLimitNs, keep, checks, listener);
  }

  /**
   * A copy with another listener.
   *
   * @param sink receives every event as it is produced
   * @return the copy
   */
  public RunOptions withListener(TraceSink sink) {
    return new RunOptions(stepBudget, timeLimitNs, keepTrace, checks, sink);
  }
}
