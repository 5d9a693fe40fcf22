package dev.matchpoint.mpi.rank;

/** What a request does. */
public enum RequestKind {
  /** A send in one of the four modes (MPI-3.1 §3.7.2). */
  SEND,
  /** A receive posted with a pattern (MPI-3.1 §3.7.2). */
  RECV,
  /** A matched receive of a message handle (MPI-3.1 §3.8.3). */
  MRECV,
  /** A channel endpoint bound from a persistent send or receive request (seed 003). */
  CHANNEL,
  /** A nonblocking collective operation (MPI-3.1 §5.12): MPI_Ibarrier, MPI_Ibcast, ... */
  COLLECTIVE,
  /** A partitioned send or receive request: MPI_Psend_init, MPI_Precv_init (MPI-4.0 chapter 4). */
  PARTITIONED
}
