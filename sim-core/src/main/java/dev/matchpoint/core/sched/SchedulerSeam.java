package dev.matchpoint.core.sched;

import java.util.function.IntFunction;

/**
 * The one door to the {@link Scheduler}: model and kernel code ask their choices here, never the
 * scheduler directly. A point with a single option is answered without asking or recording, so
 * schedules stay short; every other answer is checked and appended to the run's {@link ChoiceLog}.
 */
public final class SchedulerSeam {
  private final Scheduler scheduler;
  private final ChoiceLog log = new ChoiceLog();

  /**
   * Creates a seam over {@code scheduler}.
   *
   * @param scheduler the policy answering the choices
   */
  public SchedulerSeam(Scheduler scheduler) {
    this.scheduler = scheduler;
  }

  /**
   * Asks for one choice.
   *
   * @param kind what is decided
   * @param optionCount number of options, at least 1
   * @param labels option labels, computed only for reports
   * @return the chosen index in {@code [0, optionCount)}
   * @throws ScheduleMismatchException when a replayed schedule does not fit
   * @throws IllegalStateException when the scheduler answers out of range
   */
  public int choose(ChoiceKind kind, int optionCount, IntFunction<String> labels) {
    if (optionCount == 1) {
      return 0;
    }
    int choice = scheduler.choose(new ChoicePoint(kind, optionCount, labels));
    if (choice < 0 || choice >= optionCount) {
      throw new IllegalStateException(
          scheduler.describe() + " chose " + choice + " of " + optionCount + " options");
    }
    log.append(choice);
    return choice;
  }

  /**
   * Whether same-time events must be offered as {@link ChoiceKind#TIE} points.
   *
   * @return the scheduler's answer
   */
  public boolean decidesTies() {
    return scheduler.decidesTies();
  }

  /**
   * The scheduler behind this seam.
   *
   * @return the scheduler
   */
  public Scheduler scheduler() {
    return scheduler;
  }

  /**
   * The choices made so far, as a replayable schedule.
   *
   * @return the schedule
   */
  public Schedule schedule() {
    return log.toSchedule();
  }
}
