package dev.matchpoint.core.explore;

/** How the explorer chooses schedules (DESIGN §5). */
public enum Strategy {
  /** Seeded random walks: each schedule picks uniformly among the enabled actions. */
  RANDOM("random"),
  /**
   * Probabilistic concurrency testing (Burckhardt, Kothari, Musuvathi and Nagarakatte, ASPLOS 2010):
   * random actor priorities with d - 1 priority change points; finds a bug of depth d with
   * probability at least 1 / (n k^(d-1)) per schedule (n actors, k steps).
   */
  PCT("pct"),
  /**
   * Stateless depth-first search with dynamic partial-order reduction (source sets, Abdulla, Aronis,
   * Jonsson and Sagonas, POPL 2014) and sleep sets: at least one schedule per Mazurkiewicz trace,
   * usually one; source sets without wakeup trees are not optimal, so a few traces are run twice
   * (on a toy program, 10 schedules for 9 traces) and a run may end in a fully sleeping state.
   */
  DPOR("dpor"),
  /**
   * Depth-first search over states with a visited-state set, persistent sets and sleep sets: cost
   * grows with distinct states, not schedules. The default for exhaustive exploration.
   */
  EXHAUSTIVE("exhaustive"),
  /** Every schedule, no reduction and no state caching: the reference the others are tested against. */
  NAIVE("naive");

  private final String configName;

  Strategy(String configName) {
    this.configName = configName;
  }

  /**
   * The command-line name.
   *
   * @return e.g. {@code exhaustive}
   */
  public String configName() {
    return configName;
  }

  /**
   * Looks a strategy up.
   *
   * @param name random, pct, dpor, exhaustive or naive
   * @return the strategy
   * @throws IllegalArgumentException naming the accepted values
   */
  public static Strategy named(String name) {
    for (Strategy s : values()) {
      if (s.configName.equals(name)) {
        return s;
      }
    }
    throw new IllegalArgumentException("unknown strategy '" + name + "' (expected random, pct, dpor, exhaustive or naive)");
  }
}
