package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.procNull;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.ErrorClass;
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
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** MPI_Sendrecv with an MPI_PROC_NULL peer or invalid arguments, in both modes (MPI-3.1 §3.10, §3.11). */
class SendrecvCasesTest {
  private static MpiOp.Sendrecv sendrecv(Expr dest, Expr sendTag, Expr source, Expr recvTag) {
    return new MpiOp.Sendrecv(dest, sendTag, lit(1), Datatype.INT, source, recvTag, lit(1), Datatype.INT,
        MpiOp.WORLD, "st");
  }

  private static List<String> returns(RunResult r, int rank) {
    return r.trace().of(TraceEvent.CallReturned.class).stream().filter(c -> c.rank() == rank)
        .map(c -> c.call() + " " + c.result() + (c.error() == ErrorClass.MPI_SUCCESS ? "" : " " + c.error()))
        .toList();
  }

  private static List<RunResult> bothModes(ModelSpec spec) {
    return List.of(Runner.timed(spec, 1, FifoScheduler.INSTANCE, RunOptions.keepingTrace(CheckKind.all())),
        Runner.logical(spec, FifoScheduler.INSTANCE, RunOptions.keepingTrace(CheckKind.all())));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.11", text = "A communication with process MPI_PROC_NULL has no effect. A send to "
      + "MPI_PROC_NULL succeeds and returns as soon as possible. A receive from MPI_PROC_NULL succeeds and returns as "
      + "soon as possible with no modifications to the receive buffer.")
  @SpecClause(source = "MPI-3.1 §3.10", text = "The semantics of a send-receive operation is what would be obtained "
      + "if the caller forked two concurrent threads, one to execute the send, and one to execute the receive, "
      + "followed by a join of these two threads.")
  void sendrecvWithAProcNullPeer_doesOnlyTheOtherHalf_mpi31Section311() {
    // Rank 0 sends to rank 1 and receives from MPI_PROC_NULL; rank 1 sends to MPI_PROC_NULL and
    // receives from rank 0.
    Program r0 = program().call(sendrecv(lit(1), lit(3), procNull(), lit(0))).build();
    Program r1 = program().call(sendrecv(procNull(), lit(0), lit(0), lit(3))).build();
    ModelSpec spec = ModelSpec.builder().rank(r0).rank(r1).build();
    for (RunResult r : bothModes(spec)) {
      assertEquals(Outcome.OK, r.outcome(), r.problems().toString());
      assertEquals(List.of("MPI_Sendrecv source=MPI_PROC_NULL tag=MPI_ANY_TAG count=0B"), returns(r, 0));
      assertEquals(List.of("MPI_Sendrecv source=0 tag=3 count=4B"), returns(r, 1));
      assertEquals(1, r.trace().matches().size());
    }
    Map<Exhaustive.End, Long> ends = Exhaustive.ends(spec, CheckKind.NO_DEADLOCK, CheckKind.NO_ERRORS);
    assertEquals(List.of("r1.t0<-0#0"), ends.keySet().stream().map(Exhaustive.End::receipts).toList());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §8.4", text = "MPI_ERR_RANK Invalid source or destination rank")
  @SpecClause(source = "MPI-3.1 §8.4", text = "MPI_ERR_TAG Invalid tag argument")
  void sendrecvWithAnInvalidArgument_returnsItsErrorClass_andSendsNothing() {
    Program p = program().call(sendrecv(lit(5), lit(0), lit(0), lit(0)))
        .call(sendrecv(lit(0), lit(0), lit(0), lit(-7)))
        .call(sendrecv(lit(0), lit(-7), lit(0), lit(0))).build();
    for (RunResult r : bothModes(ModelSpec.builder().rank(p).build())) {
      String empty = "MPI_Sendrecv source=MPI_ANY_SOURCE tag=MPI_ANY_TAG count=0B ";
      assertEquals(List.of(empty + "MPI_ERR_RANK", empty + "MPI_ERR_TAG", empty + "MPI_ERR_TAG"), returns(r, 0));
      assertEquals(0, r.trace().of(TraceEvent.PacketSent.class).size());
      assertEquals(Outcome.ERRONEOUS, r.outcome());
    }
  }
}
