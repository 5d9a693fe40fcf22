package dev.matchpoint.scenario.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.matchpoint.scenario.importer.TraceImportFormat;
import java.nio.file.Path;

/**
 * Fuzz target of the OTF2 reader: the input replaces the anchor file of the worked archive
 * (TRACE-FORMATS.md §1.8); every input must import or be refused as bad input ({@link
 * TraceFuzz#importOrRefuse}). One target per class: Jazzer fuzzes one {@code @FuzzTest} per JVM,
 * and the {@code fuzz} profile forks one JVM per class.
 *
 * <p>The default build replays the inputs under {@code Otf2AnchorFuzzTestInputs/anchor} in the
 * test resources (the samples, issue 14's reproducers and what fuzzing found); {@code mvn -Pfuzz}
 * fuzzes (README, "Fuzzing").
 */
class Otf2AnchorFuzzTest {
  private static final Path ARCHIVE = TraceFuzz.scratchCopy("/traces/otf2/worked");

  @FuzzTest(maxDuration = "5m")
  void anchor(byte[] input) {
    TraceFuzz.importOrRefuse(TraceImportFormat.OTF2, ARCHIVE.resolve("traces.otf2"), input,
        ARCHIVE.resolve("traces.otf2"));
  }
}
