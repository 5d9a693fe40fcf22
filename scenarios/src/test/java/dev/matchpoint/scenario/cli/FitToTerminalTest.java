package dev.matchpoint.scenario.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.library.Library;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Output fitted to a terminal, and never cut elsewhere. The tests run with standard output a pipe
 * (no console), as a user's {@code matchpoint ... | less} or {@code > file} does.
 */
class FitToTerminalTest {
  @Test
  @SpecClause(source = "docs/cli.md, Terminal width", text = "Output to a file or a pipe is never wrapped or cut.")
  void timeline_toAPipe_showsEveryCallWhole() {
    assertEquals(0, Terminal.columns(), "the test's output is no terminal");
    CliTest.Result r = CliTest.run("run", "probe-race-3x3", "--timeline");
    assertEquals(2, r.code(), "the probe race deadlocks in the timed run: " + r.err());
    String out = r.out();
    String timeline = out.substring(out.indexOf("time (ns)"), out.indexOf("\nscenario:"));
    assertFalse(timeline.contains("~"), timeline);
    for (String call : List.of("t0 MPI_Send(dest=3 tag=0 count=1 MPI_INT comm=world)",
        "t2 MPI_Probe(source=MPI_ANY_SOURCE tag=0 comm=world)", "t0 MPI_Recv(source=")) {
      assertTrue(timeline.contains(call), call + " in\n" + timeline);
    }
  }

  @Test
  @SpecClause(source = "docs/cli.md, matchpoint list", text = "printed to a file or a pipe, each line is whole")
  void list_toAPipe_printsEverySourceWhole() {
    CliTest.Result r = CliTest.run("list");
    assertEquals(0, r.code(), r.err());
    List<String> lines = r.out().lines().toList();
    assertEquals(Library.names().size(), lines.size());
    for (String name : Library.names()) {
      Scenario s = Library.load(name);
      assertTrue(lines.stream().anyMatch(l -> l.startsWith(name + " ") && l.endsWith("  " + s.source())),
          name + ": " + s.source());
    }
    assertTrue(lines.stream().anyMatch(l -> l.length() > 100), "some source is longer than 100 columns");
  }

  @Test
  @SpecClause(source = "docs/cli.md, matchpoint list", text = "printed to a terminal, a source too long for the "
      + "line wraps onto continuation lines under the source column")
  void list_forATerminal_wrapsSourcesUnderTheSourceColumn() {
    List<Scenario> scenarios = new ArrayList<>();
    Library.names().forEach(n -> scenarios.add(Library.load(n)));
    String text = ListCommand.format(scenarios, 80);
    List<String> lines = text.lines().toList();
    lines.forEach(l -> assertTrue(l.length() <= 80, l.length() + ": " + l));
    assertTrue(lines.size() > scenarios.size(), "some sources wrap");
    int column = lines.get(0).indexOf(scenarios.get(0).source().substring(0, 5));
    List<String> sources = new ArrayList<>();
    for (String l : lines) {
      if (l.startsWith(" ")) {
        assertTrue(l.substring(0, column).isBlank(), "continuation under the source column: " + l);
        sources.set(sources.size() - 1, sources.get(sources.size() - 1) + l.substring(column).replace(" ", ""));
      } else {
        sources.add(l.substring(column).replace(" ", ""));
      }
    }
    assertEquals(scenarios.stream().map(s -> s.source().replace(" ", "")).toList(), sources);
  }

  @Test
  void terminalWidth_isColumns_orOneHundred() {
    assertEquals(132, Terminal.columns("132"));
    assertEquals(100, Terminal.columns(null));
    assertEquals(100, Terminal.columns("wide"));
    assertEquals(100, Terminal.columns("5"));
  }
}
