package dev.matchpoint.properties;

/**
 * How a generated message is sent (MPI-3.1 §3.2.1, §3.4, §3.7.2). Listed simplest first: jqwik
 * shrinks a choice towards the first constant.
 */
public enum SendCall {
  /** {@code MPI_Send}: standard mode; eager below the threshold, rendezvous at or above it. */
  SEND,
  /** {@code MPI_Isend}, completed by one {@code MPI_Waitall} at the end of the thread. */
  ISEND,
  /** {@code MPI_Ssend}: completes only once the matching receive has started. */
  SSEND
}
