package dev.matchpoint.core.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The budgets' phrases in reports, and the time a search that found a violation may use. */
class TallyTest {
  @Test
  void budgetPhrases_nameTheLimitInTheUnitItWasGivenIn() {
    ExploreOptions o = ExploreOptions.of(Strategy.EXHAUSTIVE).withMaxStates(7).withScheduleBudget(9)
        .withMemoryBudget(5L << 20);
    assertEquals("time budget of 1 s reached", new Tally(o.withTimeBudget(Duration.ofSeconds(1)), p -> { })
        .describe(Budget.TIME));
    assertEquals("time budget of 999 ms reached", new Tally(o.withTimeBudget(Duration.ofMillis(999)), p -> { })
        .describe(Budget.TIME));
    Tally t = new Tally(o, p -> { });
    assertEquals("memory budget of 5 MB reached", t.describe(Budget.MEMORY));
    assertEquals("state budget of 7 reached", t.describe(Budget.STATES));
    assertEquals("schedule budget of 9 reached", t.describe(Budget.SCHEDULES));
    assertEquals("a schedule exceeded 100000 steps", t.describe(Budget.STEPS));
    // The first budget to stop the search is the one reported.
    t.stop(Budget.STATES, "first");
    t.stop(Budget.TIME, "second");
    assertEquals(Budget.STATES, t.stoppedBy);
    assertEquals("first", t.stopReason);
  }

  @Test
  void aSearchThatFoundAViolation_stopsAtNinetyPercentOfItsTime_onlyWhenShorteningFollows() throws Exception {
    ExploreOptions o = ExploreOptions.of(Strategy.NAIVE).withTimeBudget(Duration.ofSeconds(2));
    Verdict bad = new Verdict("x", true, List.of());
    Tally shortening = new Tally(o, p -> { });
    shortening.outcome(bad, List.of());
    Tally asFound = new Tally(o.withShortestViolation(false), p -> { });
    asFound.outcome(bad, List.of());
    Tally clean = new Tally(o, p -> { });
    clean.outcome(new Verdict("y", false, List.of()), List.of());
    // 1.85 s in: past 90% of the budget, before its end.
    long start = System.nanoTime();
    Thread.sleep(1850);
    shortening.poll();
    asFound.poll();
    clean.poll();
    assumeTrue(System.nanoTime() - start < 1_990_000_000L, "the machine slept past the budget's end");
    assertEquals(Budget.TIME, shortening.stoppedBy);
    assertEquals("time budget of 2 s reached, less the 10% kept for shortening the violating schedule",
        shortening.stopReason);
    assertFalse(asFound.stopped(), "no shortening follows: the whole budget is the search's");
    assertFalse(clean.stopped(), "no violation: the whole budget is the search's");
    assertTrue(shortening.elapsedMillis() >= 1850);
  }
}
