package dev.matchpoint.scenario.importer;

/**
 * The source a receive names: one rank of its communicator, or any source. Never a sentinel int.
 */
public sealed interface SourcePattern {
  /**
   * A specific source.
   *
   * @param rank rank in the receive's communicator, at least 0
   * @return the pattern
   * @throws IllegalArgumentException when the rank is negative
   */
  static SourcePattern rank(int rank) {
    return new Rank(rank);
  }

  /** Returns MPI_ANY_SOURCE. */
  static SourcePattern any() {
    return Any.INSTANCE;
  }

  /**
   * One rank.
   *
   * @param rank rank in the receive's communicator, at least 0
   */
  record Rank(int rank) implements SourcePattern {
    /**
     * Validates.
     *
     * @throws IllegalArgumentException when the rank is negative
     */
    public Rank {
      if (rank < 0) {
        throw new IllegalArgumentException("negative source rank " + rank);
      }
    }

    @Override
    public String toString() {
      return Integer.toString(rank);
    }
  }

  /** MPI_ANY_SOURCE. */
  enum Any implements SourcePattern {
    /** The only instance. */
    INSTANCE;

    @Override
    public String toString() {
      return "ANY";
    }
  }
}
