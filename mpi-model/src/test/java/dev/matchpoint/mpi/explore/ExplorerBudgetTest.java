package dev.matchpoint.mpi.explore;

import static dev.matchpoint.mpi.explore.ExplorerSearchTest.counts;
import static dev.matchpoint.mpi.explore.ExplorerSearchTest.explore;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.explore.Budget;
import dev.matchpoint.core.explore.Counterexample;
import dev.matchpoint.core.explore.ExplorationReport;
import dev.matchpoint.core.explore.ExploreOptions;
import dev.matchpoint.core.explore.Explorer;
import dev.matchpoint.core.explore.ProgressListener;
import dev.matchpoint.core.explore.Strategy;
import dev.matchpoint.mpi.SpecClause;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Budgets stop each strategy at the stated limit with a report of how far it got, and the
 * shortest-violation search returns the shortest violating schedule, or a shortened or as-found one
 * when its budgets cut it short: on {@link SharedVariables} programs counted by hand.
 */
class ExplorerBudgetTest {
  private static final String BUDGETS = "DESIGN §5";
  private static final String BUDGET_TEXT = "Every phase obeys the time, state and memory budgets, the "
      + "shortest-counterexample search included; a budget ends a search with a report of how far it got";
  private static final String[] RACE = {"a=1", "a=2", "a?"};
  private static final Set<String> RACE_OUTCOMES = Set.of("//0, | a=2", "//0, | a=1", "//1, | a=2", "//2, | a=2",
      "//2, | a=1", "//1, | a=1");

  private static ExploreOptions options(Strategy s, int maxSteps) {
    return new ExploreOptions(s, 10_000_000L, Duration.ofMinutes(10), 0, 3, maxSteps, false);
  }

  @Test
  @SpecClause(source = BUDGETS, text = BUDGET_TEXT)
  void scheduleBudget_stopsEachStrategyAtExactlyThatManySchedules() {
    for (Strategy s : List.of(Strategy.NAIVE, Strategy.DPOR, Strategy.EXHAUSTIVE, Strategy.RANDOM, Strategy.PCT)) {
      ExplorationReport r = explore(new SharedVariables(RACE), options(s, 100).withScheduleBudget(4));
      assertEquals(4, r.schedules(), s.toString());
      assertEquals(Budget.SCHEDULES, r.stoppedBy(), s.toString());
      assertEquals("schedule budget of 4 reached", r.stopReason(), s.toString());
      assertFalse(r.exhaustive(), s.toString());
      assertEquals(4, r.outcomes().values().stream().mapToLong(ExplorationReport.OutcomeClass::count).sum(),
          s.toString());
    }
    // Six schedules fit a budget of 7; a budget of 6 is reached by the sixth.
    assertTrue(explore(new SharedVariables(RACE), options(Strategy.NAIVE, 100).withScheduleBudget(7)).exhaustive());
    ExplorationReport six = explore(new SharedVariables(RACE), options(Strategy.NAIVE, 100).withScheduleBudget(6));
    assertEquals(Budget.SCHEDULES, six.stoppedBy());
    assertEquals(RACE_OUTCOMES, six.outcomes().keySet());
  }

  @Test
  @SpecClause(source = BUDGETS, text = BUDGET_TEXT)
  void stateBudget_stopsTheStatefulSearchAtThatManyStates_withItsFrontier() {
    // Depth first: the root, {a=1}, {a=1, a=2}, its final state, {a=1, read} (5 states); its final
    // state would be the sixth. Left on the stack: the root's two other threads.
    ExplorationReport r = explore(new SharedVariables(RACE), options(Strategy.EXHAUSTIVE, 100).withMaxStates(5));
    assertEquals(5, r.states());
    assertEquals(Budget.STATES, r.stoppedBy());
    assertEquals("state budget of 5 reached", r.stopReason());
    assertEquals(2, r.frontier());
    assertEquals(1, r.schedules());
    assertFalse(r.exhaustive());
    ExplorationReport all = explore(new SharedVariables(RACE), options(Strategy.EXHAUSTIVE, 100).withMaxStates(16));
    assertTrue(all.exhaustive(), all.stopReason());
    assertEquals(16, all.states());
    ExplorationReport parallel = explore(new SharedVariables(RACE),
        options(Strategy.EXHAUSTIVE, 100).withMaxStates(5).withThreads(3));
    assertEquals(5, parallel.states());
    assertEquals(Budget.STATES, parallel.stoppedBy());
    assertFalse(parallel.exhaustive());
  }

  @Test
  @SpecClause(source = BUDGETS, text = "maxSteps: the longest schedule; a longer one counts as exhausting the budget")
  void stepLimit_stopsASchedulLongerThanTheLimit_notOneOfExactlyTheLimit() {
    for (Strategy s : List.of(Strategy.NAIVE, Strategy.DPOR, Strategy.EXHAUSTIVE, Strategy.RANDOM, Strategy.PCT)) {
      for (int threads : s == Strategy.EXHAUSTIVE ? new int[] {1, 3} : new int[] {1}) {
        String label = s + " on " + threads;
        ExplorationReport r = explore(new SharedVariables(RACE), options(s, 2).withThreads(threads));
        assertEquals(Budget.STEPS, r.stoppedBy(), label);
        assertEquals("a schedule exceeded 2 steps", r.stopReason(), label);
        assertFalse(r.exhaustive(), label);
        assertTrue(r.outcomes().isEmpty(), label);
        // Every schedule has 3 steps: a limit of 3 lets each one end.
        ExplorationReport three = explore(new SharedVariables(RACE), options(s, 3).withThreads(threads)
            .withScheduleBudget(50));
        assertTrue(three.stoppedBy() != Budget.STEPS, label + ": " + three.stopReason());
        assertEquals(3, three.maxDepth(), label);
      }
    }
  }

  @Test
  @SpecClause(source = BUDGETS, text = BUDGET_TEXT)
  void timeAndMemoryBudgets_stopTheSearchAtItsFirstPoll() {
    // 4 threads of 2 independent steps: 8! / 2^4 = 2520 naive schedules, far more than 1024 transitions.
    String[] many = {"a=1;a=2", "b=1;b=2", "c=1;c=2", "d=1;d=2"};
    ExplorationReport time = explore(new SharedVariables(many),
        options(Strategy.NAIVE, 100).withTimeBudget(Duration.ofNanos(1)));
    assertEquals(Budget.TIME, time.stoppedBy());
    assertEquals("time budget of 0 ms reached", time.stopReason());
    assertEquals(1024, time.transitions());
    assertFalse(time.exhaustive());
    ExplorationReport memory = explore(new SharedVariables(many), options(Strategy.NAIVE, 100).withMemoryBudget(1));
    assertEquals(Budget.MEMORY, memory.stoppedBy());
    assertEquals("memory budget of 0 MB reached", memory.stopReason());
    assertEquals(1024, memory.transitions());
    assertTrue(memory.peakHeapBytes() > 0);
    assertTrue(explore(new SharedVariables(many), options(Strategy.NAIVE, 100)).exhaustive());
  }

  @Test
  @SpecClause(source = BUDGETS, text = BUDGET_TEXT)
  void aSearchThatFoundAViolation_keepsTenPercentOfTheTimeForShorteningIt() {
    String[] many = {"a=1;a=2", "b=1;b=2", "c=1;c=2", "d=1;d=2"};
    ExplorationReport r = explore(new SharedVariables(true, o -> true, many),
        options(Strategy.NAIVE, 100).withShortestViolation(true).withTimeBudget(Duration.ofNanos(1)));
    assertEquals(Budget.TIME, r.stoppedBy());
    assertEquals("time budget of 0 ms reached, less the 10% kept for shortening the violating schedule",
        r.stopReason());
    Counterexample c = r.counterexample();
    assertEquals(Counterexample.Length.AS_FOUND, c.length());
    assertEquals("as found, not shortened: the time budget ran out during the search", c.note());
    assertEquals(List.of(0, 0, 0, 0, 0, 0, 0, 0), c.choices());
  }

  @Test
  @SpecClause(source = BUDGETS, text = "every phase obeys the budgets; progress is reported every 1024 transitions")
  void progress_isReportedEvery1024Transitions_andOnceAtTheEnd() {
    String[] many = {"a=1;a=2", "b=1;b=2", "c=1;c=2", "d=1;d=2"};
    List<ProgressListener.Progress> seen = new ArrayList<>();
    ExplorationReport r = Explorer.explore(new SharedVariables(many),
        options(Strategy.NAIVE, 100).withScheduleBudget(1000), seen::add);
    assertEquals(r.transitions() / 1024 + 1, seen.size());
    ProgressListener.Progress last = seen.get(seen.size() - 1);
    assertEquals("search", last.phase());
    assertEquals(r.transitions(), last.transitions());
    assertEquals(1000, last.schedules());
    assertEquals(8, last.depth());
    assertEquals(1024, seen.get(0).transitions());
  }

  /**
   * Deadlocks of 5 steps (thread 1 consumes and writes b thrice, thread 0 starves) and of 2 steps
   * (thread 0 consumes, thread 1 starves). The 5-step one sorts first, so it is the one found.
   */
  private static SharedVariables starving() {
    return new SharedVariables(true, o -> o.startsWith("deadlock"), "a>0", "a>0;b=1;b=2;b=3", "a=1");
  }

  @Test
  @SpecClause(source = BUDGETS, text = "A counterexample is shrunk to a minimal schedule")
  void shortestViolation_isFoundByBreadthFirstSearch() {
    ExplorationReport r = explore(starving(), options(Strategy.NAIVE, 100).withShortestViolation(true));
    assertEquals(Set.of("deadlock: t0 // | b=3", "deadlock: t1 // | "), r.outcomes().keySet());
    Counterexample c = r.counterexample();
    assertEquals(Counterexample.Length.SHORTEST, c.length());
    assertTrue(c.shortest());
    assertEquals(List.of(0, 0), c.choices());
    assertEquals(List.of("t2 a=1", "t0 a>0"), c.steps());
    assertEquals(List.of(1, 2), c.optionCounts());
    assertEquals("deadlock: t1 // | ", c.verdict().outcome());
    // Start, {a=1}, and the violating final state.
    assertEquals("shortest: established by a breadth-first search over 3 states", c.note());
    ExplorationReport off = explore(starving(), options(Strategy.NAIVE, 100));
    Counterexample found = off.counterexample();
    assertEquals(Counterexample.Length.AS_FOUND, found.length());
    assertFalse(found.shortest());
    assertEquals(List.of(0, 1, 0, 0, 0), found.choices());
    assertEquals("as found (shortest-violation search off)", found.note());
    assertEquals("deadlock: t0 // | b=3", found.verdict().outcome());
  }

  @Test
  @SpecClause(source = BUDGETS, text = BUDGET_TEXT)
  void shortestViolation_cutShortByTheStateBudget_shortensTheFoundScheduleFromItsEnd() {
    // Root search: 2 states stored, the third would pass the budget. Shortening from the end: the
    // last step and the last two leave nothing shorter; from {a=1} (back 4) thread 0's consume ends it.
    ExplorationReport r = explore(starving(), options(Strategy.NAIVE, 100).withShortestViolation(true)
        .withMaxStates(2));
    Counterexample c = r.counterexample();
    assertEquals(Counterexample.Length.SHORTENED, c.length());
    assertEquals(List.of(0, 0), c.choices());
    assertEquals("shortened from 5 to 2 steps, not proven shortest: the breadth-first search from the initial "
        + "state stopped at the states budget after 2 states with 1 left in its queue", c.note());
    // With one state the shortening's second search stops too, before it finds anything.
    Counterexample one = explore(starving(), options(Strategy.NAIVE, 100).withShortestViolation(true)
        .withMaxStates(1)).counterexample();
    assertEquals(Counterexample.Length.AS_FOUND, one.length());
    assertEquals(List.of(0, 1, 0, 0, 0), one.choices());
    assertEquals("as found, not proven shortest: the breadth-first search from the initial state stopped at the "
        + "states budget after 1 states with 1 left in its queue, and no shorter ending of the schedule was found",
        one.note());
  }

  @Test
  @SpecClause(source = BUDGETS, text = "A counterexample is shrunk to a minimal schedule")
  void replay_labelsAndChecksTheChoices() {
    Counterexample c = Explorer.replay(starving(), List.of(0, 1, 0, 0, 0), true);
    assertEquals(Counterexample.Length.SHORTEST, c.length());
    assertEquals("shortest", c.note());
    assertEquals(List.of("t2 a=1", "t1 a>0", "t1 b=1", "t1 b=2", "t1 b=3"), c.steps());
    assertEquals(List.of(1, 2, 1, 1, 1), c.optionCounts());
    assertEquals("as found", Explorer.replay(starving(), List.of(0, 1), false).note());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Explorer.replay(starving(), List.of(0, 2), false));
    assertEquals("choice 2 does not fit 2 enabled actions", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> Explorer.replay(starving(), List.of(-1), false));
    assertNull(explore(new SharedVariables(RACE), Strategy.NAIVE).counterexample());
  }

  @Test
  @SpecClause(source = "Burckhardt et al., ASPLOS 2010", text = "random actor priorities with d - 1 priority "
      + "change points; seeded, so a run is repeatable")
  void samplingStrategies_areSeeded_andReachOnlyRealOutcomes() {
    for (Strategy s : List.of(Strategy.RANDOM, Strategy.PCT)) {
      ExplorationReport a = explore(new SharedVariables(RACE), options(s, 100).withScheduleBudget(300).withSeed(7));
      assertEquals(RACE_OUTCOMES, a.outcomes().keySet(), s.toString());
      assertEquals(counts(a), counts(explore(new SharedVariables(RACE),
          options(s, 100).withScheduleBudget(300).withSeed(7))), s.toString());
      assertFalse(counts(a).equals(counts(explore(new SharedVariables(RACE),
          options(s, 100).withScheduleBudget(300).withSeed(8)))), s.toString());
      assertEquals(900, a.transitions(), s.toString());
      assertEquals(0, a.states(), s.toString());
    }
  }

  /** Garbage made by the transitions, kept reachable only until the next one. */
  static volatile byte[] lastGarbage;

  @Test
  @SpecClause(source = BUDGETS, text = "a budget ends a search with a report of how far it got, never with "
      + "OutOfMemoryError; the heap in use includes garbage, so only what survives a collection counts")
  void aHeapFullOfGarbage_isNotOverTheMemoryBudget_onlyWhatSurvivesACollectionIs() {
    String[] many = {"a=1;a=2", "b=1;b=2", "c=1;c=2", "d=1;d=2"};
    SharedVariables inner = new SharedVariables(many);
    dev.matchpoint.core.explore.TransitionSystem<SharedVariables.State, SharedVariables.Step> wasteful =
        new Delegate(inner) {
          @Override
          public SharedVariables.State execute(SharedVariables.State s, SharedVariables.Step a,
              dev.matchpoint.core.explore.Footprint fp) {
            lastGarbage = new byte[1 << 14];
            return inner.execute(s, a, fp);
          }
        };
    System.gc();
    Runtime rt = Runtime.getRuntime();
    long live = rt.totalMemory() - rt.freeMemory();
    // About 20,000 transitions of 16 KiB of garbage each: 330 MB made, a few MB live.
    ExplorationReport r = Explorer.explore(wasteful, options(Strategy.NAIVE, 100).withMemoryBudget(live + (16 << 20)),
        ProgressListener.NONE);
    assertTrue(r.exhaustive(), r.stopReason());
    assertEquals(2520, r.schedules());
  }

  @Test
  @SpecClause(source = BUDGETS, text = "A counterexample is shrunk to a minimal schedule")
  void shortestViolation_isThePathOfTheFirstViolatingStateBreadthFirst() {
    // Level by level: 1 + 3 + 6 states, then the finals of {a=1, a=2}, {a=1, read}, {a=2, a=1},
    // {a=2, read}, {read, a=1}, and {read, a=2}'s final, the violation, is the 16th state.
    ExplorationReport r = explore(new SharedVariables(true, o -> o.equals("//0, | a=1"), RACE),
        options(Strategy.NAIVE, 100).withShortestViolation(true));
    Counterexample c = r.counterexample();
    assertEquals(Counterexample.Length.SHORTEST, c.length());
    assertEquals(List.of(2, 1, 0), c.choices());
    assertEquals(List.of("t2 a?", "t1 a=2", "t0 a=1"), c.steps());
    assertEquals("shortest: established by a breadth-first search over 16 states", c.note());
  }

  @Test
  @SpecClause(source = BUDGETS, text = BUDGET_TEXT)
  void shortestViolation_cutShortByTheStateBudget_reportsTheStatesAndTheQueueLeft() {
    // The violation: read, a=2, a=1 (choices 2, 1, 0). Breadth first: the start, its 3 children,
    // then {a=1}'s 2 children (6 states); {a=2}'s first child would be the seventh. Left: {a=2}
    // and {read} of level 1, and the 2 children of {a=1} queued for level 2.
    ExplorationReport r = explore(new SharedVariables(true, o -> o.equals("//0, | a=1"), RACE),
        options(Strategy.NAIVE, 100).withShortestViolation(true).withMaxStates(6));
    Counterexample c = r.counterexample();
    assertEquals(List.of(2, 1, 0), c.choices());
    assertEquals("as found, not proven shortest: the breadth-first search from the initial state stopped at the "
        + "states budget after 6 states with 4 left in its queue, and no shorter ending of the schedule was found",
        c.note());
  }

  @Test
  @SpecClause(source = BUDGETS, text = BUDGET_TEXT)
  void shortestViolation_cutShortByTheMemoryBudget_saysSo() {
    // DPOR runs the one trace of five independent threads (15 steps, no poll); the unreduced
    // breadth-first search of the 4^5-state lattice polls the heap after 1024 steps and stops.
    String[] five = {"a=1;a=2;a=3", "b=1;b=2;b=3", "c=1;c=2;c=3", "d=1;d=2;d=3", "e=1;e=2;e=3"};
    ExplorationReport r = explore(new SharedVariables(false, o -> true, five), options(Strategy.DPOR, 100)
        .withShortestViolation(true).withMemoryBudget(1));
    assertTrue(r.exhaustive(), r.stopReason());
    assertEquals(1, r.schedules());
    Counterexample c = r.counterexample();
    assertEquals(Counterexample.Length.AS_FOUND, c.length());
    assertEquals(15, c.choices().size());
    assertTrue(c.note().startsWith("as found, not proven shortest: the breadth-first search from the initial state "
        + "stopped at the memory budget after "), c.note());
    assertTrue(c.note().endsWith(" left in its queue, and no shorter ending of the schedule was found"), c.note());
  }

  @Test
  @SpecClause(source = BUDGETS, text = "A counterexample is shrunk to a minimal schedule")
  void shortestViolation_overAWholeLattice_isEstablishedOverEveryState() {
    // Four independent threads of two steps, unreduced: the breadth-first search stores the 3^4 - 1
    // states of depth below 8 before it generates the one final state.
    String[] four = {"a=1;a=2", "b=1;b=2", "c=1;c=2", "d=1;d=2"};
    ExplorationReport r = explore(new SharedVariables(false, o -> true, four), options(Strategy.DPOR, 100)
        .withShortestViolation(true));
    Counterexample c = r.counterexample();
    assertEquals(Counterexample.Length.SHORTEST, c.length());
    assertEquals("shortest: established by a breadth-first search over 81 states", c.note());
    assertEquals(8, c.choices().size());
    assertTrue(c.verdict().violation());
    assertEquals("/// | a=2 b=2 c=2 d=2", c.verdict().outcome());
  }

  @Test
  @SpecClause(source = BUDGETS, text = "A counterexample is shrunk to a minimal schedule")
  void aViolatingInitialState_isItsOwnShortestCounterexample() {
    ExplorationReport r = explore(new SharedVariables(true, o -> true), options(Strategy.EXHAUSTIVE, 100)
        .withShortestViolation(true));
    Counterexample c = r.counterexample();
    assertEquals(List.of(), c.choices());
    assertEquals(Counterexample.Length.SHORTEST, c.length());
    assertEquals("shortest: established by a breadth-first search over 1 states", c.note());
    assertEquals(1, r.states());
  }

  @Test
  @SpecClause(source = "ShortestSearch", text = "persistent sets preserve the length of the shortest violation: a "
      + "breadth-first search of the reduced graph finds violating final states at the same least depth")
  void aPersistentSetThatIsNotPersistent_isReportedByTheShortestViolationSearch() {
    // Claims thread 0 alone is persistent while thread 1 writes what it reads: the read of 1 is lost.
    SharedVariables honest = new SharedVariables(false, o -> o.startsWith("1,"), "a?", "a=1");
    dev.matchpoint.core.explore.TransitionSystem<SharedVariables.State, SharedVariables.Step> liar =
        new Delegate(honest) {
          @Override
          public List<SharedVariables.Step> persistentSet(SharedVariables.State s, List<SharedVariables.Step> en) {
            return en.subList(0, 1);
          }
        };
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> Explorer.explore(liar,
        options(Strategy.NAIVE, 100).withShortestViolation(true), ProgressListener.NONE));
    assertEquals("the breadth-first search of the persistent sets missed the violating schedule of 2 steps the "
        + "search found: a persistent set is not persistent", e.getMessage());
  }

  @Test
  @SpecClause(source = BUDGETS, text = "a budget ends a search with a report of how far it got, never with "
      + "OutOfMemoryError")
  void theHeapRunningOut_endsTheSearch_orTheShorteningOfItsViolation_withAReport() {
    // The 6th step (in the search) and the 7th (the shortening's first) find no heap; replaying works.
    int[] steps = {0};
    SharedVariables race = new SharedVariables(true, o -> true, RACE);
    Delegate starved = new Delegate(race) {
      @Override
      public SharedVariables.State execute(SharedVariables.State s, SharedVariables.Step a,
          dev.matchpoint.core.explore.Footprint fp) {
        if (++steps[0] == 6 || steps[0] == 7) {
          throw new OutOfMemoryError("test");
        }
        return inner.execute(s, a, fp);
      }
    };
    ExploreOptions o = options(Strategy.NAIVE, 100).withShortestViolation(true).withMemoryBudget(3 << 20);
    ExplorationReport r = Explorer.explore(starved, o, ProgressListener.NONE);
    assertEquals(Budget.MEMORY, r.stoppedBy());
    assertEquals("the heap ran out before the memory budget of 3 MB was seen exceeded", r.stopReason());
    assertFalse(r.exhaustive());
    // The search ran 5 steps, two schedules (a=1 a=2 read, then a=1 read a=2); the shortening ran out at once.
    assertEquals(2, r.schedules());
    Counterexample c = r.counterexample();
    assertEquals(Counterexample.Length.AS_FOUND, c.length());
    assertEquals("as found, not proven shortest: the heap ran out during the shortest-violation search before the "
        + "memory budget was seen exceeded", c.note());
    // The first violating class in outcome order, "//1, | a=2": a=1, read, a=2.
    assertEquals(List.of(0, 1, 0), c.choices());
  }

  @Test
  @SpecClause(source = BUDGETS, text = BUDGET_TEXT)
  void aSearchWithAViolation_andTimeToSpare_isNotStoppedByTheTimeKeptForShortening() {
    String[] many = {"a=1;a=2", "b=1;b=2", "c=1;c=2", "d=1;d=2"};
    List<String> phases = new ArrayList<>();
    ExplorationReport r = Explorer.explore(new SharedVariables(false, o -> true, many), options(Strategy.NAIVE, 100)
        .withShortestViolation(true).withTimeBudget(Duration.ofMinutes(1)), p -> phases.add(p.phase()));
    assertTrue(r.exhaustive(), r.stopReason());
    assertEquals(2520, r.schedules());
    assertTrue(phases.contains("search"));
    assertEquals(Counterexample.Length.SHORTEST, r.counterexample().length());
    // The unreduced breadth-first search of 81 states takes 4 * 3^3 * 2... fewer than 1024 steps: no
    // progress of its own here; five threads of three steps take more.
    String[] five = {"a=1;a=2;a=3", "b=1;b=2;b=3", "c=1;c=2;c=3", "d=1;d=2;d=3", "e=1;e=2;e=3"};
    List<ProgressListener.Progress> seen = new ArrayList<>();
    Explorer.explore(new SharedVariables(false, o -> true, five), options(Strategy.DPOR, 100)
        .withShortestViolation(true), seen::add);
    assertTrue(seen.stream().anyMatch(p -> p.phase().equals("shortest violation") && p.transitions() >= 1024),
        seen.toString());
  }

  @Test
  @SpecClause(source = BUDGETS, text = "wall-clock durations are for reports only")
  void elapsedTime_isMeasuredInMilliseconds_overEveryPhase() {
    Delegate slow = new Delegate(new SharedVariables(true, o -> true, "a=1", "a=2")) {
      @Override
      public SharedVariables.State execute(SharedVariables.State s, SharedVariables.Step a,
          dev.matchpoint.core.explore.Footprint fp) {
        try {
          Thread.sleep(10);
        } catch (InterruptedException e) {
          throw new IllegalStateException(e);
        }
        return inner.execute(s, a, fp);
      }
    };
    ExplorationReport r = Explorer.explore(slow, options(Strategy.NAIVE, 100).withShortestViolation(true),
        ProgressListener.NONE);
    // The search runs 4 steps, the shortening 2 more (its breadth-first search stops at the first violation).
    assertTrue(r.searchMillis() >= 40 && r.searchMillis() < 60_000, "search " + r.searchMillis());
    assertTrue(r.elapsedMillis() >= r.searchMillis() + 20 && r.elapsedMillis() < 60_000, "all " + r.elapsedMillis());
  }

  /** A transition system that forwards to another. */
  static class Delegate implements dev.matchpoint.core.explore.TransitionSystem<SharedVariables.State,
      SharedVariables.Step> {
    final SharedVariables inner;

    Delegate(SharedVariables inner) {
      this.inner = inner;
    }

    @Override
    public SharedVariables.State initial() {
      return inner.initial();
    }

    @Override
    public List<SharedVariables.Step> enabled(SharedVariables.State s) {
      return inner.enabled(s);
    }

    @Override
    public SharedVariables.State execute(SharedVariables.State s, SharedVariables.Step a,
        dev.matchpoint.core.explore.Footprint fp) {
      return inner.execute(s, a, fp);
    }

    @Override
    public long actor(SharedVariables.Step a) {
      return inner.actor(a);
    }

    @Override
    public List<SharedVariables.Step> persistentSet(SharedVariables.State s, List<SharedVariables.Step> en) {
      return inner.persistentSet(s, en);
    }

    @Override
    public void hashInto(SharedVariables.State s, com.google.common.hash.PrimitiveSink sink) {
      inner.hashInto(s, sink);
    }

    @Override
    public dev.matchpoint.core.explore.Verdict verdict(SharedVariables.State s) {
      return inner.verdict(s);
    }

    @Override
    public String describe(SharedVariables.State s, SharedVariables.Step a) {
      return inner.describe(s, a);
    }
  }
}
