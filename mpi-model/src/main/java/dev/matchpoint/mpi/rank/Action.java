package dev.matchpoint.mpi.rank;

/**
 * One enabled action of the model in logical mode (DESIGN §3): a thread's next MPI call, one half
 * of a thread's MPI_Sendrecv, or the delivery of one packet. An action's identity is stable across
 * states: the same thread (and half), or the same packet (source, dest, position on its link).
 *
 * @param kind step or delivery
 * @param rank for a step: the rank; for a delivery: the packet's destination
 * @param thread for a step: the thread; -1 for a delivery
 * @param half for a step: which half of an MPI_Sendrecv it runs, or {@link Half#NONE} for a whole
 *     call (and for a Sendrecv's return once both halves ran); {@link Half#NONE} for a delivery
 * @param variant for a step: the permitted alternative taken (the source an MPI_ANY_SOURCE call
 *     takes under the {@code any} policy, the request index Waitany/Testany returns, or the index of
 *     an MPI_Start/MPI_Startall plan: start order and wildcard sources, see {@link StartPlans}), -1
 *     when the call has no alternatives
 * @param source for a delivery: the packet's source; -1 for a step
 * @param linkSeq for a delivery: the packet's position on its link; -1 for a step
 */
public record Action(Kind kind, int rank, int thread, Half half, int variant, int source, long linkSeq) {
  /** The two kinds of action. */
  public enum Kind {
    /** A thread runs its next MPI call, or one half of it. */
    STEP,
    /** The network delivers one packet. */
    DELIVER
  }

  /**
   * The halves of MPI_Sendrecv, which runs "as if the caller forked two concurrent threads, one to
   * execute the send, and one to execute the receive" (MPI-3.1 §3.10).
   */
  public enum Half {
    /** Not a half: a whole call, a Sendrecv's return (the join), or a delivery. */
    NONE,
    /** The send half: starts the standard-mode send. */
    SEND,
    /** The receive half: posts the receive (or takes a queued message). */
    RECEIVE
  }

  /**
   * A thread step running its whole next call.
   *
   * @param rank the rank
   * @param thread the thread
   * @param variant the alternative, or -1
   * @return the action
   */
  public static Action step(int rank, int thread, int variant) {
    return new Action(Kind.STEP, rank, thread, Half.NONE, variant, -1, -1);
  }

  /**
   * A thread step running one half of its MPI_Sendrecv.
   *
   * @param rank the rank
   * @param thread the thread
   * @param half {@link Half#SEND} or {@link Half#RECEIVE}
   * @param variant the alternative (the receive half's source under the {@code any} policy), or -1
   * @return the action
   */
  public static Action half(int rank, int thread, Half half, int variant) {
    return new Action(Kind.STEP, rank, thread, half, variant, -1, -1);
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
    return new Action(Kind.DELIVER, dest, -1, Half.NONE, -1, source, linkSeq);
  }

  /**
   * Field by field, as a record's, but without its reflective bootstrap: actions key the maps of
   * successors and sleep sets the explorer reads on every transition.
   *
   * @param o another object
   * @return true for an action with equal fields
   */
  @Override
  public boolean equals(Object o) {
    return o instanceof Action a && kind == a.kind && rank == a.rank && thread == a.thread && half == a.half
        && variant == a.variant && source == a.source && linkSeq == a.linkSeq;
  }

  /**
   * A hash of the fields (the same in every run: enum ordinals, not identity hashes).
   *
   * @return the hash
   */
  @Override
  public int hashCode() {
    int h = kind.ordinal();
    h = h * 31 + rank;
    h = h * 31 + thread;
    h = h * 31 + half.ordinal();
    h = h * 31 + variant;
    h = h * 31 + source;
    return h * 31 + Long.hashCode(linkSeq);
  }
}
