package dev.matchpoint.mpi.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.explore.ExplorationReport;
import dev.matchpoint.core.explore.ExploreOptions;
import dev.matchpoint.core.explore.Explorer;
import dev.matchpoint.core.explore.ProgressListener;
import dev.matchpoint.core.explore.Strategy;
import dev.matchpoint.mpi.SpecClause;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * PCT's schedules by the number of priority change points: with depth d, an actor runs until it
 * ends or a change point lowers it below every other, so a schedule has at most d - 1 preemptions,
 * and a bug that needs d - 1 of them is found (Burckhardt, Kothari, Musuvathi and Nagarakatte, ASPLOS
 * 2010). The program: t0 writes a, reads b, writes c; t1 reads a, writes b, reads c. Its outcomes
 * name what each read saw (t0's one read, then t1's two).
 */
class PctTest {
  static final String PCT = "Burckhardt, Kothari, Musuvathi and Nagarakatte, ASPLOS 2010 (RandomSearch)";
  private static final String[] PROG = {"a=1;b?;c=1", "a?;b=1;c?"};
  private static final String VARS = " | a=1 b=1 c=1";

  private static Set<String> outcomes(Strategy s, int depth, int schedules) {
    ExploreOptions o = new ExploreOptions(s, schedules, Duration.ofMinutes(1), 5, depth, 100, false);
    ExplorationReport r = Explorer.explore(new SharedVariables(PROG), o, ProgressListener.NONE);
    assertEquals(schedules, r.schedules());
    assertFalse(r.exhaustive());
    Set<String> out = new HashSet<>();
    r.outcomes().keySet().forEach(k -> out.add(k.replace(VARS, "")));
    return out;
  }

  @Test
  @SpecClause(source = PCT, text = "at each step the enabled action of the highest-priority actor runs; with d = 1 "
      + "there is no change point, so each schedule runs one actor to its end, then the other")
  void depthOne_runsTheActorsOneAfterTheOther() {
    // t0 first: t0 reads b = 0, t1 reads a = 1 and c = 1; t1 first: t1 reads 0 and 0, t0 reads 1.
    assertEquals(Set.of("0,/1,1,", "1,/0,0,"), outcomes(Strategy.PCT, 1, 200));
    // A random walk interleaves: more outcomes than the two orders.
    assertTrue(outcomes(Strategy.RANDOM, 1, 200).size() > 2);
  }

  @Test
  @SpecClause(source = PCT, text = "d - 1 change points are drawn uniformly among the steps 1..k; at the j-th change "
      + "point that actor's priority drops to d - j")
  void depthTwo_preemptsOnce_afterAnyStep() {
    // One change point: the first actor runs 1, 2 or 3 steps, the other all of its own, the first the
    // rest. t0 first for 1 or 2 steps: "1,/1,0," and "0,/1,0,"; t1 first for 1 or 2: "0,/0,1," and
    // "1,/0,1,"; 3 steps are the two orders.
    assertEquals(Set.of("0,/1,1,", "1,/0,0,", "1,/1,0,", "0,/1,0,", "0,/0,1,", "1,/0,1,"),
        outcomes(Strategy.PCT, 2, 400));
  }

  @Test
  @SpecClause(source = PCT, text = "For a bug of depth d among n actors the chance per schedule is at least 1 / (n "
      + "k^(d-1))")
  void depthThree_findsTheOutcomeThatNeedsTwoPreemptions() {
    // Every read sees 1: a=1 before t1's read of a, t1's b=1 before t0's read of b, t0's c=1 before
    // t1's read of c: t0, t1, t0, t1, two preemptions. Two actors, k = 6 steps: at least 1 in 72.
    assertTrue(outcomes(Strategy.PCT, 3, 400).contains("1,/1,1,"));
  }
}
