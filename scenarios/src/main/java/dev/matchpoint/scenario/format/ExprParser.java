package dev.matchpoint.scenario.format;

import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.program.Cond;
import dev.matchpoint.mpi.program.Expr;
import dev.matchpoint.scenario.format.ExprLexer.Kind;
import dev.matchpoint.scenario.format.ExprLexer.ParseError;
import dev.matchpoint.scenario.format.ExprLexer.Token;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A recursive-descent parser for the expressions and conditions of program arguments.
 *
 * <pre>
 * cond    = and { "or" and }            and  = not { "and" not }
 * not     = "not" not | "true" | "false" | compare | FLAG | "(" cond ")"
 * compare = expr ("==" | "!=" | "&lt;" | "&lt;=" | "&gt;" | "&gt;=") expr
 * expr    = term { ("+" | "-") term }   term = unary { ("*" | "/" | "%") unary }
 * unary   = "-" unary | atom
 * atom    = INT | "(" expr ")" | "any" | "proc-null" | "rank" | "size" | "thread"
 *         | VAR | VAR "." ("source" | "tag" | "bytes" | "error" | "count" [ "(" DATATYPE ")" ])
 * </pre>
 *
 * <p>{@code any} and {@code proc-null} (also spelled {@code MPI_ANY_SOURCE}, {@code MPI_ANY_TAG},
 * {@code MPI_PROC_NULL}) stand alone, never inside arithmetic, and only where the {@link Role}
 * allows them. {@code st.count} is MPI_Get_count in elements of the enclosing call's datatype.
 *
 * <p>Nesting is limited to {@link #MAX_DEPTH} levels, both in the text (parentheses, {@code -} and
 * {@code not} inside one another) and in the tree it builds (a sum of n terms is n - 1 levels deep),
 * so that parsing, evaluating and printing an expression, all recursive, cannot overflow the stack.
 */
final class ExprParser {
  /** Names that cannot be variables. */
  static final Set<String> RESERVED = Set.of("any", "proc-null", "rank", "size", "thread", "true", "false", "and",
      "or", "not", "MPI_ANY_SOURCE", "MPI_ANY_TAG", "MPI_PROC_NULL");

  /** The deepest nesting an expression or condition may have, in the text and in its tree. */
  static final int MAX_DEPTH = 100;

  private final String text;
  private final List<Token> tokens;
  private final Datatype countType;
  /** The depth of every operator node built so far (leaves are 0 deep). */
  private final Map<Expr, Integer> depths = new IdentityHashMap<>();
  private int pos;
  private int nesting;

  private ExprParser(String text, Datatype countType) {
    this.text = text;
    this.tokens = ExprLexer.tokens(text);
    this.countType = countType;
  }

  /**
   * Parses an expression.
   *
   * @param text the text
   * @param role what the expression is for
   * @param countType the enclosing call's datatype for {@code st.count}, or null when it has none
   * @return the expression
   * @throws ParseError at the offending character
   */
  static Expr expr(String text, Role role, Datatype countType) {
    ExprParser p = new ExprParser(text, countType);
    Expr e = p.top(role);
    p.expectEnd("an operator + - * / %");
    return e;
  }

  /**
   * Parses a condition.
   *
   * @param text the text
   * @return the condition
   * @throws ParseError at the offending character
   */
  static Cond cond(String text) {
    ExprParser p = new ExprParser(text, null);
    Cond c = p.or();
    p.expectEnd("'and', 'or' or a comparison");
    return c;
  }

  // ---- conditions ----------------------------------------------------------------------------

  private Cond or() {
    List<Cond> any = new ArrayList<>();
    any.add(and());
    while (peek().is("or")) {
      pos++;
      any.add(and());
    }
    return any.size() == 1 ? any.get(0) : new Cond.Or(any);
  }

  private Cond and() {
    List<Cond> all = new ArrayList<>();
    all.add(not());
    while (peek().is("and")) {
      pos++;
      all.add(not());
    }
    return all.size() == 1 ? all.get(0) : new Cond.And(all);
  }

  private Cond not() {
    Token t = peek();
    if (t.is("not")) {
      pos++;
      enter(t);
      try {
        return new Cond.Not(not());
      } finally {
        nesting--;
      }
    }
    if (t.is("true") || t.is("false")) {
      pos++;
      return t.is("true") ? new Cond.And(List.of()) : new Cond.Or(List.of());
    }
    int start = pos;
    ParseError asCompare;
    try {
      return compareOrFlag();
    } catch (ParseError e) {
      asCompare = e;
    }
    if (!t.is("(")) {
      throw asCompare;
    }
    pos = start + 1;
    enter(t);
    try {
      Cond inner = or();
      expect(")", "')'");
      return inner;
    } catch (ParseError e) {
      throw e.offset >= asCompare.offset ? e : asCompare;
    } finally {
      nesting--;
    }
  }

  private Cond compareOrFlag() {
    Token first = peek();
    Expr left = top(Role.COMPARE);
    Token op = peek();
    Cond.CmpOp cmp = cmpOp(op);
    if (cmp == null) {
      if (left instanceof Expr.IntVar v && tokens.get(pos - 1) == first) {
        return new Cond.Flag(v.name());
      }
      throw new ParseError(op.offset(), "expected a comparison == != < <= > >= after '"
          + text.substring(first.offset(), op.offset()).strip() + "'");
    }
    pos++;
    return new Cond.Compare(left, cmp, top(Role.COMPARE));
  }

  private static Cond.CmpOp cmpOp(Token t) {
    for (Cond.CmpOp op : Cond.CmpOp.values()) {
      if (t.kind() == Kind.SYMBOL && t.text().equals(op.symbol())) {
        return op;
      }
    }
    return null;
  }

  // ---- expressions -----------------------------------------------------------------------------

  private Expr top(Role role) {
    Token first = peek();
    Expr e = sum();
    if (isConstant(e)) {
      return constant(e, role, first);
    }
    return e;
  }

  private Expr constant(Expr e, Role role, Token at) {
    if (!role.allows(e)) {
      String name = e instanceof Expr.ProcNull ? "proc-null" : "any";
      throw new ParseError(at.offset(), "'" + name + "' is not allowed here (expected " + role.expected() + ")");
    }
    return role.normalise(e);
  }

  private static boolean isConstant(Expr e) {
    return e instanceof Expr.AnySource || e instanceof Expr.AnyTag || e instanceof Expr.ProcNull;
  }

  private Expr sum() {
    Expr left = product();
    while (peek().is("+") || peek().is("-")) {
      Token op = tokens.get(pos++);
      Expr right = product();
      left = arithmetic(op.is("+") ? Expr.BinaryOp.ADD : Expr.BinaryOp.SUB, left, right, op);
    }
    return left;
  }

  private Expr product() {
    Expr left = unary();
    while (peek().is("*") || peek().is("/") || peek().is("%")) {
      Token op = tokens.get(pos++);
      Expr.BinaryOp b = op.is("*") ? Expr.BinaryOp.MUL : op.is("/") ? Expr.BinaryOp.DIV : Expr.BinaryOp.MOD;
      left = arithmetic(b, left, unary(), op);
    }
    return left;
  }

  private Expr arithmetic(Expr.BinaryOp op, Expr left, Expr right, Token at) {
    if (isConstant(left) || isConstant(right)) {
      throw new ParseError(at.offset(), "'any' and 'proc-null' cannot be used in arithmetic");
    }
    int depth = 1 + Math.max(depths.getOrDefault(left, 0), depths.getOrDefault(right, 0));
    if (depth > MAX_DEPTH) {
      throw new ParseError(at.offset(), "the expression nests deeper than " + MAX_DEPTH + " operators (a sum or "
          + "product of at most " + (MAX_DEPTH + 1) + " terms)");
    }
    Expr e = new Expr.Binary(op, left, right);
    depths.put(e, depth);
    return e;
  }

  private Expr unary() {
    Token t = peek();
    if (t.is("-")) {
      pos++;
      Token next = peek();
      if (next.kind() == Kind.INT) {
        pos++;
        return new Expr.Lit(literal("-" + next.text(), t));
      }
      enter(t);
      try {
        return arithmetic(Expr.BinaryOp.SUB, new Expr.Lit(0), unary(), t);
      } finally {
        nesting--;
      }
    }
    return atom();
  }

  private Expr atom() {
    Token t = tokens.get(pos++);
    if (t.kind() == Kind.INT) {
      return new Expr.Lit(literal(t.text(), t));
    }
    if (t.is("(")) {
      enter(t);
      try {
        Expr e = sum();
        expect(")", "')'");
        return e;
      } finally {
        nesting--;
      }
    }
    if (t.kind() != Kind.NAME) {
      throw new ParseError(t.offset(), t.kind() == Kind.END ? "the expression ends too early (expected a number or "
          + "a name)" : "unexpected '" + t.text() + "' (expected a number, a name or '(')");
    }
    switch (t.text()) {
      case "any":
      case "MPI_ANY_SOURCE":
        return new Expr.AnySource();
      case "MPI_ANY_TAG":
        return new Expr.AnyTag();
      case "proc-null":
      case "MPI_PROC_NULL":
        return new Expr.ProcNull();
      case "rank":
        return new Expr.MyRank();
      case "size":
        return new Expr.WorldSize();
      case "thread":
        return new Expr.ThreadIndex();
      default:
        break;
    }
    if (RESERVED.contains(t.text())) {
      throw new ParseError(t.offset(), "'" + t.text() + "' is a keyword, not a value");
    }
    if (!peek().is(".")) {
      return new Expr.IntVar(t.text());
    }
    pos++;
    Token field = tokens.get(pos++);
    if (field.kind() != Kind.NAME) {
      throw new ParseError(field.offset(), "expected a status field after '" + t.text()
          + ".' (source, tag, bytes, count or error)");
    }
    if (field.text().equals("count")) {
      return count(t, field);
    }
    for (Expr.StatusField f : Expr.StatusField.values()) {
      if (f.configName().equals(field.text())) {
        return new Expr.Status(t.text(), f);
      }
    }
    throw new ParseError(field.offset(), "unknown status field '" + field.text()
        + "' (expected source, tag, bytes, count or error)");
  }

  private Expr count(Token status, Token field) {
    if (!peek().is("(")) {
      if (countType == null) {
        throw new ParseError(field.offset(), "'" + status.text() + ".count' needs a datatype here: this call has "
            + "none (write " + status.text() + ".count(int) or " + status.text() + ".bytes)");
      }
      return new Expr.StatusCount(status.text(), countType);
    }
    Token open = tokens.get(pos++);
    int close = text.indexOf(')', open.offset());
    if (close < 0) {
      throw new ParseError(text.length(), "expected ')' after the datatype");
    }
    String name = text.substring(open.offset() + 1, close).strip();
    Datatype type = Datatype.named(name);
    if (type == null) {
      throw new ParseError(open.offset() + 1, "unknown datatype '" + name + "' (expected one of "
          + FormatNames.datatypes() + ")");
    }
    while (peek().offset() <= close && peek().kind() != Kind.END) {
      pos++;
    }
    return new Expr.StatusCount(status.text(), type);
  }

  private int literal(String digits, Token at) {
    try {
      return Integer.parseInt(digits);
    } catch (NumberFormatException e) {
      throw new ParseError(at.offset(), "the number " + digits + " does not fit in a 32-bit int");
    }
  }

  // ---- tokens ----------------------------------------------------------------------------------

  /** One level deeper in the text ('(', '-' or 'not' at {@code t}); the caller leaves it with {@code nesting--}. */
  private void enter(Token t) {
    if (++nesting > MAX_DEPTH) {
      nesting--;
      throw new ParseError(t.offset(), "the expression nests deeper than " + MAX_DEPTH + " levels of parentheses, "
          + "'-' or 'not'");
    }
  }

  private Token peek() {
    return tokens.get(pos);
  }

  private void expect(String symbol, String what) {
    Token t = peek();
    if (!t.is(symbol)) {
      throw new ParseError(t.offset(), "expected " + what + (t.kind() == Kind.END ? " before the end" : ", got '"
          + t.text() + "'"));
    }
    pos++;
  }

  private void expectEnd(String what) {
    Token t = peek();
    if (t.kind() != Kind.END) {
      throw new ParseError(t.offset(), "unexpected '" + t.text() + "' (expected " + what + " or the end)");
    }
  }
}
