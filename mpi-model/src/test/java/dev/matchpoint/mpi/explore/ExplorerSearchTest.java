package dev.matchpoint.mpi.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.explore.ExplorationReport;
import dev.matchpoint.core.explore.ExploreOptions;
import dev.matchpoint.core.explore.Explorer;
import dev.matchpoint.core.explore.ProgressListener;
import dev.matchpoint.core.explore.Strategy;
import dev.matchpoint.mpi.SpecClause;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The search strategies on {@link SharedVariables} programs whose state graphs are small enough to
 * count by hand: the reduced searches reach exactly the outcome classes of naive enumeration, with
 * the schedule and state counts the reductions promise.
 */
class ExplorerSearchTest {
  static final String DESIGN = "DESIGN §5";
  static final String EXHAUSTIVE = "the reduced search reaches exactly the outcomes of naive enumeration";
  static final String GODEFROID = "Godefroid 1996, Theorem 4.3";
  static final String PERSISTENT = "in an acyclic graph every final (deadlock) state reachable in the full graph is "
      + "reachable in the reduced graph when each explored set is persistent";
  static final String SDPOR = "Abdulla, Aronis, Jonsson and Sagonas, POPL 2014, Algorithm 1";

  static ExplorationReport explore(SharedVariables ts, Strategy s) {
    return explore(ts, ExploreOptions.of(s).withShortestViolation(false));
  }

  static ExplorationReport explore(SharedVariables ts, ExploreOptions o) {
    return Explorer.explore(ts, o, ProgressListener.NONE);
  }

  /** Outcome class to its count. */
  static Map<String, Long> counts(ExplorationReport r) {
    Map<String, Long> out = new TreeMap<>();
    r.outcomes().forEach((k, v) -> out.put(k, v.count()));
    return out;
  }

  /** The two writes and the read of one variable by three threads: all 3! orders observable. */
  private static final String[] RACE = {"a=1", "a=2", "a?"};
  private static final Set<String> RACE_OUTCOMES = Set.of("//0, | a=2", "//0, | a=1", "//1, | a=2", "//2, | a=2",
      "//2, | a=1", "//1, | a=1");

  @Test
  @SpecClause(source = DESIGN, text = EXHAUSTIVE)
  void threeDependentThreads_everyStrategyReachesTheSixOrders() {
    ExplorationReport naive = explore(new SharedVariables(RACE), Strategy.NAIVE);
    assertEquals(RACE_OUTCOMES, naive.outcomes().keySet());
    assertEquals(6, naive.schedules());
    // The tree of 3! schedules: 3 + 3*2 + 3*2*1 transitions.
    assertEquals(15, naive.transitions());
    assertEquals(3, naive.maxDepth());
    assertTrue(naive.exhaustive());
    assertEquals("search complete", naive.stopReason());
    assertNull(naive.stoppedBy());
    assertEquals(-1, naive.frontier());
    // Every pair of steps conflicts: six Mazurkiewicz traces, so DPOR runs six schedules.
    ExplorationReport dpor = explore(new SharedVariables(RACE), Strategy.DPOR);
    assertEquals(counts(naive), counts(dpor));
    assertEquals(6, dpor.schedules());
    ExplorationReport full = explore(new SharedVariables(RACE), Strategy.EXHAUSTIVE);
    assertEquals(counts(naive), counts(full));
    assertTrue(full.exhaustive());
    // Every state of the graph is stored once: the empty prefix, 3 after one step, 6 after two (two
    // orders of each pair), 6 final. No pair is independent, so no sleep set prunes an edge.
    assertEquals(16, full.states());
    assertEquals(15, full.transitions());
    assertEquals(6, full.schedules());
  }

  /** Two threads on distinct variables: one Mazurkiewicz trace, six interleavings. */
  private static final String[] INDEPENDENT = {"a=1;a?", "b=1;b?"};

  @Test
  @SpecClause(source = GODEFROID, text = PERSISTENT)
  void independentThreads_naiveRunsEveryInterleaving_reductionsRunOne() {
    ExplorationReport naive = explore(new SharedVariables(INDEPENDENT), Strategy.NAIVE);
    assertEquals(Map.of("1,/1, | a=1 b=1", 6L), counts(naive));
    // C(4, 2) = 6 interleavings; the tree has sum over (i, j) != (0, 0), i, j <= 2, of C(i + j, i) = 18 edges.
    assertEquals(6, naive.schedules());
    assertEquals(18, naive.transitions());
    assertEquals(4, naive.maxDepth());
    ExplorationReport dpor = explore(new SharedVariables(INDEPENDENT), Strategy.DPOR);
    assertEquals(Map.of("1,/1, | a=1 b=1", 1L), counts(dpor));
    assertEquals(1, dpor.schedules());
    assertEquals(4, dpor.transitions());
    // Thread 0 alone is a persistent set until it ends, then thread 1: one path of 4 steps.
    ExplorationReport full = explore(new SharedVariables(INDEPENDENT), Strategy.EXHAUSTIVE);
    assertEquals(Map.of("1,/1, | a=1 b=1", 1L), counts(full));
    assertEquals(5, full.states());
    assertEquals(4, full.transitions());
    assertEquals(1, full.schedules());
    assertEquals(4, full.maxDepth());
    assertTrue(full.visitedBytes() > 0);
  }

  @Test
  @SpecClause(source = "Godefroid 1996, §5.3", text = "a transition in the sleep set of a state is not explored "
      + "from it: it is independent of every transition explored since it was put there")
  void independentThreads_withoutPersistentSets_sleepSetsPruneTheLattice() {
    // Full persistent sets: from (0, 0) thread 0 first, then thread 1 with thread 0 asleep. The
    // sleeping thread wakes only on a conflict, which never comes: 9 states of the 3 x 3 lattice,
    // the 8 edges (0,0)-(1,0)-(2,0)-(2,1)-(2,2), (1,0)-(1,1)-(1,2), (0,0)-(0,1)-(0,2), and 3
    // leaves: (2,2), and (1,2) and (0,2), where only the sleeping thread is enabled.
    ExplorationReport full = explore(new SharedVariables(false, o -> false, INDEPENDENT), Strategy.EXHAUSTIVE);
    assertEquals(Map.of("1,/1, | a=1 b=1", 1L), counts(full));
    assertEquals(9, full.states());
    assertEquals(8, full.transitions());
    assertEquals(3, full.schedules());
  }

  /** A write enables two consumers of one unit; whichever consumes first disables the other. */
  private static final String[] CONSUMERS = {"a=1", "a>0", "a>0"};

  @Test
  @SpecClause(source = SDPOR, text = "when the step of actor p at state s removes an action that another actor q had "
      + "enabled at s, that action of q and p's event are a race whose reversal from s is q itself")
  void aConsumeThatDisablesAnother_dporStillRunsBothOrders() {
    Set<String> both = Set.of("deadlock: t2 // | ", "deadlock: t1 // | ");
    for (Strategy s : List.of(Strategy.NAIVE, Strategy.DPOR, Strategy.EXHAUSTIVE)) {
      ExplorationReport r = explore(new SharedVariables(CONSUMERS), s);
      assertEquals(both, r.outcomes().keySet(), s.toString());
      assertEquals(2, r.schedules(), s.toString());
    }
  }

  @Test
  @SpecClause(source = SDPOR, text = "an actor whose next step has alternatives is explored with all of them "
      + "whenever the actor is explored")
  void localNondeterminism_everyAlternativeAgainstEveryOrder() {
    String[] prog = {"a|b", "a=1", "b=1"};
    Set<String> four = Set.of("a:0,// | a=1 b=1", "a:1,// | a=1 b=1", "b:0,// | a=1 b=1", "b:1,// | a=1 b=1");
    ExplorationReport naive = explore(new SharedVariables(prog), Strategy.NAIVE);
    assertEquals(four, naive.outcomes().keySet());
    // 3! orders of the three steps, each with either alternative of thread 0.
    assertEquals(12, naive.schedules());
    for (Strategy s : List.of(Strategy.DPOR, Strategy.EXHAUSTIVE)) {
      assertEquals(four, explore(new SharedVariables(prog), s).outcomes().keySet(), s.toString());
    }
    assertEquals(four, explore(new SharedVariables(false, o -> false, prog), Strategy.EXHAUSTIVE).outcomes().keySet());
  }
}
