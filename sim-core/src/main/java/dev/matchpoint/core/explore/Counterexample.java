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
 * @param length whether the schedule is known to be a shortest one, was shortened, or is as found
 * @param note how its length was established, one line, e.g. {@code shortest: a breadth-first search
 *     over 1234 states found none shorter}
 */
public record Counterexample(List<String> steps, List<Integer> choices, List<Integer> optionCounts, Verdict verdict,
    Length length, String note) {
  /** What is known about a counterexample's length. */
  public enum Length {
    /** A breadth-first search established that no shorter violating schedule exists. */
    SHORTEST("shortest"),
    /** Shorter than the one the search found, but a budget kept the proof of minimality out of reach. */
    SHORTENED("shortened"),
    /** The schedule the search found, not shortened (no budget left, or nothing shorter found). */
    AS_FOUND("as-found");

    private final String configName;

    Length(String configName) {
      this.configName = configName;
    }

    /**
     * The name in reports and JSON.
     *
     * @return {@code shortest}, {@code shortened} or {@code as-found}
     */
    public String configName() {
      return configName;
    }
  }

  /** Copies the lists. */
  public Counterexample {
    steps = List.copyOf(steps);
    choices = List.copyOf(choices);
    optionCounts = List.copyOf(optionCounts);
  }

  /**
   * Whether no shorter violating schedule exists.
   *
   * @return true when {@link #length} is {@link Length#SHORTEST}
   */
  public boolean shortest() {
    return length == Length.SHORTEST;
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
