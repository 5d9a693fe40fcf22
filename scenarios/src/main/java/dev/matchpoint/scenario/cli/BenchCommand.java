package dev.matchpoint.scenario.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code matchpoint bench}: benchmarks that print figures (never part of the test run): {@code
 * explore} ({@link BenchExploreCommand}) and {@code timed} ({@link BenchTimedCommand}); without a
 * subcommand it prints its help and exits with the usage code 64.
 */
@Command(
    name = "bench",
    mixinStandardHelpOptions = true,
    usageHelpWidth = 100,
    header = "Print benchmark figures.",
    exitCodeOnInvalidInput = 64,
    exitCodeOnExecutionException = 70,
    description = {"Print benchmark figures. Timings depend on the machine; everything else is deterministic."},
    subcommands = {BenchExploreCommand.class, BenchTimedCommand.class},
    footerHeading = "%nExamples:%n",
    footer = {"  matchpoint bench explore", "  matchpoint bench explore --max 4", "  matchpoint bench timed --only ring"})
final class BenchCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    spec.commandLine().usage(spec.commandLine().getErr());
    return ExitCode.BAD_INPUT.code();
  }
}
