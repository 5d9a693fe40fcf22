package dev.matchpoint.scenario.library;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.explore.Budget;
import dev.matchpoint.core.explore.ExplorationReport;
import dev.matchpoint.core.explore.ExploreOptions;
import dev.matchpoint.core.explore.Explorer;
import dev.matchpoint.core.explore.ProgressListener;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.explore.MpiTransitionSystem;
import dev.matchpoint.scenario.ExpectationCheck;
import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.ScenarioLoader;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The level-by-level search over encoded states (LevelSearch, issue 13): on every library scenario
 * (all but the deep unexpected queue) and on the matched-probe pattern 4 x 4, its whole report
 * apart from timings (states, transitions, schedules, depth, frontier, outcome classes with their
 * counts, verdicts and examples, the counterexample) is the same on 1, 2 and 4 threads, and its
 * outcome classes, counts and verdicts are the depth-first search's; a state budget stops it at the
 * same point on any number of threads.
 */
class LevelSearchTest {
  private static final String CLAUSE = "Parallel and serial runs must print the same report apart from timings.";

  static Stream<String> names() throws java.io.IOException {
    return LibraryTest.names().filter(n -> !n.equals("deep-unexpected-queue"));
  }

  /** The report without its timings and heap figures. */
  static String report(ExplorationReport r) {
    StringBuilder sb = new StringBuilder();
    sb.append(r.exhaustive()).append(' ').append(r.stopReason()).append(' ').append(r.stoppedBy()).append(" schedules=")
        .append(r.schedules()).append(" states=").append(r.states()).append(" transitions=").append(r.transitions())
        .append(" depth=").append(r.maxDepth()).append(" frontier=").append(r.frontier()).append('\n');
    r.outcomes().forEach((k, c) -> sb.append(k).append(" x").append(c.count()).append(' ').append(c.verdict().details())
        .append(' ').append(c.example()).append('\n'));
    if (r.counterexample() != null) {
      sb.append(r.counterexample().choices()).append(' ').append(r.counterexample().note()).append('\n');
    }
    return sb.toString();
  }

  /** Per outcome class: its count and verdict. */
  static Map<String, String> classes(ExplorationReport r) {
    Map<String, String> out = new TreeMap<>();
    r.outcomes().forEach((k, c) -> out.put(k, "x" + c.count() + " " + c.verdict().violation() + " "
        + c.verdict().details()));
    return out;
  }

  private static void assertDeterministic(Scenario s, ExploreOptions options) {
    MpiTransitionSystem ts = new MpiTransitionSystem(ScenarioLoader.compile(s), s.checks(), true);
    ExplorationReport serial = Explorer.explore(ts, options.withLevels(true), ProgressListener.NONE);
    for (int threads : new int[] {2, 4}) {
      assertEquals(report(serial), report(Explorer.explore(ts, options.withLevels(true).withThreads(threads),
          ProgressListener.NONE)), s.name() + " on " + threads + " threads");
    }
    if (serial.exhaustive()) {
      ExplorationReport dfs = Explorer.explore(ts, options, ProgressListener.NONE);
      assertTrue(dfs.exhaustive(), s.name() + ": " + dfs.stopReason());
      assertEquals(classes(dfs), classes(serial), s.name() + ": the depth-first search's outcome classes");
    }
  }

  @ParameterizedTest
  @MethodSource("names")
  @SpecClause(source = "issue 13", text = CLAUSE)
  void levelSearch_onEveryThreadCount_printsOneReport_withTheDepthFirstSearchsOutcomeClasses(String name) {
    Scenario s = ScenarioLoader.load(Path.of("library", name + ".yaml"));
    ExplorationReport r = Explorer.explore(new MpiTransitionSystem(ScenarioLoader.compile(s), s.checks(), true),
        ExpectationCheck.OPTIONS.withLevels(true), ProgressListener.NONE);
    assertTrue(r.exhaustive(), name + ": " + r.stopReason());
    assertDeterministic(s, ExpectationCheck.OPTIONS);
  }

  @Test
  @SpecClause(source = "issue 13", text = CLAUSE)
  void levelSearch_onTheMatchedProbePattern4x4_printsOneReport() {
    assertDeterministic(Patterns.matchedProbe(4), ExpectationCheck.OPTIONS);
  }

  @Test
  @SpecClause(source = "issue 13", text = CLAUSE)
  void stateBudget_stopsTheLevelSearchAtTheSamePoint_onEveryThreadCount() {
    Scenario s = Patterns.matchedProbe(4);
    ExploreOptions o = ExpectationCheck.OPTIONS.withMaxStates(500);
    ExplorationReport r = Explorer.explore(new MpiTransitionSystem(ScenarioLoader.compile(s), s.checks(), true),
        o.withLevels(true), ProgressListener.NONE);
    assertEquals(Budget.STATES, r.stoppedBy(), r.stopReason());
    assertEquals(500, r.states());
    assertTrue(r.frontier() > 0, "entries left unexpanded: " + r.frontier());
    assertDeterministic(s, o);
  }
}
