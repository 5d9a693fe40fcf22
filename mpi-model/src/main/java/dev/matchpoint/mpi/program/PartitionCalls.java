package dev.matchpoint.mpi.program;

import dev.matchpoint.mpi.Datatype;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The calls of partitioned point-to-point communication (MPI-4.0 chapter 4): MPI_Psend_init and
 * MPI_Precv_init create inactive persistent requests, MPI_Start/MPI_Startall ({@link MpiOp.Start})
 * start an epoch, MPI_Pready, MPI_Pready_range and MPI_Pready_list mark send partitions ready,
 * MPI_Parrived tests one receive partition, and Wait/Test complete the epoch. Counts are elements
 * per partition.
 */
public final class PartitionCalls {
  private PartitionCalls() {}

  /**
   * MPI_Psend_init (MPI-4.0 §4.2.1): a partitioned send request, inactive.
   *
   * @param dest destination rank
   * @param tag tag
   * @param partitions number of partitions, at least 0
   * @param count elements per partition, at least 0
   * @param type datatype of each element
   * @param comm communicator name
   * @param request the request variable bound
   */
  public record PsendInit(Expr dest, Expr tag, Expr partitions, Expr count, Datatype type, String comm, String request)
      implements MpiOp.PartitionCall {
    /** Validates. */
    public PsendInit {
      Objects.requireNonNull(dest, "dest");
      Objects.requireNonNull(tag, "tag");
      Objects.requireNonNull(partitions, "partitions");
      Objects.requireNonNull(count, "count");
      Objects.requireNonNull(type, "type");
      Objects.requireNonNull(comm, "comm");
      Objects.requireNonNull(request, "request");
    }

    @Override
    public String mpiName() {
      return "MPI_Psend_init";
    }

    @Override
    public List<Expr> exprs() {
      return List.of(dest, tag, partitions, count);
    }

    @Override
    public String requestUsed() {
      return null;
    }

    @Override
    public String requestDefined() {
      return request;
    }

    @Override
    public String flag() {
      return null;
    }
  }

  /**
   * MPI_Precv_init (MPI-4.0 §4.2.1): a partitioned receive request, inactive.
   *
   * @param source source rank (one rank: the model matches partitioned calls by their order)
   * @param tag tag
   * @param partitions number of partitions, at least 0
   * @param count elements per partition, at least 0
   * @param type datatype of each element
   * @param comm communicator name
   * @param request the request variable bound
   */
  public record PrecvInit(Expr source, Expr tag, Expr partitions, Expr count, Datatype type, String comm,
      String request) implements MpiOp.PartitionCall {
    /** Validates. */
    public PrecvInit {
      Objects.requireNonNull(source, "source");
      Objects.requireNonNull(tag, "tag");
      Objects.requireNonNull(partitions, "partitions");
      Objects.requireNonNull(count, "count");
      Objects.requireNonNull(type, "type");
      Objects.requireNonNull(comm, "comm");
      Objects.requireNonNull(request, "request");
    }

    @Override
    public String mpiName() {
      return "MPI_Precv_init";
    }

    @Override
    public List<Expr> exprs() {
      return List.of(source, tag, partitions, count);
    }

    @Override
    public String requestUsed() {
      return null;
    }

    @Override
    public String requestDefined() {
      return request;
    }

    @Override
    public String flag() {
      return null;
    }
  }

  /** The three ways of marking send partitions ready (MPI-4.0 §4.2.1). */
  public enum ReadyForm {
    /** MPI_Pready(partition, request): one partition. */
    ONE("MPI_Pready"),
    /** MPI_Pready_range(partition_low, partition_high, request): low to high, both included. */
    RANGE("MPI_Pready_range"),
    /** MPI_Pready_list(length, array_of_partitions, request): the partitions listed. */
    LIST("MPI_Pready_list");

    private final String mpiName;

    ReadyForm(String mpiName) {
      this.mpiName = mpiName;
    }
  }

  /**
   * MPI_Pready, MPI_Pready_range or MPI_Pready_list (MPI-4.0 §4.2.1): marks send partitions ready;
   * each may be transferred from then on.
   *
   * @param form which call
   * @param partitions one partition (ONE), low and high (RANGE), or the list (LIST, not empty)
   * @param request the partitioned send request variable
   */
  public record Pready(ReadyForm form, List<Expr> partitions, String request) implements MpiOp.PartitionCall {
    /** Copies and validates the number of partition expressions against the form. */
    public Pready {
      Objects.requireNonNull(form, "form");
      Objects.requireNonNull(request, "request");
      partitions = List.copyOf(partitions);
      boolean ok = switch (form) {
        case ONE -> partitions.size() == 1;
        case RANGE -> partitions.size() == 2;
        case LIST -> !partitions.isEmpty();
      };
      if (!ok) {
        throw new IllegalArgumentException(form.mpiName + " with " + partitions.size() + " partition expressions");
      }
    }

    @Override
    public String mpiName() {
      return form.mpiName;
    }

    @Override
    public String comm() {
      return null;
    }

    @Override
    public List<Expr> exprs() {
      return new ArrayList<>(partitions);
    }

    @Override
    public String requestUsed() {
      return request;
    }

    @Override
    public String requestDefined() {
      return null;
    }

    @Override
    public String flag() {
      return null;
    }
  }

  /**
   * MPI_Parrived (MPI-4.0 §4.2.2): whether one partition of a partitioned receive has arrived.
   *
   * @param request the partitioned receive request variable
   * @param partition the partition tested
   * @param flag the flag variable set
   */
  public record Parrived(String request, Expr partition, String flag) implements MpiOp.PartitionCall {
    /** Validates. */
    public Parrived {
      Objects.requireNonNull(request, "request");
      Objects.requireNonNull(partition, "partition");
      Objects.requireNonNull(flag, "flag");
    }

    @Override
    public String mpiName() {
      return "MPI_Parrived";
    }

    @Override
    public String comm() {
      return null;
    }

    @Override
    public List<Expr> exprs() {
      return List.of(partition);
    }

    @Override
    public String requestUsed() {
      return request;
    }

    @Override
    public String requestDefined() {
      return null;
    }
  }
}
