package dev.matchpoint.scenario.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.matchpoint.scenario.importer.TraceImportFormat;
import java.nio.file.Path;

/**
 * Fuzz target of the GOAL schedule reader: the input is a GOAL file; it must import or be refused
 * as bad input ({@link TraceFuzz#importOrRefuse}).
 *
 * <p>The default build replays the inputs under {@code GoalFuzzTestInputs/goalSchedule} in the
 * test resources; {@code JAZZER_FUZZ=1} fuzzes (README, "Fuzzing").
 */
class GoalFuzzTest {
  private static final Path DIR = TraceFuzz.scratchCopy("/traces/goal");

  @FuzzTest(maxDuration = "5m")
  void goalSchedule(byte[] input) {
    Path trace = DIR.resolve("fuzz.goal");
    TraceFuzz.importOrRefuse(TraceImportFormat.GOAL, trace, input, trace);
  }
}
