package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.anySource;
import static dev.matchpoint.mpi.program.ProgramBuilder.anyTag;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static dev.matchpoint.mpi.program.ProgramBuilder.source;
import static dev.matchpoint.mpi.program.ProgramBuilder.tagOf;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.testing.Exhaustive;
import dev.matchpoint.mpi.trace.TraceSink;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** MPI_Sendrecv in logical mode, where it runs as two halves and a join (MPI-3.1 §3.10). */
class SendrecvLogicalTest {
  @Test
  @SpecClause(source = "MPI-3.1 §3.10", text = "The semantics of a send-receive operation is what would be obtained "
      + "if the caller forked two concurrent threads, one to execute the send, and one to execute the receive, "
      + "followed by a join of these two threads.")
  void theJoin_returnsTheReceiveHalfsStatus_whichALaterCallReads() {
    // Rank 0 receives from MPI_ANY_SOURCE with MPI_ANY_TAG, then answers the status's source with its tag.
    Program r0 = program().call(new MpiOp.Sendrecv(lit(1), lit(0), lit(1), Datatype.INT, anySource(), anyTag(),
        lit(1), Datatype.INT, MpiOp.WORLD, "st")).send(source("st"), tagOf("st"), lit(1), Datatype.INT).build();
    Program r1 = program().recv(lit(0), lit(0), lit(1), Datatype.INT, null).send(lit(0), lit(5), lit(1), Datatype.INT)
        .recv(lit(0), lit(5), lit(1), Datatype.INT, null).build();
    Map<Exhaustive.End, Long> ends = Exhaustive.ends(ModelSpec.builder().rank(r0).rank(r1).build(),
        CheckKind.values());
    assertEquals(List.of("r0.t0<-1#0 r1.t0<-0#0,0#1"), ends.keySet().stream().map(Exhaustive.End::receipts)
        .sorted().toList(), ends.toString());
    ends.keySet().forEach(e -> assertEquals(List.of(), e.problems(), e.toString()));
  }

  @Test
  @SpecClause(source = "docs/scenario-format.md", text = "reading a variable no call has set yet is a program error")
  void aSendrecvReadingAStatusNeverSet_stopsItsThreadWithTheReason() {
    // The status is bound by the receive after the exchange: the exchange reads it before any call set it.
    Program r0 = program().call(new MpiOp.Sendrecv(source("st"), lit(0), lit(1), Datatype.INT, lit(1), lit(0),
        lit(1), Datatype.INT, MpiOp.WORLD, null)).recv(lit(1), lit(0), lit(1), Datatype.INT, "st").build();
    Map<Exhaustive.End, Long> ends = Exhaustive.ends(ModelSpec.builder().rank(r0).rank(program().build()).build(),
        CheckKind.values());
    assertEquals(1, ends.size(), ends.toString());
    assertEquals(List.of("erroneous: program error at r0.t0"), ends.keySet().iterator().next().problems());
  }
  @Test
  @SpecClause(source = "docs/scenario-format.md", text = "reading a variable no call has set yet is a program error")
  void aSendrecvWhoseArgumentsCannotBeEvaluated_runsWhole_soNoHalfPostsAReceiveBeforeTheThreadStops() {
    // Logical mode splits a valid exchange into two halves; this one's destination reads an unset status, so
    // it is one step that stops the thread: no receive half runs first and posts a receive.
    Program r0 = program().call(new MpiOp.Sendrecv(source("st"), lit(0), lit(1), Datatype.INT, lit(1), lit(0),
        lit(1), Datatype.INT, MpiOp.WORLD, null)).recv(lit(1), lit(0), lit(1), Datatype.INT, "st").build();
    World w = World.logical(ModelSpec.builder().rank(r0).rank(program().build()).build(), TraceSink.NONE,
        CheckKind.all(), false);
    assertEquals(List.of(Action.step(0, 0, -1)), w.enabled());
    w.execute(Action.step(0, 0, -1));
    assertEquals(List.of(), w.enabled());
    assertEquals(0, w.rank(0).engine.postedDepth(), "nothing posted");
  }
}
