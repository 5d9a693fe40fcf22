package dev.matchpoint.mpi;

/**
 * The blocking collective operations the model knows (MPI-3.1 chapter 5), with what each needs
 * before a member may return and the algorithm timed mode costs it as.
 *
 * <p>"Rooted" operations take a {@code root}; reductions take an {@link ReduceOp}. A member's own
 * part of an operation is done when the data it needs has been contributed: every member of a
 * Barrier, Allreduce, Allgather and Alltoall needs every member's call; the root of a Reduce or
 * Gather needs every member's; a non-root of a Bcast or Scatter needs the root's; the root of a Bcast
 * or Scatter and a non-root of a Reduce or Gather need nobody's (MPI-3.1 §5.1: "a process may
 * return as soon as its participation in the collective communication is complete").
 */
public enum CollectiveKind {
  /** MPI_Barrier (MPI-3.1 §5.3): dissemination, ceil(log2 n) rounds. */
  BARRIER("barrier", "MPI_Barrier", false, false, "dissemination"),
  /** MPI_Bcast (MPI-3.1 §5.4): binomial tree, ceil(log2 n) rounds. */
  BCAST("bcast", "MPI_Bcast", true, false, "binomial-tree"),
  /** MPI_Gather (MPI-3.1 §5.5): binomial tree, ceil(log2 n) rounds. */
  GATHER("gather", "MPI_Gather", true, false, "binomial-tree"),
  /** MPI_Gatherv (MPI-3.1 §5.5): binomial tree, ceil(log2 n) rounds; the root gives a count per member. */
  GATHERV("gatherv", "MPI_Gatherv", true, false, "binomial-tree"),
  /** MPI_Scatter (MPI-3.1 §5.6): binomial tree, ceil(log2 n) rounds. */
  SCATTER("scatter", "MPI_Scatter", true, false, "binomial-tree"),
  /** MPI_Scatterv (MPI-3.1 §5.6): binomial tree, ceil(log2 n) rounds; the root gives a count per member. */
  SCATTERV("scatterv", "MPI_Scatterv", true, false, "binomial-tree"),
  /** MPI_Allgather (MPI-3.1 §5.7): recursive doubling, ceil(log2 n) rounds. */
  ALLGATHER("allgather", "MPI_Allgather", false, false, "recursive-doubling"),
  /** MPI_Alltoall (MPI-3.1 §5.8): pairwise exchange, n - 1 rounds. */
  ALLTOALL("alltoall", "MPI_Alltoall", false, false, "pairwise"),
  /** MPI_Reduce (MPI-3.1 §5.9.1): binomial tree, ceil(log2 n) rounds. */
  REDUCE("reduce", "MPI_Reduce", true, true, "binomial-tree"),
  /** MPI_Allreduce (MPI-3.1 §5.9.6): recursive doubling, ceil(log2 n) rounds. */
  ALLREDUCE("allreduce", "MPI_Allreduce", false, true, "recursive-doubling"),
  /**
   * MPI_Reduce_scatter_block (MPI-3.1 §5.10.1): recursive halving, ceil(log2 n) rounds; {@code
   * count} is the block each member receives (recvcount).
   */
  REDUCE_SCATTER_BLOCK("reduce-scatter-block", "MPI_Reduce_scatter_block", false, true, "recursive-halving");

  private final String statement;
  private final String mpiName;
  private final boolean rooted;
  private final boolean reduces;
  private final String algorithm;

  CollectiveKind(String statement, String mpiName, boolean rooted, boolean reduces, String algorithm) {
    this.statement = statement;
    this.mpiName = mpiName;
    this.rooted = rooted;
    this.reduces = reduces;
    this.algorithm = algorithm;
  }

  /**
   * The scenario-file statement name.
   *
   * @return e.g. {@code bcast}
   */
  public String statement() {
    return statement;
  }

  /**
   * The MPI function.
   *
   * @return e.g. {@code MPI_Bcast}
   */
  public String mpiName() {
    return mpiName;
  }

  /**
   * The MPI function of the nonblocking form (MPI-3.1 §5.12).
   *
   * @return e.g. {@code MPI_Ibcast}
   */
  public String nonblockingName() {
    return "MPI_I" + mpiName.substring("MPI_".length()).toLowerCase(java.util.Locale.ROOT);
  }

  /**
   * The scenario-file statement of the nonblocking form.
   *
   * @return e.g. {@code ibcast}
   */
  public String nonblockingStatement() {
    return "i" + statement;
  }

  /**
   * Whether the operation takes a root.
   *
   * @return true for Bcast, Gather, Gatherv, Scatter, Scatterv, Reduce
   */
  public boolean rooted() {
    return rooted;
  }

  /**
   * Whether the operation takes a reduction operator.
   *
   * @return true for Reduce, Allreduce and Reduce_scatter_block
   */
  public boolean reduces() {
    return reduces;
  }

  /**
   * Whether the root gives one count per member of the communicator, in its rank order (the
   * v-forms: MPI_Gatherv's recvcounts, MPI_Scatterv's sendcounts, MPI-3.1 §5.5, §5.6), and each
   * member's own count and datatype must have the type signature of its entry at the root.
   *
   * @return true for Gatherv and Scatterv
   */
  public boolean perMemberCounts() {
    return this == GATHERV || this == SCATTERV;
  }

  /**
   * Whether the operation takes a count and datatype (every one but Barrier).
   *
   * @return false for Barrier
   */
  public boolean carriesData() {
    return this != BARRIER;
  }

  /**
   * The algorithm timed mode costs the operation as.
   *
   * @return {@code dissemination}, {@code binomial-tree}, {@code recursive-doubling}, {@code
   *     recursive-halving} or {@code pairwise}
   */
  public String algorithm() {
    return algorithm;
  }

  /**
   * Rounds of the algorithm for a communicator of {@code n} members: ceil(log2 n), or n - 1 for
   * the pairwise Alltoall; 0 for one member.
   *
   * @param n members, at least 1
   * @return rounds
   */
  public int rounds(int n) {
    if (n <= 1) {
      return 0;
    }
    return this == ALLTOALL ? n - 1 : 32 - Integer.numberOfLeadingZeros(n - 1);
  }

  /**
   * Whether a member needs every member's call before its own part is done (see the class comment).
   *
   * @param isRoot whether the member is the operation's root (ignored for unrooted operations)
   * @return true when the member waits for all
   */
  public boolean needsAll(boolean isRoot) {
    return switch (this) {
      case BARRIER, ALLGATHER, ALLTOALL, ALLREDUCE, REDUCE_SCATTER_BLOCK -> true;
      case REDUCE, GATHER, GATHERV -> isRoot;
      case BCAST, SCATTER, SCATTERV -> false;
    };
  }

  /**
   * Whether a member needs the root's call before its own part is done.
   *
   * @param isRoot whether the member is the root
   * @return true for a non-root of Bcast, Scatter or Scatterv
   */
  public boolean needsRoot(boolean isRoot) {
    return (this == BCAST || this == SCATTER || this == SCATTERV) && !isRoot;
  }

  /**
   * Looks an operation up by its statement name.
   *
   * @param statement e.g. {@code allreduce}
   * @return the kind, or null when there is none
   */
  public static CollectiveKind ofStatement(String statement) {
    for (CollectiveKind k : values()) {
      if (k.statement.equals(statement)) {
        return k;
      }
    }
    return null;
  }
}
