package dev.matchpoint.mpi.program;

import java.util.List;
import java.util.Objects;

/** A condition for {@code if}, {@code while} and {@code until}: comparisons of expressions and flag variables. */
public sealed interface Cond {
  /** Comparison operators. */
  enum CmpOp {
    /** Equal. */
    EQ("=="),
    /** Not equal. */
    NE("!="),
    /** Less than. */
    LT("<"),
    /** Less or equal. */
    LE("<="),
    /** Greater than. */
    GT(">"),
    /** Greater or equal. */
    GE(">=");

    private final String symbol;

    CmpOp(String symbol) {
      this.symbol = symbol;
    }

    /**
     * The operator's symbol.
     *
     * @return e.g. {@code ==}
     */
    public String symbol() {
      return symbol;
    }

    /**
     * Applies the comparison.
     *
     * @param a left value
     * @param b right value
     * @return the result
     */
    public boolean test(int a, int b) {
      return switch (this) {
        case EQ -> a == b;
        case NE -> a != b;
        case LT -> a < b;
        case LE -> a <= b;
        case GT -> a > b;
        case GE -> a >= b;
      };
    }
  }

  /**
   * {@code left op right}, e.g. {@code st.source == 0} (the MPI-2.2 probe example's branch).
   *
   * @param left left operand
   * @param op operator
   * @param right right operand
   */
  record Compare(Expr left, CmpOp op, Expr right) implements Cond {
    /** Validates. */
    public Compare {
      Objects.requireNonNull(left, "left");
      Objects.requireNonNull(op, "op");
      Objects.requireNonNull(right, "right");
    }

    @Override
    public String toString() {
      return left + " " + op.symbol() + " " + right;
    }
  }

  /**
   * A {@link VarType#FLAG} variable is true.
   *
   * @param flag the variable
   */
  record Flag(String flag) implements Cond {
    /** Validates. */
    public Flag {
      Objects.requireNonNull(flag, "flag");
    }

    @Override
    public String toString() {
      return flag;
    }
  }

  /**
   * Negation.
   *
   * @param cond the negated condition
   */
  record Not(Cond cond) implements Cond {
    /** Validates. */
    public Not {
      Objects.requireNonNull(cond, "cond");
    }

    @Override
    public String toString() {
      return "not " + cond;
    }
  }

  /**
   * Conjunction; true when empty.
   *
   * @param all the conditions
   */
  record And(List<Cond> all) implements Cond {
    /** Copies the list. */
    public And {
      all = List.copyOf(all);
    }
  }

  /**
   * Disjunction; false when empty.
   *
   * @param any the conditions
   */
  record Or(List<Cond> any) implements Cond {
    /** Copies the list. */
    public Or {
      any = List.copyOf(any);
    }
  }
}
