package dev.matchpoint.properties.arbitraries;

import dev.matchpoint.core.sched.Schedule;
import net.jqwik.api.Arbitrary;

/**
 * Generates {@link Schedule}s: lists of choice indices. A generated schedule rarely fits a run's
 * choice points exactly, so run it through {@link dev.matchpoint.properties.ModuloScheduler}, which
 * takes each index modulo the options offered; the run's recorded schedule then replays it exactly
 * with a {@code ReplayScheduler}. Shrinking shortens the list and lowers indices towards 0 (the FIFO
 * choice).
 */
public interface ScheduleArbitrary extends Arbitrary<Schedule> {
  /**
   * Number of choices. Default 0 to 64.
   *
   * @param min at least 0
   * @param max at least {@code min}
   * @return a new arbitrary
   * @throws IllegalArgumentException when the bounds are out of range
   */
  ScheduleArbitrary length(int min, int max);

  /**
   * Each choice is in {@code [0, options)}. Default 4.
   *
   * @param options at least 1
   * @return a new arbitrary
   * @throws IllegalArgumentException when less than 1
   */
  ScheduleArbitrary options(int options);
}
