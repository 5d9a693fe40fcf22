package dev.matchpoint.scenario.cli;

import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.ScenarioException;
import dev.matchpoint.scenario.library.Library;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code matchpoint list}: the canonical library, one line per scenario. */
@Command(
    name = "list",
    mixinStandardHelpOptions = true,
    usageHelpWidth = 100,
    header = "List the canonical library, one line per scenario.",
    exitCodeOnInvalidInput = 64,
    exitCodeOnExecutionException = 70,
    description = {
      "List the canonical library: one line per scenario with its name, its expected outcome and its",
      "source. Run one with 'matchpoint run NAME' or 'matchpoint run scenarios/library/NAME.yaml'."
    },
    footerHeading = "%nExample:%n",
    footer = {"  matchpoint list"})
final class ListCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    var out = spec.commandLine().getOut();
    List<Scenario> scenarios = new ArrayList<>();
    for (String name : Library.names()) {
      try {
        scenarios.add(Library.load(name));
      } catch (ScenarioException e) {
        spec.commandLine().getErr().println("matchpoint: error: " + e.getMessage());
        return ExitCode.INTERNAL.code();
      }
    }
    int width = scenarios.stream().mapToInt(s -> s.name().length()).max().orElse(0);
    for (Scenario s : scenarios) {
      String expect = s.expect() == null ? "-" : s.expect().configName();
      String line = pad(s.name(), width) + "  " + pad(expect, 14) + "  " + s.source();
      out.println(line.length() > 100 ? line.substring(0, 99) + "~" : line);
    }
    out.flush();
    return ExitCode.OK.code();
  }

  private static String pad(String s, int width) {
    return s + " ".repeat(Math.max(0, width - s.length()));
  }
}
