package dev.matchpoint.properties.internal;

import dev.matchpoint.core.sched.Schedule;
import dev.matchpoint.properties.arbitraries.ScheduleArbitrary;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.arbitraries.ArbitraryDecorator;

/** The {@link ScheduleArbitrary} behind {@code MpiArbitraries.schedules()}. */
public final class DefaultScheduleArbitrary extends ArbitraryDecorator<Schedule> implements ScheduleArbitrary {
  private final int minLength;
  private final int maxLength;
  private final int options;

  /** The defaults documented on {@link ScheduleArbitrary}. */
  public DefaultScheduleArbitrary() {
    this(0, 64, 4);
  }

  private DefaultScheduleArbitrary(int minLength, int maxLength, int options) {
    this.minLength = minLength;
    this.maxLength = maxLength;
    this.options = options;
  }

  @Override
  public ScheduleArbitrary length(int min, int max) {
    Choices.requireRange("schedule length", min, max, 0, 1_000_000);
    return new DefaultScheduleArbitrary(min, max, options);
  }

  @Override
  public ScheduleArbitrary options(int count) {
    if (count < 1) {
      throw new IllegalArgumentException("a choice has at least 1 option, got " + count);
    }
    return new DefaultScheduleArbitrary(minLength, maxLength, count);
  }

  @Override
  protected Arbitrary<Schedule> arbitrary() {
    return Arbitraries.integers().between(0, options - 1).list().ofMinSize(minLength).ofMaxSize(maxLength)
        .map(list -> Schedule.of(list.stream().mapToInt(Integer::intValue).toArray()));
  }

  @Override
  public String toString() {
    return "ScheduleArbitrary(length " + minLength + ".." + maxLength + ", options " + options + ")";
  }
}
