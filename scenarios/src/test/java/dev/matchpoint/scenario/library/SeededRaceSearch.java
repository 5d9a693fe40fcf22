package dev.matchpoint.scenario.library;

import dev.matchpoint.core.sched.SeededScheduler;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.ScenarioLoader;
import java.util.Optional;

/** {@link RaceSearch} by seeded logical runs over seeds {@code 0..seeds-1}, stopping at the first violation. */
final class SeededRaceSearch implements RaceSearch {
  private final int seeds;

  SeededRaceSearch(int seeds) {
    this.seeds = seeds;
  }

  @Override
  public Optional<Witness> find(Scenario scenario) {
    var spec = ScenarioLoader.compile(scenario);
    for (long seed = 0; seed < seeds; seed++) {
      RunResult r = Runner.logical(spec, new SeededScheduler(seed), scenario.runOptions());
      if (!r.violations().isEmpty()) {
        return Optional.of(new Witness(seed, r.schedule(), r.violations()));
      }
    }
    return Optional.empty();
  }
}
