package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.net.CreditPolicy;
import dev.matchpoint.core.net.DeliveryOrder;
import dev.matchpoint.core.net.LatencyModel;
import dev.matchpoint.core.net.NetworkOptions;
import dev.matchpoint.core.net.ProtocolOptions;
import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.check.Checks;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.run.Outcome;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.mpi.testing.Exhaustive;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Eager and rendezvous protocols, credits and send modes (seed 004; MPI-3.1 §3.4, §3.6). */
class ProtocolTest {
  private static ModelOptions options(long threshold, long bufferBytes, CreditPolicy policy, LatencyModel latency) {
    return ModelOptions.defaults().withNetwork(new NetworkOptions(latency, DeliveryOrder.PER_PAIR_FIFO,
        new ProtocolOptions(threshold, 0, bufferBytes, policy)));
  }

  /** Two ranks that each send first, then receive (seed 004: "This protocol may lead to deadlock"). */
  private static ModelSpec headToHead(SendMode mode, int ints, long threshold) {
    Program p0 = program().send(mode, lit(1), lit(0), lit(ints), Datatype.INT)
        .recv(lit(1), lit(0), lit(ints), Datatype.INT, null).build();
    Program p1 = program().send(mode, lit(0), lit(0), lit(ints), Datatype.INT)
        .recv(lit(0), lit(0), lit(ints), Datatype.INT, null).build();
    return ModelSpec.builder().rank(p0).rank(p1)
        .options(options(threshold, 1 << 20, CreditPolicy.WAIT, new LatencyModel.Constant(1000))).build();
  }

  @Test
  @SpecClause(source = "seed 004", text = "For small messages, the buffered protocol is most appropriate because the "
      + "extra copy cost is insignificant.")
  void headToHead_belowTheEagerThreshold_completesInEverySchedule_seed004() {
    // 255 ints = 1020 bytes < 1024: eager, buffered at the receiver.
    Map<Exhaustive.End, Long> ends = Exhaustive.ends(headToHead(SendMode.STANDARD, 255, 1024), CheckKind.NO_DEADLOCK);
    ends.keySet().forEach(e -> assertFalse(e.deadlocked(), e.toString()));
  }

  @ParameterizedTest(name = "{0} ints")
  @ValueSource(ints = {256, 1000})
  @SpecClause(source = "seed 004", text = "This protocol may lead to deadlock when using MPI_Send and MPI_Recv "
      + "because the sender blocks while waiting for the receive buffer address.")
  void headToHead_atOrAboveTheThreshold_deadlocksInEverySchedule_seed004(int ints) {
    // 256 ints = 1024 bytes: rendezvous; each Send waits for a CTS that only the peer's Recv sends.
    Map<Exhaustive.End, Long> ends = Exhaustive.ends(headToHead(SendMode.STANDARD, ints, 1024), CheckKind.NO_DEADLOCK);
    ends.keySet().forEach(e -> assertTrue(e.deadlocked(), e.toString()));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.4", text = "A send that uses the synchronous mode can be started whether or not a "
      + "matching receive was posted. However, the send will complete successfully only if a matching receive is "
      + "posted, and the receive operation has started to receive the message sent by the synchronous send.")
  void headToHead_withSsend_deadlocksEvenWhenEager() {
    // MPI-3.1 §3.4: a synchronous send completes only once the matching receive has started.
    Map<Exhaustive.End, Long> ends = Exhaustive.ends(headToHead(SendMode.SYNCHRONOUS, 1, 1024), CheckKind.NO_DEADLOCK);
    ends.keySet().forEach(e -> assertTrue(e.deadlocked(), e.toString()));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.4", text = "A buffered mode send operation can be started whether or not a "
      + "matching receive has been posted. It may complete before a matching receive is posted. However, unlike the "
      + "standard send, this operation is local, and its completion does not depend on the occurrence of a matching "
      + "receive.")
  void headToHead_withBsendAndAnAttachedBuffer_completesAboveTheThreshold() {
    // MPI-3.1 §3.4: a buffered send completes locally, whatever the protocol.
    Program p0 = program().call(new MpiOp.BufferAttach(lit(8192))).send(SendMode.BUFFERED, lit(1), lit(0), lit(1000),
        Datatype.INT).recv(lit(1), lit(0), lit(1000), Datatype.INT, null).call(new MpiOp.BufferDetach()).build();
    Program p1 = program().call(new MpiOp.BufferAttach(lit(8192))).send(SendMode.BUFFERED, lit(0), lit(0), lit(1000),
        Datatype.INT).recv(lit(0), lit(0), lit(1000), Datatype.INT, null).call(new MpiOp.BufferDetach()).build();
    ModelSpec spec = ModelSpec.builder().rank(p0).rank(p1)
        .options(options(1024, 1 << 20, CreditPolicy.WAIT, new LatencyModel.Constant(1000))).build();
    Map<Exhaustive.End, Long> ends = Exhaustive.ends(spec, CheckKind.NO_DEADLOCK, CheckKind.NO_ERRORS);
    ends.keySet().forEach(e -> assertFalse(e.violated(), e.toString()));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.4", text = "Thus, if a send is executed and no matching receive is posted, then "
      + "MPI must buffer the outgoing message, so as to allow the send call to complete. An error will occur if there "
      + "is insufficient buffer space.")
  void bsend_withoutEnoughAttachedSpace_failsWithMpiErrBuffer() {
    Program p0 = program().send(SendMode.BUFFERED, lit(1), lit(0), lit(4), Datatype.INT)
        .call(new MpiOp.BufferAttach(lit(10)))
        .send(SendMode.BUFFERED, lit(1), lit(0), lit(4), Datatype.INT)
        .send(SendMode.BUFFERED, lit(1), lit(0), lit(2), Datatype.INT).build();
    Program p1 = program().recv(lit(0), lit(0), lit(2), Datatype.INT, null).build();
    RunResult r = Runner.timed(ModelSpec.builder().rank(p0).rank(p1).build(), 1, FifoScheduler.INSTANCE,
        RunOptions.keepingTrace(Checks.none()));
    assertEquals(Outcome.ERRONEOUS, r.outcome());
    List<TraceEvent.ErrorRaised> errors = r.trace().of(TraceEvent.ErrorRaised.class);
    assertEquals(2, errors.size(), r.trace().toText());
    errors.forEach(e -> assertEquals("MPI_ERR_BUFFER", e.error().name()));
    assertTrue(errors.get(0).detail().contains("no buffer is attached"), errors.get(0).detail());
    assertTrue(errors.get(1).detail().contains("needs 16 bytes"), errors.get(1).detail());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.4", text = "A send that uses the ready communication mode may be started only if "
      + "the matching receive is already posted. Otherwise, the operation is erroneous and its outcome is undefined.")
  void rsend_beforeTheReceiveIsPosted_isErroneous_andAfterAHandshakeIsNot() {
    // MPI-3.1 §3.4: "A send that uses the ready communication mode may be started only if the matching
    // receive is already posted. Otherwise, the operation is erroneous".
    Program early = program().send(SendMode.READY, lit(1), lit(0), lit(1), Datatype.INT).build();
    Program late = program().call(new MpiOp.Compute(lit(100_000))).recv(lit(0), lit(0), lit(1), Datatype.INT, null)
        .build();
    RunResult bad = Runner.timed(ModelSpec.builder().rank(early).rank(late).build(), 1, FifoScheduler.INSTANCE,
        RunOptions.keepingTrace(Checks.none()));
    assertEquals(Outcome.ERRONEOUS, bad.outcome());
    assertTrue(bad.problems().get(0).contains("ready-mode send started before its matching receive was posted"),
        bad.problems().toString());

    Program sender = program().recv(lit(1), lit(1), lit(0), Datatype.INT, null)
        .send(SendMode.READY, lit(1), lit(0), lit(1), Datatype.INT).build();
    Program receiver = program().irecv(lit(0), lit(0), lit(1), Datatype.INT, "r")
        .send(lit(0), lit(1), lit(0), Datatype.INT).waitFor("r", null).build();
    Map<Exhaustive.End, Long> ends = Exhaustive.ends(ModelSpec.builder().rank(sender).rank(receiver).build(),
        CheckKind.NO_ERRORS, CheckKind.NO_DEADLOCK);
    ends.keySet().forEach(e -> assertFalse(e.violated(), e.toString()));
  }

  @Test
  @SpecClause(source = "seed 004", text = "Each receiver holds one buffer (currently 16 Kbytes) for every other "
      + "process in the system.")
  @SpecClause(source = "seed 004", text = "After the receiver has copied the message into the user's receive buffer, "
      + "it sends a reply to free up the temporary buffer space.")
  void eagerCredit_senderBeyondTheBuffer_waitsForTheCreditPacket_seed004() {
    // 16 KiB per peer (seed 004); three 6000-byte eager messages: the third waits for credit.
    Program sender = program().repeat(3, b -> b.send(lit(1), lit(0), lit(1500), Datatype.INT)).build();
    Program receiver = program().call(new MpiOp.Compute(lit(100_000)))
        .repeat(3, b -> b.recv(lit(0), lit(0), lit(1500), Datatype.INT, null)).build();
    ModelSpec spec = ModelSpec.builder().rank(sender).rank(receiver)
        .options(options(8192, 16384, CreditPolicy.WAIT, new LatencyModel.Constant(1000))).build();
    RunResult r = Runner.timed(spec, 1, FifoScheduler.INSTANCE, RunOptions.keepingTrace(Checks.none()));
    assertEquals(Outcome.OK, r.outcome());
    List<TraceEvent.PacketSent> eager = r.trace().of(TraceEvent.PacketSent.class).stream()
        .filter(p -> p.packet().equals("EAGER")).toList();
    List<TraceEvent.PacketDelivered> credits = r.trace().of(TraceEvent.PacketDelivered.class).stream()
        .filter(p -> p.packet().equals("CREDIT")).toList();
    assertEquals(3, eager.size());
    assertEquals(0, eager.get(1).timeNs());
    // The receive at t = 100 us copies the first message out; its credit reaches rank 0 at 101 us.
    assertEquals(101_000, credits.get(0).timeNs());
    assertEquals(credits.get(0).timeNs(), eager.get(2).timeNs(), "the third message leaves exactly when credit returns");
    assertEquals(Map.of("CREDIT", 3L, "EAGER", 3L), r.packetCounts());
  }

  @Test
  void eagerCredit_withTheRendezvousFallback_sendsTheThirdMessageAsRts() {
    Program sender = program().repeat(3, b -> b.send(lit(1), lit(0), lit(1500), Datatype.INT)).build();
    Program receiver = program().call(new MpiOp.Compute(lit(100_000)))
        .repeat(3, b -> b.recv(lit(0), lit(0), lit(1500), Datatype.INT, null)).build();
    ModelSpec spec = ModelSpec.builder().rank(sender).rank(receiver)
        .options(options(8192, 16384, CreditPolicy.RENDEZVOUS, new LatencyModel.Constant(1000))).build();
    RunResult r = Runner.timed(spec, 1, FifoScheduler.INSTANCE,
        RunOptions.keepingTrace(new Checks(List.of(CheckKind.NON_OVERTAKING.create()))));
    assertEquals(Outcome.OK, r.outcome());
    assertEquals(1L, r.packetCounts().get("RTS"));
    assertEquals(2L, r.packetCounts().get("EAGER"));
    assertTrue(r.violations().isEmpty());
  }

  @Test
  @SpecClause(source = "seed 004", text = "otherwise the request is placed in the ``unexpected messages'' list and "
      + "the receive buffer address is sent when the receive is eventually posted (see Figure 5)")
  void rendezvous_receivePostedLate_getsItsCtsWhenTheReceiveIsPosted_seed004Figure5() {
    Program sender = program().send(lit(1), lit(0), lit(2000), Datatype.INT).build();
    Program receiver = program().call(new MpiOp.Compute(lit(50_000))).recv(lit(0), lit(0), lit(2000), Datatype.INT,
        null).build();
    RunResult r = Runner.timed(ModelSpec.builder().rank(sender).rank(receiver)
            .options(options(4096, 16384, CreditPolicy.WAIT, new LatencyModel.Constant(1000))).build(), 1,
        FifoScheduler.INSTANCE, RunOptions.keepingTrace(Checks.none()));
    List<TraceEvent.PacketSent> packets = r.trace().of(TraceEvent.PacketSent.class);
    assertEquals(List.of("RTS", "CTS", "DATA"), packets.stream().map(TraceEvent.PacketSent::packet).toList());
    assertEquals(0, packets.get(0).timeNs());
    assertEquals(50_000, packets.get(1).timeNs(), "CTS when the receive is posted, not when the RTS arrived");
    assertEquals(51_000, packets.get(2).timeNs());
    assertEquals(52_000, r.endTimeNs());
  }

  @Test
  @SpecClause(source = "seed 004", text = "If a matching receive (MPI_Recv or MPI_Irecv) has been posted, the handler "
      + "replies with the receive buffer address")
  void rendezvous_receivePostedEarly_getsItsCtsWhenTheRtsArrives_seed004Figure5() {
    Program sender = program().call(new MpiOp.Compute(lit(50_000))).send(lit(1), lit(0), lit(2000), Datatype.INT)
        .build();
    Program receiver = program().recv(lit(0), lit(0), lit(2000), Datatype.INT, null).build();
    RunResult r = Runner.timed(ModelSpec.builder().rank(sender).rank(receiver)
            .options(options(4096, 16384, CreditPolicy.WAIT, new LatencyModel.Constant(1000))).build(), 1,
        FifoScheduler.INSTANCE, RunOptions.keepingTrace(Checks.none()));
    List<TraceEvent.PacketSent> packets = r.trace().of(TraceEvent.PacketSent.class);
    assertEquals(List.of("RTS", "CTS", "DATA"), packets.stream().map(TraceEvent.PacketSent::packet).toList());
    assertEquals(51_000, packets.get(1).timeNs(), "CTS as soon as the RTS finds the posted receive");
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.4", text = "A send that uses the synchronous mode can be started whether or not a "
      + "matching receive was posted. However, the send will complete successfully only if a matching receive is "
      + "posted, and the receive operation has started to receive the message sent by the synchronous send.")
  void ssendEager_completesOnlyOnTheReceiversAcknowledgement() {
    Program sender = program().send(SendMode.SYNCHRONOUS, lit(1), lit(0), lit(1), Datatype.INT).build();
    Program receiver = program().call(new MpiOp.Compute(lit(30_000))).recv(lit(0), lit(0), lit(1), Datatype.INT,
        null).build();
    RunResult r = Runner.timed(ModelSpec.builder().rank(sender).rank(receiver)
            .options(options(4096, 16384, CreditPolicy.WAIT, new LatencyModel.Constant(1000))).build(), 1,
        FifoScheduler.INSTANCE, RunOptions.keepingTrace(Checks.none()));
    TraceEvent.CallReturned ssend = r.trace().of(TraceEvent.CallReturned.class).stream()
        .filter(c -> c.call().equals("MPI_Ssend")).findFirst().orElseThrow();
    assertEquals(31_000, ssend.timeNs(), "the receive starts at 30 us; its ACK takes 1 us");
    assertEquals(1L, r.packetCounts().get("ACK"));
  }
}
