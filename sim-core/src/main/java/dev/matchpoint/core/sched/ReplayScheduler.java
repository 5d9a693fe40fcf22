package dev.matchpoint.core.sched;

/**
 * Follows a recorded {@link Schedule} choice by choice. After the schedule's last choice it takes
 * option 0 (what {@link FifoScheduler} would take), so a schedule may omit a tail of zeros.
 */
public final class ReplayScheduler implements Scheduler {
  private final Schedule schedule;
  private int next;

  /**
   * Creates a replay of {@code schedule} from its first choice.
   *
   * @param schedule the recorded choices
   */
  public ReplayScheduler(Schedule schedule) {
    this.schedule = schedule;
  }

  @Override
  public int choose(ChoicePoint point) {
    if (next >= schedule.length()) {
      next++;
      return 0;
    }
    int choice = schedule.choice(next);
    if (choice >= point.optionCount()) {
      throw new ScheduleMismatchException(
          "choice #" + next + " of the schedule is " + choice + " but the run offers only "
              + point.optionCount() + " options at a " + point.kind().name().toLowerCase()
              + " point; the schedule was recorded for another scenario, configuration or seed");
    }
    next++;
    return choice;
  }

  /**
   * How many choices have been answered so far, including those past the schedule's end.
   *
   * @return the count
   */
  public int consumed() {
    return next;
  }

  @Override
  public String describe() {
    return "replay(" + schedule + ")";
  }
}
