package dev.matchpoint.scenario.cli;

import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.ScenarioException;
import dev.matchpoint.scenario.ScenarioLoader;
import java.nio.file.Path;
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
      "defined before use, one type each). Every problem of the file is reported, one per line, as",
      "FILE:LINE:COLUMN: what was expected (a part with a problem is left out and checking goes on;",
      "programs are compiled once the rest is valid)."
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
    var err = spec.commandLine().getErr();
    if (ScenarioInput.isPath(file)) {
      List<ScenarioException> problems = ScenarioLoader.problems(Path.of(file));
      if (!problems.isEmpty()) {
        problems.forEach(e -> err.println("matchpoint: error: " + e.getMessage()));
        if (problems.size() > 1) {
          err.println("matchpoint: " + problems.size() + " problems in " + file);
        }
        err.flush();
        return ExitCode.BAD_INPUT.code();
      }
    }
    Scenario s = Cli.load(file, err);
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
