package dev.matchpoint.mpi;

import java.util.Locale;

/**
 * The predefined datatypes the model knows, with their sizes in bytes (MPI-3.1 §3.2.2; sizes as
 * on LP64 platforms). Only sizes matter to matching: counts become bytes on the wire.
 */
public enum Datatype {
  /** MPI_BYTE. */
  BYTE(1),
  /** MPI_CHAR. */
  CHAR(1),
  /** MPI_SHORT. */
  SHORT(2),
  /** MPI_INT. */
  INT(4),
  /** MPI_LONG. */
  LONG(8),
  /** MPI_FLOAT. */
  FLOAT(4),
  /** MPI_DOUBLE. */
  DOUBLE(8),
  /** MPI_INTEGER (Fortran). */
  INTEGER(4),
  /** MPI_REAL (Fortran). */
  REAL(4),
  /** MPI_DOUBLE_PRECISION (Fortran). */
  DOUBLE_PRECISION(8);

  private final int sizeBytes;

  Datatype(int sizeBytes) {
    this.sizeBytes = sizeBytes;
  }

  /**
   * Size of one element.
   *
   * @return bytes
   */
  public int sizeBytes() {
    return sizeBytes;
  }

  /**
   * The name used in scenario files: lower case, with dashes, e.g. {@code double-precision}.
   *
   * @return the name
   */
  public String configName() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /**
   * The MPI name.
   *
   * @return e.g. {@code MPI_INT}
   */
  public String mpiName() {
    return "MPI_" + name();
  }

  /**
   * Looks a datatype up by its scenario-file name or its MPI name.
   *
   * @param name e.g. {@code int}, {@code MPI_INT}, {@code double-precision}
   * @return the datatype, or null when unknown
   */
  public static Datatype named(String name) {
    String n = name.toUpperCase(Locale.ROOT).replace('-', '_');
    if (n.startsWith("MPI_")) {
      n = n.substring(4);
    }
    for (Datatype d : values()) {
      if (d.name().equals(n)) {
        return d;
      }
    }
    return null;
  }
}
