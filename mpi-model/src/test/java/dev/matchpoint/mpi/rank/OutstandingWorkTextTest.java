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
}
