package dev.matchpoint.properties;

import dev.matchpoint.core.sched.ChoicePoint;
import dev.matchpoint.core.sched.Schedule;
import dev.matchpoint.core.sched.Scheduler;

/**
 * Drives a run by a generated {@link Schedule} that need not fit it: the i-th choice point takes the
 * schedule's i-th index modulo the options offered, and option 0 once the schedule is used up (as
 * {@code ReplayScheduler} does). The run's own recorded schedule ({@code RunResult.schedule()})
 * replays it exactly through a {@code ReplayScheduler}; print that one in failure reports.
 */
public final class ModuloScheduler implements Scheduler {
  private final Schedule schedule;
  private int next;

  /**
   * Creates a scheduler that follows {@code schedule} from its first choice.
   *
   * @param schedule e.g. one from {@link MpiArbitraries#schedules()}
   */
  public ModuloScheduler(Schedule schedule) {
    this.schedule = schedule;
  }

  @Override
  public int choose(ChoicePoint point) {
    int i = next++;
    return i < schedule.length() ? schedule.choice(i) % point.optionCount() : 0;
  }

  @Override
  public String describe() {
    return "modulo(" + schedule + ")";
  }
}
