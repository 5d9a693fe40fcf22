package dev.matchpoint.scenario.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.program.Cond;
import dev.matchpoint.mpi.program.Expr;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The expression and condition grammar of program arguments, and its writer. */
class ExprParserTest {
  private static Expr value(String text) {
    return ExprParser.expr(text, Role.VALUE, Datatype.INT);
  }

  private static Expr bin(Expr.BinaryOp op, Expr a, Expr b) {
    return new Expr.Binary(op, a, b);
  }

  private static Expr lit(int v) {
    return new Expr.Lit(v);
  }

  @Test
  void arithmetic_followsPrecedenceAndLeftAssociativity() {
    assertEquals(bin(Expr.BinaryOp.ADD, lit(1), bin(Expr.BinaryOp.MUL, lit(2), lit(3))), value("1 + 2 * 3"));
    assertEquals(bin(Expr.BinaryOp.SUB, bin(Expr.BinaryOp.SUB, lit(8), lit(2)), lit(1)), value("8 - 2 - 1"));
    assertEquals(bin(Expr.BinaryOp.MUL, bin(Expr.BinaryOp.ADD, lit(1), lit(2)), lit(3)), value("(1 + 2) * 3"));
    assertEquals(bin(Expr.BinaryOp.MOD, new Expr.IntVar("i"), lit(100)), value("i % 100"));
    assertEquals(bin(Expr.BinaryOp.SUB, lit(99), new Expr.IntVar("t")), value("99-t"));
  }

  @Test
  void unaryMinus_isALiteralBeforeANumber_andASubtractionFromZeroOtherwise() {
    assertEquals(lit(-5), value("-5"));
    assertEquals(bin(Expr.BinaryOp.SUB, lit(3), lit(-5)), value("3 - -5"));
    assertEquals(bin(Expr.BinaryOp.SUB, lit(0), new Expr.MyRank()), value("-rank"));
  }

  @Test
  void names_areKeywordsVariablesAndStatusFields() {
    assertEquals(new Expr.MyRank(), value("rank"));
    assertEquals(new Expr.WorldSize(), value("size"));
    assertEquals(new Expr.ThreadIndex(), value("thread"));
    assertEquals(new Expr.IntVar("n_1"), value("n_1"));
    assertEquals(new Expr.Status("st", Expr.StatusField.SOURCE), value("st.source"));
    assertEquals(new Expr.Status("st", Expr.StatusField.BYTES), value("st.bytes"));
    assertEquals(new Expr.StatusCount("st", Datatype.INT), value("st.count"));
    assertEquals(new Expr.StatusCount("st", Datatype.DOUBLE_PRECISION), value("st.count(double-precision)"));
    assertEquals(bin(Expr.BinaryOp.ADD, new Expr.StatusCount("st", Datatype.BYTE), lit(1)),
        value("st.count(MPI_BYTE) + 1"));
  }

  @Test
  void wildcards_dependOnTheRole() {
    assertEquals(new Expr.AnySource(), ExprParser.expr("any", Role.SOURCE, null));
    assertEquals(new Expr.AnyTag(), ExprParser.expr("any", Role.RECEIVE_TAG, null));
    assertEquals(new Expr.AnyTag(), ExprParser.expr("MPI_ANY_TAG", Role.RECEIVE_TAG, null));
    assertEquals(new Expr.ProcNull(), ExprParser.expr("proc-null", Role.DEST, null));
    assertEquals(new Expr.ProcNull(), ExprParser.expr("MPI_PROC_NULL", Role.SOURCE, null));
    assertTrue(assertThrows(ExprLexer.ParseError.class, () -> ExprParser.expr("any", Role.DEST, null))
        .getMessage().contains("destination rank or proc-null"));
    assertTrue(assertThrows(ExprLexer.ParseError.class, () -> ExprParser.expr("any", Role.SEND_TAG, null))
        .getMessage().contains("no wildcard tag"));
    assertTrue(assertThrows(ExprLexer.ParseError.class, () -> ExprParser.expr("any", Role.VALUE, null))
        .getMessage().contains("not allowed"));
  }

  @Test
  void errors_carryTheOffsetOfTheOffendingCharacter() {
    assertEquals(7, assertThrows(ExprLexer.ParseError.class, () -> value("rank + $")).offset);
    assertEquals(6, assertThrows(ExprLexer.ParseError.class, () -> value("(1 + 2")).offset);
    assertEquals(3, assertThrows(ExprLexer.ParseError.class, () -> value("st.sauce")).offset);
    assertEquals(4, assertThrows(ExprLexer.ParseError.class, () -> value("any + 1")).offset);
    assertEquals(2, assertThrows(ExprLexer.ParseError.class, () -> value("1 2")).offset);
    assertEquals(0, assertThrows(ExprLexer.ParseError.class, () -> value("99999999999")).offset);
    ExprLexer.ParseError noType = assertThrows(ExprLexer.ParseError.class,
        () -> ExprParser.expr("st.count", Role.VALUE, null));
    assertEquals(3, noType.offset);
    assertTrue(noType.getMessage().contains("st.count(int)"), noType.getMessage());
    assertEquals(9, assertThrows(ExprLexer.ParseError.class, () -> value("st.count(quad)")).offset);
  }

  @Test
  void conditions_haveNotAndOrWithParentheses() {
    Cond src0 = new Cond.Compare(new Expr.Status("st", Expr.StatusField.SOURCE), Cond.CmpOp.EQ, lit(0));
    assertEquals(src0, ExprParser.cond("st.source == 0"));
    assertEquals(new Cond.Flag("found"), ExprParser.cond("found"));
    assertEquals(new Cond.Not(new Cond.Flag("found")), ExprParser.cond("not found"));
    Cond a = new Cond.Flag("a");
    Cond b = new Cond.Flag("b");
    Cond c = new Cond.Flag("c");
    assertEquals(new Cond.Or(List.of(new Cond.And(List.of(a, b)), c)), ExprParser.cond("a and b or c"));
    assertEquals(new Cond.And(List.of(a, new Cond.Or(List.of(b, c)))), ExprParser.cond("a and (b or c)"));
    assertEquals(new Cond.And(List.of(new Cond.Compare(bin(Expr.BinaryOp.ADD, new Expr.IntVar("x"), lit(1)),
        Cond.CmpOp.LE, lit(4)), a)), ExprParser.cond("(x + 1) <= 4 and a"));
    assertEquals(new Cond.Compare(new Expr.Status("st", Expr.StatusField.SOURCE), Cond.CmpOp.NE,
        new Expr.ProcNull()), ExprParser.cond("st.source != proc-null"));
    assertEquals(new Cond.And(List.of()), ExprParser.cond("true"));
    assertEquals(new Cond.Or(List.of()), ExprParser.cond("false"));
  }

  @Test
  void conditionErrors_nameWhatWasExpected() {
    ExprLexer.ParseError e = assertThrows(ExprLexer.ParseError.class, () -> ExprParser.cond("st.source 0"));
    assertEquals(10, e.offset);
    assertTrue(e.getMessage().contains("comparison"), e.getMessage());
    assertEquals(6, assertThrows(ExprLexer.ParseError.class, () -> ExprParser.cond("a and ")).offset);
  }

  @ParameterizedTest
  @ValueSource(strings = {"1 + 2 * 3", "(1 + 2) * 3", "8 - (2 - 1)", "8 - 2 - 1", "-5", "3 - -5", "0 - rank",
      "st.count", "st.count(byte) / 2", "i % 100 + thread * size", "st.tag", "x / (y * z)"})
  void writer_givesTextThatParsesToTheSameExpression(String text) {
    Expr e = value(text);
    assertEquals(e, value(ExprWriter.expr(e, Datatype.INT)), ExprWriter.expr(e, Datatype.INT));
  }

  @ParameterizedTest
  @ValueSource(strings = {"st.source == 0", "not found", "a and b or c", "a and (b or c)", "not (a or b)",
      "(a or b) or c", "a and (b and c)", "x + 1 <= 4 and not y", "true", "false or a", "st.tag != any"})
  void writer_givesTextThatParsesToTheSameCondition(String text) {
    Cond c = ExprParser.cond(text);
    assertEquals(c, ExprParser.cond(ExprWriter.cond(c)), ExprWriter.cond(c));
  }
}
