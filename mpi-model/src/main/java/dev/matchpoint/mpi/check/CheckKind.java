package dev.matchpoint.mpi.check;

import java.util.function.Supplier;

/** The registry of checks, by the names scenario files use (STYLE pattern 10). */
public enum CheckKind {
  /** {@link ProbeThenReceiveSameMessage}. */
  PROBE_THEN_RECEIVE_SAME_MESSAGE("probe-then-receive-same-message", ProbeThenReceiveSameMessage::new),
  /** {@link NonOvertaking}. */
  NON_OVERTAKING("non-overtaking", NonOvertaking::new),
  /** {@link ReceivedAtMostOnce}. */
  RECEIVED_AT_MOST_ONCE("received-at-most-once", ReceivedAtMostOnce::new),
  /** {@link MatchedMessageExclusive}. */
  MATCHED_MESSAGE_EXCLUSIVE("matched-message-exclusive", MatchedMessageExclusive::new),
  /** {@link NoDeadlock}. */
  NO_DEADLOCK("no-deadlock", NoDeadlock::new),
  /** {@link NoErrors}. */
  NO_ERRORS("no-errors", NoErrors::new),
  /** {@link CancelEitherOr}. */
  CANCEL_EITHER_OR("cancel-either-or", CancelEitherOr::new),
  /** {@link CompleteBeforeFinalize}. */
  COMPLETE_BEFORE_FINALIZE("complete-before-finalize", CompleteBeforeFinalize::new);

  private final String configName;
  private final Supplier<Check> factory;

  CheckKind(String configName, Supplier<Check> factory) {
    this.configName = configName;
    this.factory = factory;
  }

  /**
   * The name in scenario files.
   *
   * @return e.g. {@code non-overtaking}
   */
  public String configName() {
    return configName;
  }

  /**
   * A fresh instance.
   *
   * @return the check
   */
  public Check create() {
    return factory.get();
  }

  /**
   * Looks a check up by name.
   *
   * @param name e.g. {@code no-deadlock}
   * @return the kind, or null when unknown
   */
  public static CheckKind named(String name) {
    for (CheckKind k : values()) {
      if (k.configName.equals(name)) {
        return k;
      }
    }
    return null;
  }

  /**
   * Every check, fresh.
   *
   * @return all checks in declaration order
   */
  public static Checks all() {
    java.util.List<Check> out = new java.util.ArrayList<>();
    for (CheckKind k : values()) {
      out.add(k.create());
    }
    return new Checks(out);
  }
}
