package dev.matchpoint.scenario.cli;

import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.ScenarioException;
import dev.matchpoint.scenario.export.TextTimeline;
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
    out.print(format(scenarios, Terminal.columns()));
    out.flush();
    return ExitCode.OK.code();
  }

  /**
   * The listing: name, expected outcome and source of each scenario, one line each. For a terminal
   * a source too long for the line wraps onto continuation lines under the source column; any
   * other output gets each line whole.
   *
   * @param scenarios the scenarios
   * @param terminalWidth the terminal's width in columns, or 0 or less when the output is no terminal
   * @return the text, newline-terminated lines
   */
  static String format(List<Scenario> scenarios, int terminalWidth) {
    int width = scenarios.stream().mapToInt(s -> s.name().length()).max().orElse(0);
    StringBuilder sb = new StringBuilder();
    for (Scenario s : scenarios) {
      String expect = s.expect() == null ? "-" : s.expect().configName();
      String head = pad(s.name(), width) + "  " + pad(expect, 14) + "  ";
      int room = terminalWidth - head.length();
      if (terminalWidth <= 0 || room < 20) {
        sb.append(head).append(s.source()).append('\n');
        continue;
      }
      List<String> lines = TextTimeline.wrap(s.source(), room);
      for (int i = 0; i < lines.size(); i++) {
        sb.append(i == 0 ? head : " ".repeat(head.length())).append(lines.get(i)).append('\n');
      }
    }
    return sb.toString();
  }

  private static String pad(String s, int width) {
    return s + " ".repeat(Math.max(0, width - s.length()));
  }
}
