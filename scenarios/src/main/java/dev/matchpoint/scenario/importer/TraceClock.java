package dev.matchpoint.scenario.importer;

import java.util.Objects;
import java.util.OptionalLong;

/**
 * The trace's clock. Operation times are ticks relative to {@code globalOffsetTicks}, so that they
 * stay exact as doubles below 2^53 ticks (TRACE-FORMATS.md §1.6, last point).
 *
 * @param ticksPerSecond the timer resolution (OTF2 ClockProperties.timerResolution); empty when
 *     the format has no timestamps
 * @param globalOffsetTicks the absolute tick that operation time 0 stands for (unsigned)
 * @param traceLengthTicks the trace's length as the format states it, in ticks
 */
public record TraceClock(OptionalLong ticksPerSecond, long globalOffsetTicks, long traceLengthTicks) {
  /** Validates that no component is null. */
  public TraceClock {
    Objects.requireNonNull(ticksPerSecond, "ticksPerSecond");
  }

  /** Returns the clock of a format without timestamps. */
  public static TraceClock untimed() {
    return new TraceClock(OptionalLong.empty(), 0, 0);
  }
}
