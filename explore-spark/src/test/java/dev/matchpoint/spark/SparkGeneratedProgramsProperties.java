package dev.matchpoint.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.matchpoint.core.explore.ExplorationReport;
import dev.matchpoint.core.explore.ExploreOptions;
import dev.matchpoint.core.explore.Explorer;
import dev.matchpoint.core.explore.ProgressListener;
import dev.matchpoint.core.explore.Strategy;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.explore.Outcomes;
import dev.matchpoint.properties.MpiArbitraries;
import dev.matchpoint.properties.SwarmProgram;
import dev.matchpoint.scenario.format.ScenarioWriter;
import java.time.Duration;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * The Spark engine's exhaustive search on generated programs over every feature of the model (the
 * property library's swarm programs, issue 16), in Spark's local mode on 2 cores: its report apart
 * from timings is the level-by-level search's on 2 threads, budgets included (a try cut by the
 * state or schedule budget is cut at the same level, with the same figures and classes).
 */
class SparkGeneratedProgramsProperties {
  private static JavaSparkContext sc;

  @BeforeContainer
  static void start() {
    sc = new JavaSparkContext(new SparkConf().setMaster("local[2]").setAppName("SparkGeneratedProgramsProperties")
        .set("spark.ui.enabled", "false"));
  }

  @AfterContainer
  static void stop() {
    sc.close();
  }

  @Provide
  Arbitrary<SwarmProgram> programs() {
    return MpiArbitraries.swarmPrograms();
  }

  @Property(tries = 12, edgeCases = EdgeCasesMode.NONE)
  @SpecClause(source = "issue 17", text = "for the library scenarios and generated programs, the Spark search reaches "
      + "exactly the local search's outcome classes, state count and verdict")
  void sparkSearch_onGeneratedPrograms_printsTheLevelSearchsReport(@ForAll("programs") SwarmProgram p) {
    ScenarioModel m = new ScenarioModel("generated.yaml", ScenarioWriter.write(p.scenario()), List.of(), true,
        Outcomes.OBSERVABLE);
    ExploreOptions o = ExploreOptions.of(Strategy.EXHAUSTIVE).withScheduleBudget(5_000).withMaxStates(5_000)
        .withTimeBudget(Duration.ofMinutes(5));
    ExplorationReport local = Explorer.explore(m.open(), o.withLevels(true).withThreads(2), ProgressListener.NONE);
    ExplorationReport spark = SparkEngine.explore(sc, m, o, ProgressListener.NONE, null);
    assertEquals(SparkLevelSearchTest.report(local), SparkLevelSearchTest.report(spark), () -> "on\n" + p);
  }
}
