package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static dev.matchpoint.mpi.rank.RankRuns.errors;
import static dev.matchpoint.mpi.rank.RankRuns.returns;
import static dev.matchpoint.mpi.rank.RankRuns.run;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.run.Outcome;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Errors in a Waitall's requests, Testany's completed request, and MPI_Request_free (MPI-3.1 §3.7.3–3.7.5). */
class CompletionCasesTest {
  @Test
  @SpecClause(source = "MPI-3.1 §3.7.5", text = "If one or more of the communications completed by MPI_WAITALL "
      + "fail, it is desirable to return specific information on each communication. The function MPI_WAITALL will "
      + "return in such case the error code MPI_ERR_IN_STATUS and will set the error field of each status to a "
      + "specific error code.")
  void waitallAndTestall_withATruncatedReceive_returnMpiErrInStatus_mpi31Section375() {
    // Each pair: a 2-int message into a 1-int buffer (MPI_ERR_TRUNCATE) and a fitting one.
    Program sender = program().send(lit(1), lit(0), lit(2), Datatype.INT).send(lit(1), lit(1), lit(1), Datatype.INT)
        .send(lit(1), lit(2), lit(2), Datatype.INT).send(lit(1), lit(3), lit(1), Datatype.INT).build();
    Program receiver = program().irecv(lit(0), lit(0), lit(1), Datatype.INT, "a")
        .irecv(lit(0), lit(1), lit(1), Datatype.INT, "b")
        .call(new MpiOp.Waitall(List.of("a", "b"), List.of("sa", "sb")))
        .irecv(lit(0), lit(2), lit(1), Datatype.INT, "c").irecv(lit(0), lit(3), lit(1), Datatype.INT, "d")
        .call(new MpiOp.Compute(lit(10_000)))
        .call(new MpiOp.Testall(List.of("c", "d"), "f"))
        .irecv(lit(0), lit(3), lit(1), Datatype.INT, "e")
        .call(new MpiOp.Waitall(List.of("e"), List.of())).build();
    RunResult r = run(sender, receiver);
    // The last Waitall has nothing to receive: rank 0 sent no fifth message; it deadlocks, and
    // it is the only blocked call.
    assertEquals(List.of("MPI_Recv MPI_ERR_TRUNCATE", "MPI_Waitall MPI_ERR_IN_STATUS", "MPI_Recv MPI_ERR_TRUNCATE",
        "MPI_Testall MPI_ERR_IN_STATUS"), errors(r));
    assertEquals(Outcome.DEADLOCK, r.outcome());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.7.5", text = "If the list contains no active handles (list has length zero or "
      + "all entries are null or inactive), then the call returns immediately with index = MPI_UNDEFINED, and an "
      + "empty status.")
  @SpecClause(source = "MPI-3.1 §3.7.5", text = "If an operation has completed, it returns flag = true, returns in "
      + "index the index of this request in the array, and returns in status the status of that operation; the "
      + "request is deallocated and the handle is set to MPI_REQUEST_NULL.")
  void testany_returnsTheCompletedRequest_thenMpiUndefinedOnceNoneIsActive_mpi31Section375() {
    Program sender = program().send(lit(1), lit(5), lit(1), Datatype.INT).build();
    Program receiver = program().irecv(lit(0), lit(4), lit(1), Datatype.INT, "a")
        .irecv(lit(0), lit(5), lit(1), Datatype.INT, "b").call(new MpiOp.Cancel("a")).waitFor("a", "sa")
        .call(new MpiOp.Compute(lit(3_000_000)))
        .call(new MpiOp.Testany(List.of("a", "b"), "f", "i", "st"))
        .call(new MpiOp.Testany(List.of("a", "b"), "f", "i", "st"))
        .call(new MpiOp.Testany(List.of("a", "b"), "f", "i", "st")).build();
    RunResult r = run(sender, receiver);
    assertEquals(Outcome.OK, r.outcome(), r.problems().toString());
    // The message arrives while rank 1 computes; its progress (and so the receive's completion)
    // comes with the first Testany, which returns flag = false.
    assertEquals(List.of("MPI_Testany flag=false", "MPI_Testany flag=true i=1 source=0 tag=5 count=4B",
        "MPI_Testany flag=true i=MPI_UNDEFINED source=MPI_ANY_SOURCE tag=MPI_ANY_TAG count=0B"),
        returns(r, 1).stream().filter(x -> x.startsWith("MPI_Testany")).toList());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.7.3", text = "Mark the request object for deallocation and set request to "
      + "MPI_REQUEST_NULL. An ongoing communication that is associated with the request will be allowed to complete. "
      + "The request will be deallocated only after its completion.")
  @SpecClause(source = "MPI-3.1 §3.9", text = "A persistent communication request is deallocated by a call to "
      + "MPI_REQUEST_FREE")
  void requestFree_ofACompletedActiveOrInactiveRequest_leavesNothingOutstanding_mpi31Section373() {
    // A completed Irecv, an active persistent receive, and an inactive persistent send are freed; the
    // active one still receives its message; the handles read as MPI_REQUEST_NULL afterwards.
    Program sender = program().send(lit(1), lit(0), lit(1), Datatype.INT).call(new MpiOp.Compute(lit(10_000)))
        .send(lit(1), lit(1), lit(1), Datatype.INT).build();
    Program receiver = program().irecv(lit(0), lit(0), lit(1), Datatype.INT, "a")
        .call(new MpiOp.Compute(lit(5_000))).call(new MpiOp.RequestFree("a"))
        .call(new MpiOp.RecvInit(lit(0), lit(1), lit(1), Datatype.INT, MpiOp.WORLD, "p"))
        .call(new MpiOp.Start(List.of("p"), false)).call(new MpiOp.RequestFree("p"))
        .call(new MpiOp.SendInit(dev.matchpoint.mpi.SendMode.STANDARD, lit(0), lit(0), lit(1), Datatype.INT,
            MpiOp.WORLD, "q"))
        .call(new MpiOp.RequestFree("q"))
        .call(new MpiOp.Waitall(List.of("a", "p", "q"), List.of())).build();
    RunResult r = run(sender, receiver);
    assertEquals(Outcome.OK, r.outcome(), r.problems().toString());
    assertEquals(2, r.trace().matches().size());
    assertEquals(List.of(), errors(r));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.9", text = "A communication (send or receive) that uses a persistent request is "
      + "completed by the call to MPI_WAIT or MPI_TEST. The request becomes inactive after successful completion of "
      + "such a call.")
  void freedActivePersistentRequest_completedByWait_isDeallocated() {
    // Request_free of an active persistent receive after its Wait is the usual pattern; here the Wait
    // of the freed request finds MPI_REQUEST_NULL, and the receive still completes for the sender.
    Program sender = program().call(new MpiOp.Compute(lit(5_000))).send(lit(1), lit(0), lit(1), Datatype.INT)
        .build();
    Program receiver = program().call(new MpiOp.RecvInit(lit(0), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, "p"))
        .call(new MpiOp.Start(List.of("p"), false)).test("p", "f", "st")
        .waitFor("p", "st").test("p", "f", "st").call(new MpiOp.RequestFree("p")).build();
    RunResult r = run(sender, receiver);
    assertEquals(Outcome.OK, r.outcome(), r.problems().toString());
    assertEquals(List.of("MPI_Recv_init ", "MPI_Start ", "MPI_Test flag=false", "MPI_Wait source=0 tag=0 count=4B",
        "MPI_Test flag=true source=MPI_ANY_SOURCE tag=MPI_ANY_TAG count=0B", "MPI_Request_free "), returns(r, 1));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.7.5", text = "If an operation has completed, it returns flag = true, returns in "
      + "index the index of this request in the array, and returns in status the status of that operation; the "
      + "request is deallocated and the handle is set to MPI_REQUEST_NULL.")
  @SpecClause(source = "MPI-3.1 §3.7.5", text = "Returns flag = true if all communications associated with active "
      + "handles in the array have completed (this includes the case where no handle in the list is active).")
  @SpecClause(source = "MPI-3.1 §3.7.3", text = "One is allowed to call MPI_WAIT with a null or inactive request "
      + "argument. In this case the operation returns immediately with empty status.")
  void completionCalls_returnTheRequestAtIndexZero_andOverwriteFlagsAndStatuses() {
    // The completed request is the first of each list; flag and status variables held other values.
    Program sender = program().send(lit(1), lit(0), lit(1), Datatype.INT).send(lit(1), lit(1), lit(1), Datatype.INT)
        .send(lit(1), lit(2), lit(1), Datatype.INT).build();
    Program receiver = program().irecv(lit(0), lit(0), lit(1), Datatype.INT, "a")
        .irecv(lit(0), lit(1), lit(1), Datatype.INT, "b").irecv(lit(0), lit(2), lit(1), Datatype.INT, "c")
        .irecv(lit(0), lit(9), lit(1), Datatype.INT, "d")
        .call(new MpiOp.Testall(List.of(), "f"))
        .waitFor("c", "st")
        .call(new MpiOp.Testany(List.of("a", "d"), "g", "i", "st"))
        .call(new MpiOp.Testall(List.of("d"), "f"))
        .waitAny("j", "st", "b", "d")
        .waitFor("c", "st").call(new MpiOp.Cancel("d")).waitFor("d", null).build();
    RunResult r = run(sender, receiver);
    assertEquals(List.of("MPI_Testall flag=true", "MPI_Wait source=0 tag=2 count=4B",
        "MPI_Testany flag=true i=0 source=0 tag=0 count=4B", "MPI_Testall flag=false",
        "MPI_Waitany j=0 source=0 tag=1 count=4B", "MPI_Wait source=MPI_ANY_SOURCE tag=MPI_ANY_TAG count=0B",
        "MPI_Cancel ", "MPI_Wait "),
        returns(r, 1).stream().filter(x -> !x.startsWith("MPI_Irecv")).toList());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §8.4", text = "MPI_ERR_REQUEST Invalid MPI_Request")
  void requestFreeOfRequestNull_isMpiErrRequest_namingTheNullHandle() {
    Program p = program().irecv(dev.matchpoint.mpi.program.ProgramBuilder.procNull(), lit(0), lit(1), Datatype.INT,
        "r").waitFor("r", null).call(new MpiOp.RequestFree("r")).build();
    RunResult r = run(p);
    assertEquals(List.of("MPI_Request_free 'r' is MPI_REQUEST_NULL"), r.trace().of(TraceEvent.ErrorRaised.class)
        .stream().map(e -> e.call() + " " + e.detail()).toList());
  }
}
