package dev.matchpoint.mpi.program;

import dev.matchpoint.mpi.DatatypeRef;
import java.util.List;
import java.util.Objects;

/**
 * The datatype calls of MPI-3.1 chapter 4 that the model knows: the constructors MPI_Type_contiguous
 * and MPI_Type_vector (§4.1.2), MPI_Type_commit and MPI_Type_free (§4.1.9), and MPI_Get_elements
 * (§4.1.11). Variables are named by strings, as in {@link MpiOp}; a datatype variable holds a handle.
 */
public final class TypeOps {
  private TypeOps() {}

  /**
   * MPI_Type_contiguous (MPI-3.1 §4.1.2): {@code count} copies of {@code oldtype} in contiguous
   * locations; its type signature is oldtype's repeated count times.
   *
   * @param count replication count, at least 0
   * @param oldtype the old datatype
   * @param into the datatype variable bound to the new, uncommitted type (newtype)
   */
  public record Contiguous(Expr count, DatatypeRef oldtype, String into) implements MpiOp.TypeCall {
    /** Validates. */
    public Contiguous {
      Objects.requireNonNull(count, "count");
      Objects.requireNonNull(oldtype, "oldtype");
      Objects.requireNonNull(into, "into");
    }

    @Override
    public String mpiName() {
      return "MPI_Type_contiguous";
    }
  }

  /**
   * MPI_Type_vector (MPI-3.1 §4.1.2): {@code count} blocks of {@code blocklength} copies of
   * {@code oldtype}, block starts {@code stride} elements apart. The gaps count towards the extent,
   * not the size: its type signature is oldtype's repeated count &times; blocklength times.
   *
   * @param count number of blocks, at least 0
   * @param blocklength elements per block, at least 0
   * @param stride elements between block starts (any integer)
   * @param oldtype the old datatype
   * @param into the datatype variable bound to the new, uncommitted type (newtype)
   */
  public record Vector(Expr count, Expr blocklength, Expr stride, DatatypeRef oldtype, String into)
      implements MpiOp.TypeCall {
    /** Validates. */
    public Vector {
      Objects.requireNonNull(count, "count");
      Objects.requireNonNull(blocklength, "blocklength");
      Objects.requireNonNull(stride, "stride");
      Objects.requireNonNull(oldtype, "oldtype");
      Objects.requireNonNull(into, "into");
    }

    @Override
    public String mpiName() {
      return "MPI_Type_vector";
    }
  }

  /**
   * MPI_Type_commit (MPI-3.1 §4.1.9): a type must be committed before communication uses it.
   *
   * @param type the datatype variable
   */
  public record Commit(String type) implements MpiOp.TypeCall {
    /** Validates. */
    public Commit {
      Objects.requireNonNull(type, "type");
    }

    @Override
    public String mpiName() {
      return "MPI_Type_commit";
    }
  }

  /**
   * MPI_Type_free (MPI-3.1 §4.1.9): marks the type for deallocation and sets the variable to
   * MPI_DATATYPE_NULL; types built from it are not affected.
   *
   * @param type the datatype variable
   */
  public record Free(String type) implements MpiOp.TypeCall {
    /** Validates. */
    public Free {
      Objects.requireNonNull(type, "type");
    }

    @Override
    public String mpiName() {
      return "MPI_Type_free";
    }
  }

  /**
   * MPI_Get_elements (MPI-3.1 §4.1.11): the number of basic elements a status's message holds, which
   * differs from MPI_Get_count for derived types.
   *
   * @param status status variable
   * @param type datatype
   * @param into int variable bound to the number of basic elements, or MPI_UNDEFINED
   */
  public record GetElements(String status, DatatypeRef type, String into) implements MpiOp.TypeCall {
    /** Validates. */
    public GetElements {
      Objects.requireNonNull(status, "status");
      Objects.requireNonNull(type, "type");
      Objects.requireNonNull(into, "into");
    }

    @Override
    public String mpiName() {
      return "MPI_Get_elements";
    }
  }

  /**
   * The datatype arguments of a call, so that the compiler knows which names are datatype variables.
   *
   * @param op the call
   * @return its datatype arguments, in argument order; empty for a call without one
   */
  public static List<DatatypeRef> datatypes(MpiOp op) {
    if (op instanceof MpiOp.Send s) {
      return List.of(s.type());
    } else if (op instanceof MpiOp.Isend s) {
      return List.of(s.type());
    } else if (op instanceof MpiOp.Recv r) {
      return List.of(r.type());
    } else if (op instanceof MpiOp.Irecv r) {
      return List.of(r.type());
    } else if (op instanceof MpiOp.Mrecv m) {
      return List.of(m.type());
    } else if (op instanceof MpiOp.Imrecv m) {
      return List.of(m.type());
    } else if (op instanceof MpiOp.GetCount g) {
      return List.of(g.type());
    } else if (op instanceof MpiOp.Sendrecv s) {
      return List.of(s.sendType(), s.recvType());
    } else if (op instanceof MpiOp.SendInit s) {
      return List.of(s.type());
    } else if (op instanceof MpiOp.RecvInit r) {
      return List.of(r.type());
    } else if (op instanceof MpiOp.Collective x) {
      return List.of(x.type());
    } else if (op instanceof Contiguous x) {
      return List.of(x.oldtype());
    } else if (op instanceof Vector x) {
      return List.of(x.oldtype());
    } else if (op instanceof GetElements g) {
      return List.of(g.type());
    }
    // Sendrecv_replace and Isendrecv are scanned through their exchange (Compiler).
    return List.of();
  }
}
