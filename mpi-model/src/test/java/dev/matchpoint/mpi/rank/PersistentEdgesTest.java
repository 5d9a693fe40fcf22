package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.procNull;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Persistent requests' arguments, MPI_Start of what it cannot start, and persistent calls to MPI_PROC_NULL. */
class PersistentEdgesTest {
  private static MpiOp sendInit(MpiOp.Send s, String request) {
    return new MpiOp.SendInit(s.mode(), s.dest(), s.tag(), s.count(), s.type(), s.comm(), request);
  }

  private static MpiOp start(String... requests) {
    return new MpiOp.Start(List.of(requests), requests.length > 1);
  }

  private static List<String> details(RunResult r) {
    return r.trace().of(TraceEvent.ErrorRaised.class).stream().map(e -> e.call() + " " + e.error() + ": "
        + e.detail()).toList();
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.7.3", text = "One is allowed to call MPI_WAIT with a null or inactive request "
      + "argument.")
  @SpecClause(source = "MPI-3.1 §8.4", text = "MPI_ERR_REQUEST Invalid request (handle)")
  void invalidInits_bindMpiRequestNull_whichMpiStartRejects_asItRejectsANonPersistentRequest() {
    MpiOp badTag = sendInit(new MpiOp.Send(SendMode.STANDARD, lit(1), lit(-5), lit(1), Datatype.INT, MpiOp.WORLD),
        "s");
    MpiOp badSource = new MpiOp.RecvInit(lit(7), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, "q");
    Program p = program().call(badTag).call(badSource).waitFor("s", null).waitFor("q", null).call(start("s"))
        .irecv(lit(1), lit(0), lit(1), Datatype.INT, "r").call(start("r")).call(new MpiOp.Cancel("r"))
        .waitFor("r", null).build();
    RunResult r = RankRuns.run(p, program().build());
    assertEquals(List.of("MPI_Send_init MPI_ERR_TAG", "MPI_Recv_init MPI_ERR_RANK", "MPI_Start MPI_ERR_REQUEST",
        "MPI_Start MPI_ERR_REQUEST"), RankRuns.errors(r));
    assertEquals(List.of("MPI_Start MPI_ERR_REQUEST: 's' is MPI_REQUEST_NULL",
        "MPI_Start MPI_ERR_REQUEST: 'r' is not a persistent request"), details(r).subList(2, 4));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.9", text = "The associated request should be inactive.")
  void startallNamingOneRequestTwice_isErroneous_atTheSecond() {
    MpiOp init = new MpiOp.RecvInit(lit(1), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, "p");
    RunResult r = RankRuns.run(program().call(init).call(start("p", "p")).waitFor("p", null).build(),
        program().send(lit(0), lit(0), lit(1), Datatype.INT).build());
    assertEquals(List.of("MPI_Start of an active persistent request (MPI-3.1 §3.9)"), r.trace()
        .of(TraceEvent.ErroneousUse.class).stream().map(TraceEvent.ErroneousUse::rule).toList());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.11", text = "A send to MPI_PROC_NULL succeeds and returns as soon as possible. A "
      + "receive from MPI_PROC_NULL succeeds and returns as soon as possible with no modifications to the receive "
      + "buffer.")
  void persistentCallsWithMpiProcNull_completeWhenStarted_withTheProcNullStatus() {
    MpiOp send = sendInit(new MpiOp.Send(SendMode.STANDARD, procNull(), lit(0), lit(1), Datatype.INT, MpiOp.WORLD),
        "s");
    MpiOp recv = new MpiOp.RecvInit(procNull(), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, "q");
    RunResult r = RankRuns.run(program().call(send).call(recv).call(start("s", "q")).waitFor("s", null)
        .waitFor("q", "st").build());
    assertEquals(List.of("MPI_Send_init ", "MPI_Recv_init ", "MPI_Startall ", "MPI_Wait ",
        "MPI_Wait source=MPI_PROC_NULL tag=MPI_ANY_TAG count=0B"),
        RankRuns.returns(r, 0));
    assertEquals(List.of("r0.t0#0", "r0.t0#1"), r.trace().of(TraceEvent.RequestCompleted.class).stream()
        .map(c -> dev.matchpoint.mpi.RequestIds.format(c.requestId())).toList(), "each completed when started");
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.9", text = "A communication (send or receive) that uses a persistent request is "
      + "initiated by the function MPI_START.")
  @SpecClause(source = "MPI-3.1 §3.6.1", text = "If a buffered-mode send is used and insufficient buffer space is "
      + "available, then an error will occur.")
  @SpecClause(source = "docs/trace-format.md", text = "`request_completed` | `request`, `source`, `tag`, `count_bytes`, "
      + "`error`, `cancelled`")
  void persistentBufferedSend_completesLocallyEachStart_andWithoutABufferIsMpiErrBuffer() {
    MpiOp bsend = sendInit(new MpiOp.Send(SendMode.BUFFERED, lit(1), lit(0), lit(1), Datatype.INT, MpiOp.WORLD), "b");
    MpiOp recv = new MpiOp.Recv(lit(0), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, null);
    // The receiver posts its receives only after rank 0's two starts completed: each buffered start
    // completes at once, without a matching receive.
    RunResult r = RankRuns.run(program().call(new MpiOp.BufferAttach(lit(1024))).call(bsend).call(start("b"))
        .waitFor("b", null).call(start("b")).waitFor("b", null).send(lit(1), lit(1), lit(0), Datatype.INT).build(),
        program().recv(lit(0), lit(1), lit(0), Datatype.INT, null).call(recv).call(recv).build());
    assertEquals(List.of(), RankRuns.errors(r));
    assertEquals(List.of("MPI_Buffer_attach ", "MPI_Bsend_init ", "MPI_Start ", "MPI_Wait ", "MPI_Start ",
        "MPI_Wait ", "MPI_Send "), RankRuns.returns(r, 0));
    // Each start's completion is an event of the trace (docs/trace-format.md, `request_completed`).
    assertEquals(2, r.trace().of(TraceEvent.RequestCompleted.class).stream()
        .filter(c -> dev.matchpoint.mpi.RequestIds.format(c.requestId()).equals("r0.t0#0")).count(), r.trace().toText());
    RunResult none = RankRuns.run(program().call(bsend).call(start("b")).waitFor("b", null).build(),
        program().build());
    assertEquals(List.of("MPI_Start MPI_ERR_BUFFER"), RankRuns.errors(none));
    assertEquals(List.of("MPI_Bsend_init ", "MPI_Start  MPI_ERR_BUFFER", "MPI_Wait "), RankRuns.returns(none, 0));
  }

  @Test
  @SpecClause(source = "seed 003 Proposal 1", text = "This form is non-blocking, and a Wait, Test, or variant must be "
      + "used on the in request before the out request becomes valid.")
  void startOfARequestBeingBoundToAChannel_isErroneous_andStartsNothing() {
    MpiOp init = sendInit(new MpiOp.Send(SendMode.STANDARD, lit(1), lit(0), lit(1), Datatype.INT, MpiOp.WORLD), "p");
    RunResult r = RankRuns.run(program().call(init)
        .call(new MpiOp.BindChannel(List.of("p"), List.of("ch"), List.of(1), true, false)).call(start("p")).build(),
        program().build());
    assertEquals(List.of("MPI_Start of a request being bound to a channel (seed 003)"), r.trace()
        .of(TraceEvent.ErroneousUse.class).stream().map(TraceEvent.ErroneousUse::rule)
        .filter(rule -> rule.startsWith("MPI_Start")).toList());
    assertEquals(null, r.packetCounts().get("EAGER"), r.packetCounts().toString());
  }
}
