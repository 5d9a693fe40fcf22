package dev.matchpoint.core.explore;

import dev.matchpoint.core.sched.Schedule;
import java.util.List;

/**
 * A violating schedule: the actions taken, and the choices that replay it through a {@code
 * ReplayScheduler} in logical mode (one choice per step that had two or more enabled actions).
 *
 * @param steps readable labels of the actions, in order
 * @param choices index into the enabled actions at each step
 * @param optionCounts number of enabled actions at each step
 * @param verdict the final state's verdict
 * @param shortest true when a breadth-first search established that no shorter violating schedule
 *     exists
 */
public record Counterexample(List<String> steps, List<Integer> choices, List<Integer> optionCounts, Verdict verdict,
    boolean shortest) {
  /** Copies the lists. */
  public Counterexample {
    steps = List.copyOf(steps);
    choices = List.copyOf(choices);
    optionCounts = List.copyOf(optionCounts);
  }

  /**
   * The schedule that replays this counterexample.
   *
   * @return choices at the steps with two or more options
   */
  public Schedule schedule() {
    int[] picked = new int[choices.size()];
    int n = 0;
    for (int i = 0; i < choices.size(); i++) {
      if (optionCounts.get(i) >= 2) {
        picked[n++] = choices.get(i);
      }
    }
    return Schedule.of(java.util.Arrays.copyOf(picked, n)).trimmed();
  }
}
