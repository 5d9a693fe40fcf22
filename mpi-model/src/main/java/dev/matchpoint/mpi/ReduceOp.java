package dev.matchpoint.mpi;

import java.util.Locale;

/**
 * The predefined reduction operators (MPI-3.1 §5.9.2). The model moves no data, so an operator
 * matters only for the rule that all members of a reduction name the same one.
 */
public enum ReduceOp {
  /** MPI_MAX. */
  MAX,
  /** MPI_MIN. */
  MIN,
  /** MPI_SUM. */
  SUM,
  /** MPI_PROD. */
  PROD,
  /** MPI_LAND. */
  LAND,
  /** MPI_BAND. */
  BAND,
  /** MPI_LOR. */
  LOR,
  /** MPI_BOR. */
  BOR,
  /** MPI_LXOR. */
  LXOR,
  /** MPI_BXOR. */
  BXOR;

  /**
   * The scenario-file name.
   *
   * @return e.g. {@code sum}
   */
  public String configName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The MPI constant.
   *
   * @return e.g. {@code MPI_SUM}
   */
  public String mpiName() {
    return "MPI_" + name();
  }

  /**
   * Looks an operator up by its scenario-file name or MPI constant.
   *
   * @param name e.g. {@code sum} or {@code MPI_SUM}
   * @return the operator, or null when there is none
   */
  public static ReduceOp named(String name) {
    for (ReduceOp o : values()) {
      if (o.configName().equals(name) || o.mpiName().equals(name)) {
        return o;
      }
    }
    return null;
  }
}
