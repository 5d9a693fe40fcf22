package dev.matchpoint.core.sched;

/**
 * What a {@link ChoicePoint} decides. Every nondeterministic decision of a run has one of these
 * kinds (DESIGN §2), so a schedule can be read back as a list of decisions in MPI terms.
 */
public enum ChoiceKind {
  /** Timed mode: which of several events due at the same simulated time fires first. */
  TIE,
  /** Logical mode: which enabled action (a thread's next MPI call or a packet delivery) runs next. */
  STEP,
  /**
   * Timed mode, wildcard policy {@code any}: which source's earliest matching message an
   * MPI_ANY_SOURCE receive or probe takes (MPI-3.1 §3.5 orders messages only per source).
   */
  WILDCARD,
  /** Timed mode: which of several completed requests MPI_Waitany/MPI_Testany returns (MPI-3.1 §3.7.5). */
  COMPLETION,
  /**
   * Timed mode: in which order MPI_Startall starts its requests, among the orders whose effects can
   * differ, with the source each MPI_ANY_SOURCE receive it starts takes ({@code any} policy; MPI-3.1
   * §3.9: "in some arbitrary order").
   */
  ORDER;

  /**
   * Looks a kind up by its lower-case name, as schedule reports print it.
   *
   * @param name e.g. {@code "tie"}
   * @return the kind
   * @throws IllegalArgumentException naming the accepted values when {@code name} is unknown
   */
  public static ChoiceKind named(String name) {
    for (ChoiceKind k : values()) {
      if (k.name().equalsIgnoreCase(name)) {
        return k;
      }
    }
    throw new IllegalArgumentException(
        "unknown choice kind '" + name + "' (expected one of tie, step, wildcard, completion, order)");
  }
}
