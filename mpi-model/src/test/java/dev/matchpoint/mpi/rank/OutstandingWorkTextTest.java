package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.mpi.CollectiveKind;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.check.Violation;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.PartitionCalls;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.program.SourceLocation;
import dev.matchpoint.mpi.program.Stmt;
import dev.matchpoint.mpi.run.Outcome;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the {@code complete-before-finalize} finding says about each kind of operation left
 * outstanding (MPI-3.1 §8.7): the call that started it, and whether it was cancelled.
 */
class OutstandingWorkTextTest {
  private static Stmt at(int line, MpiOp op) {
    return new Stmt.Call(op, new SourceLocation("t.yaml", line, 9));
  }

  private static List<String> findings(Program... ranks) {
    ModelSpec.Builder b = ModelSpec.builder();
    for (Program p : ranks) {
      b.rank(p);
    }
    RunResult r = Runner.timed(b.build(), 1, FifoScheduler.INSTANCE, RunOptions.keepingTrace(CheckKind.all()));
    assertEquals(Outcome.ERRONEOUS, r.outcome(), r.problems() + " " + r.violations());
    return r.violations().stream().filter(v -> v.check().equals("complete-before-finalize"))
        .map(Violation::message).toList();
  }

  private static MpiOp recv(int source) {
    return new MpiOp.Recv(lit(source), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, null);
  }

  @Test
  @SpecClause(source = "MPI-3.1 §8.7", text = "It must locally complete all MPI operations that it initiated")
  void startedPersistentSynchronousAndReadySends_areNamedByTheirInitCall() {
    for (SendMode mode : List.of(SendMode.SYNCHRONOUS, SendMode.READY)) {
      MpiOp init = new MpiOp.SendInit(mode, lit(1), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, "s");
      // Rank 1 posts its receive first and tells rank 0 to start, so the ready send is correct.
      Program sender = new Program(List.of(at(3, init), at(4, recv(1)), at(5, new MpiOp.Start(List.of("s"), false)),
          at(6, recv(1))));
      MpiOp go = new MpiOp.Send(SendMode.STANDARD, lit(0), lit(0), lit(0), Datatype.INT, MpiOp.WORLD);
      Program receiver = new Program(List.of(at(10, new MpiOp.Irecv(lit(0), lit(0), lit(1), Datatype.INT,
          MpiOp.WORLD, "r")), at(11, go), at(12, new MpiOp.Wait("r", null)), at(13, go)));
      String name = mode == SendMode.SYNCHRONOUS ? "MPI_Ssend_init" : "MPI_Rsend_init";
      assertEquals(List.of("persistent request r0.t0#0 (" + name + " to rank 1, tag 0), started at t.yaml:5:9, is "
          + "still active: no Wait or Test completed it; its operation had completed"), findings(sender, receiver),
          name);
    }
  }

  @Test
  @SpecClause(source = "MPI-3.1 §8.7", text = "It must locally complete all MPI operations that it initiated")
  void anImrecvAndANonblockingCollective_neverWaited_areNamed() {
    MpiOp send = new MpiOp.Send(SendMode.STANDARD, lit(1), lit(0), lit(1), Datatype.INT, MpiOp.WORLD);
    Program receiver = new Program(List.of(at(4, new MpiOp.Mprobe(lit(0), lit(0), MpiOp.WORLD, "m", null)),
        at(5, new MpiOp.Imrecv("m", lit(1), Datatype.INT, "r"))));
    assertEquals(List.of("request r1.t0#0 (MPI_Imrecv), started at t.yaml:5:9, was never completed by a Wait or Test, "
        + "nor freed; its operation had completed"), findings(new Program(List.of(at(3, send))), receiver));
    MpiOp ibarrier = new MpiOp.Collective(CollectiveKind.BARRIER, null, lit(0), Datatype.INT, null, MpiOp.WORLD, "b");
    assertEquals(List.of("request r0.t0#0 (nonblocking collective #0 on context 0), started at t.yaml:3:9, was never "
        + "completed by a Wait or Test, nor freed; its operation had completed"),
        findings(new Program(List.of(at(3, ibarrier))), new Program(List.of(at(4, ibarrier), at(5,
            new MpiOp.Wait("b", null))))).subList(0, 1));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.8.4", text = "If a communication is marked for cancellation, then a MPI_WAIT call "
      + "for that communication is guaranteed to return")
  void aCancelledReceiveNeverWaited_saysItWasCancelled() {
    Program receiver = new Program(List.of(at(3, new MpiOp.Irecv(lit(1), lit(0), lit(1), Datatype.INT, MpiOp.WORLD,
        "r")), at(4, new MpiOp.Cancel("r")), at(5, new MpiOp.Compute(lit(100_000)))));
    assertEquals(List.of("request r0.t0#0 (MPI_Irecv from source 1, tag 0), started at t.yaml:3:9, was never completed "
        + "by a Wait or Test, nor freed; it was cancelled"), findings(receiver, new Program(List.of())));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §8.7", text = "if the process is the target of a send, then it must post the matching "
      + "receive")
  void messagesQueuedOrWaitingForCredit_atTheEnd_areNamedWithWhereTheyAre() {
    // Rank 1 never receives; its eager buffer has room for one 4-byte message, so the second waits for
    // credit that never comes.
    MpiOp first = new MpiOp.Isend(SendMode.STANDARD, lit(1), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, "a");
    MpiOp second = new MpiOp.Isend(SendMode.STANDARD, lit(1), lit(1), lit(1), Datatype.INT, MpiOp.WORLD, "b");
    Program sender = new Program(List.of(at(3, first), at(4, new MpiOp.RequestFree("a")), at(5, second),
        at(6, new MpiOp.RequestFree("b"))));
    ModelSpec spec = ModelSpec.builder().rank(sender).rank(new Program(List.of()))
        .options(ModelOptions.defaults().withNetwork(dev.matchpoint.core.net.NetworkOptions.defaults().withProtocol(
            new dev.matchpoint.core.net.ProtocolOptions(4096, 0, 4, dev.matchpoint.core.net.CreditPolicy.WAIT))))
        .build();
    RunResult r = Runner.timed(spec, 1, FifoScheduler.INSTANCE, RunOptions.keepingTrace(CheckKind.all()));
    assertEquals(List.of("message 0#0 (tag 0, 4 B, standard mode) sent at t.yaml:3:9 was never received by rank 1 (it "
        + "is in the unexpected message queue)", "message 0#1 (tag 1, 4 B, standard mode) sent at t.yaml:5:9 was never "
        + "received by rank 1 (it still waits for eager credit)"), r.violations().stream().map(Violation::message)
        .toList());
  }
  @Test
  @SpecClause(source = "MPI-3.1 §8.7", text = "It must locally complete all MPI operations that it initiated")
  void aStartedPersistentReceive_andUnwaitedNonblockingCalls_areNamedWithTheirOwnTags() {
    // A receive posted by MPI_Recv_init + MPI_Start, an MPI_Isend and an MPI_Irecv, none waited: each
    // is named by the call that created it, a send by its tag, a receive by its tag pattern.
    MpiOp recvInit = new MpiOp.RecvInit(lit(1), lit(7), lit(1), Datatype.INT, MpiOp.WORLD, "p");
    MpiOp isend = new MpiOp.Isend(SendMode.STANDARD, lit(1), lit(5), lit(1), Datatype.INT, MpiOp.WORLD, "s");
    MpiOp irecv = new MpiOp.Irecv(lit(1), lit(9), lit(1), Datatype.INT, MpiOp.WORLD, "r");
    Program rank0 = new Program(List.of(at(3, recvInit), at(4, new MpiOp.Start(List.of("p"), false)), at(5, isend),
        at(6, irecv)));
    // Rank 1 receives the tag-5 message, so only rank 0's requests are outstanding.
    Program rank1 = new Program(List.of(at(10, new MpiOp.Recv(lit(0), lit(5), lit(1), Datatype.INT, MpiOp.WORLD,
        null))));
    assertEquals(List.of("persistent request r0.t0#0 (MPI_Recv_init from source 1, tag 7), started at t.yaml:4:9, is "
        + "still active: no Wait or Test completed it; its operation is still pending",
        "request r0.t0#1 (MPI_Isend to rank 1, tag 5), started at t.yaml:5:9, was never completed by a Wait or Test, "
            + "nor freed; its operation had completed",
        "request r0.t0#2 (MPI_Irecv from source 1, tag 9), started at t.yaml:6:9, was never completed by a Wait or "
            + "Test, nor freed; its operation is still pending"), findings(rank0, rank1));
  }

  @Test
  @SpecClause(source = "MPI-4.0 §4.2.3", text = "Once a partitioned send operation is started, each partition must be "
      + "marked as ready using MPI_PREADY and the operation must be completed using a completion function, such as "
      + "MPI_TEST or MPI_WAIT.")
  @SpecClause(source = "MPI-3.1 §8.7", text = "It must locally complete all MPI operations that it initiated")
  void startedPartitionedRequestsNeverWaited_areNamedByTheirInitCall() {
    MpiOp psend = new PartitionCalls.PsendInit(lit(1), lit(0), lit(2), lit(1), Datatype.INT, MpiOp.WORLD, "s");
    MpiOp precv = new PartitionCalls.PrecvInit(lit(0), lit(0), lit(2), lit(1), Datatype.INT, MpiOp.WORLD, "r");
    Program sender = new Program(List.of(at(3, psend), at(4, new MpiOp.Start(List.of("s"), false))));
    Program receiver = new Program(List.of(at(10, precv), at(11, new MpiOp.Start(List.of("r"), false))));
    assertEquals(List.of("persistent request r0.t0#0 (MPI_Psend_init to rank 1, 2 partition(s), tag 0), started at "
        + "t.yaml:4:9, is still active: no Wait or Test completed it; its operation is still pending",
        "persistent request r1.t0#0 (MPI_Precv_init from source 0, 2 partition(s), tag 0), started at t.yaml:11:9, is "
            + "still active: no Wait or Test completed it; its operation is still pending"), findings(sender, receiver));
  }
  @Test
  @SpecClause(source = "MPI-3.1 §8.7", text = "It must locally complete all MPI operations that it initiated")
  void aZeroByteAttachedBuffer_stillHoldingAnEmptyBufferedMessage_isOutstandingWork() {
    // MPI_BSEND_OVERHEAD 0: an empty buffered message fits a zero-byte buffer. A header larger than the
    // eager buffer sends it rendezvous, so it stays in the buffer while rank 1 never receives it.
    Program sender = new Program(List.of(at(3, new MpiOp.BufferAttach(lit(0))), at(4, new MpiOp.Send(
        SendMode.BUFFERED, lit(1), lit(0), lit(0), Datatype.INT, MpiOp.WORLD))));
    ModelSpec spec = ModelSpec.builder().rank(sender).rank(new Program(List.of()))
        .options(ModelOptions.defaults().withNetwork(dev.matchpoint.core.net.NetworkOptions.defaults().withProtocol(
            new dev.matchpoint.core.net.ProtocolOptions(4096, 8, 4, dev.matchpoint.core.net.CreditPolicy.WAIT))))
        .build();
    RunResult r = Runner.timed(spec, 1, FifoScheduler.INSTANCE, RunOptions.keepingTrace(CheckKind.all()));
    assertEquals(List.of("the buffer attached at t.yaml:3:9 still holds 1 buffered message(s) not yet transmitted",
        "message 0#0 (tag 0, 0 B, buffered mode) sent at t.yaml:4:9 was never received by rank 1 (it is in the "
        + "unexpected message queue)"), r.violations().stream().map(Violation::message).toList());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §8.7", text = "if the process is the target of a send, then it must post the matching "
      + "receive")
  void aMessageStillInFlight_whenEveryProgramHasEnded_isNamedAsNeverReceived() {
    // Logical mode, World#end called where every thread has finished but the network has not yet
    // delivered the eager message. (The searches and runs judge only states with nothing enabled, where
    // the network has drained; end() still judges whatever state it is given.)
    Program sender = new Program(List.of(at(3, new MpiOp.Isend(SendMode.STANDARD, lit(1), lit(4), lit(1),
        Datatype.INT, MpiOp.WORLD, "s")), at(4, new MpiOp.RequestFree("s"))));
    ModelSpec spec = ModelSpec.builder().rank(sender).rank(new Program(List.of())).build();
    World w = World.logical(spec, dev.matchpoint.mpi.trace.TraceSink.NONE,
        CheckKind.all(), false);
    w.execute(Action.step(0, 0, -1));
    w.execute(Action.step(0, 0, -1));
    assertEquals(List.of(), w.blockedThreads());
    w.end(false);
    assertEquals(List.of("message 0#0 (tag 4, 4 B, standard mode) sent at t.yaml:3:9 was never received by rank 1 (it "
        + "is still in flight)"), w.checks().violations().stream().map(Violation::message).toList());
  }
  @Test
  @SpecClause(source = "MPI-3.1 §8.7", text = "It must locally complete all MPI operations that it initiated")
  void anUnwaitedIssend_isNamedByItsOwnCall() {
    MpiOp issend = new MpiOp.Isend(SendMode.SYNCHRONOUS, lit(1), lit(2), lit(1), Datatype.INT, MpiOp.WORLD, "s");
    Program rank1 = new Program(List.of(at(10, new MpiOp.Recv(lit(0), lit(2), lit(1), Datatype.INT, MpiOp.WORLD,
        null))));
    assertEquals(List.of("request r0.t0#0 (MPI_Issend to rank 1, tag 2), started at t.yaml:3:9, was never completed "
        + "by a Wait or Test, nor freed; its operation had completed"), findings(new Program(List.of(at(3, issend))),
        rank1));
  }
}
