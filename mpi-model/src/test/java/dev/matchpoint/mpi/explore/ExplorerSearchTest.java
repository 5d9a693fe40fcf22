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
    // The visited set's initial 64 entries of 16 bytes hold them without growing.
    assertEquals(64 * 16, full.visitedBytes());
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

  @Test
  @SpecClause(source = SDPOR, text = "Source-DPOR explores at least one execution per Mazurkiewicz trace; with sleep "
      + "sets, on these programs, exactly one")
  void dpor_runsOneScheduleForEachMazurkiewiczTrace() {
    // Each program's traces, counted by the orders of its dependent pairs that program order allows:
    // two independent readers' values (2 x 2), one writer-reader pair per variable (2 x 2), and two
    // threads writing a and b in opposite orders (a=2 before a=1 with b=1 before b=2 is a cycle: 3).
    Object[][] cases = {
        {new String[] {"a=1", "b=1", "a?;b?"}, 4},
        {new String[] {"a=1", "b=1;a?", "b?"}, 4},
        {new String[] {"a=1;b=1", "b=2;a=2"}, 3},
        {new String[] {"a=1", "a?", "a?"}, 4},
        // Counted by enumerating the interleavings and keeping one per orientation of the dependent pairs.
        {new String[] {"a=1", "a?;b=1", "b?;a=2"}, 9},
        {new String[] {"a=1;b?", "b=1;a?", "a?;b?"}, 11},
        {new String[] {"a=1;a=2", "a?;b=1", "b?;a?"}, 15},
    };
    for (Object[] c : cases) {
      String[] prog = (String[]) c[0];
      ExplorationReport naive = explore(new SharedVariables(prog), Strategy.NAIVE);
      ExplorationReport dpor = explore(new SharedVariables(prog), Strategy.DPOR);
      assertEquals(naive.outcomes().keySet(), dpor.outcomes().keySet(), List.of(prog).toString());
      assertEquals(((Integer) c[1]).longValue(), dpor.schedules(), List.of(prog).toString());
    }
  }

  static final String PARALLEL = "ParallelStatefulSearch";
  static final String SAME = "a complete parallel search reaches every final state of G_P, whatever the thread "
      + "interleaving: the same final states as the serial search, hence the same outcome classes, the same counts "
      + "(distinct final states per class) and the same verdicts";

  private static ExplorationReport threads(SharedVariables ts, int n) {
    return explore(ts, ExploreOptions.of(Strategy.EXHAUSTIVE).withShortestViolation(false).withThreads(n));
  }

  @Test
  @SpecClause(source = PARALLEL, text = SAME)
  void parallelSearch_matchesTheSerialOne_classesCountsVerdictsAndExamples() {
    // Classed by the variable alone, the race has two classes of three final states each; the
    // example of each is the lexicographically least schedule reaching it: a=2 by [0, 0, 0]
    // (a=1, a=2, read), a=1 by [1, 0, 0] (a=2, a=1, read).
    ExplorationReport serial = explore(new SharedVariables(RACE).coarse(), Strategy.EXHAUSTIVE);
    assertEquals(Map.of("a=1", 3L, "a=2", 3L), counts(serial));
    assertEquals(List.of(1, 0, 0), serial.outcomes().get("a=1").example());
    assertEquals(List.of(0, 0, 0), serial.outcomes().get("a=2").example());
    assertEquals(Map.of("a=1", 3L, "a=2", 3L), counts(explore(new SharedVariables(RACE).coarse(), Strategy.NAIVE)));
    for (int n : new int[] {2, 4}) {
      ExplorationReport parallel = threads(new SharedVariables(RACE).coarse(), n);
      assertEquals(serial.outcomes(), parallel.outcomes(), n + " threads");
      // Every state has one path to it: the same 16 states, 15 transitions and 6 leaves.
      assertEquals(16, parallel.states());
      assertEquals(15, parallel.transitions());
      assertEquals(6, parallel.schedules());
      assertEquals(3, parallel.maxDepth());
      assertTrue(parallel.exhaustive());
      assertEquals("search complete", parallel.stopReason());
      // 64 segments of 64 entries of 16 bytes.
      assertEquals(64 * 64 * 16, parallel.visitedBytes());
    }
  }

  @Test
  @SpecClause(source = PARALLEL, text = SAME)
  void parallelSearch_withSleepSetsAndDisabling_reachesTheSerialClasses() {
    String[][] programs = {
        {"a=1;b?", "b=1;a?", "c=1;a?", "a=2;c?"},
        {"a=1;a=2", "a>0;b=1", "a>0;c=1", "b?;c?"},
        {"a|b", "a=1;b=1", "b=2"},
    };
    for (String[] prog : programs) {
      for (boolean reduce : new boolean[] {true, false}) {
        Map<String, Long> naive = counts(explore(new SharedVariables(reduce, o -> false, prog), Strategy.NAIVE));
        ExplorationReport serial = explore(new SharedVariables(reduce, o -> false, prog), Strategy.EXHAUSTIVE);
        assertEquals(naive.keySet(), serial.outcomes().keySet(), List.of(prog) + " " + reduce);
        assertEquals(naive.keySet(), explore(new SharedVariables(reduce, o -> false, prog), Strategy.DPOR).outcomes()
            .keySet(), List.of(prog) + " " + reduce);
        assertEquals(counts(serial), counts(threads(new SharedVariables(reduce, o -> false, prog), 3)),
            List.of(prog) + " " + reduce);
      }
    }
  }

  @Test
  @SpecClause(source = PARALLEL, text = "the time and schedule budgets and the step limit stop every thread")
  void parallelSearch_stopsAtItsBudgets() {
    String[] many = {"a=1;a=2;b?", "a=3;b=1", "b=2;a?", "c=1;b?", "c=2;a=4"};
    ExploreOptions o = ExploreOptions.of(Strategy.EXHAUSTIVE).withShortestViolation(false).withThreads(2);
    ExplorationReport time = explore(new SharedVariables(false, x -> false, many), o.withTimeBudget(
        java.time.Duration.ofNanos(1)));
    assertEquals(dev.matchpoint.core.explore.Budget.TIME, time.stoppedBy());
    assertFalse(time.exhaustive());
    assertTrue(time.transitions() >= 1024, "stopped at a poll: " + time.transitions());
    assertTrue(time.frontier() >= 0);
    ExplorationReport memory = explore(new SharedVariables(false, x -> false, many), o.withMemoryBudget(1));
    assertEquals(dev.matchpoint.core.explore.Budget.MEMORY, memory.stoppedBy());
    ExplorationReport leaves = explore(new SharedVariables(false, x -> false, many), o.withScheduleBudget(1500));
    assertEquals(dev.matchpoint.core.explore.Budget.SCHEDULES, leaves.stoppedBy());
    assertEquals("schedule budget of 1500 reached", leaves.stopReason());
    assertTrue(leaves.schedules() >= 1500, "" + leaves.schedules());
    ExplorationReport all = explore(new SharedVariables(false, x -> false, many), o);
    ExplorationReport serial = explore(new SharedVariables(false, x -> false, many), Strategy.EXHAUSTIVE);
    assertTrue(all.exhaustive());
    assertEquals(counts(serial), counts(all));
    assertTrue(all.schedules() > 1024, "" + all.schedules());
    assertEquals(11, all.maxDepth());
  }
}
