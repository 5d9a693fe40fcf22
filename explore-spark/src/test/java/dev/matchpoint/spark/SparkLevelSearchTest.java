package dev.matchpoint.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.explore.Budget;
import dev.matchpoint.core.explore.Counterexample;
import dev.matchpoint.core.explore.ExplorationReport;
import dev.matchpoint.core.explore.ExploreOptions;
import dev.matchpoint.core.explore.Explorer;
import dev.matchpoint.core.explore.ProgressListener;
import dev.matchpoint.core.explore.Strategy;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.explore.Outcomes;
import dev.matchpoint.scenario.ExpectationCheck;
import dev.matchpoint.scenario.format.ScenarioWriter;
import dev.matchpoint.scenario.library.Patterns;
import java.time.Duration;
import java.util.List;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Spark engine's exhaustive search (issue 17), in Spark's local mode on 2 cores (one context for
 * the class): on library scenarios its whole report apart from timings and memory (states,
 * transitions, schedules, depth, outcome classes with their counts, verdicts and examples, the
 * counterexample) is the level-by-level search's on 2 threads, and the depth-first search's
 * outcome classes; a state budget stops it with the local search's figures.
 */
class SparkLevelSearchTest {
  private static final String CLAUSE = "for the library scenarios and generated programs, the Spark search reaches "
      + "exactly the local search's outcome classes, state count and verdict";
  private static JavaSparkContext sc;

  @BeforeAll
  static void start() {
    sc = new JavaSparkContext(new SparkConf().setMaster("local[2]").setAppName("SparkLevelSearchTest")
        .set("spark.ui.enabled", "false"));
  }

  @AfterAll
  static void stop() {
    sc.close();
  }

  /** The report without its timings and memory figures. */
  static String report(ExplorationReport r) {
    StringBuilder sb = new StringBuilder();
    sb.append(r.exhaustive()).append(' ').append(r.stopReason()).append(' ').append(r.stoppedBy()).append(" schedules=")
        .append(r.schedules()).append(" states=").append(r.states()).append(" transitions=").append(r.transitions())
        .append(" depth=").append(r.maxDepth()).append('\n');
    r.outcomes().forEach((k, c) -> sb.append(k).append(" x").append(c.count()).append(' ').append(c.verdict().violation())
        .append(' ').append(c.verdict().details()).append(' ').append(c.verdict().parts()).append(' ')
        .append(c.example()).append('\n'));
    Counterexample cex = r.counterexample();
    if (cex != null) {
      sb.append(cex.choices()).append(' ').append(cex.length()).append(' ').append(cex.note()).append(' ')
          .append(cex.steps()).append('\n');
    }
    return sb.toString();
  }

  private static ExplorationReport spark(ScenarioModel m, ExploreOptions o) {
    return SparkEngine.explore(sc, m, o, ProgressListener.NONE, null);
  }

  @ParameterizedTest
  @ValueSource(strings = {"mprobe-fix-2x2", "mprobe-fix-3x3", "probe-race-2x2", "probe-race-3x3",
      "mpi22-probe-any-source", "head-to-head-eager", "cancel-race-until-matched", "persistent-ping-pong",
      "iprobe-polling-loop", "collective-order-mismatch"})
  @SpecClause(source = "issue 17", text = CLAUSE)
  void sparkSearch_printsTheLevelSearchsReport_andReachesTheDepthFirstSearchsClasses(String name) {
    ScenarioModel m = ScenarioModel.of(name, List.of(), true, Outcomes.OBSERVABLE);
    ExploreOptions o = ExpectationCheck.OPTIONS;
    ExplorationReport local = Explorer.explore(m.open(), o.withLevels(true).withThreads(2), ProgressListener.NONE);
    ExplorationReport spark = spark(m, o);
    assertTrue(spark.exhaustive(), name + ": " + spark.stopReason());
    assertEquals(report(local), report(spark), name);
    ExplorationReport dfs = Explorer.explore(m.open(), o, ProgressListener.NONE);
    assertEquals(dfs.outcomes().keySet(), spark.outcomes().keySet(), name + ": the depth-first search's classes");
    assertEquals(dfs.violationFound(), spark.violationFound(), name + ": verdict");
  }

  @Test
  @SpecClause(source = "issue 17", text = CLAUSE)
  void sparkSearch_withoutReduction_andWithFineOutcomes_printsTheLevelSearchsReport() {
    ScenarioModel m = ScenarioModel.of("probe-race-2x2", List.of(), false, Outcomes.FINE);
    ExploreOptions o = ExpectationCheck.OPTIONS;
    assertEquals(report(Explorer.explore(m.open(), o.withLevels(true), ProgressListener.NONE)), report(spark(m, o)));
  }

  @Test
  @SpecClause(source = "issue 17", text = "budgets (time, states) apply to the whole job")
  void stateBudget_stopsTheSparkSearchWithTheLevelSearchsFigures() {
    ScenarioModel m = ScenarioModel.of("mprobe-fix-3x3", List.of(), true, Outcomes.OBSERVABLE);
    ExploreOptions o = ExpectationCheck.OPTIONS.withMaxStates(300);
    ExplorationReport local = Explorer.explore(m.open(), o.withLevels(true), ProgressListener.NONE);
    ExplorationReport spark = spark(m, o);
    assertEquals(Budget.STATES, spark.stoppedBy(), spark.stopReason());
    assertEquals(300, spark.states());
    assertEquals(local.stopReason(), spark.stopReason());
    assertTrue(spark.frontier() > 0, "entries left unexpanded: " + spark.frontier());
    assertEquals(local.maxDepth(), spark.maxDepth());
  }

  @Test
  @SpecClause(source = "issue 17", text = "violations carry their path (or enough to rebuild it) so that the report "
      + "prints the same shortest counterexample and replay line as the local search")
  void violation_rebuildsItsPathOnTheDriver_andTheCounterexampleIsTheShortest() {
    ScenarioModel m = ScenarioModel.of("probe-race-3x3", List.of(), true, Outcomes.OBSERVABLE);
    ExplorationReport spark = spark(m, ExpectationCheck.OPTIONS);
    Counterexample cex = spark.counterexample();
    assertNotNull(cex);
    assertEquals(Counterexample.Length.SHORTEST, cex.length(), cex.note());
    spark.outcomes().values().forEach(c -> assertEquals(c.verdict().outcome(),
        Explorer.replay(m.open(), c.example(), false).verdict().outcome(), "each class's example replays into it"));
    assertTrue(Explorer.replay(m.open(), cex.choices(), true).verdict().violation());
  }

  @Test
  @SpecClause(source = "issue 17", text = "--strategy random|pct --engine spark: swarm search, one seed range per task, "
      + "with the union of outcome classes and the best counterexample")
  void swarm_reportsTheUnionOfItsTasksSamples_andTheShortestCounterexample() {
    ScenarioModel m = ScenarioModel.of("probe-race-3x3", List.of(), true, Outcomes.OBSERVABLE);
    for (Strategy strategy : new Strategy[] {Strategy.RANDOM, Strategy.PCT}) {
      ExploreOptions o = ExploreOptions.of(strategy).withSeed(5).withScheduleBudget(42);
      ExplorationReport swarm = spark(m, o);
      int tasks = 4;
      java.util.Map<String, Long> union = new java.util.TreeMap<>();
      long schedules = 0;
      for (int i = 0; i < tasks; i++) {
        ExplorationReport task = Explorer.explore(m.open(), o.withSeed(5 + i).withScheduleBudget(42 / tasks
            + (i < 42 % tasks ? 1 : 0)).withShortestViolation(false), ProgressListener.NONE);
        task.outcomes().forEach((k, c) -> union.merge(k, c.count(), Long::sum));
        schedules += task.schedules();
      }
      java.util.Map<String, Long> got = new java.util.TreeMap<>();
      swarm.outcomes().forEach((k, c) -> got.put(k, c.count()));
      assertEquals(union, got, strategy + ": the union of the tasks' classes and counts");
      assertEquals(42, swarm.schedules());
      assertEquals(42, schedules);
      assertTrue(swarm.violationFound(), strategy.configName());
      ExplorationReport exhaustive = Explorer.explore(m.open(), ExpectationCheck.OPTIONS, ProgressListener.NONE);
      assertEquals(exhaustive.counterexample().choices(), swarm.counterexample().choices(),
          strategy + ": the shortest counterexample");
    }
  }

  @Test
  @SpecClause(source = "issue 17", text = "budgets (time, states) apply to the whole job")
  void timeBudget_stopsTheSparkSearch_withAReportOfHowFarItGot() {
    ScenarioModel m = new ScenarioModel("mprobe-fix-5x5.yaml", ScenarioWriter.write(Patterns.matchedProbe(5)), List.of(),
        true, Outcomes.OBSERVABLE);
    ExplorationReport r = spark(m, ExpectationCheck.OPTIONS.withTimeBudget(Duration.ofSeconds(1)));
    assertEquals(Budget.TIME, r.stoppedBy(), r.stopReason());
    assertFalse(r.exhaustive());
    assertTrue(r.states() > 0 && r.states() < 38_157, "states stored before the deadline: " + r.states());
  }
}
