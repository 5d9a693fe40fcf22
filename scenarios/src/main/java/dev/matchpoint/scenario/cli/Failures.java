package dev.matchpoint.scenario.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.ParseResult;

/**
 * What the command line does with a throwable a command lets escape: one line on standard error
 * instead of a stack trace, and an exit code that never reads as a result (exit 1 means only that a
 * check failed or a violation was found; {@code docs/cli.md}, "Exit codes").
 *
 * <ul>
 *   <li>{@link OutOfMemoryError}: the heap ran out, a resource budget reached: exit 4 ({@link
 *       ExitCode#BUDGET_EXHAUSTED}), naming the budget that bounds the command's memory;
 *   <li>any other error or exception, {@link StackOverflowError} included: an internal error,
 *       exit 70 ({@link ExitCode#INTERNAL}), naming the throwable and the frame it came from, then
 *       the command that reproduces it.
 * </ul>
 */
final class Failures {
  private static final Pattern PLAIN_ARGUMENT = Pattern.compile("[A-Za-z0-9_./:=,+@%-]+");

  private Failures() {}

  /**
   * Executes the parsed command (picocli's {@code RunLast}), reporting an error it throws.
   *
   * @param parsed the parsed command line
   * @return the exit code
   */
  static int execute(ParseResult parsed) {
    try {
      return new CommandLine.RunLast().execute(parsed);
    } catch (Error e) {
      return report(e, parsed, parsed.commandSpec().commandLine().getErr());
    }
  }

  /**
   * Reports a throwable that escaped a command.
   *
   * @param t what was thrown
   * @param parsed the parsed command line (names the subcommand and the arguments)
   * @param err standard error
   * @return the exit code: 4 for {@link OutOfMemoryError}, else 70
   */
  /**
   * What an {@link OutOfMemoryError} says ran out, without HotSpot's detail after a colon, which
   * depends on where the JIT compiler happened to be ("Java heap space: failed reallocation of
   * scalar replaced objects" is the heap running out during a deoptimisation).
   *
   * @param t the error
   * @return e.g. {@code Java heap space}, {@code Metaspace}; {@code memory} when it says nothing
   */
  static String whatRanOut(Throwable t) {
    String m = t.getMessage();
    if (m == null || m.isBlank()) {
      return "memory";
    }
    int colon = m.indexOf(':');
    return colon > 0 ? m.substring(0, colon) : m;
  }

  static int report(Throwable thrown, ParseResult parsed, PrintWriter err) {
    Throwable t = original(thrown);
    String command = subcommand(parsed);
    if (t instanceof OutOfMemoryError) {
      long maxMiB = Runtime.getRuntime().maxMemory() >> 20;
      err.println("matchpoint: error: out of memory (" + whatRanOut(t) + "; the heap's maximum is " + maxMiB
          + " MiB): " + budgetHint(command, parsed.originalArgs()));
      err.flush();
      return ExitCode.BUDGET_EXHAUSTED.code();
    }
    String what = t instanceof StackOverflowError
        ? "stack overflow in " + frame(t) + " (the input nests too deeply for it; a larger stack, e.g. "
            + "MATCHPOINT_JAVA_OPTS=-Xss64m, may get past it)"
        : t.getClass().getName() + (t.getMessage() == null ? "" : ": " + t.getMessage()) + " at " + frame(t);
    err.println("matchpoint: internal error: " + what.replace('\n', ' '));
    err.println("  to reproduce: " + reproduce(parsed.originalArgs()));
    err.flush();
    return ExitCode.INTERNAL.code();
  }

  /** The budget that bounds the memory of a command, to name when the heap ran out. */
  private static String budgetHint(String command, List<String> args) {
    String heap = "give the JVM more heap (e.g. MATCHPOINT_JAVA_OPTS=-Xmx4g)";
    return switch (command) {
      case "run", "replay" -> (args.contains("--timeline") || args.contains("--json")
          ? "--timeline keeps every event in memory and --json every match: leave them out, "
          : "the messages queued or in flight outgrew it: ") + "lower the scenario's step-budget, or " + heap;
      case "explore" -> "lower --memory-budget (default: 75% of the heap) or set --max-states, or " + heap;
      default -> heap;
    };
  }

  private static String subcommand(ParseResult parsed) {
    ParseResult p = parsed;
    while (p.subcommand() != null) {
      p = p.subcommand();
    }
    return p.commandSpec().name();
  }

  /**
   * The throwable as first thrown: a {@link java.util.concurrent.ForkJoinPool} (the parallel
   * search's) rethrows a worker's exception in the joining thread as a new throwable of the same
   * class whose cause is the original, with the pool's frames; the original names the code that failed.
   */
  private static Throwable original(Throwable t) {
    Throwable shown = t;
    while (shown.getCause() != null && shown.getCause().getClass() == shown.getClass()) {
      shown = shown.getCause();
    }
    return shown;
  }

  /** The innermost frame of a throwable, {@code Class.method(File.java:N)}, or "unknown code". */
  private static String frame(Throwable t) {
    StackTraceElement[] trace = t.getStackTrace();
    if (trace.length == 0) {
      return "unknown code";
    }
    StackTraceElement e = trace[0];
    return e.getClassName() + "." + e.getMethodName() + "(" + e.getFileName() + ":" + e.getLineNumber() + ")";
  }

  /** The command line that was run, quoted for a POSIX shell. */
  static String reproduce(List<String> args) {
    StringBuilder b = new StringBuilder(Cli.command());
    for (String a : args) {
      b.append(' ').append(PLAIN_ARGUMENT.matcher(a).matches() ? a : "'" + a.replace("'", "'\\''") + "'");
    }
    return b.toString();
  }
}
