package dev.matchpoint.scenario;

import java.util.Locale;

/** How a scenario runs by default (DESIGN §3). */
public enum Mode {
  /** A discrete-event simulation: latencies from the network model, simulated time in ns. */
  TIMED,
  /** Any enabled action may run next; a seeded scheduler picks one per step; time is the step. */
  LOGICAL;

  /**
   * The name used in scenario files and on the command line.
   *
   * @return {@code timed} or {@code logical}
   */
  public String configName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * Looks a mode up by name.
   *
   * @param name {@code timed} or {@code logical}
   * @return the mode, or null when unknown
   */
  public static Mode named(String name) {
    for (Mode m : values()) {
      if (m.configName().equals(name)) {
        return m;
      }
    }
    return null;
  }
}
