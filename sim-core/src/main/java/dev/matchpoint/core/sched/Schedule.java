package dev.matchpoint.core.sched;

import java.util.Arrays;

/**
 * A recorded list of choices, one option index per {@link ChoicePoint} that had two or more
 * options, in the order the run met them. Together with the scenario, configuration and seed it
 * replays a run exactly (DESIGN §2).
 *
 * <p>Text form, as every failure report prints it: the indices separated by dots, a run of three or
 * more equal indices written {@code index*count}, the empty schedule written {@code -}. For example
 * {@code 1.0*4.2} is the schedule {@code [1, 0, 0, 0, 0, 2]}.
 */
public final class Schedule {
  private static final Schedule EMPTY = new Schedule(new int[0], new int[0]);
  /** Run-length form, so that {@code 0*2147483647} costs two ints: run i repeats {@code values[i]}. */
  private final int[] values;
  /** {@code ends[i]}: the index just past run i; increasing, the last one is the length. */
  private final int[] ends;

  private Schedule(int[] values, int[] ends) {
    this.values = values;
    this.ends = ends;
  }

  /**
   * A schedule of the given choices.
   *
   * @param choices option indices, each at least 0
   * @return the schedule (a copy of the array)
   * @throws IllegalArgumentException when an index is negative
   */
  public static Schedule of(int... choices) {
    Runs runs = new Runs();
    for (int i = 0; i < choices.length; i++) {
      if (choices[i] < 0) {
        throw new IllegalArgumentException("choice #" + i + " is negative: " + choices[i]);
      }
      runs.add(choices[i], 1);
    }
    return runs.schedule();
  }

  /**
   * The empty schedule: every choice takes option 0.
   *
   * @return the empty schedule
   */
  public static Schedule empty() {
    return EMPTY;
  }

  /**
   * Parses the text form. A run {@code index*count} is kept as one run, not expanded, so the text's
   * length bounds the memory whatever the counts say.
   *
   * @param text e.g. {@code "1.0*4.2"} or {@code "-"}
   * @return the schedule
   * @throws IllegalArgumentException naming the character offset of the first malformed element, or
   *     of the element that takes the schedule past {@link Integer#MAX_VALUE} choices
   */
  public static Schedule parse(String text) {
    String s = text.strip();
    if (s.isEmpty() || s.equals("-")) {
      return EMPTY;
    }
    Runs runs = new Runs();
    int pos = 0;
    while (pos <= s.length()) {
      int end = s.indexOf('.', pos);
      if (end < 0) {
        end = s.length();
      }
      String element = s.substring(pos, end);
      int star = element.indexOf('*');
      int value;
      int count;
      try {
        if (star < 0) {
          value = parseIndex(element);
          count = 1;
        } else {
          value = parseIndex(element.substring(0, star));
          count = parseIndex(element.substring(star + 1));
          if (count < 1) {
            throw new NumberFormatException("a repeat count must be at least 1");
          }
        }
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(
            "malformed schedule at offset " + pos + ": '" + element
                + "' (expected INDEX or INDEX*COUNT, e.g. 1.0*4.2)", e);
      }
      if (count > Integer.MAX_VALUE - runs.length) {
        throw new IllegalArgumentException("schedule too long at offset " + pos + ": '" + element + "' takes it past "
            + Integer.MAX_VALUE + " choices");
      }
      runs.add(value, count);
      pos = end + 1;
    }
    return runs.schedule();
  }

  private static int parseIndex(String digits) {
    if (digits.isEmpty() || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
      throw new NumberFormatException("not a non-negative integer: '" + digits + "'");
    }
    return Integer.parseInt(digits);
  }

  /** Builds the run-length form, merging equal neighbours so that equal schedules have equal arrays. */
  private static final class Runs {
    private int[] values = new int[8];
    private int[] ends = new int[8];
    private int size;
    private int length;

    void add(int value, int count) {
      length += count;
      if (size > 0 && values[size - 1] == value) {
        ends[size - 1] = length;
        return;
      }
      if (size == values.length) {
        values = Arrays.copyOf(values, size * 2);
        ends = Arrays.copyOf(ends, size * 2);
      }
      values[size] = value;
      ends[size] = length;
      size++;
    }

    Schedule schedule() {
      return size == 0 ? EMPTY : new Schedule(Arrays.copyOf(values, size), Arrays.copyOf(ends, size));
    }
  }

  /**
   * Number of recorded choices.
   *
   * @return the length
   */
  public int length() {
    return ends.length == 0 ? 0 : ends[ends.length - 1];
  }

  /**
   * One recorded choice.
   *
   * @param index position in {@code [0, length())}
   * @return the option index taken there
   * @throws IndexOutOfBoundsException when {@code index} is outside {@code [0, length())}
   */
  public int choice(int index) {
    java.util.Objects.checkIndex(index, length());
    int r = Arrays.binarySearch(ends, index);
    return values[r >= 0 ? r + 1 : -r - 1];
  }

  /**
   * The choices as a fresh array of {@link #length()} ints.
   *
   * @return the expanded choices
   */
  public int[] toArray() {
    int[] out = new int[length()];
    for (int r = 0, from = 0; r < values.length; from = ends[r], r++) {
      Arrays.fill(out, from, ends[r], values[r]);
    }
    return out;
  }

  /**
   * This schedule without its trailing zeros, which replay supplies by default.
   *
   * @return the shortest equivalent schedule
   */
  public Schedule trimmed() {
    int n = values.length;
    if (n == 0 || values[n - 1] != 0) {
      return this;
    }
    return n == 1 ? EMPTY : new Schedule(Arrays.copyOf(values, n - 1), Arrays.copyOf(ends, n - 1));
  }

  @Override
  public String toString() {
    if (values.length == 0) {
      return "-";
    }
    StringBuilder sb = new StringBuilder();
    for (int r = 0, from = 0; r < values.length; from = ends[r], r++) {
      int run = ends[r] - from;
      if (sb.length() > 0) {
        sb.append('.');
      }
      if (run >= 3) {
        sb.append(values[r]).append('*').append(run);
      } else {
        sb.append(values[r]);
        if (run == 2) {
          sb.append('.').append(values[r]);
        }
      }
    }
    return sb.toString();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Schedule other && Arrays.equals(values, other.values) && Arrays.equals(ends, other.ends);
  }

  @Override
  public int hashCode() {
    return 31 * Arrays.hashCode(values) + Arrays.hashCode(ends);
  }
}
