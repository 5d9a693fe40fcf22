package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.matchpoint.core.net.CreditPolicy;
import dev.matchpoint.core.net.NetworkOptions;
import dev.matchpoint.core.net.ProtocolOptions;
import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.mpi.CollectiveKind;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.run.Outcome;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The deadlock report ({@link StateReport}): for each kind of wait, what the blocked thread waits for, in MPI terms. */
class StateReportTest {
  private static final String REPORT = "the deadlock report (blocked threads with what they wait for, the queues,"
      + " packets in flight)";

  /** Every rank blocks in a different way; eager credit is 8 bytes per peer. */
  static ModelSpec everyWait() {
    Program detach = program().call(new MpiOp.BufferAttach(lit(100_000)))
        .send(SendMode.BUFFERED, lit(1), lit(1), lit(5000), Datatype.INT).call(new MpiOp.BufferDetach()).build();
    Program ssend = program().send(SendMode.SYNCHRONOUS, lit(1), lit(2), lit(1), Datatype.INT).build();
    Program barrier = program().call(new MpiOp.Collective(CollectiveKind.BARRIER, null, lit(0), Datatype.INT, null,
        MpiOp.WORLD)).build();
    Program credit = program().send(lit(3), lit(0), lit(2), Datatype.INT).send(lit(3), lit(0), lit(2), Datatype.INT)
        .build();
    Program never = program().recv(lit(2), lit(99), lit(1), Datatype.INT, null).build();
    Program bind = program()
        .call(new MpiOp.SendInit(SendMode.STANDARD, lit(5), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, "p"))
        .call(new MpiOp.BindChannel(List.of("p"), List.of("ch"), List.of(1), false, false)).build();
    Program waits = program().irecv(lit(4), lit(0), lit(1), Datatype.INT, "r").waitAll("r").build();
    Program sendrecv = program().call(new MpiOp.Sendrecv(lit(7), lit(0), lit(1), Datatype.INT, lit(7), lit(0), lit(1),
        Datatype.INT, MpiOp.WORLD, null)).build();
    Program idle = program().build();
    ModelOptions o = ModelOptions.defaults().withNetwork(NetworkOptions.defaults()
        .withProtocol(new ProtocolOptions(4096, 0, 8, CreditPolicy.WAIT)));
    return ModelSpec.builder().rank(detach, ssend).rank(barrier).rank(credit).rank(never).rank(bind).rank(waits)
        .rank(sendrecv).rank(idle).options(o).build();
  }

  @Test
  @SpecClause(source = "docs/cli.md", text = REPORT)
  void deadlockReport_namesWhatEachKindOfWaitWaitsFor() {
    RunResult r = Runner.timed(everyWait(), 1, FifoScheduler.INSTANCE, RunOptions.of(CheckKind.all()));
    assertEquals(Outcome.DEADLOCK, r.outcome());
    assertEquals(String.join("\n",
        "  r0.t0 blocked in MPI_Buffer_detach() at <java>",
        "      waiting for 1 buffered message(s) to be transmitted",
        "  r0.t1 blocked in MPI_Ssend(dest=1, tag=2, count=1 MPI_INT, comm=world) at <java>",
        "      waiting for Ssend r0.t1#0 to 1 (tag 2, 4 B): eager synchronous, waiting for the acknowledgement that the matching receive started",
        "  r1.t0 blocked in MPI_Barrier(comm=world) at <java>",
        "      waiting for collective #0: ranks [0, 2, 3, 4, 5, 6, 7] have not called it",
        "  r2.t0 blocked in MPI_Send(dest=3, tag=0, count=2 MPI_INT, comm=world) at <java>",
        "      waiting for Send r2.t0#1 to 3 (tag 0, 8 B): eager, waiting for eager credit at rank 3",
        "  r3.t0 blocked in MPI_Recv(source=2, tag=99, count=1 MPI_INT, comm=world) at <java>",
        "      waiting for receive r3.t0#0 (source 2, tag 99, context 0): no matching message",
        "  r4.t0 blocked in MPI_Bind_channel(requests=[p], channels=[ch], slackness=[1]) at <java>",
        "      waiting for channel r4.t0#1: waiting for rank 5 to bind a matching persistent receive (seed 003: binding is pairwise)",
        "  r5.t0 blocked in MPI_Waitall(requests=[r]) at <java>",
        "      waiting for receive r5.t0#0 (source 4, tag 0, context 0): no matching message",
        "  r6.t0 blocked in MPI_Sendrecv(dest=7, sendtag=0, source=7, recvtag=0, comm=world) at <java>",
        "      waiting for receive r6.t0#1 (source 7, tag 0, context 0): no matching message",
        "  rank 1:",
        "      unexpected message 0#0(tag 2, 4 B, eager, Ssend)",
        "      unexpected message 0#1(tag 1, 20000 B, rendezvous, Bsend)",
        "  rank 3:",
        "      posted receive r3.t0#0 (source 2, tag 99, context 0, 4 B)",
        "      unexpected message 2#0(tag 0, 8 B, eager, Send)",
        "  rank 5:",
        "      posted receive r5.t0#0 (source 4, tag 0, context 0, 4 B)",
        "  rank 6:",
        "      posted receive r6.t0#1 (source 7, tag 0, context 0, 4 B)",
        "  rank 7:",
        "      unexpected message 6#0(tag 0, 4 B, eager, Send)",
        "  network: waiting for eager credit: EAGER 2->3 8 B message 2#1",
        ""), r.report().toText());
  }

  /** A rendezvous send from rank 0 to rank 1 under a constant 1000 ns latency, a computing rank 2 and a probing rank 3. */
  static ModelSpec midFlight() {
    Program send = program().send(lit(1), lit(0), lit(5000), Datatype.INT).build();
    Program recv = program().recv(lit(0), lit(0), lit(5000), Datatype.INT, null).build();
    Program compute = program().call(new MpiOp.Compute(lit(100_000))).build();
    Program probe = program().probe(lit(2), lit(0), null).build();
    ModelOptions o = ModelOptions.defaults().withNetwork(NetworkOptions.defaults()
        .withLatency(new dev.matchpoint.core.net.LatencyModel.Constant(1000)));
    return ModelSpec.builder().rank(send).rank(recv).rank(compute).rank(probe).options(o).build();
  }

  @Test
  @SpecClause(source = "docs/cli.md", text = REPORT)
  void reportOfARunCutShort_namesTheRendezvousPhase_andThePacketsInFlight() {
    RunResult rts = Runner.timed(midFlight(), 1, FifoScheduler.INSTANCE, RunOptions.of(CheckKind.all())
        .withTimeLimit(500));
    RunResult data = Runner.timed(midFlight(), 1, FifoScheduler.INSTANCE, RunOptions.of(CheckKind.all())
        .withTimeLimit(2500));
    assertEquals(String.join("\n",
        "  r0.t0 blocked in MPI_Send(dest=1, tag=0, count=5000 MPI_INT, comm=world) at <java>",
        "      waiting for Send r0.t0#0 to 1 (tag 0, 20000 B): rendezvous, waiting for the receiver's CTS (no matching receive has started)",
        "  r1.t0 blocked in MPI_Recv(source=0, tag=0, count=5000 MPI_INT, comm=world) at <java>",
        "      waiting for receive r1.t0#0 (source 0, tag 0, context 0): no matching message",
        "  r2.t0 blocked in compute(ns=100000) at <java>",
        "      waiting for local computation",
        "  r3.t0 blocked in MPI_Probe(source=2, tag=0, comm=world) at <java>",
        "      waiting for a message matching the probe in the unexpected message queue",
        "  rank 1:",
        "      posted receive r1.t0#0 (source 0, tag 0, context 0, 20000 B)",
        "  network: in flight: RTS 0->1 0 B message 0#0 #0",
        ""), rts.report().toText());
    assertEquals(String.join("\n",
        "  r1.t0 blocked in MPI_Recv(source=0, tag=0, count=5000 MPI_INT, comm=world) at <java>",
        "      waiting for receive r1.t0#0 matched 0#0: waiting for the rendezvous DATA",
        "  r2.t0 blocked in compute(ns=100000) at <java>",
        "      waiting for local computation",
        "  r3.t0 blocked in MPI_Probe(source=2, tag=0, comm=world) at <java>",
        "      waiting for a message matching the probe in the unexpected message queue",
        "  network: in flight: DATA 0->1 20000 B #1",
        ""), data.report().toText());
  }
}
