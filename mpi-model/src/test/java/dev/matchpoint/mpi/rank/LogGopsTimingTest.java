package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.matchpoint.core.net.CreditPolicy;
import dev.matchpoint.core.net.DeliveryOrder;
import dev.matchpoint.core.net.EagerRule;
import dev.matchpoint.core.net.LatencyModel;
import dev.matchpoint.core.net.NetworkOptions;
import dev.matchpoint.core.net.ProtocolOptions;
import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.check.Checks;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.program.ProgramBuilder;
import dev.matchpoint.mpi.run.Outcome;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Timed runs of small schedules under the LogGOPS rules ({@code LogGopsTiming}), against timings
 * computed by hand. Unless a test says otherwise: L = 1000, o = 200, g = 100, G = 0, O = 0 (ns),
 * 1-byte messages, an unlimited eager buffer (so no credit packets) and no call cost.
 */
class LogGopsTimingTest {
  private static final String MODEL = "LogGOPS (Hoefler et al., HPDC 2010), paraphrased as LogGOPSim.cpp implements it";
  private static final String SIM = "LogGOPS (Hoefler et al., HPDC 2010), paraphrased as LogGOPSim.cpp implements it";

  private static ModelOptions options(LatencyModel.LogGP latency, ProtocolOptions protocol) {
    return ModelOptions.defaults().withNetwork(new NetworkOptions(latency, DeliveryOrder.PER_PAIR_FIFO, protocol));
  }

  private static ModelOptions loggops() {
    return options(new LatencyModel.LogGP(1000, 200, 100, 0.0),
        new ProtocolOptions(4096, 0, Long.MAX_VALUE, CreditPolicy.WAIT));
  }

  private static RunResult run(ModelOptions options, Program... ranks) {
    ModelSpec.Builder b = ModelSpec.builder();
    for (Program p : ranks) {
      b.rank(p);
    }
    RunResult r = Runner.timed(b.options(options).build(), 1, FifoScheduler.INSTANCE,
        RunOptions.keepingTrace(Checks.none()));
    assertEquals(Outcome.OK, r.outcome(), r.problems().toString());
    return r;
  }

  /** When each rank's receives completed, as {@code "rank@ns"}, in completion order. */
  private static List<String> receives(RunResult r) {
    List<String> out = new ArrayList<>();
    for (TraceEvent.RequestCompleted c : r.trace().of(TraceEvent.RequestCompleted.class)) {
      if (c.source() >= 0) {
        out.add(c.rank() + "@" + c.timeNs());
      }
    }
    return out;
  }

  private static ProgramBuilder send(ProgramBuilder b, int dest, int bytes) {
    return b.send(lit(dest), lit(0), lit(bytes), Datatype.BYTE);
  }

  private static ProgramBuilder recv(ProgramBuilder b, int source, int bytes) {
    return b.recv(lit(source), lit(0), lit(bytes), Datatype.BYTE, null);
  }

  @Test
  @SpecClause(source = MODEL, text = "o is the CPU overhead of a message at the sender and at the receiver; "
      + "L is the latency of the network between them")
  void pingPong_eachWayCostsOPlusLPlusO() {
    Program r0 = recv(send(program(), 1, 1), 1, 1).build();
    Program r1 = send(recv(program(), 0, 1), 0, 1).build();
    RunResult r = run(loggops(), r0, r1);
    // r0 sends at 0: its CPU is busy 0..200 (o); the byte reaches r1 at 0 + o + L = 1200.
    // r1's CPU takes it at 1200, busy 1200..1400 (o): its receive completes at 1400.
    // r1 replies at 1400: CPU 1400..1600, arrival at r0 at 1400 + 200 + 1000 = 2600,
    // r0's CPU 2600..2800: the receive completes at 2800 = 2 (o + L + o).
    assertEquals(List.of("1@1400", "0@2800"), receives(r));
    assertEquals(2800, r.lastReceiveNs());
  }

  @Test
  @SpecClause(source = MODEL, text = "the CPU is busy for o with each message it sends, so consecutive sends of a "
      + "process start at least max(o, g) apart")
  void twoBackToBackSends_areSerialisedByTheSendersCpu() {
    Program r0 = program().isend(SendMode.STANDARD, lit(1), lit(0), lit(1), Datatype.BYTE, "a")
        .isend(SendMode.STANDARD, lit(1), lit(0), lit(1), Datatype.BYTE, "b").waitAll("a", "b").build();
    Program r1 = recv(recv(program(), 0, 1), 0, 1).build();
    RunResult r = run(loggops(), r0, r1);
    // Both Isends are submitted at 0. #1 starts at 0: CPU busy until 200, NIC until 0 + g = 100;
    // it arrives at 0 + o + L = 1200. #2 waits for max(CPU 200, NIC 100) = 200: CPU until 400,
    // arrives at 200 + 200 + 1000 = 1400.
    // r1 takes #1 at 1200 (CPU until 1400, receive NIC until 1300): receive 1 done at 1400;
    // #2 arrives at 1400, CPU and NIC are free: receive 2 done at 1400 + o = 1600.
    assertEquals(List.of(200L, 400L), sentAt(r));
    assertEquals(List.of("1@1400", "1@1600"), receives(r));
    assertEquals(1600, r.lastReceiveNs());
  }

  @Test
  @SpecClause(source = MODEL, text = "the CPU is busy for o with each message it sends, so consecutive sends of a "
      + "process start at least max(o, g) apart")
  void threeBackToBackSends_areSerialisedByTheSendersCpu() {
    ProgramBuilder b = program();
    for (String q : List.of("a", "b", "c")) {
      b.isend(SendMode.STANDARD, lit(1), lit(0), lit(1), Datatype.BYTE, q);
    }
    Program r0 = b.waitAll("a", "b", "c").build();
    Program r1 = recv(recv(recv(program(), 0, 1), 0, 1), 0, 1).build();
    RunResult r = run(loggops(), r0, r1);
    // Sends start at 0, 200, 400 (each waits for the CPU: o = 200 > g = 100), leave the CPU at
    // 200, 400, 600 and arrive at 1200, 1400, 1600. r1's CPU takes each on arrival (it is free
    // again at 1400 and 1600): receives complete at 1400, 1600, 1800.
    assertEquals(List.of(200L, 400L, 600L), sentAt(r));
    assertEquals(List.of("1@1400", "1@1600", "1@1800"), receives(r));
    assertEquals(1800, r.lastReceiveNs());
  }

  /** Dissemination barrier (Hensgen, Finkel and Manber): in round k rank r sends to r + 2^k, receives from r - 2^k. */
  private static Program[] dissemination(int size) {
    Program[] ps = new Program[size];
    for (int r = 0; r < size; r++) {
      ProgramBuilder b = program();
      for (int d = 1; d < size; d *= 2) {
        b.irecv(lit((r - d + size) % size), lit(0), lit(1), Datatype.BYTE, "r" + d)
            .isend(SendMode.STANDARD, lit((r + d) % size), lit(0), lit(1), Datatype.BYTE, "s" + d)
            .waitAll("r" + d, "s" + d);
      }
      ps[r] = b.build();
    }
    return ps;
  }

  @Test
  @SpecClause(source = SIM, text = "a message is received when the receiver's CPU and NIC are free: it costs the "
      + "receiver o, and no other message is sent for it")
  void dissemination4_endsAfterTwoRoundsOfOPlusLPlusO() {
    RunResult r = run(loggops(), dissemination(4));
    // Round 1: every rank sends at 0 (CPU until 200); each message arrives at 0 + o + L = 1200 and
    // is received by 1200 + o = 1400; no credit packet follows (unlimited eager buffer).
    // Round 2: sends at 1400, arrivals at 2600, receives done at 2800.
    assertEquals(2800, r.lastReceiveNs());
    assertEquals(2800, r.endTimeNs());
    assertFalse(r.packetCounts().containsKey("CREDIT"), r.packetCounts().toString());
  }

  @Test
  @SpecClause(source = SIM, text = "a message is received when the receiver's CPU and NIC are free: it costs the "
      + "receiver o, and no other message is sent for it")
  void dissemination8_endsAfterThreeRoundsOfOPlusLPlusO() {
    RunResult r = run(loggops(), dissemination(8));
    // Three rounds, each o + L + o = 1400 after the last: receives complete at 1400, 2800, 4200
    // (eight of each).
    List<String> done = receives(r);
    assertEquals(24, done.size());
    for (int i = 0; i < 24; i++) {
      assertEquals(1400L * (i / 8 + 1), Long.parseLong(done.get(i).substring(done.get(i).indexOf('@') + 1)),
          done.toString());
    }
    assertEquals(4200, r.lastReceiveNs());
  }

  @Test
  @SpecClause(source = SIM, text = "a message is received when the receiver's CPU and NIC are free: it costs the "
      + "receiver o, and no other message is sent for it")
  void dissemination4_withCreditPacketsSwitchedOff_takesNoCreditPacket() {
    ModelOptions o = options(new LatencyModel.LogGP(1000, 200, 100, 0.0),
        new ProtocolOptions(4096, 0, 16384, CreditPolicy.WAIT, EagerRule.PAYLOAD_BELOW, false));
    RunResult r = run(o, dissemination(4));
    // A finite buffer whose credit returns without a packet: the same 2 x 1400 as above.
    assertEquals(2800, r.lastReceiveNs());
    assertFalse(r.packetCounts().containsKey("CREDIT"), r.packetCounts().toString());
  }

  @Test
  @SpecClause(source = MODEL, text = "o is the CPU overhead of a message at the sender and at the receiver; "
      + "L is the latency of the network between them")
  void binomialBcast8_receivesCompleteWhenHandComputed() {
    // Root 0 sends to 4, 2, 1; rank 4 to 6, 5; rank 2 to 3; rank 6 to 7 (blocking sends, 1 byte).
    Program[] ps = new Program[8];
    ps[0] = send(send(send(program(), 4, 1), 2, 1), 1, 1).build();
    ps[1] = recv(program(), 0, 1).build();
    ps[2] = send(recv(program(), 0, 1), 3, 1).build();
    ps[3] = recv(program(), 2, 1).build();
    ps[4] = send(send(recv(program(), 0, 1), 6, 1), 5, 1).build();
    ps[5] = recv(program(), 4, 1).build();
    ps[6] = send(recv(program(), 4, 1), 7, 1).build();
    ps[7] = recv(program(), 6, 1).build();
    RunResult r = run(loggops(), ps);
    // Root: sends start at 0, 200, 400 (CPU-bound); arrive at 4: 1200, at 2: 1400, at 1: 1600.
    // Rank 4 receives at 1200 + o = 1400, sends to 6 at 1400 (arrives 2600) and to 5 at 1600
    // (arrives 2800). Rank 2 receives at 1600, sends to 3 at 1600 (arrives 2800). Rank 1: 1800.
    // Rank 6 receives at 2800, sends to 7 at 2800 (arrives 4000). Ranks 5 and 3: 3000. Rank 7: 4200.
    assertEquals(List.of("4@1400", "2@1600", "1@1800", "6@2800", "3@3000", "5@3000", "7@4200"),
        sortedByTime(receives(r)));
    assertEquals(4200, r.lastReceiveNs());
  }

  @Test
  @SpecClause(source = MODEL, text = "O is the CPU overhead per byte and S the rendezvous threshold: messages "
      + "larger than S bytes are sent with a rendezvous protocol")
  void rendezvousTransfer_costsRtsCtsAndDataWithTheirBytes() {
    // L = 1000, o = 200, g = 100, G = 1 ns/byte, O = 2 ns/byte; S = 1000 (size <= S goes eager).
    ModelOptions o = options(new LatencyModel.LogGP(1000, 200, 100, 1.0, 2.0),
        new ProtocolOptions(1000, 0, Long.MAX_VALUE, CreditPolicy.WAIT, EagerRule.PAYLOAD_AND_HEADER_AT_MOST));
    Program r0 = send(program(), 1, 1001).build();
    Program r1 = recv(program(), 0, 1001).build();
    RunResult r = run(o, r0, r1);
    // 1001 bytes > S: rendezvous. RTS and CTS carry 0 bytes (k = 0), DATA 1001 (k = 1000,
    // kG = 1000, kO = 2000).
    // RTS: r0 starts at 0 (CPU until 200), arrives at r1 at 1200; r1 CPU 1200..1400: matched at 1400.
    // CTS: r1 starts at 1400 (CPU until 1600), arrives at r0 at 2600; r0 CPU 2600..2800.
    // DATA: r0 starts at 2800: CPU 2800 + o + kO = 5000 (the send completes then), NIC until
    // 2800 + g + kG = 3900; arrives at 2800 + o + L = 4000; r1 takes it at 4000 (CPU free since
    // 1600, NIC since 1500): CPU 4000 + o + max(kO, kG) = 6200: the receive completes at 6200.
    List<TraceEvent.PacketSent> sent = r.trace().of(TraceEvent.PacketSent.class);
    assertEquals(List.of("RTS", "CTS", "DATA"), sent.stream().map(TraceEvent.PacketSent::packet).toList());
    assertEquals(List.of(200L, 1600L, 5000L), sent.stream().map(TraceEvent.PacketSent::timeNs).toList());
    assertEquals(List.of("1@6200"), receives(r));
    assertEquals(6200, r.lastReceiveNs());
  }

  @Test
  @SpecClause(source = SIM, text = "a computation of a given time occupies the CPU of its process; it starts when "
      + "the CPU is free")
  void compute_waitsForTheCpuAndDelaysTheNextSend() {
    Program r0 = program().isend(SendMode.STANDARD, lit(1), lit(0), lit(1), Datatype.BYTE, "a")
        .call(new MpiOp.Compute(lit(500)))
        .isend(SendMode.STANDARD, lit(1), lit(0), lit(1), Datatype.BYTE, "b").waitAll("a", "b").build();
    Program r1 = recv(recv(program(), 0, 1), 0, 1).build();
    RunResult r = run(loggops(), r0, r1);
    // #1 starts at 0 (CPU until 200). The compute step waits for the CPU: 200..700. #2 starts at
    // 700 (CPU until 900), arrives at 700 + 200 + 1000 = 1900, received at 2100. #1: 1400.
    assertEquals(List.of(200L, 900L), sentAt(r));
    assertEquals(List.of("1@1400", "1@2100"), receives(r));
  }

  @Test
  @SpecClause(source = SIM, text = "a message is received when the receiver's CPU and NIC are free: it costs the "
      + "receiver o, and no other message is sent for it")
  void arrival_waitsForTheReceiversCpuBusyWithItsOwnSend() {
    // r1 computes 1100 ns, then sends at 1100 (CPU 1100..1300) while r0's message arrives at 1200.
    Program r1 = program().irecv(lit(0), lit(0), lit(1), Datatype.BYTE, "a").call(new MpiOp.Compute(lit(1100)))
        .isend(SendMode.STANDARD, lit(0), lit(1), lit(1), Datatype.BYTE, "b").waitAll("a", "b").build();
    Program r0recv = program().send(lit(1), lit(0), lit(1), Datatype.BYTE)
        .recv(lit(1), lit(1), lit(1), Datatype.BYTE, null).build();
    RunResult r = run(loggops(), r0recv, r1);
    // r0's byte arrives at r1 at 1200 but r1's CPU is busy with its send until 1300: received at
    // 1300 + o = 1500. r1's byte left at 1100 + o = 1300, arrives at r0 at 2300: received at 2500.
    assertEquals(List.of("1@1500", "0@2500"), receives(r));
  }

  @Test
  @SpecClause(source = SIM, text = "a computation of a given time occupies the CPU of its process; it starts when "
      + "the CPU is free")
  void arrivalDuringACompute_isReceivedWhenTheComputeEnds_beforeTheNextCall() {
    Program r0 = send(program(), 1, 1).build();
    Program r1 = program().call(new MpiOp.Compute(lit(5000))).iprobe(lit(0), lit(0), "flag", null)
        .recv(lit(0), lit(0), lit(1), Datatype.BYTE, null).build();
    RunResult r = run(loggops(), r0, r1);
    // The byte arrives at 1200 while r1 computes (CPU 0..5000). At 5000 the message has waited
    // longer than r1's next call, so the CPU takes it first: 5000..5200. The Iprobe, made at 5200,
    // finds it, and the receive completes at 5200.
    assertEquals(List.of("flag=true"), r.trace().of(TraceEvent.CallReturned.class).stream()
        .filter(c -> c.call().equals("MPI_Iprobe")).map(TraceEvent.CallReturned::result).toList());
    assertEquals(List.of("1@5200"), receives(r));
  }

  private static List<Long> sentAt(RunResult r) {
    return r.trace().of(TraceEvent.PacketSent.class).stream().filter(p -> p.rank() == 0)
        .map(TraceEvent.PacketSent::timeNs).toList();
  }

  private static List<String> sortedByTime(List<String> rankAtNs) {
    List<String> out = new ArrayList<>(rankAtNs);
    out.sort(java.util.Comparator.comparingLong((String s) -> Long.parseLong(s.substring(s.indexOf('@') + 1)))
        .thenComparing(s -> s));
    return out;
  }
}
