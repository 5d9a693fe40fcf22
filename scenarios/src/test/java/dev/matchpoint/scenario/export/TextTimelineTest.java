package dev.matchpoint.scenario.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.trace.TraceEvent;
import dev.matchpoint.scenario.Scenario;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The text timeline: a column per rank, every event whole, fitted to a terminal, deterministic. */
class TextTimelineTest {
  /**
   * Each rank's events as the timeline's column shows them, continuation lines (indented by two
   * spaces) joined to the event they continue, spaces dropped (a wrap replaces one).
   */
  private static List<List<String>> columns(String text, int ranks) {
    List<List<String>> out = new ArrayList<>();
    for (int r = 0; r < ranks; r++) {
      out.add(new ArrayList<>());
    }
    List<String> lines = text.lines().toList();
    for (String line : lines.subList(2, lines.size())) {
      String[] cells = line.split(" \\|(?: |$)", -1);
      for (int r = 0; r < ranks && r + 1 < cells.length; r++) {
        String cell = cells[r + 1].stripTrailing();
        List<String> col = out.get(r);
        if (cell.startsWith("  ")) {
          col.set(col.size() - 1, col.get(col.size() - 1) + cell.replace(" ", ""));
        } else if (!cell.isEmpty()) {
          col.add(cell.replace(" ", ""));
        }
      }
    }
    return out;
  }

  /** Each column's events, spaces dropped: one column per rank, or one naming the rank. */
  private static List<List<String>> expected(RunResult r, int columns) {
    List<TraceEvent> sorted = new ArrayList<>(r.trace().events());
    sorted.sort(Comparator.comparingLong(TraceEvent::timeNs));
    List<List<String>> out = new ArrayList<>();
    for (int k = 0; k < columns; k++) {
      out.add(new ArrayList<>());
    }
    sorted.forEach(e -> {
      String text = columns == 1 ? "r" + e.rank() + " " + TextTimeline.text(e) : TextTimeline.text(e);
      out.get(columns == 1 ? 0 : e.rank()).add(text.replace(" ", ""));
    });
    return out;
  }

  @ParameterizedTest
  @ValueSource(ints = {100, 60})
  @SpecClause(source = "docs/trace-format.md, Text timeline", text = "Printed to a terminal, the columns share its "
      + "width (docs/cli.md, Terminal width) and an event longer than its column wraps onto continuation lines "
      + "indented by two spaces")
  void timeline_forATerminal_fitsItsWidth_andWrapsEventsWhole(int width) {
    Scenario s = ExportFixtures.scenario("probe-race-3x3");
    RunResult r = ExportFixtures.timed(s);
    String text = TextTimeline.render(r.trace().events(), s.worldSize(), false, width);
    List<String> lines = text.lines().toList();
    for (String line : lines) {
      assertTrue(line.length() <= width, line.length() + ": " + line);
    }
    assertTrue(lines.size() > r.trace().events().size() + 2, "some events wrap");
    boolean columns = TextTimeline.columnWidth(s.worldSize(), width) > 0;
    assertTrue(columns ? lines.get(0).contains("rank 3") : lines.get(0).contains("event"), lines.get(0));
    int n = columns ? s.worldSize() : 1;
    assertEquals(expected(r, n), columns(text, n), "every event whole, in order");
    assertEquals(text, TextTimeline.render(ExportFixtures.timed(s).trace().events(), s.worldSize(), false, width));
  }

  @Test
  @SpecClause(source = "docs/trace-format.md, Text timeline", text = "printed to a file or a pipe, the layout is "
      + "chosen for 100 columns and each column is as wide as its longest event")
  void timeline_notForATerminal_cutsAndWrapsNothing() {
    Scenario s = ExportFixtures.scenario("probe-race-3x3");
    RunResult r = ExportFixtures.timed(s);
    String text = TextTimeline.render(r.trace().events(), s.worldSize(), false, 0);
    assertEquals(r.trace().events().size() + 2, text.lines().count(), "header, rule, one line per event");
    assertEquals(expected(r, s.worldSize()), columns(text, s.worldSize()));
    assertTrue(text.lines().anyMatch(l -> l.length() > 100), "columns as wide as their events");
    assertTrue(text.contains("MPI_Probe(source=MPI_ANY_SOURCE"), text);
  }

  @Test
  void timeline_printsEachTimeOnce_perGroupOfEventsAtThatTime() {
    Scenario s = ExportFixtures.scenario("head-to-head-eager");
    String[] lines = TextTimeline.render(ExportFixtures.timed(s).trace().events(), 2, false, 100).split("\n");
    assertTrue(lines[2].startsWith("0 "), lines[2]);
    assertTrue(lines[3].startsWith(" ".repeat(12) + " | "), "same time, blank time column: " + lines[3]);
  }

  @Test
  void manyRanks_useOneColumnNamingTheRank() {
    assertEquals(-1, TextTimeline.columnWidth(8, 100));
    assertTrue(TextTimeline.columnWidth(4, 100) >= 16);
    assertTrue(TextTimeline.columnWidth(8, 200) >= 16);
  }

  @Test
  void wrap_breaksAtSpaces_andBreaksWordsLongerThanALine() {
    assertEquals(List.of("t0 MPI_Recv", "  (source=0,", "  tag=1)"), TextTimeline.wrap("t0 MPI_Recv (source=0, tag=1)", 12));
    assertEquals(List.of("abcdef", "  ghij", "  kl"), TextTimeline.wrap("abcdefghijkl", 6));
    assertEquals(List.of("short"), TextTimeline.wrap("short", 6));
  }
}
