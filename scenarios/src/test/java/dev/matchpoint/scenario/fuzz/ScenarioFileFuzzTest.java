package dev.matchpoint.scenario.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.ScenarioException;
import dev.matchpoint.scenario.ScenarioLoader;
import dev.matchpoint.scenario.format.ScenarioWriter;
import java.nio.charset.StandardCharsets;

/**
 * Fuzz target of the scenario reader (YAML, keys, integers, rank sets, expressions, conditions,
 * program compilation): every input either loads or is refused with a {@link ScenarioException}
 * naming the file (the command line's exit 64), within {@link #CPU_BOUND_NS} of CPU time. What loads
 * must also print (its expressions included, as {@code explore} prints them) and write back to a
 * file that loads as the same scenario.
 *
 * <p>The default build replays the inputs under {@code ScenarioFileFuzzTestInputs/scenarioFile} in
 * the test resources (each reproducer of issue 14 and every finding since); {@code mvn -Pfuzz}
 * fuzzes (README, "Fuzzing").
 */
class ScenarioFileFuzzTest {
  /** The most CPU time one input may take: far above what a 4 KiB input needs, far below a hang. */
  static final long CPU_BOUND_NS = 2_000_000_000L;

  @FuzzTest(maxDuration = "5m")
  void scenarioFile(byte[] input) {
    String text = new String(input, StandardCharsets.UTF_8);
    long start = TraceFuzz.cpuNs();
    try {
      Scenario s = ScenarioLoader.load(text, "fuzz.yaml");
      assertTrue(s.toString().length() > 0);
      Scenario again = ScenarioLoader.load(ScenarioWriter.write(s), "written.yaml");
      assertEquals(s.withoutLocations(), again.withoutLocations(), "the written file reads back differently");
    } catch (ScenarioException e) {
      assertTrue(e.getMessage().startsWith("fuzz.yaml:"), e.getMessage());
    }
    long used = TraceFuzz.cpuNs() - start;
    assertTrue(used <= CPU_BOUND_NS, "one input took " + used / 1_000_000 + " ms of CPU");
  }
}
