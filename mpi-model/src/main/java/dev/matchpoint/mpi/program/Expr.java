package dev.matchpoint.mpi.program;

import dev.matchpoint.mpi.Datatype;
import java.util.Objects;

/**
 * An integer-valued expression in a program: a literal, a special MPI value, the thread's own rank,
 * or a field of a variable. Evaluated by the interpreter when the statement runs.
 *
 * <p>MPI_ANY_SOURCE, MPI_ANY_TAG and MPI_PROC_NULL are their own nodes ({@link AnySource}, {@link
 * AnyTag}, {@link ProcNull}), never numbers: a literal or arithmetic is a number even when it
 * equals the model's internal code of a constant, so a computed rank outside the communicator is
 * MPI_ERR_RANK and a computed tag outside {@code [0, MPI_TAG_UB]} MPI_ERR_TAG (MPI-3.1 §3.2.3). A
 * status's source or tag read as it is ({@link Status}) passes on the constant MPI stored there.
 */
public sealed interface Expr {
  /**
   * A literal: a number, never an MPI constant ({@code -1} is not MPI_ANY_SOURCE).
   *
   * @param value the value
   */
  record Lit(int value) implements Expr {
    @Override
    public String toString() {
      return Integer.toString(value);
    }
  }

  /** MPI_ANY_SOURCE, valid as a receive or probe source. */
  record AnySource() implements Expr {
    @Override
    public String toString() {
      return "MPI_ANY_SOURCE";
    }
  }

  /** MPI_ANY_TAG, valid as a receive or probe tag. */
  record AnyTag() implements Expr {
    @Override
    public String toString() {
      return "MPI_ANY_TAG";
    }
  }

  /** MPI_PROC_NULL, valid as a source or destination. */
  record ProcNull() implements Expr {
    @Override
    public String toString() {
      return "MPI_PROC_NULL";
    }
  }

  /** The running thread's rank in MPI_COMM_WORLD. */
  record MyRank() implements Expr {
    @Override
    public String toString() {
      return "rank";
    }
  }

  /** The number of ranks in MPI_COMM_WORLD. */
  record WorldSize() implements Expr {
    @Override
    public String toString() {
      return "size";
    }
  }

  /** The running thread's index within its rank, from 0. */
  record ThreadIndex() implements Expr {
    @Override
    public String toString() {
      return "thread";
    }
  }

  /**
   * An {@link VarType#INT} variable.
   *
   * @param name the variable
   */
  record IntVar(String name) implements Expr {
    /** Validates. */
    public IntVar {
      Objects.requireNonNull(name, "name");
    }

    @Override
    public String toString() {
      return name;
    }
  }

  /** Fields of a status readable in expressions. */
  enum StatusField {
    /** MPI_SOURCE. */
    SOURCE("source"),
    /** MPI_TAG. */
    TAG("tag"),
    /** The count in bytes (Get_count with MPI_BYTE). */
    BYTES("bytes"),
    /** MPI_ERROR as the error class's ordinal. */
    ERROR("error");

    private final String configName;

    StatusField(String configName) {
      this.configName = configName;
    }

    /**
     * The name after the dot in scenario files.
     *
     * @return e.g. {@code source}
     */
    public String configName() {
      return configName;
    }
  }

  /**
   * A field of a {@link VarType#STATUS} variable, e.g. {@code st.source}.
   *
   * @param status the variable
   * @param field the field
   */
  record Status(String status, StatusField field) implements Expr {
    /** Validates. */
    public Status {
      Objects.requireNonNull(status, "status");
      Objects.requireNonNull(field, "field");
    }

    @Override
    public String toString() {
      return status + "." + field.configName();
    }
  }

  /**
   * MPI_Get_count of a status in elements of {@code type} (MPI-3.1 §3.2.5): bytes divided by the
   * type's size, or MPI_UNDEFINED when not a whole number of elements.
   *
   * @param status the variable
   * @param type the datatype
   */
  record StatusCount(String status, Datatype type) implements Expr {
    /** Validates. */
    public StatusCount {
      Objects.requireNonNull(status, "status");
      Objects.requireNonNull(type, "type");
    }

    @Override
    public String toString() {
      return status + ".count(" + type.mpiName() + ")";
    }
  }

  /** Integer arithmetic, Java semantics; division and remainder by zero are program errors. */
  enum BinaryOp {
    /** Sum. */
    ADD("+"),
    /** Difference. */
    SUB("-"),
    /** Product. */
    MUL("*"),
    /** Quotient, rounded toward zero. */
    DIV("/"),
    /** Remainder, non-negative for a positive divisor ({@code Math.floorMod}). */
    MOD("%");

    private final String symbol;

    BinaryOp(String symbol) {
      this.symbol = symbol;
    }

    /**
     * The operator's symbol.
     *
     * @return e.g. {@code +}
     */
    public String symbol() {
      return symbol;
    }
  }

  /**
   * {@code left op right}.
   *
   * @param op the operator
   * @param left left operand
   * @param right right operand
   */
  record Binary(BinaryOp op, Expr left, Expr right) implements Expr {
    /** Validates. */
    public Binary {
      Objects.requireNonNull(op, "op");
      Objects.requireNonNull(left, "left");
      Objects.requireNonNull(right, "right");
    }

    @Override
    public String toString() {
      return "(" + left + " " + op.symbol() + " " + right + ")";
    }
  }

  /**
   * A literal.
   *
   * @param value the value
   * @return the expression
   */
  static Expr lit(int value) {
    return new Lit(value);
  }
}
