package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.anySource;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.procNull;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static dev.matchpoint.mpi.program.ProgramBuilder.var;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.ErrorClass;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.check.Checks;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.program.ProgramException;
import dev.matchpoint.mpi.run.Outcome;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Statuses, MPI_PROC_NULL and error classes (MPI-3.1 §3.2.5, §3.7.3, §3.11, §4.1.11, §8.4). */
class StatusAndErrorsTest {
  private static RunResult run(Program... ranks) {
    ModelSpec.Builder b = ModelSpec.builder();
    for (Program p : ranks) {
      b.rank(p);
    }
    return Runner.timed(b.build(), 1, FifoScheduler.INSTANCE, RunOptions.keepingTrace(CheckKind.all()));
  }

  private static List<String> returns(RunResult r, int rank) {
    return r.trace().of(TraceEvent.CallReturned.class).stream().filter(c -> c.rank() == rank)
        .map(c -> c.call() + " " + c.result() + (c.error() == ErrorClass.MPI_SUCCESS ? "" : " " + c.error())).toList();
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.2.4", text = "The length of the received message must be less than or equal to the "
      + "length of the receive buffer. An overflow error occurs if all incoming data does not fit, without "
      + "truncation, into the receive buffer.")
  void truncation_isMpiErrTruncate_andTheReceiveStillCompletes_mpi31Section324() {
    // "An overflow error occurs" when the message is longer than the receive buffer.
    RunResult r = run(program().send(lit(1), lit(0), lit(2), Datatype.INT).build(),
        program().recv(lit(0), lit(0), lit(1), Datatype.INT, "st").recv(procNull(), lit(0), lit(1), Datatype.INT,
            "st2").build());
    assertEquals(List.of("MPI_Recv source=0 tag=0 count=4B MPI_ERR_TRUNCATE",
        "MPI_Recv source=MPI_PROC_NULL tag=MPI_ANY_TAG count=0B"), returns(r, 1));
    assertEquals(Outcome.ERRONEOUS, r.outcome());
    assertTrue(r.problems().get(0).startsWith("MPI_ERR_TRUNCATE from MPI_Recv at r1.t0"), r.problems().toString());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §4.1.11", text = "if the receive operation has not received an integral number of "
      + "datatype \"copies,\" then MPI_GET_COUNT sets the value of count to MPI_UNDEFINED.")
  void getCount_ofAPartialElement_isMpiUndefined_mpi31Section4111() {
    RunResult r = run(program().send(lit(1), lit(0), lit(6), Datatype.BYTE).build(),
        program().recv(anySource(), lit(0), lit(8), Datatype.BYTE, "st")
            .call(new MpiOp.GetCount("st", Datatype.INT, "n"))
            .call(new MpiOp.GetCount("st", Datatype.SHORT, "k"))
            .send(lit(0), var("k"), var("n"), Datatype.INT).build());
    // n = MPI_UNDEFINED is a negative count and k = 3 a tag: the send reports MPI_ERR_COUNT.
    assertEquals(ErrorClass.MPI_ERR_COUNT, r.trace().of(TraceEvent.ErrorRaised.class).get(0).error());
    assertTrue(r.trace().of(TraceEvent.ErrorRaised.class).get(0).detail().contains("-32766"));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.11", text = "A communication with process MPI_PROC_NULL has no effect. A send to "
      + "MPI_PROC_NULL succeeds and returns as soon as possible. A receive from MPI_PROC_NULL succeeds and returns as "
      + "soon as possible with no modifications to the receive buffer.")
  void procNull_sendRecvProbe_completeAtOnce_mpi31Section311() {
    RunResult r = run(program().send(procNull(), lit(0), lit(1), Datatype.INT)
        .recv(procNull(), lit(0), lit(1), Datatype.INT, "st")
        .probe(procNull(), lit(0), "st")
        .iprobe(procNull(), lit(0), "f", "st").build());
    assertEquals(List.of("MPI_Send ", "MPI_Recv source=MPI_PROC_NULL tag=MPI_ANY_TAG count=0B",
        "MPI_Probe source=MPI_PROC_NULL tag=MPI_ANY_TAG count=0B",
        "MPI_Iprobe flag=true source=MPI_PROC_NULL tag=MPI_ANY_TAG count=0B"), returns(r, 0));
    assertEquals(Outcome.OK, r.outcome());
    assertEquals(0, r.trace().of(TraceEvent.PacketSent.class).size());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.7.3", text = "One is allowed to call MPI_WAIT with a null or inactive request "
      + "argument. In this case the operation returns immediately with empty status.")
  void waitOnRequestNull_returnsTheEmptyStatus_mpi31Section373() {
    RunResult r = run(program().irecv(procNull(), lit(0), lit(1), Datatype.INT, "r").waitFor("r", "st")
        .waitFor("r", "st").build());
    assertEquals(List.of("MPI_Irecv ", "MPI_Wait source=MPI_PROC_NULL tag=MPI_ANY_TAG count=0B",
        "MPI_Wait source=MPI_ANY_SOURCE tag=MPI_ANY_TAG count=0B"), returns(r, 0));
  }

  @Test
  void invalidArguments_returnTheirErrorClasses() {
    RunResult r = run(program().send(lit(5), lit(0), lit(1), Datatype.INT)
        .send(lit(0), lit(-3), lit(1), Datatype.INT)
        .send(lit(0), lit(40_000), lit(1), Datatype.INT)
        .recv(lit(0), lit(0), lit(-1), Datatype.INT, null)
        .irecv(lit(0), lit(0), lit(1), Datatype.INT, "r").call(new MpiOp.RequestFree("r"))
        .call(new MpiOp.RequestFree("r")).build());
    assertEquals(List.of(ErrorClass.MPI_ERR_RANK, ErrorClass.MPI_ERR_TAG, ErrorClass.MPI_ERR_TAG,
        ErrorClass.MPI_ERR_COUNT, ErrorClass.MPI_ERR_REQUEST), r.trace().of(TraceEvent.ErrorRaised.class).stream()
        .map(TraceEvent.ErrorRaised::error).toList());
    assertEquals(Outcome.ERRONEOUS, r.outcome());
  }

  @Test
  void compile_undefinedVariableOrUnknownCommunicator_isRejectedWithItsLocation() {
    ProgramException e = assertThrows(ProgramException.class, () -> ModelSpec.builder()
        .rank(program().recv(dev.matchpoint.mpi.program.ProgramBuilder.source("nope"), lit(0), lit(1), Datatype.INT,
            null).build()).build());
    assertTrue(e.getMessage().contains("undefined variable 'nope'"), e.getMessage());
    ProgramException c = assertThrows(ProgramException.class, () -> ModelSpec.builder()
        .rank(program().on("dup").send(lit(0), lit(0), lit(1), Datatype.INT).build()).build());
    assertTrue(c.getMessage().contains("unknown communicator 'dup'"), c.getMessage());
    ProgramException t = assertThrows(ProgramException.class, () -> ModelSpec.builder()
        .rank(program().recv(lit(0), lit(0), lit(1), Datatype.INT, "x").waitFor("x", null).build()).build());
    assertTrue(t.getMessage().contains("'x' is used as a request here but as a status elsewhere"), t.getMessage());
  }

  @Test
  void checks_areJudgedTheSameOnAStoredTrace() {
    RunResult r = run(program().send(lit(1), lit(0), lit(2), Datatype.INT).build(),
        program().recv(lit(0), lit(0), lit(1), Datatype.INT, "st").build());
    assertEquals(r.violations().toString(), CheckKind.all().judge(r.trace(),
        new dev.matchpoint.mpi.check.RunEnd(r.steps(), List.of(), false)).toString());
    assertEquals(1, Checks.none().judge(r.trace(), new dev.matchpoint.mpi.check.RunEnd(0, List.of("x"), false))
        .size() + 1);
  }
}
