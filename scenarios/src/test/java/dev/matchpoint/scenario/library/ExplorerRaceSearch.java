package dev.matchpoint.scenario.library;

import dev.matchpoint.core.explore.Counterexample;
import dev.matchpoint.core.explore.ExplorationReport;
import dev.matchpoint.core.explore.ExploreOptions;
import dev.matchpoint.core.explore.Explorer;
import dev.matchpoint.core.explore.ProgressListener;
import dev.matchpoint.core.explore.Strategy;
import dev.matchpoint.mpi.explore.MpiTransitionSystem;
import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.ScenarioLoader;
import java.time.Duration;
import java.util.Optional;

/**
 * {@link RaceSearch} by the explorer's exhaustive strategy (stateful search with persistent and
 * sleep sets), which also establishes the shortest violating schedule. The witness carries the
 * explorer's verdict details, so replaying the schedule through the logical runner checks that the
 * two agree.
 */
final class ExplorerRaceSearch implements RaceSearch {
  /** The budgets the library's explorations run under: far above what any library scenario needs. */
  static final ExploreOptions OPTIONS = new ExploreOptions(Strategy.EXHAUSTIVE, 200_000, Duration.ofSeconds(60), 0, 3,
      2_000, true);

  /**
   * Explores a scenario's logical schedules exhaustively within {@link #OPTIONS}.
   *
   * @param s the scenario
   * @return the report; not exhaustive when a budget or the 2000-step limit stopped it
   */
  static ExplorationReport explore(Scenario s) {
    MpiTransitionSystem ts = new MpiTransitionSystem(ScenarioLoader.compile(s), s.checks(), true);
    return Explorer.explore(ts, OPTIONS, ProgressListener.NONE);
  }

  @Override
  public Optional<Witness> find(Scenario scenario) {
    Counterexample cex = explore(scenario).counterexample();
    if (cex == null) {
      return Optional.empty();
    }
    return Optional.of(new Witness(cex.schedule(), cex.verdict().details()));
  }
}
