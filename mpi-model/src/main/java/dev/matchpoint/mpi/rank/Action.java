package dev.matchpoint.mpi.rank;

/**
 * One enabled action of the model in logical mode (DESIGN §3): a thread's next MPI call, or the
 * delivery of one packet. An action's identity is stable across states: the same thread, or the
 * same packet (source, dest, position on its link).
 *
 * @param kind step or delivery
 * @param rank for a step: the rank; for a delivery: the packet's destination
 * @param thread for a step: the thread; -1 for a delivery
 * @param variant for a step: the permitted alternative taken (the source an MPI_ANY_SOURCE call
 *     takes under the {@code any} policy, the request index Waitany/Testany returns, or the index of
 *     an MPI_Start/MPI_Startall plan: start order and wildcard sources, see {@link StartPlans}), -1
 *     when the call has no alternatives
 * @param source for a delivery: the packet's source; -1 for a step
 * @param linkSeq for a delivery: the packet's position on its link; -1 for a step
 */
public record Action(Kind kind, int rank, int thread, int variant, int source, long linkSeq) {
  /** The two kinds of action. */
  public enum Kind {
    /** A thread runs its next MPI call. */
    STEP,
    /** The network delivers one packet. */
    DELIVER
  }

  /**
   * A thread step.
   *
   * @param rank the rank
   * @param thread the thread
   * @param variant the alternative, or -1
   * @return the action
   */
  public static Action step(int rank, int thread, int variant) {
    return new Action(Kind.STEP, rank, thread, variant, -1, -1);
  }

  /**
   * A packet delivery.
   *
   * @param source packet source
   * @param dest packet destination
   * @param linkSeq packet position on its link
   * @return the action
   */
  public static Action deliver(int source, int dest, long linkSeq) {
    return new Action(Kind.DELIVER, dest, -1, -1, source, linkSeq);
  }
}
