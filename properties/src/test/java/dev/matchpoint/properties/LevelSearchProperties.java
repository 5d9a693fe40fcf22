package dev.matchpoint.properties;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.matchpoint.core.explore.ExplorationReport;
import dev.matchpoint.core.explore.Strategy;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.rank.ModelSpec;
import dev.matchpoint.properties.oracle.Explore;
import dev.matchpoint.properties.oracle.Exploration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * The level-by-level search over encoded states (LevelSearch, issue 13) on generated programs that
 * use every feature: its report apart from timings is the same on 1 and {@link #THREADS} threads,
 * and when it and the naive enumeration of every schedule both complete, it reaches exactly the
 * naive enumeration's outcome classes (every call result a thread observed included) and the
 * depth-first stateful search's classes with their counts.
 */
class LevelSearchProperties {
  static final int THREADS = 3;
  private static final String CLAUSE = "Parallel and serial runs must print the same report apart from timings.";
  private static final List<CheckKind> CHECKS = List.of(CheckKind.values());

  @Provide
  Arbitrary<SwarmProgram> everyFeature() {
    return MpiArbitraries.swarmPrograms();
  }

  @Property(tries = 60, edgeCases = EdgeCasesMode.NONE)
  @SpecClause(source = "issue 13", text = CLAUSE)
  void levelSearch_onSwarmPrograms_printsOneReportOnEveryThreadCount_withTheNaiveOutcomes(
      @ForAll("everyFeature") SwarmProgram p) {
    ModelSpec spec = p.spec();
    long budget = StrategyEquivalenceProperties.BUDGET;
    Exploration serial = Explore.run("swarm program", spec, Explore.options(Strategy.EXHAUSTIVE)
        .withScheduleBudget(budget).withLevels(true), true, CHECKS, StrategyEquivalenceProperties.OBSERVE);
    Exploration parallel = Explore.run("swarm program", spec, Explore.options(Strategy.EXHAUSTIVE)
        .withScheduleBudget(budget).withLevels(true).withThreads(THREADS), true, CHECKS,
        StrategyEquivalenceProperties.OBSERVE);
    assertEquals(report(serial.report()), report(parallel.report()), () -> "1 and " + THREADS + " threads:\n" + p);
    Exploration naive = Explore.run("swarm program", spec, Explore.options(Strategy.NAIVE).withScheduleBudget(budget),
        false, CHECKS, StrategyEquivalenceProperties.OBSERVE);
    Exploration dfs = Explore.run("swarm program", spec, Explore.options(Strategy.EXHAUSTIVE)
        .withScheduleBudget(budget), true, CHECKS, StrategyEquivalenceProperties.OBSERVE);
    boolean complete = serial.exhaustive() && naive.exhaustive() && dfs.exhaustive();
    Statistics.label("searches").collect(complete ? "complete" : "cut by the budget: discarded");
    Assume.that(complete);
    assertEquals(naive.report().outcomes().keySet(), serial.report().outcomes().keySet(), () -> "naive:\n" + p);
    assertEquals(counts(dfs.report()), counts(serial.report()), () -> "depth-first:\n" + p);
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

  private static Map<String, String> counts(ExplorationReport r) {
    Map<String, String> out = new TreeMap<>();
    r.outcomes().forEach((k, c) -> out.put(k, c.count() + (c.verdict().violation() ? " violating" : "")));
    return out;
  }
}
