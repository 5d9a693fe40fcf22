package dev.matchpoint.core.sched;

import java.util.Arrays;

/** The append-only record of the choices a run made; {@link #toSchedule()} replays them. */
public final class ChoiceLog {
  private int[] choices = new int[16];
  private int size;

  /**
   * Appends one answered choice.
   *
   * @param choice the option index taken
   */
  public void append(int choice) {
    if (size == choices.length) {
      choices = Arrays.copyOf(choices, size * 2);
    }
    choices[size++] = choice;
  }

  /**
   * Number of choices recorded.
   *
   * @return the count
   */
  public int size() {
    return size;
  }

  /**
   * The recorded choices as a schedule.
   *
   * @return an immutable schedule
   */
  public Schedule toSchedule() {
    return Schedule.of(Arrays.copyOf(choices, size));
  }
}
