package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.procNull;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.program.Expr;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.PointToPointOps;
import dev.matchpoint.mpi.run.RunResult;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** MPI_Isendrecv's arguments and MPI_PROC_NULL peer, and MPI_Request_get_status on null and inactive requests. */
class ExchangeEdgesTest {
  private static MpiOp isendrecv(Expr dest, Expr tag, Expr source, int count, String request) {
    return new PointToPointOps.Isendrecv(new MpiOp.Sendrecv(dest, tag, lit(count), Datatype.INT, source, lit(0),
        lit(count), Datatype.INT, MpiOp.WORLD, null), request);
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.11", text = "A receive from MPI_PROC_NULL succeeds and returns as soon as possible "
      + "with no modifications to the receive buffer.")
  @SpecClause(source = "MPI-3.1 §8.4", text = "MPI_ERR_TAG Invalid tag argument")
  void anIsendrecv_withAnInvalidTagBindsNull_andWithAProcNullSourceCompletesWithTheProcNullStatus() {
    RunResult r = RankRuns.run(program().call(isendrecv(lit(1), lit(-5), lit(1), 1, "bad")).waitFor("bad", "s0")
        .call(isendrecv(lit(1), lit(0), procNull(), 2, "x")).waitFor("x", "s1")
        .call(isendrecv(procNull(), lit(0), lit(1), 2, "y")).waitFor("y", "s2").build(),
        program().recv(lit(0), lit(0), lit(2), Datatype.INT, "st").send(lit(0), lit(0), lit(2), Datatype.INT).build());
    assertEquals(List.of("MPI_Isendrecv MPI_ERR_TAG"), RankRuns.errors(r));
    // The invalid call's request is MPI_REQUEST_NULL: its Wait returns the empty status.
    assertEquals(List.of("MPI_Isendrecv  MPI_ERR_TAG", "MPI_Wait source=MPI_ANY_SOURCE tag=MPI_ANY_TAG count=0B", "MPI_Isendrecv ",
        "MPI_Wait source=MPI_PROC_NULL tag=MPI_ANY_TAG count=0B", "MPI_Isendrecv ",
        "MPI_Wait source=1 tag=0 count=8B"), RankRuns.returns(r, 0));
    assertEquals(List.of("MPI_Recv source=0 tag=0 count=8B", "MPI_Send "), RankRuns.returns(r, 1));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.7.3", text = "One is allowed to call MPI_TEST with a null or inactive request "
      + "argument. In such a case the operation returns with flag = true and empty status.")
  void requestGetStatus_ofANullOrInactiveRequest_isTrueWithTheEmptyStatus() {
    MpiOp init = new MpiOp.RecvInit(lit(1), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, "p");
    RunResult r = RankRuns.run(program().irecv(lit(1), lit(0), lit(1), Datatype.INT, "r").waitFor("r", null)
        .call(new PointToPointOps.RequestGetStatus("r", "f", "st")).call(init)
        .call(new PointToPointOps.RequestGetStatus("p", "g", "st2")).build(),
        program().send(lit(0), lit(0), lit(1), Datatype.INT).build());
    assertEquals(List.of(), RankRuns.errors(r));
    assertEquals(List.of("MPI_Irecv ", "MPI_Wait ",
        "MPI_Request_get_status flag=true source=MPI_ANY_SOURCE tag=MPI_ANY_TAG count=0B", "MPI_Recv_init ",
        "MPI_Request_get_status flag=true source=MPI_ANY_SOURCE tag=MPI_ANY_TAG count=0B"), RankRuns.returns(r, 0));
  }

  /**
   * Logical mode runs an MPI_Isendrecv's send and receive as two steps, each with a request of the
   * thread (#0 and #1); when the call returns both stay, and the thread's next request is #2. Rank 0
   * exchanges with rank 1, then posts a receive for rank 1's second message and waits on both: in
   * every schedule the run ends well and that receive is r0.t0#2.
   */
  @Test
  @SpecClause(source = "MPI-3.1 §3.10", text = "The semantics of a send-receive operation is what would be obtained if"
      + " the caller forked two concurrent threads, one to execute the send, and one to execute the receive, followed"
      + " by a join of these two threads.")
  @SpecClause(source = "docs/trace-format.md", text = "a request is named `rRANK.tTHREAD#N`")
  void theRequestsAfterAnIsendrecv_areNumberedPastItsTwoHalves_inEverySchedule() {
    ModelSpec spec = ModelSpec.builder()
        .rank(program().call(isendrecv(lit(1), lit(0), lit(1), 1, "x")).irecv(lit(1), lit(1), lit(1), Datatype.INT, "y")
            .call(new MpiOp.Waitall(List.of("x", "y"), List.of())).build())
        .rank(program().recv(lit(0), lit(0), lit(1), Datatype.INT, null).send(lit(0), lit(0), lit(1), Datatype.INT)
            .send(lit(0), lit(1), lit(1), Datatype.INT).build())
        .build();
    Set<String> out = SharedStateTest.explored(spec);
    assertFalse(out.isEmpty());
    for (String o : out) {
      assertTrue(o.startsWith("ok") && o.contains("r0.t0#2<-1#1"), out.toString());
    }
  }
}
