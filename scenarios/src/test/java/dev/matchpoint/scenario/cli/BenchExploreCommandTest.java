package dev.matchpoint.scenario.cli;

import static dev.matchpoint.scenario.cli.CliTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.scenario.cli.CliTest.Result;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code matchpoint bench explore} on small sizes: the table's shape (serial columns, parallel
 * columns, outcome classes) and the race's counterexample.
 */
class BenchExploreCommandTest {
  private static String[] row(Result r, String name) {
    String line = r.out().lines().filter(l -> l.startsWith(name + " ")).findFirst().orElseThrow();
    return line.trim().split("\\s+");
  }

  @Test
  void benchExplore_upToThree_printsCompleteRowsWithTFactorialOutcomes_andTheRace() {
    Result r = run("bench", "explore", "--max", "3");
    assertEquals(0, r.code(), r.out() + r.err());
    for (int t = 2; t <= 3; t++) {
      String[] cols = row(r, "mprobe-fix-" + t + "x" + t);
      assertEquals(cols[12], cols[13], "outcome classes = T!: " + String.join(" ", cols));
      assertEquals("complete", cols[14], "complete, and the parallel search agrees: " + String.join(" ", cols));
    }
    assertEquals(List.of("74", "31", "101"), List.of(row(r, "probe-race-2x2")).subList(1, 4),
        "states, schedules and transitions are deterministic");
    for (String part : List.of("violation found", "Shortest violating schedule of probe-race-2x2 (9 steps):",
        "=> r2.t1 MPI_Recv blocks", "replay:   ./matchpoint replay probe-race-2x2 --mode logical --schedule '0*4.1.0.2'")) {
      assertTrue(r.out().contains(part), part + " in:\n" + r.out());
    }
    assertTrue(!r.out().contains("mprobe-fix-4x4") && !r.out().contains("probe-race-4x4"), r.out());
  }

  @Test
  void bench_badUsage_exitsWith64() {
    assertEquals(64, run("bench").code());
    assertEquals(64, run("bench", "explore", "--max", "1").code());
    assertEquals(64, run("bench", "explore", "--max", "9").code());
    assertEquals(64, run("bench", "explore", "--time-budget", "never").code());
    assertEquals(64, run("bench", "explore", "--threads", "1").code());
    assertEquals(0, run("bench", "explore", "--help").code());
  }

  @Test
  void targets_areTheIssues() {
    assertEquals(3, BenchExploreCommand.targetCpuSeconds(6));
    assertEquals(300, BenchExploreCommand.targetCpuSeconds(7));
    assertEquals(-1, BenchExploreCommand.targetCpuSeconds(5));
    assertEquals(1, BenchExploreCommand.PROBE_RACE_4_TARGET_SECONDS);
    assertEquals(24, BenchExploreCommand.BYTES_PER_STATE_TARGET);
  }
}
