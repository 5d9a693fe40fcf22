package dev.matchpoint.mpi.explore;

/**
 * How finely exploration classes final states (DESIGN §5): by what the program could observe, or
 * also by the order in which the model matched each thread's receives.
 */
public enum Outcomes {
  /**
   * The default: per receive request, the messages it received (their statuses follow from them);
   * per thread, the messages its probes and matched probes returned, in call order; errors,
   * erroneous uses, check violations, and at a deadlock who is blocked in which call. Internal
   * match order, queue contents and packet state are not part of it (see {@link
   * dev.matchpoint.mpi.check.Observations}).
   */
  OBSERVABLE("observable"),
  /**
   * The finer classes: as {@link #OBSERVABLE}, but receipts list each thread's received messages in
   * the order the model matched them, and probe results are left out (see {@link
   * dev.matchpoint.mpi.check.Receipts}). The reduced searches may report fewer of these classes than
   * the naive enumeration: they reach every observable outcome, not every match order.
   */
  FINE("fine");

  private final String configName;

  Outcomes(String configName) {
    this.configName = configName;
  }

  /**
   * The name in banners and reports.
   *
   * @return {@code observable} or {@code fine}
   */
  public String configName() {
    return configName;
  }
}
