package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.anySource;
import static dev.matchpoint.mpi.program.ProgramBuilder.anyTag;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.myRank;
import static dev.matchpoint.mpi.program.ProgramBuilder.procNull;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static dev.matchpoint.mpi.program.ProgramBuilder.source;
import static dev.matchpoint.mpi.program.ProgramBuilder.tagOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.ErrorClass;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.program.Expr;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.run.Outcome;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.mpi.testing.Exhaustive;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * MPI_ANY_SOURCE, MPI_ANY_TAG and MPI_PROC_NULL are named, never computed: a number equal to the
 * model's code of a constant is a rank or tag out of range (MPI-3.1 §3.2.3, §3.2.4, §3.11).
 */
class ConstantArgumentsTest {
  private static final String SOURCE_RANGE = "Thus, the range of valid values for the source argument is "
      + "{0,...,n-1}∪{MPI_ANY_SOURCE}∪{MPI_PROC_NULL}, where n is the number of processes in this group.";

  /** {@code rank - 2} on rank 1: -1, the model's code of MPI_ANY_SOURCE and MPI_ANY_TAG. */
  private static final Expr MINUS_ONE = new Expr.Binary(Expr.BinaryOp.SUB, myRank(), lit(2));

  private static RunResult run(Program... ranks) {
    ModelSpec.Builder b = ModelSpec.builder();
    for (Program p : ranks) {
      b.rank(p);
    }
    return Runner.timed(b.build(), 1, FifoScheduler.INSTANCE, RunOptions.keepingTrace(CheckKind.all()));
  }

  private static List<ErrorClass> errors(RunResult r) {
    return r.trace().of(TraceEvent.ErrorRaised.class).stream().map(TraceEvent.ErrorRaised::error).toList();
  }

  private static List<String> receipts(RunResult r) {
    return r.trace().matches().stream().map(m -> m.match() + " by r" + m.rank()).toList();
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.2.4", text = SOURCE_RANGE)
  void computedSource_equalToTheWildcardsCode_isMpiErrRank_onEveryReceiveAndProbe_mpi31Section324() {
    Program sender = program().send(lit(1), lit(0), lit(1), Datatype.INT).build();
    Program receiver = program()
        .probe(MINUS_ONE, lit(0), "st")
        .iprobe(lit(-1), lit(0), "f", "st")
        .improbe(MINUS_ONE, lit(0), "f", "m", "st")
        .recv(MINUS_ONE, lit(0), lit(1), Datatype.INT, "st")
        .irecv(lit(-1), lit(0), lit(1), Datatype.INT, "q")
        .call(new MpiOp.RecvInit(MINUS_ONE, lit(0), lit(1), Datatype.INT, MpiOp.WORLD, "p"))
        .call(new MpiOp.Sendrecv(procNull(), lit(0), lit(0), Datatype.INT, MINUS_ONE, lit(0), lit(1), Datatype.INT,
            MpiOp.WORLD, null))
        // Only the name is the wildcard.
        .recv(anySource(), lit(0), lit(1), Datatype.INT, "st").build();
    RunResult r = run(sender, receiver);
    assertEquals(Collections.nCopies(7, ErrorClass.MPI_ERR_RANK), errors(r));
    assertEquals(List.of("RECEIVE by r1"), receipts(r), "no probe or receive before the last one matched");
    TraceEvent.ErrorRaised first = r.trace().of(TraceEvent.ErrorRaised.class).get(0);
    assertTrue(first.detail().contains("rank -1 is outside the communicator of size 2")
        && first.detail().contains("never MPI_ANY_SOURCE"), first.detail());
    // Every logical schedule, with the wildcard policy's choices, agrees.
    Program toTwo = program().send(lit(2), lit(0), lit(1), Datatype.INT).build();
    Expr rankMinusThree = new Expr.Binary(Expr.BinaryOp.SUB, myRank(), lit(3));
    ModelSpec spec = ModelSpec.builder().rank(toTwo).rank(toTwo).rank(program()
        .recv(rankMinusThree, lit(0), lit(1), Datatype.INT, "st")
        .recv(lit(0), lit(0), lit(1), Datatype.INT, null).recv(lit(1), lit(0), lit(1), Datatype.INT, null).build())
        .build();
    Exhaustive.ends(spec).keySet().forEach(e -> assertEquals(List.of("MPI_ERR_RANK from MPI_Recv at r2.t0"),
        e.problems(), e.toString()));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.2.3", text = "Thus, the range of valid values for dest is 0, ..., n-1 ∪ "
      + "{MPI_PROC_NULL}, where n is the number of processes in the group.")
  @SpecClause(source = "MPI-3.1 §3.11", text = "The special value MPI_PROC_NULL can be used instead of a rank "
      + "wherever a source or a destination argument is required in a call.")
  void computedDest_equalToProcNullsCode_isMpiErrRank_mpi31Section323() {
    Expr minusTwo = new Expr.Binary(Expr.BinaryOp.SUB, myRank(), lit(2));
    RunResult r = run(program()
        .send(minusTwo, lit(0), lit(1), Datatype.INT)
        .isend(SendMode.STANDARD, lit(-2), lit(0), lit(1), Datatype.INT, "q")
        .call(new MpiOp.SendInit(SendMode.SYNCHRONOUS, minusTwo, lit(0), lit(1), Datatype.INT, MpiOp.WORLD, "p"))
        // The name, and a status source that holds MPI_PROC_NULL, are MPI_PROC_NULL.
        .send(procNull(), lit(0), lit(1), Datatype.INT)
        .probe(procNull(), lit(0), "st")
        .send(source("st"), lit(0), lit(1), Datatype.INT)
        .recv(source("st"), lit(0), lit(1), Datatype.INT, null).build(), Program.empty());
    assertEquals(Collections.nCopies(3, ErrorClass.MPI_ERR_RANK), errors(r));
    assertEquals(0, r.trace().of(TraceEvent.MessageSent.class).size());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.2.3", text = "The range of valid tag values is 0,...,UB, where the value of UB is "
      + "implementation dependent.")
  @SpecClause(source = "MPI-3.1 §3.2.4", text = "The receiver may specify a wildcard MPI_ANY_SOURCE value for source, "
      + "and/or a wildcard MPI_ANY_TAG value for tag, indicating that any source and/or tag are acceptable.")
  void computedTag_equalToTheWildcardsCode_isMpiErrTag_mpi31Section323() {
    Expr minusOne = new Expr.Binary(Expr.BinaryOp.SUB, lit(0), lit(1));
    RunResult r = run(program().send(lit(1), lit(5), lit(1), Datatype.INT).build(), program()
        .probe(lit(0), minusOne, "st")
        .recv(lit(0), lit(-1), lit(1), Datatype.INT, "st")
        .recv(lit(0), anyTag(), lit(1), Datatype.INT, "st")
        // A status's tag read as it is passes MPI_ANY_TAG on: a receive from MPI_PROC_NULL stores it.
        .probe(procNull(), lit(0), "st")
        .irecv(lit(0), tagOf("st"), lit(1), Datatype.INT, "q").call(new MpiOp.RequestFree("q")).build());
    assertEquals(List.of(ErrorClass.MPI_ERR_TAG, ErrorClass.MPI_ERR_TAG), errors(r));
    assertEquals(List.of("RECEIVE by r1"), receipts(r));
    assertTrue(r.trace().of(TraceEvent.ErrorRaised.class).get(0).detail().contains("never MPI_ANY_SOURCE, "
        + "MPI_ANY_TAG"), r.trace().toText());
    assertEquals(Outcome.ERRONEOUS, r.outcome());
  }
}
