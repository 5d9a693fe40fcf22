package dev.matchpoint.mpi;

/**
 * MPI error classes the model returns (MPI-3.1 §8.4, Table 8.2; MPI_ERR_MESSAGE from seed 000
 * §3.4, adopted in MPI-3). Errors are results: they appear in statuses and the trace, never as Java
 * exceptions thrown at the user.
 */
public enum ErrorClass {
  /** No error. */
  MPI_SUCCESS,
  /** Invalid buffer pointer or, for buffered sends, insufficient attached buffer space. */
  MPI_ERR_BUFFER,
  /** Invalid count argument (negative). */
  MPI_ERR_COUNT,
  /** Invalid tag argument (outside {@code [0, MPI_TAG_UB]}). */
  MPI_ERR_TAG,
  /** Invalid communicator. */
  MPI_ERR_COMM,
  /** Invalid rank (outside the communicator, and not MPI_PROC_NULL). */
  MPI_ERR_RANK,
  /** Invalid request handle. */
  MPI_ERR_REQUEST,
  /** Message truncated on receive: the message is longer than the receive buffer. */
  MPI_ERR_TRUNCATE,
  /** Invalid message handle: MPI_MESSAGE_NULL, or a handle already received (seed 000 §3.4). */
  MPI_ERR_MESSAGE,
  /** Error code is in status (Waitall, Waitsome, Testall, Testsome). */
  MPI_ERR_IN_STATUS,
  /** Known error not in this list. */
  MPI_ERR_OTHER,
  /** Invalid root of a rooted collective operation (not a rank of the communicator). */
  MPI_ERR_ROOT,
  /** Invalid argument of some other kind, e.g. a partition number out of range (MPI-4.0 §4.2.1). */
  MPI_ERR_ARG,
  /** Invalid datatype: MPI_DATATYPE_NULL, a freed type, or an uncommitted type in communication (MPI-3.1 §4.1.9). */
  MPI_ERR_TYPE
}
