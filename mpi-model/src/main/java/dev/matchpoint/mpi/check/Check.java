package dev.matchpoint.mpi.check;

import dev.matchpoint.core.StateHashable;
import dev.matchpoint.core.codec.StateReader;
import dev.matchpoint.core.codec.StateWriter;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.List;

/**
 * One rule of the standard (or of a seed) as a monitor over the event stream. Implementations keep
 * only the state the rule needs, copy it for exploration and write it into state hashes, so that
 * two states with equal model state and equal check state have the same future verdicts.
 */
public interface Check extends StateHashable {
  /**
   * The check's name in scenario files and reports.
   *
   * @return e.g. {@code non-overtaking}
   */
  String name();

  /**
   * The sentence of the standard or seed the check judges, with its source.
   *
   * @return the clause
   */
  String clause();

  /**
   * Observes one event.
   *
   * @param event the event
   */
  void onEvent(TraceEvent event);

  /**
   * Whether {@link #onEvent} may change the check's state on this event: false only for events it
   * ignores. {@link Checks} feeds a check only the events it reads, so a copy that shares a check
   * (copy-on-write) copies it, and forgets its fingerprint, only when it reads an event.
   *
   * @param event the event
   * @return true unless the check ignores the event (the default: it may read every event)
   */
  default boolean reads(TraceEvent event) {
    return true;
  }

  /**
   * Whether the check reads request-completion events ({@link TraceEvent.RequestCompleted}), which a
   * timed-mode model builds only for a check or sink that reads them.
   *
   * @return false unless the check judges completions
   */
  default boolean readsCompletions() {
    return false;
  }

  /**
   * Observes the end of the run.
   *
   * @param end how it ended
   */
  default void onEnd(RunEnd end) {}

  /**
   * Violations found so far.
   *
   * @return the violations, in detection order
   */
  List<Violation> violations();

  /**
   * An independent copy with the same state.
   *
   * @return the copy
   */
  Check copy();

  /**
   * Writes this check's state (what {@link #hashInto} covers) for a compact state encoding (issue
   * 13); {@link #decoded} reads it back. The default refuses: a check without it cannot be carried
   * by a search that holds states encoded.
   *
   * @param w the buffer
   * @throws IllegalArgumentException when the check has no encoding
   */
  default void encodeInto(StateWriter w) {
    throw new IllegalArgumentException("check " + name() + " has no state encoding");
  }

  /**
   * A new check of this one's kind with the state {@link #encodeInto} wrote (this check's own state
   * is not read).
   *
   * @param r the reader
   * @return the check
   * @throws IllegalArgumentException when the check has no encoding
   */
  default Check decoded(StateReader r) {
    throw new IllegalArgumentException("check " + name() + " has no state encoding");
  }
}
