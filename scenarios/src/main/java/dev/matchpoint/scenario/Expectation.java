package dev.matchpoint.scenario;

import java.util.Locale;

/**
 * What a scenario states about itself, checked by {@link ExpectationCheck} ({@code matchpoint test}
 * and the library test). {@link #OK}, {@link
 * #DEADLOCK} and {@link #ERRONEOUS} hold for the timed run with the scenario's seed and for every
 * logical schedule; {@link #RACE_REACHABLE} holds when some logical schedule violates a check.
 */
public enum Expectation {
  /** The run ends with outcome OK and no check is violated. */
  OK,
  /** The run ends with a thread blocked forever (outcome DEADLOCK). */
  DEADLOCK,
  /** The run ends with an MPI error or an erroneous use (outcome ERRONEOUS). */
  ERRONEOUS,
  /** Some schedule violates a check: the program races. */
  RACE_REACHABLE;

  /**
   * The name used in scenario files.
   *
   * @return e.g. {@code race-reachable}
   */
  public String configName() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /**
   * Looks an expectation up by name.
   *
   * @param name e.g. {@code deadlock}
   * @return the expectation, or null when unknown
   */
  public static Expectation named(String name) {
    for (Expectation e : values()) {
      if (e.configName().equals(name)) {
        return e;
      }
    }
    return null;
  }
}
