package dev.matchpoint.mpi;

import java.util.Locale;

/**
 * The predefined datatypes the model knows, with their sizes in bytes (MPI-3.1 §3.2.2; sizes as
 * on LP64 platforms). Counts become bytes on the wire; a message also carries its datatype, so that
 * a receive can check the type matching rule of MPI-3.1 §3.3.1 ({@link #matches}).
 */
public enum Datatype implements DatatypeRef {
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
  DOUBLE_PRECISION(8),
  /** MPI_PACKED: data packed with MPI_Pack, one byte per element (MPI-3.1 §4.2). */
  PACKED(1);

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
   * Whether a message sent with this datatype may be received with {@code receive} (MPI-3.1 §3.3.1,
   * type matching at phase two): "The types of a send and receive match (phase two) if both
   * operations use identical names. [...] There is one exception to this rule [...]: the type
   * MPI_PACKED can match any other type." MPI_BYTE is no exception here: it matches "any byte of
   * storage" in the sender's or receiver's memory (phases one and three), but as a send or receive
   * type it matches only MPI_BYTE ("Communication of untyped values [...], where both sender and
   * receiver use the datatype MPI_BYTE"). Fortran and C types with the same size do not match either
   * (MPI_INTEGER is not MPI_INT).
   *
   * @param receive the receive's datatype
   * @return true when the send's and the receive's types match
   */
  public boolean matches(Datatype receive) {
    return this == receive || this == PACKED || receive == PACKED;
  }

  /**
   * The name used in scenario files: lower case, with dashes, e.g. {@code double-precision}.
   *
   * @return the name
   */
  @Override
  public String configName() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /**
   * The MPI name.
   *
   * @return e.g. {@code MPI_INT}
   */
  @Override
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
