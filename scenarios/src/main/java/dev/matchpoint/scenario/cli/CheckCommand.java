package dev.matchpoint.scenario.cli;

import dev.matchpoint.scenario.Scenario;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code matchpoint check FILE}: validates a scenario without running it. */
@Command(
    name = "check",
    mixinStandardHelpOptions = true,
    usageHelpWidth = 100,
    header = "Validate a scenario file without running it.",
    exitCodeOnInvalidInput = 64,
    exitCodeOnExecutionException = 70,
    description = {
      "Validate a scenario without running it: YAML syntax, keys, value types, ranks and tags in",
      "range, datatypes, communicators and checks by name, and every program compiled (variables",
      "defined before use, one type each). Problems are reported as FILE:LINE:COLUMN: what was expected."
    },
    footerHeading = "%nExamples:%n",
    footer = {"  matchpoint check scenarios/library/mpi22-probe-correct.yaml", "",
        "Exit codes: 0 valid, 64 invalid."})
final class CheckCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", paramLabel = "FILE", description = "Scenario file or library scenario name.")
  String file;

  @Override
  public Integer call() {
    Scenario s = Cli.load(file, spec.commandLine().getErr());
    if (s == null) {
      return ExitCode.BAD_INPUT.code();
    }
    int threads = s.ranks().stream().mapToInt(List::size).sum();
    var out = spec.commandLine().getOut();
    out.println(file + ": ok: scenario " + s.name() + ", " + s.worldSize() + " ranks, " + threads + " threads, mode "
        + s.mode().configName() + ", seed " + s.seed() + (s.expect() == null ? "" : ", expect "
        + s.expect().configName()));
    out.flush();
    return ExitCode.OK.code();
  }
}
