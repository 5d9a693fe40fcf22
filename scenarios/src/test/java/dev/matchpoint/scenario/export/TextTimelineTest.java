package dev.matchpoint.scenario.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.scenario.Scenario;
import org.junit.jupiter.api.Test;

/** The terminal timeline fits 100 columns, names every event and is deterministic. */
class TextTimelineTest {
  @Test
  void timeline_fitsOneHundredColumns_withAColumnPerRank() {
    Scenario s = ExportFixtures.scenario("probe-race-3x3");
    RunResult r = ExportFixtures.timed(s);
    String text = TextTimeline.render(r.trace().events(), s.worldSize(), false);
    String[] lines = text.split("\n");
    assertEquals(r.trace().events().size() + 2, lines.length, "header, rule, one line per event");
    for (String line : lines) {
      assertTrue(line.length() <= TextTimeline.WIDTH, line.length() + ": " + line);
    }
    assertTrue(lines[0].contains("rank 0") && lines[0].contains("rank 3"), lines[0]);
    assertTrue(text.contains("PROBE 0#0"), text);
    assertEquals(text, TextTimeline.render(ExportFixtures.timed(s).trace().events(), s.worldSize(), false));
  }

  @Test
  void timeline_printsEachTimeOnce_perGroupOfEventsAtThatTime() {
    Scenario s = ExportFixtures.scenario("head-to-head-eager");
    String[] lines = TextTimeline.render(ExportFixtures.timed(s).trace().events(), 2, false).split("\n");
    assertTrue(lines[2].startsWith("0 "), lines[2]);
    assertTrue(lines[3].startsWith(" ".repeat(12) + " | "), "same time, blank time column: " + lines[3]);
  }

  @Test
  void manyRanks_useOneColumnNamingTheRank() {
    assertEquals(-1, TextTimeline.columnWidth(8));
    assertTrue(TextTimeline.columnWidth(4) >= 16);
  }
}
