package dev.matchpoint.core.sched;

import dev.matchpoint.core.random.RandomStreams;
import umontreal.ssj.rng.RandomStream;

/**
 * Chooses uniformly at random among the options, from the {@code "scheduler"} stream derived from
 * the seed (never a JVM-wide source), so the same seed always yields the same schedule.
 */
public final class SeededScheduler implements Scheduler {
  private final long seed;
  private final RandomStream stream;

  /**
   * Creates the scheduler.
   *
   * @param seed the master seed; the choices come from {@code RandomStreams(seed).stream("scheduler")}
   */
  public SeededScheduler(long seed) {
    this.seed = seed;
    this.stream = new RandomStreams(seed).stream("scheduler");
  }

  @Override
  public int choose(ChoicePoint point) {
    return stream.nextInt(0, point.optionCount() - 1);
  }

  @Override
  public String describe() {
    return "seeded(seed=" + seed + ")";
  }
}
