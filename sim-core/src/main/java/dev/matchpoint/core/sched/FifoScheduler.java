package dev.matchpoint.core.sched;

/**
 * The deterministic default scheduler: always option 0. Same-time events then fire in insertion
 * order (FIFO), logical-mode steps take the first enabled action in canonical order, and wildcard
 * choices take the lowest source rank.
 */
public final class FifoScheduler implements Scheduler {
  /** The shared instance; the scheduler has no state. */
  public static final FifoScheduler INSTANCE = new FifoScheduler();

  private FifoScheduler() {}

  @Override
  public int choose(ChoicePoint point) {
    return 0;
  }

  @Override
  public boolean decidesTies() {
    return false;
  }

  @Override
  public String describe() {
    return "fifo";
  }
}
