package dev.matchpoint.mpi.rank;

/** Where a request's operation stands (STYLE: one state, never a bitmask). */
public enum RequestState {
  /** Started and not yet matched (a send not yet matched at its receiver, a receive in the posted queue). */
  POSTED,
  /** Matched, data still to move (a rendezvous receive waiting for DATA, a send waiting for CTS or ack). */
  MATCHED,
  /** The operation is complete; Wait or Test returns it. */
  COMPLETE,
  /** The operation was cancelled (MPI-3.1 §3.8.4); Wait or Test returns it with the cancelled flag. */
  CANCELLED
}
