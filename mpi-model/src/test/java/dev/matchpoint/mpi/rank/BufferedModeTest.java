package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.matchpoint.core.net.NetworkOptions;
import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.ErrorClass;
import dev.matchpoint.mpi.SendCancelPolicy;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.WildcardPolicy;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.run.Outcome;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.List;
import org.junit.jupiter.api.Test;

/** MPI_Buffer_attach, MPI_Buffer_detach and the attached space of buffered sends (MPI-3.1 §3.4, §3.6). */
class BufferedModeTest {
  private static RunResult run(long bsendOverhead, Program... ranks) {
    ModelOptions o = new ModelOptions(WildcardPolicy.ANY, NetworkOptions.defaults(), bsendOverhead, 0,
        ModelOptions.QueueKind.REFERENCE, SendCancelPolicy.NEVER, false);
    ModelSpec.Builder b = ModelSpec.builder().options(o);
    for (Program p : ranks) {
      b.rank(p);
    }
    return Runner.timed(b.build(), 1, FifoScheduler.INSTANCE, RunOptions.keepingTrace(CheckKind.all()));
  }

  private static List<String> errors(RunResult r) {
    return r.trace().of(TraceEvent.ErrorRaised.class).stream().map(e -> e.call() + " " + e.error() + ": "
        + e.detail()).toList();
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.6", text = "Only one buffer can be attached to a process at a time.")
  @SpecClause(source = "MPI-3.1 §3.4", text = "An error will occur if there is insufficient buffer space.")
  @SpecClause(source = "MPI-3.1 §8.4", text = "MPI_ERR_BUFFER Invalid buffer pointer")
  void attachDetachAndBufferedSends_reportTheirErrors_mpi31Section36() {
    // With an overhead of 16 B per message, an 8016-byte buffer holds one 2000-int message: the 1-int
    // Bsend (while the first one's rendezvous data still waits for a CTS) does not fit.
    Program sender = program().send(SendMode.BUFFERED, lit(1), lit(0), lit(1), Datatype.INT)
        .call(new MpiOp.BufferDetach())
        .call(new MpiOp.BufferAttach(lit(-1)))
        .call(new MpiOp.BufferAttach(lit(8016)))
        .call(new MpiOp.BufferAttach(lit(40)))
        .send(SendMode.BUFFERED, lit(1), lit(0), lit(2000), Datatype.INT)
        .send(SendMode.BUFFERED, lit(1), lit(1), lit(1), Datatype.INT)
        .call(new MpiOp.BufferDetach()).build();
    Program receiver = program().recv(lit(0), lit(0), lit(2000), Datatype.INT, null).build();
    RunResult r = run(16, sender, receiver);
    assertEquals(List.of("MPI_Bsend MPI_ERR_BUFFER: no buffer is attached (MPI_Buffer_attach)",
        "MPI_Buffer_detach MPI_ERR_BUFFER: no buffer is attached",
        "MPI_Buffer_attach MPI_ERR_COUNT: size -1 is negative",
        "MPI_Buffer_attach MPI_ERR_BUFFER: a buffer of 8016 bytes is attached already; only one may be",
        "MPI_Bsend MPI_ERR_BUFFER: needs 20 bytes of attached buffer, 0 of 8016 free"), errors(r));
    assertEquals(1, r.trace().matches().size(), "only the first fitting message was sent");
    assertEquals(Outcome.ERRONEOUS, r.outcome());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.6", text = "This operation will block until all messages currently in the buffer "
      + "have been transmitted.")
  void bufferDetach_blocksUntilTheBufferedRendezvousDataHasLeft_thenTheSpaceIsGone_mpi31Section36() {
    // 2000 ints are a rendezvous message: its data leaves the buffer only after the receiver, which
    // posts at 50 us, answers with its CTS. After the detach a Bsend has no buffer; a new attach works.
    Program sender = program().call(new MpiOp.BufferAttach(lit(8000)))
        .send(SendMode.BUFFERED, lit(1), lit(0), lit(2000), Datatype.INT)
        .call(new MpiOp.BufferDetach())
        .send(SendMode.BUFFERED, lit(1), lit(1), lit(1), Datatype.INT)
        .call(new MpiOp.BufferAttach(lit(4)))
        .send(SendMode.BUFFERED, lit(1), lit(2), lit(1), Datatype.INT)
        .call(new MpiOp.BufferDetach()).build();
    Program receiver = program().call(new MpiOp.Compute(lit(50_000)))
        .recv(lit(0), lit(0), lit(2000), Datatype.INT, null)
        .recv(lit(0), lit(2), lit(1), Datatype.INT, null).build();
    RunResult r = run(0, sender, receiver);
    assertEquals(List.of("MPI_Bsend MPI_ERR_BUFFER: no buffer is attached (MPI_Buffer_attach)"), errors(r));
    TraceEvent.CallReturned detach = r.trace().of(TraceEvent.CallReturned.class).stream()
        .filter(c -> c.call().equals("MPI_Buffer_detach")).findFirst().orElseThrow();
    long ctsSent = r.trace().of(TraceEvent.PacketSent.class).stream().filter(p -> p.packet().equals("CTS"))
        .findFirst().orElseThrow().timeNs();
    assertEquals(true, detach.timeNs() > ctsSent, "detach returned at " + detach.timeNs() + ", CTS at " + ctsSent);
    assertEquals(2, r.trace().matches().size());
    assertEquals(List.of(ErrorClass.MPI_ERR_BUFFER), r.trace().of(TraceEvent.ErrorRaised.class).stream()
        .map(TraceEvent.ErrorRaised::error).toList());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.6", text = "size buffer size, in bytes (non-negative integer)")
  @SpecClause(source = "MPI-3.1 §3.6", text = "Only one buffer can be attached to a process at a time.")
  @SpecClause(source = "MPI-3.1 §3.4", text = "An error will occur if there is insufficient buffer space.")
  void aBufferOfZeroBytes_isAttached_holdsOnlyAnEmptyMessage_andIsDetached_mpi31Section36() {
    // Without a per-message overhead, an empty message fits in a zero-byte buffer and a 1-int one
    // does not; the zero-byte buffer counts as attached for a second attach and for the detach.
    Program sender = program().call(new MpiOp.BufferAttach(lit(0)))
        .send(SendMode.BUFFERED, lit(1), lit(0), lit(0), Datatype.INT)
        .send(SendMode.BUFFERED, lit(1), lit(1), lit(1), Datatype.INT)
        .call(new MpiOp.BufferAttach(lit(8)))
        .call(new MpiOp.BufferDetach())
        .call(new MpiOp.BufferDetach()).build();
    Program receiver = program().recv(lit(0), lit(0), lit(0), Datatype.INT, null).build();
    RunResult r = run(0, sender, receiver);
    assertEquals(List.of("MPI_Bsend MPI_ERR_BUFFER: needs 4 bytes of attached buffer, 0 of 0 free",
        "MPI_Buffer_attach MPI_ERR_BUFFER: a buffer of 0 bytes is attached already; only one may be",
        "MPI_Buffer_detach MPI_ERR_BUFFER: no buffer is attached"), errors(r));
    assertEquals(1, r.trace().matches().size(), "the empty message was sent");
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.6", text = "This operation will block until all messages currently in the buffer "
      + "have been transmitted.")
  void bufferDetach_afterAnEmptyBufferedMessage_returnsOnceItHasLeft_mpi31Section36() {
    // With the default MPI_BSEND_OVERHEAD of 0, an empty message holds 0 bytes of the buffer; once it
    // has been sent the detach returns, and the next Bsend finds no buffer.
    Program sender = program().call(new MpiOp.BufferAttach(lit(64)))
        .send(SendMode.BUFFERED, lit(1), lit(0), lit(0), Datatype.INT)
        .call(new MpiOp.BufferDetach())
        .send(SendMode.BUFFERED, lit(1), lit(1), lit(0), Datatype.INT).build();
    Program receiver = program().recv(lit(0), lit(0), lit(0), Datatype.INT, null).build();
    RunResult r = RankRuns.run(sender, receiver);
    assertEquals(List.of("MPI_Buffer_attach ", "MPI_Bsend ", "MPI_Buffer_detach ", "MPI_Bsend  MPI_ERR_BUFFER"),
        RankRuns.returns(r, 0));
    assertEquals(List.of("MPI_Bsend MPI_ERR_BUFFER"), RankRuns.errors(r));
    assertEquals(Outcome.ERRONEOUS, r.outcome());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.7.2", text = "Note that a successful return of a nonblocking buffered send"
      + " (MPI_IBSEND) does not guarantee that the message has been transmitted")
  void ibsend_thatFitsTheBuffer_completesItsRequestWithSuccess_mpi31Section372() {
    Program sender = program().call(new MpiOp.BufferAttach(lit(64)))
        .isend(SendMode.BUFFERED, lit(1), lit(0), lit(1), Datatype.INT, "s")
        .waitFor("s", "st")
        .call(new MpiOp.BufferDetach()).build();
    Program receiver = program().recv(lit(0), lit(0), lit(1), Datatype.INT, null).build();
    RunResult r = RankRuns.run(sender, receiver);
    assertEquals(List.of("MPI_Buffer_attach ", "MPI_Ibsend ", "MPI_Wait source=MPI_ANY_SOURCE tag=MPI_ANY_TAG count=0B",
        "MPI_Buffer_detach "), RankRuns.returns(r, 0));
    assertEquals(Outcome.OK, r.outcome());
  }
}
