package dev.matchpoint.mpi.trace;

/** What matched a message in a {@link TraceEvent.Matched} event. */
public enum MatchKind {
  /** A receive (Recv, Irecv, Sendrecv's receive) matched the message; the message is consumed. */
  RECEIVE,
  /** A probe (Probe, Iprobe) found the message; the message stays queued (MPI-3.1 §3.8.1). */
  PROBE,
  /** A matched probe (Mprobe, Improbe) took the message into a message handle (MPI-3.1 §3.8.2). */
  MPROBE,
  /** A matched receive (Mrecv, Imrecv) received the message of a handle (MPI-3.1 §3.8.3). */
  MRECV;

  /**
   * Whether this kind consumes the message (it can happen at most once per message).
   *
   * @return true for RECEIVE and MRECV
   */
  public boolean receives() {
    return this == RECEIVE || this == MRECV;
  }
}
