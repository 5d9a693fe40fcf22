package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.anySource;
import static dev.matchpoint.mpi.program.ProgramBuilder.anyTag;
import static dev.matchpoint.mpi.program.ProgramBuilder.count;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.program.Cond;
import dev.matchpoint.mpi.program.Expr;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.program.ProgramBuilder;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A thread's variables and expressions (docs/scenario-format.md, "Expressions"): status fields,
 * counts, arithmetic and conditions evaluate as documented, and reading what no call has set is a
 * program error at the statement. The values are read back from the trace, where every call's
 * arguments appear evaluated ({@code compute(ns=...)}).
 */
class VarsTest {
  private static final String ARITHMETIC = "Arithmetic is on 32-bit ints; `/` rounds toward zero and `%` is"
      + " non-negative for a positive";

  private static Expr bin(Expr.BinaryOp op, Expr a, Expr b) {
    return new Expr.Binary(op, a, b);
  }

  private static MpiOp compute(Expr ns) {
    return new MpiOp.Compute(ns);
  }

  private static RunResult run(Program... ranks) {
    ModelSpec.Builder b = ModelSpec.builder();
    for (Program p : ranks) {
      b.rank(p, p);
    }
    return Runner.timed(b.build(), 1, FifoScheduler.INSTANCE, RunOptions.keepingTrace(CheckKind.all()));
  }

  /** The evaluated {@code ns} of each compute call of r{rank}.t0, in order. */
  private static List<String> computed(RunResult r, int rank) {
    return r.trace().of(TraceEvent.CallStarted.class).stream()
        .filter(c -> c.rank() == rank && c.thread() == 0 && c.call().equals("compute")).map(TraceEvent.CallStarted::args)
        .toList();
  }

  /** The program errors, sorted. */
  private static List<String> programErrors(RunResult r) {
    return r.trace().of(TraceEvent.ErroneousUse.class).stream().filter(e -> e.rule().equals("program error"))
        .map(e -> "r" + e.rank() + ".t" + e.thread() + " " + e.detail()).sorted().toList();
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.2.5", text = "the source, tag and error code of the received message are"
      + " available in the fields MPI_SOURCE, MPI_TAG and MPI_ERROR of status")
  @SpecClause(source = "MPI-3.1 §3.2.5", text = "If the size of the datatype is zero, this routine will return a"
      + " count of zero. If the amount of data in status is not an exact multiple of the size of datatype (so that"
      + " count would not be integral), a count of MPI_UNDEFINED is returned instead.")
  void statusFields_andCounts_evaluateFromTheStatus() {
    // Each thread of rank 0 sends 3 ints with tag (thread + 4); each thread of rank 1 receives one.
    Program sender = program().send(lit(1), bin(Expr.BinaryOp.ADD, new Expr.ThreadIndex(), lit(4)), lit(3),
        Datatype.INT).build();
    Expr.Status source = new Expr.Status("st", Expr.StatusField.SOURCE);
    Program receiver = program().recv(anySource(), anyTag(), lit(8), Datatype.INT, "st")
        .call(compute(source))
        .call(compute(new Expr.Status("st", Expr.StatusField.TAG)))
        .call(compute(new Expr.Status("st", Expr.StatusField.BYTES)))
        .call(compute(new Expr.Status("st", Expr.StatusField.ERROR)))
        .call(compute(count("st", Datatype.INT)))
        .call(compute(bin(Expr.BinaryOp.ADD, count("st", Datatype.DOUBLE), lit(40000))))
        .build();
    RunResult r = run(sender, receiver);
    assertEquals(List.of("ns=0", "ns=4", "ns=12", "ns=0", "ns=3", "ns=" + (40000 + dev.matchpoint.mpi.Mpi.UNDEFINED)),
        computed(r, 1));
    assertEquals(List.of(), programErrors(r));
  }

  @Test
  @SpecClause(source = "docs/scenario-format.md", text = ARITHMETIC)
  void arithmetic_onRankThreadAndWorldSize_evaluatesAsDocumented() {
    Expr minus7 = bin(Expr.BinaryOp.SUB, lit(0), lit(7));
    ProgramBuilder p = program()
        .call(compute(bin(Expr.BinaryOp.ADD, lit(7), lit(3))))
        .call(compute(bin(Expr.BinaryOp.SUB, lit(7), lit(3))))
        .call(compute(bin(Expr.BinaryOp.MUL, lit(7), lit(3))))
        .call(compute(bin(Expr.BinaryOp.ADD, bin(Expr.BinaryOp.DIV, minus7, lit(2)), lit(10))))
        .call(compute(bin(Expr.BinaryOp.MOD, minus7, lit(3))))
        .call(compute(bin(Expr.BinaryOp.ADD, bin(Expr.BinaryOp.MUL, new Expr.MyRank(), lit(100)),
            bin(Expr.BinaryOp.ADD, bin(Expr.BinaryOp.MUL, new Expr.WorldSize(), lit(10)), new Expr.ThreadIndex()))));
    RunResult r = run(program().build(), p.build());
    assertEquals(List.of("ns=10", "ns=4", "ns=21", "ns=7", "ns=2", "ns=120"), computed(r, 1));
    assertEquals(List.of(), programErrors(r));
  }

  @Test
  @SpecClause(source = "docs/scenario-format.md", text = "A condition compares two expressions")
  void conditions_combineWithAllAnyAndNot() {
    Cond t = new Cond.Compare(lit(1), Cond.CmpOp.LT, lit(2));
    Cond f = new Cond.Compare(lit(1), Cond.CmpOp.GT, lit(2));
    ProgramBuilder p = program().iprobe(lit(0), lit(0), "flag", null);
    int k = 0;
    for (Cond c : List.of(new Cond.And(List.of(t, t)), new Cond.And(List.of(t, f)), new Cond.Or(List.of(f, t)),
        new Cond.Or(List.of(f, f)), new Cond.Not(f), new Cond.Not(t), new Cond.Flag("flag"),
        new Cond.Not(new Cond.Flag("flag")))) {
      int mark = ++k;
      p.ifElse(c, b -> b.call(compute(lit(mark))), b -> b.call(compute(lit(100 + mark))));
    }
    RunResult r = run(program().build(), p.build());
    assertEquals(List.of("ns=1", "ns=102", "ns=3", "ns=104", "ns=5", "ns=106", "ns=107", "ns=8"), computed(r, 1));
  }

  /** Binds {@code then}'s variables only when an MPI_Iprobe finds a message, which it never does here. */
  private static ProgramBuilder onlyIfFound(java.util.function.Consumer<ProgramBuilder> then) {
    return program().iprobe(lit(0), lit(99), "found", null).ifElse(new Cond.Flag("found"), then,
        b -> b.call(compute(lit(0))));
  }

  @Test
  @SpecClause(source = "docs/scenario-format.md", text = "reading a variable no call has set yet is a program error")
  void readingWhatNoCallSet_orDividingByZero_isAProgramError_atTheStatement() {
    Program status = onlyIfFound(b -> b.recv(lit(0), lit(0), lit(1), Datatype.INT, "st"))
        .call(compute(new Expr.Status("st", Expr.StatusField.TAG))).build();
    Program count = onlyIfFound(b -> b.recv(lit(0), lit(0), lit(1), Datatype.INT, "st"))
        .call(compute(count("st", Datatype.INT))).build();
    Program intVar = onlyIfFound(b -> b.recv(lit(0), lit(0), lit(1), Datatype.INT, "st")
        .call(new MpiOp.GetCount("st", Datatype.INT, "n"))).call(compute(new Expr.IntVar("n"))).build();
    Program flag = onlyIfFound(b -> b.iprobe(lit(0), lit(0), "f", null))
        .ifElse(new Cond.Flag("f"), b -> b.call(compute(lit(1))), b -> b.call(compute(lit(2)))).build();
    Program div = program().call(compute(bin(Expr.BinaryOp.DIV, lit(1), bin(Expr.BinaryOp.SUB, lit(1), lit(1)))))
        .build();
    Program mod = program().call(compute(bin(Expr.BinaryOp.MOD, lit(1), lit(0)))).build();
    assertEquals(List.of("r0.t0 status 'st' is read before any call set it",
        "r0.t1 status 'st' is read before any call set it",
        "r1.t0 status 'st' is read before any call set it",
        "r1.t1 status 'st' is read before any call set it",
        "r2.t0 variable 'n' is read before any call set it",
        "r2.t1 variable 'n' is read before any call set it",
        "r3.t0 flag 'f' is read before any call set it",
        "r3.t1 flag 'f' is read before any call set it",
        "r4.t0 division by zero in (1 / (1 - 1))",
        "r4.t1 division by zero in (1 / (1 - 1))",
        "r5.t0 division by zero in (1 % 0)",
        "r5.t1 division by zero in (1 % 0)"), programErrors(run(status, count, intVar, flag, div, mod)));
  }
}
