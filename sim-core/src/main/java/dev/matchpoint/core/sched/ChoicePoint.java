package dev.matchpoint.core.sched;

import java.util.Objects;
import java.util.function.IntFunction;

/**
 * One nondeterministic decision: {@code optionCount} alternatives, numbered from 0 in a canonical
 * order fixed by the caller (never hash order), each with a human-readable label computed on
 * demand.
 *
 * @param kind what is being decided
 * @param optionCount number of alternatives, at least 2 when a scheduler is asked
 * @param labels option index to label, e.g. {@code "r2.t0 Recv(ANY_SOURCE, 0)"}; only called for
 *     reports, never on the hot path
 */
public record ChoicePoint(ChoiceKind kind, int optionCount, IntFunction<String> labels) {
  /**
   * Validates the point.
   *
   * @throws IllegalArgumentException when {@code optionCount < 1}
   */
  public ChoicePoint {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(labels, "labels");
    if (optionCount < 1) {
      throw new IllegalArgumentException("a choice point needs at least one option, got " + optionCount);
    }
  }

  /**
   * The label of one option.
   *
   * @param option index in {@code [0, optionCount)}
   * @return its label
   * @throws IndexOutOfBoundsException when the index is out of range
   */
  public String label(int option) {
    Objects.checkIndex(option, optionCount);
    return labels.apply(option);
  }
}
