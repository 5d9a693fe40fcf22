package dev.matchpoint.mpi.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.explore.Budget;
import dev.matchpoint.core.explore.Counterexample;
import dev.matchpoint.core.explore.ExplorationReport;
import dev.matchpoint.core.explore.ExploreOptions;
import dev.matchpoint.core.explore.Footprint;
import dev.matchpoint.core.explore.Strategy;
import dev.matchpoint.core.explore.Verdict;
import dev.matchpoint.core.sched.Schedule;
import dev.matchpoint.mpi.SpecClause;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The explorer's values: footprints, options, reports and counterexamples. */
class ExplorerValuesTest {
  @Test
  @SpecClause(source = "Flanagan and Godefroid, POPL 2005, §2", text = "Two transitions are dependent when some "
      + "object is written by one and read or written by the other")
  void footprints_conflictOnAWriteOfAnObjectTheOtherTouches_only() {
    Footprint r1 = new Footprint();
    r1.read(1);
    Footprint r1b = new Footprint();
    r1b.read(1);
    Footprint w1 = new Footprint();
    w1.write(1);
    Footprint w2 = new Footprint();
    w2.write(2);
    assertFalse(r1.conflicts(r1b), "two reads");
    assertTrue(r1.conflicts(w1));
    assertTrue(w1.conflicts(r1));
    assertTrue(w1.conflicts(w1.copy()));
    assertFalse(w1.conflicts(w2), "different objects");
    assertFalse(new Footprint().conflicts(w1));
    // A read then a write of one object is one write; many objects grow the footprint.
    Footprint f = new Footprint();
    f.read(7);
    f.write(7);
    f.read(3);
    f.read(7);
    assertEquals(2, f.size());
    assertEquals(7, f.object(0));
    assertTrue(f.writes(0));
    assertEquals(3, f.object(1));
    assertFalse(f.writes(1));
    assertEquals("{W7, R3}", f.toString());
    Footprint twice = new Footprint();
    twice.read(5);
    twice.read(5);
    assertEquals("{R5}", twice.toString(), "two reads are a read");
    for (long o = 10; o < 30; o++) {
      f.read(o);
    }
    assertEquals(22, f.size());
    assertEquals(29, f.object(21));
    Footprint g = new Footprint();
    g.read(29);
    g.merge(w2);
    assertEquals("{R29, W2}", g.toString());
    assertFalse(g.conflicts(f), "29 is only read by both");
    g.merge(f);
    assertEquals(23, g.size());
    assertTrue(g.writes(2));
    Footprint copy = g.copy();
    g.clear();
    assertEquals(0, g.size());
    assertEquals("{}", g.toString());
    assertEquals(23, copy.size());
    assertTrue(copy.conflicts(w2));
    assertFalse(copy.conflicts(w1));
    assertEquals("{}", new Footprint().copy().toString());
  }

  @Test
  @SpecClause(source = "DESIGN §5", text = "Every phase obeys the time, state and memory budgets")
  void options_refuseNonPositiveBudgets_andCopiesChangeOneSetting() {
    Duration d = Duration.ofSeconds(5);
    assertEquals("the schedule budget must be at least 1, got 0", assertThrows(IllegalArgumentException.class,
        () -> new ExploreOptions(Strategy.NAIVE, 0, d, 0, 3, 10, true)).getMessage());
    assertEquals("the PCT depth must be at least 1, got 0", assertThrows(IllegalArgumentException.class,
        () -> new ExploreOptions(Strategy.NAIVE, 1, d, 0, 0, 10, true)).getMessage());
    assertEquals("the step limit must be at least 1, got 0", assertThrows(IllegalArgumentException.class,
        () -> new ExploreOptions(Strategy.NAIVE, 1, d, 0, 1, 0, true)).getMessage());
    assertEquals("the state budget must be at least 1, got 0", assertThrows(IllegalArgumentException.class,
        () -> new ExploreOptions(Strategy.NAIVE, 1, d, 0, 1, 1, true, 0, 0)).getMessage());
    assertEquals("the memory budget must not be negative, got -1", assertThrows(IllegalArgumentException.class,
        () -> new ExploreOptions(Strategy.NAIVE, 1, d, 0, 1, 1, true, 1, -1)).getMessage());
    assertEquals("the thread count must be at least 1, got 0", assertThrows(IllegalArgumentException.class,
        () -> ExploreOptions.of(Strategy.NAIVE).withThreads(0)).getMessage());
    ExploreOptions one = new ExploreOptions(Strategy.PCT, 1, d, 0, 1, 1, false, 1, 0, 1);
    assertEquals(one, new ExploreOptions(Strategy.PCT, 1, d, 0, 1, 1, false, 1, 0));
    ExploreOptions o = ExploreOptions.of(Strategy.DPOR);
    assertEquals(new ExploreOptions(Strategy.DPOR, 10_000_000L, Duration.ofMinutes(10), 0, 3, 100_000, true,
        Long.MAX_VALUE, 0, 1), o);
    assertEquals(Runtime.getRuntime().maxMemory() / 100 * ExploreOptions.DEFAULT_MEMORY_PERCENT, o.memoryBudgetBytes());
    assertEquals(123, o.withMemoryBudget(123).memoryBudgetBytes());
    assertEquals(7, o.withScheduleBudget(7).scheduleBudget());
    assertEquals(9, o.withSeed(9).seed());
    assertEquals(d, o.withTimeBudget(d).timeBudget());
    assertFalse(o.withShortestViolation(false).shortestViolation());
    assertEquals(5, o.withMaxStates(5).maxStates());
    assertEquals(4, o.withThreads(4).threads());
    ExploreOptions all = o.withScheduleBudget(7).withSeed(9).withTimeBudget(d).withShortestViolation(false)
        .withMaxStates(5).withMemoryBudget(123).withThreads(4);
    assertEquals(new ExploreOptions(Strategy.DPOR, 7, d, 9, 3, 100_000, false, 5, 123, 4), all);
  }

  @Test
  @SpecClause(source = "DESIGN §5", text = "Strategies over the scheduler seam: seeded random walk; PCT; exhaustive "
      + "search with partial-order reduction")
  void strategiesAndBudgets_haveTheirCommandLineNames() {
    for (Strategy s : Strategy.values()) {
      assertEquals(s, Strategy.named(s.configName()));
    }
    assertEquals(List.of("random", "pct", "dpor", "exhaustive", "naive"),
        List.of(Strategy.values()).stream().map(Strategy::configName).toList());
    assertEquals("unknown strategy 'bfs' (expected random, pct, dpor, exhaustive or naive)",
        assertThrows(IllegalArgumentException.class, () -> Strategy.named("bfs")).getMessage());
    assertEquals(List.of("schedules", "states", "time", "memory", "steps"),
        List.of(Budget.values()).stream().map(Budget::configName).toList());
    assertEquals(List.of("shortest", "shortened", "as-found"),
        List.of(Counterexample.Length.values()).stream().map(Counterexample.Length::configName).toList());
  }

  @Test
  @SpecClause(source = "DESIGN §7", text = "A counterexample is printed as a readable trace and replays as a schedule")
  void reportsAndCounterexamples_deriveTheirFigures() {
    Verdict bad = new Verdict("x", true, List.of("boom"));
    Verdict good = new Verdict("y", false, List.of());
    ExplorationReport r = new ExplorationReport(Strategy.EXHAUSTIVE, true, "search complete", null, 3, 10, 20, 4, -1,
        0, Map.of("y", new ExplorationReport.OutcomeClass(good, 1, List.of())), null, 500, 250, 160);
    assertEquals(16.0, r.bytesPerState());
    assertEquals(40, r.statesPerSecond());
    assertFalse(r.violationFound());
    ExplorationReport none = new ExplorationReport(Strategy.DPOR, true, "search complete", null, 3, 0, 20, 4, -1, 0,
        Map.of("x", new ExplorationReport.OutcomeClass(bad, 1, List.of())), null, 0, 0, 0);
    assertEquals(0.0, none.bytesPerState());
    assertEquals(0, none.statesPerSecond());
    assertTrue(none.violationFound());
    // Only steps with two or more options are choices of the schedule; trailing zeros are dropped.
    Counterexample c = new Counterexample(List.of("a", "b", "c", "d"), List.of(0, 2, 0, 1), List.of(1, 3, 2, 1), bad,
        Counterexample.Length.SHORTENED, "n");
    assertEquals(Schedule.of(2), c.schedule());
    assertFalse(c.shortest());
    Counterexample d = new Counterexample(List.of("a", "b"), List.of(1, 1), List.of(2, 2), bad,
        Counterexample.Length.SHORTEST, "n");
    assertEquals(Schedule.of(1, 1), d.schedule());
    assertTrue(d.shortest());
  }
}
