package dev.matchpoint.scenario.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.matchpoint.scenario.importer.TraceImportFormat;
import java.nio.file.Path;

/**
 * Fuzz target of the SimGrid time-independent trace reader: the input is a TI file, either all
 * ranks' actions or an index of per-rank files (the directory holds the split sample's {@code
 * ti_trace_files/rank0.txt} to {@code rank2.txt}); it must import or be refused as bad input
 * ({@link TraceFuzz#importOrRefuse}).
 *
 * <p>The default build replays the inputs under {@code SimGridTiFuzzTestInputs/tiTrace} in the test
 * resources; {@code JAZZER_FUZZ=1} fuzzes (README, "Fuzzing").
 */
class SimGridTiFuzzTest {
  private static final Path DIR = TraceFuzz.scratchCopy("/traces/simgrid/split");

  @FuzzTest(maxDuration = "5m")
  void tiTrace(byte[] input) {
    Path trace = DIR.resolve("fuzz.txt");
    TraceFuzz.importOrRefuse(TraceImportFormat.SIMGRID_TI, trace, input, trace);
  }
}
