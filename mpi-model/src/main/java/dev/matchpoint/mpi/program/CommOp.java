package dev.matchpoint.mpi.program;

import java.util.Objects;

/**
 * The communicator calls (MPI-3.1 chapter 6): the records of {@link MpiOp.Comm}. A communicator
 * argument names a communicator declared by the scenario ({@code world} for MPI_COMM_WORLD), a
 * communicator variable bound by {@link Dup} or {@link Split}, or {@link #NULL}. A communicator
 * variable holds MPI_COMM_NULL after {@link Free} and after a {@link Split} with colour
 * MPI_UNDEFINED.
 */
public final class CommOp {
  /** The name of MPI_COMM_NULL in programs. */
  public static final String NULL = "comm-null";

  private CommOp() {}

  /**
   * MPI_Comm_dup (MPI-3.1 §6.4.2): a collective over {@code comm} binding a new communicator with
   * the same group and a new context.
   *
   * @param comm the parent communicator
   * @param into the communicator variable bound
   */
  public record Dup(String comm, String into) implements MpiOp.Comm {
    /** Validates. */
    public Dup {
      Objects.requireNonNull(comm, "comm");
      Objects.requireNonNull(into, "into");
    }

    @Override
    public String mpiName() {
      return "MPI_Comm_dup";
    }
  }

  /**
   * MPI_Comm_split (MPI-3.1 §6.4.2): a collective over {@code comm}; the members with the same
   * colour form a new communicator, ranked by key, then by rank in {@code comm}.
   *
   * @param comm the parent communicator
   * @param color the colour, at least 0; null for MPI_UNDEFINED (the call binds MPI_COMM_NULL)
   * @param key the key ordering the new ranks
   * @param into the communicator variable bound
   */
  public record Split(String comm, Expr color, Expr key, String into) implements MpiOp.Comm {
    /** Validates. */
    public Split {
      Objects.requireNonNull(comm, "comm");
      Objects.requireNonNull(key, "key");
      Objects.requireNonNull(into, "into");
    }

    @Override
    public String mpiName() {
      return "MPI_Comm_split";
    }
  }

  /**
   * MPI_Comm_free (MPI-3.1 §6.4.3): marks the communicator for deallocation; a variable argument
   * is set to MPI_COMM_NULL. Collective over {@code comm}, ordered with its other collectives,
   * but it waits for no other member.
   *
   * @param comm the communicator
   */
  public record Free(String comm) implements MpiOp.Comm {
    /** Validates. */
    public Free {
      Objects.requireNonNull(comm, "comm");
    }

    @Override
    public String mpiName() {
      return "MPI_Comm_free";
    }
  }

  /**
   * MPI_Comm_rank (MPI-3.1 §6.4.1): the calling process's rank in {@code comm}, a local call.
   *
   * @param comm the communicator
   * @param into the int variable set
   */
  public record Rank(String comm, String into) implements MpiOp.Comm {
    /** Validates. */
    public Rank {
      Objects.requireNonNull(comm, "comm");
      Objects.requireNonNull(into, "into");
    }

    @Override
    public String mpiName() {
      return "MPI_Comm_rank";
    }
  }

  /**
   * MPI_Comm_size (MPI-3.1 §6.4.1): the number of processes in {@code comm}, a local call.
   *
   * @param comm the communicator
   * @param into the int variable set
   */
  public record Size(String comm, String into) implements MpiOp.Comm {
    /** Validates. */
    public Size {
      Objects.requireNonNull(comm, "comm");
      Objects.requireNonNull(into, "into");
    }

    @Override
    public String mpiName() {
      return "MPI_Comm_size";
    }
  }
}
