package dev.matchpoint.mpi.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.explore.Budget;
import dev.matchpoint.core.explore.ExplorationReport;
import dev.matchpoint.core.explore.ExploreOptions;
import dev.matchpoint.core.explore.Explorer;
import dev.matchpoint.core.explore.Footprint;
import dev.matchpoint.core.explore.ProgressListener;
import dev.matchpoint.core.explore.Strategy;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.explore.SharedVariables.State;
import dev.matchpoint.mpi.explore.SharedVariables.Step;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The parallel exhaustive search's reports whatever the threads' timing: the example of each outcome
 * class, and the state and schedule budgets, which stop it at the same counts as the serial search.
 */
class ParallelStatefulSearchTest {
  static final String PARALLEL = "ParallelStatefulSearch";
  private static final String[] RACE = {"a=1", "a=2", "a?"};

  private static ExploreOptions options(int threads) {
    return ExploreOptions.of(Strategy.EXHAUSTIVE).withShortestViolation(false).withThreads(threads);
  }

  private static ExplorationReport explore(SharedVariables ts, ExploreOptions o) {
    return Explorer.explore(ts, o, ProgressListener.NONE);
  }

  @Test
  @SpecClause(source = PARALLEL, text = "Each outcome class's example is the lexicographically smallest choice "
      + "sequence among the paths by which this run first reached its final states")
  void theExampleOfAClass_isTheSmallestChoiceSequence_evenWhenALargerOneIsFoundFirst() {
    // The race classed by its variable: a=2 is reached by [0, 0, 0] (a=1, a=2, read) and by [2, 0, 0]
    // (read, a=1, a=2); a=1 by [1, 0, 0] and [2, 1, 0]. Every step from a state where the read has not
    // run yet, the root's excepted, takes 100 ms: the thread that steals the root's last child (the
    // read first) reaches [2, 0, 0] and [2, 1, 0] long before the other reaches [0, 0, 0].
    SharedVariables race = new SharedVariables(RACE).coarse();
    StatefulRevisitTest.Watched slow = new StatefulRevisitTest.Watched(race) {
      @Override
      public State execute(State s, Step a, Footprint fp) {
        if (s.pc()[2] == 0 && (s.pc()[0] | s.pc()[1]) != 0) {
          try {
            Thread.sleep(100);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        }
        return super.execute(s, a, fp);
      }
    };
    ExplorationReport r = Explorer.explore(slow, options(2), ProgressListener.NONE);
    assertEquals(Map.of("a=1", 3L, "a=2", 3L), StatefulRevisitTest.counts(r));
    assertEquals(List.of(0, 0, 0), r.outcomes().get("a=2").example());
    assertEquals(List.of(1, 0, 0), r.outcomes().get("a=1").example());
  }

  @Test
  @SpecClause(source = PARALLEL, text = "over its visits, the actions explored from s are P(s) \\ (Z_1 ∩ Z_2 ∩ ...): "
      + "the first visit explores P(s) \\ Z_1, the k-th (Z_1 ∩ ... ∩ Z_(k-1)) ∩ P(s) \\ Z_k")
  void aStateRevisitedWithASmallerSleepSet_getsTheDifferenceExplored() {
    // t0: b=2 then a?; t1: b=2 (the writes of b conflict). From the root, 10 (t0 ran) and 01; from
    // 10, a? to 20 and t1 to 11 with t0's a? asleep (it touches nothing t1 does); from 01, t0 to 11
    // with nothing asleep. Steps from 01 take 100 ms, so 11 is first visited with a? asleep and then
    // without: the second visit runs a? (to 21, reached from 20 too). 6 states, 7 transitions, 3
    // leaves (21 twice and one of 11's visits), whatever the order of the visits.
    StatefulRevisitTest.Watched w = new StatefulRevisitTest.Watched(
        new SharedVariables(false, o -> false, "b=2;a?", "b=2")) {
      @Override
      public State execute(State s, Step a, Footprint fp) {
        if (s.pc()[0] == 0 && s.pc()[1] == 1) {
          try {
            Thread.sleep(100);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        }
        return super.execute(s, a, fp);
      }
    };
    ExplorationReport r = Explorer.explore(w, options(2), ProgressListener.NONE);
    assertEquals(Map.of("0,/ | b=2", 1L), StatefulRevisitTest.counts(r));
    assertEquals(6, r.states());
    assertEquals(7, r.transitions());
    assertEquals(3, r.schedules());
    int[] vars = new int[26];
    vars[1] = 2;
    assertEquals(1, w.runs.get(StatefulRevisitTest.key(new State(new int[] {1, 1}, vars, new String[] {"", ""}))
        + " " + new Step(0, 0)));
  }

  @Test
  @SpecClause(source = PARALLEL, text = "the time and schedule budgets and the step limit stop every thread")
  void theScheduleBudget_stopsAtThatManyLeaves_andOneMoreFits() {
    // The race has 6 leaves on any number of threads: a budget of 6 is reached by the sixth, 7 is not.
    ExplorationReport six = explore(new SharedVariables(RACE), options(3).withScheduleBudget(6));
    assertEquals(Budget.SCHEDULES, six.stoppedBy());
    assertEquals("schedule budget of 6 reached", six.stopReason());
    assertFalse(six.exhaustive());
    ExplorationReport seven = explore(new SharedVariables(RACE), options(3).withScheduleBudget(7));
    assertTrue(seven.exhaustive(), seven.stopReason());
    assertEquals(6, seven.schedules());
    // Past the 1024th leaf, where the threads report to the budget in a batch: still no fewer leaves
    // than the budget.
    String[] many = {"a=1;a=2;b?", "a=3;b=1", "b=2;a?", "c=1;b?", "c=2;a=4"};
    ExplorationReport batch = explore(new SharedVariables(false, x -> false, many), options(2)
        .withScheduleBudget(1026));
    assertEquals(Budget.SCHEDULES, batch.stoppedBy());
    assertTrue(batch.schedules() >= 1026, "" + batch.schedules());
  }

  @Test
  @SpecClause(source = PARALLEL, text = "the time and schedule budgets and the step limit stop every thread")
  void theStateBudget_holdsExactlyThatManyStates() {
    // The race's 16 states fit a budget of 16; 15 stop the search.
    ExplorationReport all = explore(new SharedVariables(RACE), options(3).withMaxStates(16));
    assertTrue(all.exhaustive(), all.stopReason());
    assertEquals(16, all.states());
    ExplorationReport fifteen = explore(new SharedVariables(RACE), options(3).withMaxStates(15));
    assertEquals(Budget.STATES, fifteen.stoppedBy());
    assertEquals(15, fifteen.states());
    assertFalse(fifteen.exhaustive());
  }
}
