package dev.matchpoint.scenario.library;

import dev.matchpoint.core.sched.Schedule;
import dev.matchpoint.scenario.Scenario;
import java.util.List;
import java.util.Optional;

/**
 * Finds a logical schedule of a scenario that violates one of its checks: what the library's
 * {@code race-reachable} expectation claims exists. {@link ExplorerRaceSearch} asks the explorer.
 */
interface RaceSearch {
  /**
   * A schedule that violates a check, with what it violates.
   *
   * @param schedule the schedule, replayable in logical mode
   * @param details what the search saw at the schedule's end: the violations ({@code check: message})
   *     sorted, then the problems sorted
   */
  record Witness(Schedule schedule, List<String> details) {}

  /**
   * Searches.
   *
   * @param scenario the scenario
   * @return a witness, or empty when the search found none
   */
  Optional<Witness> find(Scenario scenario);
}
