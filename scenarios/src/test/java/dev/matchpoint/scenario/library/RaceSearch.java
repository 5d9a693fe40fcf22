package dev.matchpoint.scenario.library;

import dev.matchpoint.core.sched.Schedule;
import dev.matchpoint.mpi.check.Violation;
import dev.matchpoint.scenario.Scenario;
import java.util.List;
import java.util.Optional;

/**
 * Finds a logical schedule of a scenario that violates one of its checks: what the library's
 * {@code race-reachable} expectation claims exists. Until the explorer (issue 5) lands this is a
 * seeded random search ({@link SeededRaceSearch}); the explorer can replace it behind this interface.
 */
interface RaceSearch {
  /**
   * A schedule that violates a check, with what it violates.
   *
   * @param seed the seed of the scheduler that found it (or -1 when not seeded)
   * @param schedule the schedule, replayable in logical mode
   * @param violations the violations it produced
   */
  record Witness(long seed, Schedule schedule, List<Violation> violations) {}

  /**
   * Searches.
   *
   * @param scenario the scenario
   * @return a witness, or empty when the search found none
   */
  Optional<Witness> find(Scenario scenario);
}
