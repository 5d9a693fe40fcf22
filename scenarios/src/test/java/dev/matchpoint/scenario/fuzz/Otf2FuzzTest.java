package dev.matchpoint.scenario.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.matchpoint.scenario.importer.TraceImportFormat;
import java.nio.file.Path;

/**
 * Fuzz targets of the OTF2 reader: each replaces one file of a test archive (the anchor, the
 * global definitions, one location's events) with the input and imports the archive; every input
 * must import or be refused as bad input ({@link TraceFuzz#importOrRefuse}).
 *
 * <p>The default build replays the inputs under {@code Otf2FuzzTestInputs/<method>} in the test
 * resources (the samples, issue 14's reproducers and what fuzzing found); {@code JAZZER_FUZZ=1}
 * fuzzes (README, "Fuzzing").
 */
class Otf2FuzzTest {
  /** The worked archive (TRACE-FORMATS.md §1.8): anchor and events are fuzzed on it. */
  private static final Path WORKED = TraceFuzz.scratchCopy("/traces/otf2/worked");
  /** The rich archive: sub-communicators, threads, local definitions; its definitions are fuzzed. */
  private static final Path RICH = TraceFuzz.scratchCopy("/traces/otf2/rich");

  @FuzzTest(maxDuration = "5m")
  void anchor(byte[] input) {
    Path anchor = WORKED.resolve("traces.otf2");
    TraceFuzz.importOrRefuse(TraceImportFormat.OTF2, anchor, input, anchor);
  }

  @FuzzTest(maxDuration = "5m")
  void definitions(byte[] input) {
    TraceFuzz.importOrRefuse(TraceImportFormat.OTF2, RICH.resolve("traces.def"), input, RICH.resolve("traces.otf2"));
  }

  @FuzzTest(maxDuration = "5m")
  void events(byte[] input) {
    TraceFuzz.importOrRefuse(TraceImportFormat.OTF2, WORKED.resolve("traces").resolve("0.evt"), input,
        WORKED.resolve("traces.otf2"));
  }
}
