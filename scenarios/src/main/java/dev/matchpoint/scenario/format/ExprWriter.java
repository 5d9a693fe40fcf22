package dev.matchpoint.scenario.format;

import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.DatatypeRef;
import dev.matchpoint.mpi.program.Cond;
import dev.matchpoint.mpi.program.Expr;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes expressions and conditions in the syntax {@link ExprParser} reads, with the fewest
 * parentheses that keep the tree: parsing the text gives back an equal value (a one-element
 * {@code And} or {@code Or}, which the parser never makes, is the only exception).
 */
final class ExprWriter {
  private ExprWriter() {}

  /**
   * An expression's text.
   *
   * @param e the expression
   * @param countType the enclosing call's datatype ({@code st.count} means that type), or null
   * @return the text
   */
  static String expr(Expr e, DatatypeRef countType) {
    return expr(e, countType, 0);
  }

  private static int precedence(Expr.BinaryOp op) {
    return op == Expr.BinaryOp.ADD || op == Expr.BinaryOp.SUB ? 1 : 2;
  }

  private static String expr(Expr e, DatatypeRef countType, int context) {
    if (e instanceof Expr.Lit l) {
      return Integer.toString(l.value());
    } else if (e instanceof Expr.AnySource || e instanceof Expr.AnyTag) {
      return "any";
    } else if (e instanceof Expr.ProcNull) {
      return "proc-null";
    } else if (e instanceof Expr.MyRank) {
      return "rank";
    } else if (e instanceof Expr.WorldSize) {
      return "size";
    } else if (e instanceof Expr.ThreadIndex) {
      return "thread";
    } else if (e instanceof Expr.IntVar v) {
      return v.name();
    } else if (e instanceof Expr.Status s) {
      return s.status() + "." + s.field().configName();
    } else if (e instanceof Expr.StatusCount c) {
      return c.status() + ".count" + (c.type() == countType ? "" : "(" + c.type().configName() + ")");
    } else if (e instanceof Expr.Binary b) {
      int p = precedence(b.op());
      // Left-associative: a right operand of equal precedence needs parentheses.
      String text = expr(b.left(), countType, p) + " " + b.op().symbol() + " " + expr(b.right(), countType, p + 1);
      return p < context ? "(" + text + ")" : text;
    }
    throw new AssertionError(e);
  }

  /**
   * A condition's text.
   *
   * @param c the condition
   * @return the text
   */
  static String cond(Cond c) {
    return cond(c, 0);
  }

  // context: 0 top, 1 inside 'or', 2 inside 'and', 3 after 'not'
  private static String cond(Cond c, int context) {
    if (c instanceof Cond.Compare cmp) {
      String text = expr(cmp.left(), null) + " " + cmp.op().symbol() + " " + expr(cmp.right(), null);
      return context == 3 ? "(" + text + ")" : text;
    } else if (c instanceof Cond.Flag f) {
      return f.flag();
    } else if (c instanceof Cond.Not n) {
      return "not " + cond(n.cond(), 3);
    } else if (c instanceof Cond.And a) {
      if (a.all().isEmpty()) {
        return "true";
      }
      return join(a.all(), " and ", 2, context >= 2);
    } else if (c instanceof Cond.Or o) {
      if (o.any().isEmpty()) {
        return "false";
      }
      return join(o.any(), " or ", 1, context >= 1);
    }
    throw new AssertionError(c);
  }

  private static String join(List<Cond> parts, String op, int context, boolean parenthesise) {
    List<String> out = new ArrayList<>();
    for (Cond p : parts) {
      out.add(cond(p, context));
    }
    String text = String.join(op, out);
    return parenthesise ? "(" + text + ")" : text;
  }
}
