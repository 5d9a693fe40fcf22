package dev.matchpoint.scenario.format;

import dev.matchpoint.mpi.program.Expr;

/**
 * What an expression argument is for, which decides the MPI constants it may be: {@code any}
 * (MPI_ANY_SOURCE, MPI_ANY_TAG) and {@code proc-null} (MPI_PROC_NULL).
 */
enum Role {
  /** A receive's or probe's source: a rank, {@code any} or {@code proc-null}. */
  SOURCE("a source: a rank, any or proc-null"),
  /** A send's destination: a rank or {@code proc-null}. */
  DEST("a destination rank or proc-null"),
  /** A receive's or probe's tag: a value or {@code any}. */
  RECEIVE_TAG("a tag or any"),
  /** A send's tag: a value. */
  SEND_TAG("a tag in [0, 32767] (a send has no wildcard tag)"),
  /** A count, a size, a duration: a value. */
  VALUE("a number"),
  /** A value that may be negative, such as MPI_Type_vector's stride. */
  SIGNED("a number"),
  /** An operand of a comparison: a value, {@code any} or {@code proc-null}. */
  COMPARE("a number, any or proc-null");

  private final String expected;

  Role(String expected) {
    this.expected = expected;
  }

  /**
   * What the argument should be, for messages.
   *
   * @return e.g. {@code a tag or any}
   */
  String expected() {
    return expected;
  }

  /**
   * Whether an MPI constant may stand here.
   *
   * @param constant {@link Expr.AnySource}, {@link Expr.AnyTag} or {@link Expr.ProcNull}
   * @return true when allowed
   */
  boolean allows(Expr constant) {
    return switch (this) {
      case SOURCE, COMPARE -> true;
      case DEST -> constant instanceof Expr.ProcNull;
      case RECEIVE_TAG -> !(constant instanceof Expr.ProcNull);
      case SEND_TAG, VALUE, SIGNED -> false;
    };
  }

  /**
   * The constant as this role means it: {@code any} is MPI_ANY_TAG as a tag and MPI_ANY_SOURCE as a
   * source.
   *
   * @param constant an allowed constant
   * @return the constant for this role
   */
  Expr normalise(Expr constant) {
    if (this == RECEIVE_TAG && constant instanceof Expr.AnySource) {
      return new Expr.AnyTag();
    }
    if (this == SOURCE && constant instanceof Expr.AnyTag) {
      return new Expr.AnySource();
    }
    return constant;
  }
}
