package dev.matchpoint.scenario.library;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.explore.ExplorationReport;
import dev.matchpoint.core.explore.Explorer;
import dev.matchpoint.core.explore.ExploreOptions;
import dev.matchpoint.core.explore.ProgressListener;
import dev.matchpoint.core.explore.Verdict;
import dev.matchpoint.mpi.explore.MpiTransitionSystem;
import dev.matchpoint.scenario.ExpectationCheck;
import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.ScenarioLoader;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The parallel exhaustive search against the serial one: on every library scenario the explorer
 * completes (all but the deep unexpected queue) and on the matched-probe pattern 4 x 4, several
 * runs on 2 and 4 threads (more threads than this machine's cores, so that threads interleave
 * finely) reach the same outcome classes, with the same counts of distinct final states and the
 * same verdicts, and the same shortest violating schedule, as the serial search. (The states
 * stored may differ: see ParallelStatefulSearch.) A stress test of the model's thread safety as
 * much as of the search: states share frozen ranks and their cached fingerprints.
 */
class ParallelSearchTest {
  private static final int RUNS = 3;

  static Stream<String> names() throws java.io.IOException {
    return LibraryTest.names().filter(n -> !n.equals("deep-unexpected-queue"));
  }

  /** Per outcome class: its verdict and count; the example schedules may differ (see ParallelStatefulSearch). */
  private static Map<String, String> classes(ExplorationReport r) {
    Map<String, String> out = new TreeMap<>();
    r.outcomes().forEach((k, c) -> {
      Verdict v = c.verdict();
      out.put(k, "x" + c.count() + " violation=" + v.violation() + " " + v.details());
    });
    return out;
  }

  private static void assertSameAsSerial(Scenario s) {
    MpiTransitionSystem ts = new MpiTransitionSystem(ScenarioLoader.compile(s), s.checks(), true);
    ExploreOptions serialOptions = ExpectationCheck.OPTIONS;
    ExplorationReport serial = Explorer.explore(ts, serialOptions, ProgressListener.NONE);
    assertTrue(serial.exhaustive(), s.name() + ": " + serial.stopReason());
    for (int threads : new int[] {2, 4}) {
      for (int run = 0; run < RUNS; run++) {
        ExplorationReport p = Explorer.explore(ts, serialOptions.withThreads(threads), ProgressListener.NONE);
        String what = s.name() + ", " + threads + " threads, run " + run;
        assertTrue(p.exhaustive(), what + ": " + p.stopReason());
        assertEquals(classes(serial), classes(p), what + ": outcome classes");
        assertEquals(serial.counterexample() == null, p.counterexample() == null, what + ": counterexample");
        if (serial.counterexample() != null) {
          assertEquals(serial.counterexample().choices(), p.counterexample().choices(),
              what + ": the shortest violating schedule (breadth-first, deterministic)");
        }
      }
    }
  }

  @ParameterizedTest
  @MethodSource("names")
  void parallelSearch_reachesTheSerialOutcomeClasses_withTheirCountsAndVerdicts(String name) {
    assertSameAsSerial(ScenarioLoader.load(java.nio.file.Path.of("library", name + ".yaml")));
  }

  @Test
  void parallelSearch_onTheMatchedProbePattern4x4_isTheSerialSearch() {
    assertSameAsSerial(Patterns.matchedProbe(4));
  }
}
