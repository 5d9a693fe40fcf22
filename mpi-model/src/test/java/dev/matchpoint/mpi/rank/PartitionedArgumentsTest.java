package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.anySource;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.program.Expr;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.PartitionCalls;
import dev.matchpoint.mpi.program.PartitionCalls.ReadyForm;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The arguments of the partitioned calls (MPI-4.0 §4.2) and the status of a completed partitioned receive. */
class PartitionedArgumentsTest {
  private static MpiOp psend(Expr dest, int partitions, String request) {
    return new PartitionCalls.PsendInit(dest, lit(0), lit(partitions), lit(1), Datatype.INT, MpiOp.WORLD, request);
  }

  private static MpiOp precv(Expr source, int partitions, String request) {
    return new PartitionCalls.PrecvInit(source, lit(0), lit(partitions), lit(1), Datatype.INT, MpiOp.WORLD, request);
  }

  private static MpiOp start(String request) {
    return new MpiOp.Start(List.of(request), false);
  }

  /** Each call rank {@code rank} returned from, as "call result". */
  private static List<String> returns(RunResult r, int rank) {
    return r.trace().of(TraceEvent.CallReturned.class).stream().filter(e -> e.rank() == rank)
        .map(e -> e.call() + " " + e.result()).toList();
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.2.3", text = "Thus, the range of valid values for dest is 0, ..., n-1 ∪ "
      + "{MPI_PROC_NULL}, where n is the number of processes in the group.")
  @SpecClause(source = "MPI-3.1 §8.4", text = "MPI_ERR_ARG Invalid argument of some other kind")
  void invalidInitArguments_areErrors_andBindMpiRequestNull() {
    // A send to MPI_ANY_SOURCE is an invalid rank, a negative partition count an invalid argument; a
    // receive from MPI_ANY_SOURCE is valid MPI that the model does not model (one peer per call).
    RunResult r = RankRuns.run(program().call(psend(anySource(), 1, "a")).waitFor("a", null)
        .call(psend(lit(1), -1, "b")).waitFor("b", null).build(),
        program().call(precv(anySource(), 1, "c")).waitFor("c", null).build());
    assertEquals(List.of("MPI_Psend_init MPI_ERR_RANK", "MPI_Psend_init MPI_ERR_ARG"), RankRuns.errors(r));
    assertEquals(List.of("partitioned communication with a wildcard or MPI_PROC_NULL is not modelled"),
        r.trace().of(TraceEvent.ErroneousUse.class).stream().map(TraceEvent.ErroneousUse::rule).toList());
    assertEquals(4, returns(r, 0).size(), returns(r, 0).toString());
    assertEquals(2, returns(r, 1).size(), returns(r, 1).toString());
  }

  /**
   * Zero partitions (a non-negative count): each MPI_Start begins an epoch with nothing to mark
   * ready or to arrive, so the send and the receive complete without any MPI_Pready, epoch after
   * epoch, and the run ends with every call returned.
   */
  @Test
  @SpecClause(source = "MPI-4.0 §4.2.2", text = "The completion of a partitioned send operation indicates that the"
      + " sender is now free to call MPI_START/MPI_STARTALL to restart the operation and subsequently MPI_PREADY,"
      + " MPI_PREADY_RANGE or MPI_PREADY_LIST.")
  @SpecClause(source = "MPI-4.0 §4.2.2", text = "The completion of a partitioned receive operation through MPI_WAIT or"
      + " MPI_TEST indicates that the receive buffer contains all of the partitions.")
  @SpecClause(source = "docs/trace-format.md", text = "`request_completed` | `request`, `source`, `tag`, `count_bytes`,"
      + " `error`, `cancelled`")
  void zeroPartitions_completeAtEachStart_withoutMpiPready() {
    RunResult r = RankRuns.run(program().call(psend(lit(1), 0, "s")).call(start("s")).waitFor("s", null)
        .call(start("s")).waitFor("s", null).build(),
        program().call(precv(lit(0), 0, "r")).call(start("r")).waitFor("r", null).call(start("r"))
        .waitFor("r", null).build());
    assertEquals(dev.matchpoint.mpi.run.Outcome.OK, r.outcome(), r.toString());
    assertEquals(List.of(), RankRuns.errors(r));
    assertEquals(List.of("MPI_Psend_init", "MPI_Start", "MPI_Wait", "MPI_Start", "MPI_Wait"),
        returns(r, 0).stream().map(String::strip).toList());
    assertEquals(List.of("MPI_Precv_init", "MPI_Start", "MPI_Wait", "MPI_Start", "MPI_Wait"),
        returns(r, 1).stream().map(String::strip).toList());
    // Each epoch's completion is a request_completed event (docs/trace-format.md), on both sides.
    for (int rank = 0; rank < 2; rank++) {
      int side = rank;
      assertEquals(2, r.trace().of(TraceEvent.RequestCompleted.class).stream().filter(e -> e.rank() == side).count(),
          "rank " + rank + "'s completions");
    }
  }

  @Test
  @SpecClause(source = "MPI-3.1 §8.4", text = "MPI_ERR_REQUEST Invalid request (handle)")
  void preadyOnANullOrAReceiveRequest_isMpiErrRequest() {
    MpiOp preadyR = new PartitionCalls.Pready(ReadyForm.ONE, List.of(lit(0)), "r");
    // A receive request, then the same variable once its Wait set it to MPI_REQUEST_NULL.
    RunResult r = RankRuns.run(program().irecv(lit(1), lit(0), lit(1), Datatype.INT, "r").call(preadyR)
        .waitFor("r", null).call(preadyR).build(), program().send(lit(0), lit(0), lit(1), Datatype.INT).build());
    assertEquals(List.of("'r' is not a partitioned send request (MPI_Psend_init)", "'r' is MPI_REQUEST_NULL"),
        r.trace().of(TraceEvent.ErrorRaised.class).stream().map(TraceEvent.ErrorRaised::detail).toList());
    assertEquals(List.of("MPI_Pready MPI_ERR_REQUEST", "MPI_Pready MPI_ERR_REQUEST"), RankRuns.errors(r));
  }

  @Test
  @SpecClause(source = "MPI-4.0 §4.2.2", text = "The MPI_PARRIVED function can be used to determine if the message "
      + "data for a partition of a partitioned receive operation has arrived")
  @SpecClause(source = "MPI-4.1 §4.2.2", text = "MPI_PARRIVED may be called with a null or inactive request")
  void aOneElementRange_isReady_theLastPartitionIsInRange_andOnePastIsNot() {
    Program sender = program().call(psend(lit(1), 2, "p")).call(start("p"))
        .call(new PartitionCalls.Pready(ReadyForm.RANGE, List.of(lit(0), lit(0)), "p"))
        .call(new PartitionCalls.Pready(ReadyForm.RANGE, List.of(lit(1), lit(1)), "p")).waitFor("p", null).build();
    Program receiver = program().call(precv(lit(0), 2, "p")).call(new PartitionCalls.Parrived("p", lit(0), "f"))
        .call(start("p")).call(new PartitionCalls.Parrived("p", lit(2), "g")).waitFor("p", "st")
        .call(new MpiOp.GetCount("st", Datatype.INT, "n")).build();
    RunResult r = RankRuns.run(sender, receiver);
    assertEquals(List.of("MPI_Parrived MPI_ERR_ARG"), RankRuns.errors(r));
    List<String> got = returns(r, 1);
    assertEquals("MPI_Parrived flag=true", got.get(1), "an inactive request: " + got);
    assertEquals("MPI_Get_count count=2", got.get(got.size() - 1), "both partitions' elements: " + got);
  }

  @Test
  @SpecClause(source = "MPI-4.0 §4.2.2", text = "The MPI_PARRIVED function can be used to determine if the message "
      + "data for a partition of a partitioned receive operation has arrived")
  void aReceivePartition_hasArrivedOnceEverySendPartitionOverlappingItHas() {
    // Four send partitions of 4 B, two receive partitions of 8 B: receive partition 0 is send
    // partitions 0 and 1, receive partition 1 is 2 and 3. Only 0 and 1 are ready before rank 1 looks.
    Program sender = program().call(new PartitionCalls.PsendInit(lit(1), lit(0), lit(4), lit(1), Datatype.INT,
        MpiOp.WORLD, "p")).call(start("p")).call(new PartitionCalls.Pready(ReadyForm.RANGE, List.of(lit(0), lit(1)),
            "p")).recv(lit(1), lit(9), lit(0), Datatype.INT, null)
        .call(new PartitionCalls.Pready(ReadyForm.RANGE, List.of(lit(2), lit(3)), "p")).waitFor("p", null).build();
    Program receiver = program().call(new PartitionCalls.PrecvInit(lit(0), lit(0), lit(2), lit(2), Datatype.INT,
        MpiOp.WORLD, "p")).call(start("p")).call(new MpiOp.Compute(lit(50_000)))
        .call(new PartitionCalls.Parrived("p", lit(0), "a")).call(new PartitionCalls.Parrived("p", lit(1), "b"))
        .send(lit(0), lit(9), lit(0), Datatype.INT).waitFor("p", null).build();
    RunResult r = RankRuns.run(sender, receiver);
    assertEquals(List.of(), RankRuns.errors(r));
    assertEquals(List.of("MPI_Parrived flag=true", "MPI_Parrived flag=false"), returns(r, 1).stream()
        .filter(s -> s.startsWith("MPI_Parrived")).toList());
  }
}
