package dev.matchpoint.properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.explore.Counterexample;
import dev.matchpoint.core.explore.ExploreOptions;
import dev.matchpoint.core.explore.Footprint;
import dev.matchpoint.core.explore.StateKey;
import dev.matchpoint.core.explore.Strategy;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.WildcardPolicy;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.explore.MpiTransitionSystem;
import dev.matchpoint.mpi.rank.Action;
import dev.matchpoint.mpi.rank.ModelSpec;
import dev.matchpoint.mpi.rank.World;
import dev.matchpoint.properties.oracle.Explore;
import dev.matchpoint.properties.oracle.Exploration;
import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.ScenarioLoader;
import dev.matchpoint.scenario.library.Patterns;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * The shortest-violation search follows only the model's persistent sets, which preserve the least
 * number of steps to a violating final state (Godefroid 1996, Theorem 4.3: every final state is
 * reached in the reduced graph by a permutation of any path to it); the report's "shortest" label
 * must hold against a breadth-first search of the unreduced state graph, written here independently.
 */
class ShortestViolationProperties {
  private static final String CLAUSE = "A violating schedule labelled shortest has as few steps as the shortest "
      + "violating schedule of the unreduced state graph.";
  private static final List<CheckKind> CHECKS = List.of(CheckKind.values());
  /** Stored states of the reference search before a try is discarded. */
  private static final int REFERENCE_STATES = 200_000;

  /**
   * Swarm programs over every feature, and as often programs rich in wildcard choices (as {@code
   * StrategyEquivalenceProperties.wildcardChoices}), where violations are more frequent.
   */
  @Provide
  Arbitrary<SwarmProgram> programs() {
    return Arbitraries.oneOf(MpiArbitraries.swarmPrograms(), MpiArbitraries.swarmPrograms().messages(2, 3).threads(2)
        .tags(0, 0).sourceWildcardPercent(100).requiredFeatures(Feature.FAN_IN, Feature.WILDCARDS, Feature.PROBES)
        .wildcardPolicies(WildcardPolicy.ANY));
  }

  /**
   * On generated programs ({@link #programs()}): when the stateful search (persistent
   * and sleep sets) finds a violation and labels its counterexample shortest, the counterexample
   * has the length of the shortest violation an unreduced breadth-first search finds, and it still
   * violates a check. Tries without a violation, or whose searches a budget cut, are discarded.
   */
  @Property(tries = 60, maxDiscardRatio = 20, edgeCases = EdgeCasesMode.NONE)
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  void shortestMatchesUnreducedBreadthFirst(@ForAll("programs") SwarmProgram p) {
    ModelSpec spec = p.spec();
    ExploreOptions options = Explore.options(Strategy.EXHAUSTIVE).withThreads(1).withShortestViolation(true);
    Exploration reduced = Explore.run("swarm program", spec, options, true, CHECKS);
    Counterexample cex = reduced.report().counterexample();
    int reference = shortestViolation(new MpiTransitionSystem(spec, CHECKS, false));
    Statistics.label("violation").collect(reference < 0 ? "none" : reference == Integer.MAX_VALUE ? "too large"
        : "found");
    Assume.that(reference >= 0 && reference != Integer.MAX_VALUE);
    assertTrue(cex != null, () -> "the search misses a violation of " + reference + " steps:\n" + p);
    Assume.that(cex.shortest());
    assertTrue(cex.verdict().violation(), cex::toString);
    assertEquals(reference, cex.steps().size(), () -> "a counterexample labelled shortest (" + cex.steps().size()
        + " steps, " + cex.note() + ") against " + reference + " steps of the unreduced breadth-first search:\n" + p);
  }

  /**
   * The probe races 2 x 2 and 3 x 3 (seed 000's pattern, where two threads can probe the same
   * message): the shortest violating schedule, found over the persistent sets, has the length of the
   * unreduced breadth-first search's (9 and 13 steps).
   */
  @Example
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  void probeRaces_shortestMatchesUnreducedBreadthFirst() {
    for (int t = 2; t <= 3; t++) {
      Scenario race = Patterns.probeRace(t);
      ModelSpec spec = ScenarioLoader.compile(race);
      Counterexample cex = Explore.run(race.name(), spec, Explore.options(Strategy.EXHAUSTIVE).withThreads(1)
          .withShortestViolation(true), true, race.checks()).report().counterexample();
      int reference = shortestViolation(new MpiTransitionSystem(spec, race.checks(), false));
      assertEquals(4 * t + 1, reference, race.name());
      assertTrue(cex.shortest(), cex::note);
      assertEquals(reference, cex.steps().size(), race.name() + ": " + cex.note());
    }
  }

  /**
   * Steps of a shortest violating schedule: breadth-first over every enabled action, states told
   * apart by their fingerprint.
   *
   * @return the steps; -1 when no final state violates; {@link Integer#MAX_VALUE} past {@link
   *     #REFERENCE_STATES}
   */
  private static int shortestViolation(MpiTransitionSystem ts) {
    Set<StateKey> seen = new HashSet<>();
    List<World> level = new ArrayList<>(List.of(ts.initial()));
    seen.add(StateKey.of(ts, level.get(0)));
    for (int depth = 0; !level.isEmpty(); depth++) {
      List<World> next = new ArrayList<>();
      for (World s : level) {
        List<Action> enabled = ts.enabled(s);
        if (enabled.isEmpty()) {
          if (ts.verdict(s).violation()) {
            return depth;
          }
          continue;
        }
        for (Action a : enabled) {
          World child = ts.execute(s, a, new Footprint());
          if (seen.add(StateKey.of(ts, child))) {
            next.add(child);
          }
        }
        if (seen.size() > REFERENCE_STATES) {
          return Integer.MAX_VALUE;
        }
      }
      level = next;
    }
    return -1;
  }
}
