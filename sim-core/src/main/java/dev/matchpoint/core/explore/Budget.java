package dev.matchpoint.core.explore;

/** A limit that can stop an exploration before it finishes ({@link ExploreOptions}). */
public enum Budget {
  /** The most schedules (leaves of a systematic search, samples of a sampling one). */
  SCHEDULES("schedules"),
  /** The most distinct states one phase may store ({@code --max-states}). */
  STATES("states"),
  /** The wall-clock limit of the whole exploration, every phase included. */
  TIME("time"),
  /** The most heap the exploration may use, in bytes (by default a share of the JVM's maximum heap). */
  MEMORY("memory"),
  /** The longest schedule, in steps. */
  STEPS("steps");

  private final String configName;

  Budget(String configName) {
    this.configName = configName;
  }

  /**
   * The name in reports and JSON.
   *
   * @return e.g. {@code memory}
   */
  public String configName() {
    return configName;
  }
}
