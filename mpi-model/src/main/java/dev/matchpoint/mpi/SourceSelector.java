package dev.matchpoint.mpi;

/**
 * The source argument of a receive or probe: one rank, MPI_ANY_SOURCE or MPI_PROC_NULL (MPI-3.1
 * §3.2.4, §3.11). The send-side destination uses {@link #of} or {@link #procNull}.
 */
public sealed interface SourceSelector {
  /** MPI_ANY_SOURCE: any source's earliest matching message (order is fixed only per source). */
  record Any() implements SourceSelector {
    @Override
    public String toString() {
      return "MPI_ANY_SOURCE";
    }
  }

  /**
   * One rank of the communicator.
   *
   * @param rank at least 0
   */
  record Of(int rank) implements SourceSelector {
    /**
     * Validates.
     *
     * @throws IllegalArgumentException when negative
     */
    public Of {
      if (rank < 0) {
        throw new IllegalArgumentException("a rank is at least 0, got " + rank);
      }
    }

    @Override
    public String toString() {
      return Integer.toString(rank);
    }
  }

  /** MPI_PROC_NULL: the operation completes at once with an empty status (MPI-3.1 §3.11). */
  record ProcNull() implements SourceSelector {
    @Override
    public String toString() {
      return "MPI_PROC_NULL";
    }
  }

  /**
   * MPI_ANY_SOURCE.
   *
   * @return the wildcard
   */
  static SourceSelector any() {
    return new Any();
  }

  /**
   * One rank.
   *
   * @param rank at least 0
   * @return the selector
   */
  static SourceSelector of(int rank) {
    return new Of(rank);
  }

  /**
   * MPI_PROC_NULL.
   *
   * @return the selector
   */
  static SourceSelector procNull() {
    return new ProcNull();
  }
}
