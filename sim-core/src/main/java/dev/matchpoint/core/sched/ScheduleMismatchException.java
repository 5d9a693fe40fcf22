package dev.matchpoint.core.sched;

/**
 * A replayed schedule does not fit the run: at some choice point it names an option that does not
 * exist. The scenario, configuration or seed differs from the run that recorded the schedule.
 */
public final class ScheduleMismatchException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param message what did not fit, naming the choice index and the point
   */
  public ScheduleMismatchException(String message) {
    super(message);
  }
}
