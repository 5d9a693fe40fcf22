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
  private static final Schedule EMPTY = new Schedule(new int[0]);
  private final int[] choices;

  private Schedule(int[] choices) {
    this.choices = choices;
  }

  /**
   * A schedule of the given choices.
   *
   * @param choices option indices, each at least 0
   * @return the schedule (a copy of the array)
   * @throws IllegalArgumentException when an index is negative
   */
  public static Schedule of(int... choices) {
    for (int i = 0; i < choices.length; i++) {
      if (choices[i] < 0) {
        throw new IllegalArgumentException("choice #" + i + " is negative: " + choices[i]);
      }
    }
    return choices.length == 0 ? EMPTY : new Schedule(choices.clone());
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
   * Parses the text form.
   *
   * @param text e.g. {@code "1.0*4.2"} or {@code "-"}
   * @return the schedule
   * @throws IllegalArgumentException naming the character offset of the first malformed element
   */
  public static Schedule parse(String text) {
    String s = text.strip();
    if (s.isEmpty() || s.equals("-")) {
      return EMPTY;
    }
    int[] out = new int[16];
    int size = 0;
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
      if (size + count > out.length) {
        out = Arrays.copyOf(out, Math.max(out.length * 2, size + count));
      }
      Arrays.fill(out, size, size + count, value);
      size += count;
      pos = end + 1;
    }
    return new Schedule(Arrays.copyOf(out, size));
  }

  private static int parseIndex(String digits) {
    if (digits.isEmpty() || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
      throw new NumberFormatException("not a non-negative integer: '" + digits + "'");
    }
    return Integer.parseInt(digits);
  }

  /**
   * Number of recorded choices.
   *
   * @return the length
   */
  public int length() {
    return choices.length;
  }

  /**
   * One recorded choice.
   *
   * @param index position in {@code [0, length())}
   * @return the option index taken there
   */
  public int choice(int index) {
    return choices[index];
  }

  /**
   * The choices as a fresh array.
   *
   * @return a copy
   */
  public int[] toArray() {
    return choices.clone();
  }

  /**
   * This schedule without its trailing zeros, which replay supplies by default.
   *
   * @return the shortest equivalent schedule
   */
  public Schedule trimmed() {
    int n = choices.length;
    while (n > 0 && choices[n - 1] == 0) {
      n--;
    }
    return n == choices.length ? this : new Schedule(Arrays.copyOf(choices, n));
  }

  @Override
  public String toString() {
    if (choices.length == 0) {
      return "-";
    }
    StringBuilder sb = new StringBuilder();
    int i = 0;
    while (i < choices.length) {
      int j = i;
      while (j < choices.length && choices[j] == choices[i]) {
        j++;
      }
      int run = j - i;
      if (sb.length() > 0) {
        sb.append('.');
      }
      if (run >= 3) {
        sb.append(choices[i]).append('*').append(run);
      } else {
        sb.append(choices[i]);
        if (run == 2) {
          sb.append('.').append(choices[i]);
        }
      }
      i = j;
    }
    return sb.toString();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Schedule other && Arrays.equals(choices, other.choices);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(choices);
  }
}
