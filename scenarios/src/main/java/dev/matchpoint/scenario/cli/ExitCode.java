package dev.matchpoint.scenario.cli;

import dev.matchpoint.mpi.run.RunResult;

/**
 * The exit codes of {@code matchpoint}, one per kind of result (as VOPR gives one per failure kind).
 * Documented in {@code docs/cli.md}.
 */
public enum ExitCode {
  /** The run ended well and every check passed; or validation, listing or help succeeded. */
  OK(0),
  /**
   * The run ended (outcome OK) but a check (oracle) was violated; {@code explore}: some schedule
   * violates one.
   */
  CHECK_FAILED(1),
  /** The run deadlocked: a thread was blocked forever. */
  DEADLOCK(2),
  /** The program was erroneous: an MPI call returned an error class or broke a rule. */
  ERRONEOUS(3),
  /**
   * The step budget ran out before the run ended; {@code explore}: a budget cut the search short and
   * no violation was found; any command: the heap ran out ({@link Failures}).
   */
  BUDGET_EXHAUSTED(4),
  /** Bad input or usage: an invalid scenario, schedule, option or output path. Nothing ran. */
  BAD_INPUT(64),
  /**
   * An internal error (any exception or error a command let escape, a stack overflow included;
   * {@link Failures}), including a failure to write an output file.
   */
  INTERNAL(70);

  private final int code;

  ExitCode(int code) {
    this.code = code;
  }

  /**
   * The process exit code.
   *
   * @return e.g. 2 for {@link #DEADLOCK}
   */
  public int code() {
    return code;
  }

  /**
   * The exit code of a run: its outcome first (deadlock, erroneous, budget), then violations.
   *
   * @param r the run's result
   * @return the code
   */
  public static ExitCode of(RunResult r) {
    return switch (r.outcome()) {
      case DEADLOCK -> DEADLOCK;
      case ERRONEOUS -> ERRONEOUS;
      case BUDGET_EXHAUSTED -> BUDGET_EXHAUSTED;
      case OK -> r.violations().isEmpty() ? OK : CHECK_FAILED;
    };
  }
}
