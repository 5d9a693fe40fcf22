package dev.matchpoint.mpi.program;

/** The kinds of program variables and the MPI objects they hold. */
public enum VarType {
  /** An MPI_Status: source, tag, count in bytes, error class, cancelled flag. */
  STATUS,
  /** An MPI_Request handle (MPI_REQUEST_NULL after completion by Wait/Test or free). */
  REQUEST,
  /** An MPI_Message handle from Mprobe/Improbe (MPI_MESSAGE_NULL after Mrecv/Imrecv). */
  MESSAGE,
  /** A logical output: Iprobe's, Improbe's and the Test family's flag. */
  FLAG,
  /** An integer: Get_count's count, Waitany's index, Waitsome's outcount and indices, a loop index. */
  INT,
  /**
   * An MPI_Datatype handle from Type_contiguous or Type_vector (MPI_DATATYPE_NULL after Type_free);
   * the type itself is stored in the variable (MPI-3.1 §4.1).
   */
  DATATYPE,
  /** A communicator handle bound by Comm_dup or Comm_split (MPI_COMM_NULL after Comm_free). */
  COMM
}
