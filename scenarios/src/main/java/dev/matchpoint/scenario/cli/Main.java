package dev.matchpoint.scenario.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code matchpoint} command: entry point of the launcher script at the repository root.
 * Subcommands {@code run}, {@code replay}, {@code list}, {@code check}, {@code explore}, {@code test}, {@code
 * bench} and {@code help}; exit codes in {@link ExitCode} and {@code docs/cli.md}. Without a
 * subcommand it prints its help and exits with the usage code 64.
 */
@Command(
    name = "matchpoint",
    mixinStandardHelpOptions = true,
    usageHelpWidth = 100,
    version = "matchpoint 0.1.0-SNAPSHOT",
    exitCodeOnInvalidInput = 64,
    exitCodeOnExecutionException = 70,
    subcommands = {RunCommand.class, ReplayCommand.class, ListCommand.class, CheckCommand.class,
        ExploreCommand.class,
        BenchCommand.class,
        ImportCommand.class,
        ReplayTraceCommand.class,
        TestCommand.class,
        CommandLine.HelpCommand.class},
    description = {
      "A deterministic discrete-event simulator of MPI point-to-point matching semantics.",
      "Same scenario + same seed + same configuration = byte-identical event trace."
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  matchpoint list",
      "  matchpoint run scenarios/library/probe-race-2x2.yaml --mode logical --seed 3",
      "  matchpoint run head-to-head-rendezvous --trace out.jsonl --perfetto out.json",
      "  matchpoint replay probe-race-2x2 --seed 3 --mode logical --schedule 0.1.2.1",
      "  matchpoint check my-scenario.yaml",
      "  matchpoint explore scenarios/library/probe-race-2x2.yaml",
      "  matchpoint test scenarios/library --junit target/matchpoint-tests.xml",
      "",
      "Exit codes: 0 ok, 1 a check failed, 2 deadlock, 3 erroneous program, 4 budget exhausted,",
      "64 bad input or usage, 70 internal error. See docs/cli.md and docs/scenario-format.md."
    })
public final class Main implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  /**
   * Runs the command line and exits with its code.
   *
   * @param args command-line arguments
   */
  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }

  /**
   * The command line as {@link #main} runs it: picocli over {@link Main}, with every exception and
   * error a command lets escape reported in one line by {@link Failures} (exit 70, or 4 when the
   * heap ran out) instead of a stack trace.
   *
   * @return a new command line, ready to {@code execute}
   */
  static CommandLine commandLine() {
    CommandLine cmd = new CommandLine(new Main());
    cmd.setExecutionStrategy(Failures::execute);
    cmd.setExecutionExceptionHandler((e, c, parsed) -> Failures.report(e, parsed, c.getErr()));
    return cmd;
  }

  @Override
  public Integer call() {
    spec.commandLine().usage(spec.commandLine().getErr());
    return ExitCode.BAD_INPUT.code();
  }
}
