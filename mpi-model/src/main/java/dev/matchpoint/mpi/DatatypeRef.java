package dev.matchpoint.mpi;

import java.util.Objects;

/**
 * A datatype argument of a call: a predefined {@link Datatype}, the constant MPI_DATATYPE_NULL
 * ({@link Null}), or a datatype variable ({@link Variable}) holding a handle that MPI_Type_contiguous
 * or MPI_Type_vector created (MPI-3.1 §4.1.2, §4.1.9). Which type a variable names is known only
 * when the call runs; a call then uses its type signature and size (MPI-3.1 §4.1.1).
 */
public sealed interface DatatypeRef permits Datatype, DatatypeRef.Null, DatatypeRef.Variable {
  /** MPI_DATATYPE_NULL. */
  Null NULL = new Null();

  /**
   * The name in reports: the MPI name of a predefined type or the constant, or the variable's name.
   *
   * @return e.g. {@code MPI_INT}, {@code MPI_DATATYPE_NULL}, {@code row}
   */
  String mpiName();

  /**
   * The name in scenario files.
   *
   * @return e.g. {@code int}, {@code datatype-null}, {@code row}
   */
  String configName();

  /** The constant MPI_DATATYPE_NULL: using it in a call that communicates is MPI_ERR_TYPE. */
  record Null() implements DatatypeRef {
    @Override
    public String mpiName() {
      return "MPI_DATATYPE_NULL";
    }

    @Override
    public String configName() {
      return "datatype-null";
    }
  }

  /**
   * A datatype variable of the program.
   *
   * @param name the variable's name
   */
  record Variable(String name) implements DatatypeRef {
    /** Validates. */
    public Variable {
      Objects.requireNonNull(name, "name");
    }

    @Override
    public String mpiName() {
      return name;
    }

    @Override
    public String configName() {
      return name;
    }
  }
}
