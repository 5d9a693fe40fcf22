package dev.matchpoint.scenario.cli;

import static dev.matchpoint.scenario.cli.CliTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.scenario.cli.CliTest.Result;
import org.junit.jupiter.api.Test;

/**
 * {@code matchpoint bench timed} on small sizes: the selected rows with their deterministic
 * columns (ranks, messages, simulated events), skipped rows, and bad usage. Timings are not
 * asserted.
 */
class BenchTimedCommandTest {
  private static String[] row(Result r, String name) {
    String line = r.out().lines().filter(l -> l.startsWith(name + " ")).findFirst().orElseThrow(
        () -> new AssertionError("no row " + name + " in:\n" + r.out()));
    return line.trim().split("\\s+");
  }

  @Test
  void benchTimed_smallRing_rowHasItsMessagesAndEvents_andTheTargetsBeside() {
    Result r = run("bench", "timed", "--only", "ring-64,bcast", "--messages", "6400", "--max-ranks", "64");
    assertEquals(0, r.code(), r.out() + r.err());
    String[] ring = row(r, "ring-64");
    assertEquals("64", ring[1]);
    assertEquals("6400", ring[2], "messages");
    assertEquals("38400", ring[3], "events (model steps): six per ring message, as in the 1 M-message run");
    assertTrue(r.out().contains("bcast-65536"), r.out());
    assertTrue(row(r, "bcast-65536")[2].equals("skipped"), r.out());
    assertTrue(!r.out().contains("ring-256"), r.out());
  }

  @Test
  void benchTimed_fullRing_marksTheIssuesTargets() {
    Result r = run("bench", "timed", "--only", "ring-2", "--messages", "1000000");
    assertEquals(0, r.code(), r.out() + r.err());
    String line = r.out().lines().filter(l -> l.startsWith("ring-2 ")).findFirst().orElseThrow();
    assertTrue(!r.out().contains("ring-256"), "--only ring-2 names that ring only:\n" + r.out());
    assertTrue(line.matches(".*<= 1 cpu-s: (met|NOT MET), heap <= 150 MB: (met|NOT MET)$"), line);
  }

  @Test
  void benchTimed_badUsage_exitsWith64() {
    assertEquals(64, run("bench", "timed", "--only", "nope").code());
    assertEquals(64, run("bench", "timed", "--queues", "fast").code());
    assertEquals(64, run("bench", "timed", "--messages", "1").code());
  }
}
