package dev.matchpoint.scenario.export;

import java.util.Objects;

/**
 * What identifies a run in its output files: with the scenario file, these replay it exactly.
 *
 * @param scenario the scenario's name
 * @param seed the master seed
 * @param mode {@code timed} or {@code logical}
 * @param schedule the run's schedule in text form, trailing zeros trimmed ({@code -} when empty)
 */
public record TraceHeader(String scenario, long seed, String mode, String schedule) {
  /** Validates. */
  public TraceHeader {
    Objects.requireNonNull(scenario, "scenario");
    Objects.requireNonNull(mode, "mode");
    Objects.requireNonNull(schedule, "schedule");
  }
}
