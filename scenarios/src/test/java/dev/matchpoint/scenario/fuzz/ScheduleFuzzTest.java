package dev.matchpoint.scenario.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.matchpoint.core.sched.Schedule;
import java.nio.charset.StandardCharsets;

/**
 * Fuzz target of {@code replay --schedule}'s text: every input either parses or is refused with the
 * {@link IllegalArgumentException} the command line reports as bad input (exit 64), naming a
 * character offset, within {@link ScenarioFileFuzzTest#CPU_BOUND_NS} of CPU time whatever counts it
 * holds. What parses prints back to a text that parses to the same schedule, and answers its first
 * and last choice.
 *
 * <p>The default build replays the inputs under {@code ScheduleFuzzTestInputs/scheduleText} in the
 * test resources; {@code mvn -Pfuzz} fuzzes (README, "Fuzzing").
 */
class ScheduleFuzzTest {
  @FuzzTest(maxDuration = "5m")
  void scheduleText(byte[] input) {
    String text = new String(input, StandardCharsets.UTF_8);
    long start = TraceFuzz.cpuNs();
    try {
      Schedule s = Schedule.parse(text);
      assertEquals(s, Schedule.parse(s.toString()));
      if (s.length() > 0) {
        assertTrue(s.choice(0) >= 0 && s.choice(s.length() - 1) >= 0);
      }
      assertEquals(s.trimmed(), Schedule.parse(s.trimmed().toString()));
    } catch (IllegalArgumentException e) {
      assertTrue(e.getMessage().contains(" at offset "), e.getMessage());
    }
    long used = TraceFuzz.cpuNs() - start;
    assertTrue(used <= ScenarioFileFuzzTest.CPU_BOUND_NS, "one input took " + used / 1_000_000 + " ms of CPU");
  }
}
