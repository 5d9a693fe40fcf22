package dev.matchpoint.mpi.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.kernel.Kernel;
import dev.matchpoint.core.net.DeliveryOrder;
import dev.matchpoint.core.net.InFlight;
import dev.matchpoint.core.net.LatencyModel;
import dev.matchpoint.core.net.Network;
import dev.matchpoint.core.net.NetworkListener;
import dev.matchpoint.core.net.NetworkOptions;
import dev.matchpoint.core.net.Packet;
import dev.matchpoint.core.random.RandomStreams;
import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.core.sched.SchedulerSeam;
import dev.matchpoint.mpi.SpecClause;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The network's LogGOPS timing ({@code LogGopsTiming}) against schedules computed by hand from the
 * rules of Hoefler, Schneider and Lumsdaine, "LogGOPSim – Simulating Large-Scale Applications in the
 * LogGOPS Model" (HPDC 2010, §2 and §3.1), driven through {@link Network} alone: packets, compute
 * steps and a rank's next call on each rank's one CPU and NIC.
 */
class LogGopsNetworkTest {
  static final String PAPER = "LogGOPS (Hoefler, Schneider, Lumsdaine, HPDC 2010) §2";
  static final String SIM = "LogGOPSim (Hoefler, Schneider, Lumsdaine, HPDC 2010) §3.1";

  /** What happened, in order: {@code "inject 0->1 @t"}, {@code "deliver 0->1 @t"}, and test marks. */
  final List<String> log = new ArrayList<>();
  final List<InFlight> injected = new ArrayList<>();
  Kernel kernel;
  Network net;

  private void start(LatencyModel.LogGP p, int ranks) {
    kernel = new Kernel(new SchedulerSeam(FifoScheduler.INSTANCE));
    net = Network.timed(ranks, NetworkOptions.defaults().withLatency(p).withOrder(DeliveryOrder.PER_PAIR_FIFO),
        new RandomStreams(1), kernel, new NetworkListener() {
          @Override
          public void onInjected(InFlight f) {
            injected.add(f);
            log.add("inject " + f.source() + "->" + f.dest() + " @" + f.injectedNs() + " arrives " + f.availableNs());
          }

          @Override
          public void onDelivered(InFlight f, long nowNs) {
            log.add("deliver " + f.source() + "->" + f.dest() + " @" + nowNs);
          }
        });
  }

  private void at(long t, Runnable r) {
    kernel.schedule(t, r::run);
  }

  private void send(int from, int to, long bytes) {
    net.send(new Packet("DATA", from, to, bytes, null), kernel.nowNs());
  }

  private void mark(String what) {
    log.add(what + " @" + kernel.nowNs());
  }

  private void run() {
    kernel.run(Long.MAX_VALUE, Long.MAX_VALUE);
  }

  @Test
  @SpecClause(source = PAPER, text = "O is the CPU overhead per byte: the sender's CPU is busy o + (s-1)O with a "
      + "message of s bytes, the receiver's o + max((s-1)O, (s-1)G)")
  void perByteCpuOverhead_largerThanTheGap_chargesBothCpusForTheBytes() {
    start(new LatencyModel.LogGP(1000, 200, 100, 2.0, 3.0), 2);
    at(50, () -> {
      send(0, 1, 101);
      send(0, 1, 1);
      assertFalse(net.isIdle(), "a packet is in flight");
    });
    run();
    // #0 starts at 50: kO = 300, kG = 200; CPU busy until 50 + 200 + 300 = 550 (injected), NIC until
    // 50 + 100 + 200 = 350; first byte at 50 + 200 + 1000 = 1250. #1 (1 byte) waits for the CPU: 550,
    // injected 750, arrives 1750. Rank 1 takes #0 at 1250 for o + max(300, 200) = 500: 1750; its NIC
    // is free at 1250 + 100 + 200 = 1550; #1 at 1750, free CPU and NIC: 1950.
    assertEquals(List.of("inject 0->1 @550 arrives 1250", "inject 0->1 @750 arrives 1750", "deliver 0->1 @1750",
        "deliver 0->1 @1950"), log);
    assertEquals(List.of(0L, 1L), injected.stream().map(InFlight::linkSeq).toList());
    assertTrue(net.isIdle());
  }

  @Test
  @SpecClause(source = PAPER, text = "g is the gap: the minimum interval between consecutive message "
      + "transmissions or receptions at a NIC")
  void aGapLargerThanTheOverhead_spacesASendersMessagesByG() {
    start(new LatencyModel.LogGP(1000, 200, 500, 0.0), 3);
    at(0, () -> {
      send(0, 1, 1);
      send(0, 2, 1);
    });
    run();
    // #0 at 0: CPU until 200, NIC until 500; #1 starts at max(200, 500) = 500: injected 700, arrives 1700.
    assertEquals(List.of("inject 0->1 @200 arrives 1200", "inject 0->2 @700 arrives 1700", "deliver 0->1 @1400",
        "deliver 0->2 @1900"), log);
  }

  @Test
  @SpecClause(source = SIM, text = "arrival time of first byte only (G will be charged at receiver)")
  void theReceiverNic_spacesReceptionsByGPlusTheBytes() {
    start(new LatencyModel.LogGP(1000, 100, 300, 1.0), 3);
    at(0, () -> {
      send(0, 2, 201);
      send(1, 2, 1);
    });
    run();
    // Both first bytes at 0 + 100 + 1000 = 1100. Rank 2 takes 0's (kG = 200) at 1100: CPU until
    // 1100 + 100 + 200 = 1400, receive NIC until 1100 + 300 + 200 = 1600; 1's waits for 1600: 1700.
    assertEquals(List.of("inject 0->2 @100 arrives 1100", "inject 1->2 @100 arrives 1100", "deliver 0->2 @1400",
        "deliver 1->2 @1700"), log);
  }

  @Test
  @SpecClause(source = PAPER, text = "L is an upper bound on the latency; a message of one byte or none costs "
      + "no per-byte time")
  void emptyAndOneBytePackets_costNoBytes() {
    start(new LatencyModel.LogGP(1000, 200, 100, 7.0, 9.0), 2);
    at(0, () -> send(0, 1, 0));
    at(5000, () -> send(0, 1, 1));
    run();
    assertEquals(List.of("inject 0->1 @200 arrives 1200", "deliver 0->1 @1400", "inject 0->1 @5200 arrives 6200",
        "deliver 0->1 @6400"), log);
  }

  @Test
  @SpecClause(source = PAPER, text = "G is the gap per byte for long messages; times are whole nanoseconds, the "
      + "per-byte products rounded half up")
  void perByteProducts_areRoundedHalfUp() {
    assertEquals(1, new LatencyModel.LogGP(0, 0, 0, 0.5).bytesNs(2));
    assertEquals(2, new LatencyModel.LogGP(0, 0, 0, 0.5).bytesNs(4));
    assertEquals(1, new LatencyModel.LogGP(0, 0, 0, 0.4).bytesNs(4));
    assertEquals(0, new LatencyModel.LogGP(0, 0, 0, 0.5).bytesNs(0));
    assertEquals(2, new LatencyModel.LogGP(0, 0, 0, 0, 0.5).cpuBytesNs(4));
    assertEquals(0, new LatencyModel.LogGP(0, 0, 0, 0, 0.5).cpuBytesNs(0));
    assertEquals(Kernel.HORIZON_NS, new LatencyModel.LogGP(0, 0, 0, 1e300).bytesNs(1L << 40));
    assertEquals(Kernel.HORIZON_NS, new LatencyModel.LogGP(0, 0, 0, 0, 1e300).cpuBytesNs(1L << 40));
  }

  @Test
  @SpecClause(source = SIM, text = "a compute step occupies the CPU: an operation whose o is not available is "
      + "reinserted and starts when the CPU frees")
  void aComputeStep_holdsTheCpu_andAJobSubmittedDuringItWaits() {
    start(new LatencyModel.LogGP(1000, 200, 100, 0.0), 2);
    at(0, () -> net.compute(0, 700, () -> mark("compute done")));
    at(300, () -> send(0, 1, 1));
    at(400, () -> net.onCpu(0, () -> mark("call")));
    run();
    // The send waits for the compute (CPU free at 700): CPU until 900, arrives 1900. The call
    // submitted at 400 waits behind the send: made at 900.
    assertEquals(List.of("compute done @700", "inject 0->1 @900 arrives 1900", "call @900", "deliver 0->1 @2100"),
        log);
  }

  @Test
  @SpecClause(source = SIM, text = "LogGOPSim serves its queue in time order: when the CPU frees, the operation "
      + "that has waited longer goes first")
  void whenTheCpuFrees_theOlderOfAJobAndAnArrivalGoesFirst() {
    // Rank 1 computes 0..2000. Rank 0's message reaches rank 1 at 1200; rank 1's call comes at
    // 1500: the arrival is older, so the message is received (2000..2200) before the call (2200).
    start(new LatencyModel.LogGP(1000, 200, 100, 0.0), 2);
    at(0, () -> {
      net.compute(1, 2000, () -> mark("compute done"));
      send(0, 1, 1);
    });
    at(1500, () -> net.onCpu(1, () -> mark("call")));
    run();
    assertEquals(List.of("inject 0->1 @200 arrives 1200", "compute done @2000", "deliver 0->1 @2200", "call @2200"),
        log);
    // The call comes at 1000, before the arrival: it is made first, at 2000; the receive follows.
    log.clear();
    start(new LatencyModel.LogGP(1000, 200, 100, 0.0), 2);
    at(0, () -> {
      net.compute(1, 2000, () -> mark("compute done"));
      send(0, 1, 1);
    });
    at(1000, () -> net.onCpu(1, () -> mark("call")));
    run();
    assertEquals(List.of("inject 0->1 @200 arrives 1200", "compute done @2000", "call @2000", "deliver 0->1 @2200"),
        log);
  }

  @Test
  @SpecClause(source = SIM, text = "LogGOPSim serves its queue in time order: when the CPU frees, the operation "
      + "that has waited longer goes first; the arrival on a tie")
  void aJobAndAnArrivalWaitingSinceTheSameTime_theArrivalGoesFirst() {
    start(new LatencyModel.LogGP(1000, 200, 100, 0.0), 2);
    at(0, () -> {
      net.compute(1, 2000, () -> mark("compute done"));
      send(0, 1, 1);
    });
    at(1200, () -> net.onCpu(1, () -> mark("call")));
    run();
    assertEquals(List.of("inject 0->1 @200 arrives 1200", "compute done @2000", "deliver 0->1 @2200", "call @2200"),
        log);
  }

  @Test
  @SpecClause(source = SIM, text = "an operation whose o or g is not available is reinserted and starts when "
      + "they free")
  void aCallWaitsOnlyForTheCpu_notForTheNic() {
    // A send's NIC gap (g = 900) outlasts its CPU overhead (o = 200): the next call needs only the CPU.
    start(new LatencyModel.LogGP(1000, 200, 900, 0.0), 2);
    at(0, () -> {
      send(0, 1, 1);
      net.onCpu(0, () -> mark("call"));
      net.compute(0, 50, () -> mark("compute done"));
    });
    run();
    assertEquals(List.of("inject 0->1 @200 arrives 1200", "call @200", "compute done @250", "deliver 0->1 @1400"),
        log);
  }

  @Test
  @SpecClause(source = "DESIGN §2", text = "Every nondeterministic decision goes through the scheduler seam (timed "
      + "mode: a SchedulerSeam choice), each option labelled for reports")
  void sameTimeEvents_areOfferedToTheSchedulerWithReadableLabels() {
    List<String> labels = new ArrayList<>();
    dev.matchpoint.core.sched.Scheduler recording = new dev.matchpoint.core.sched.Scheduler() {
      @Override
      public int choose(dev.matchpoint.core.sched.ChoicePoint point) {
        for (int i = 0; i < point.optionCount(); i++) {
          labels.add(point.label(i));
        }
        return 0;
      }

      @Override
      public String describe() {
        return "recording";
      }
    };
    // LogGOPS: rank 1 computes until 1200, when 0's packet arrives; it is delivered at 1400, when
    // rank 1's CPU frees again and its next call is made.
    kernel = new Kernel(new SchedulerSeam(recording));
    net = Network.timed(2, NetworkOptions.defaults().withLatency(new LatencyModel.LogGP(1000, 200, 100, 0.0)),
        new RandomStreams(1), kernel, new NetworkListener() {
          @Override
          public void onInjected(InFlight f) { }

          @Override
          public void onDelivered(InFlight f, long nowNs) { }
        });
    at(0, () -> {
      send(0, 1, 1);
      net.compute(1, 1200, () -> net.compute(1, 200, () -> net.onCpu(1, () -> mark("call"))));
    });
    run();
    // Constant latency: a delivery at 100 ties with the end of a compute step.
    kernel = new Kernel(new SchedulerSeam(recording));
    net = Network.timed(2, NetworkOptions.defaults().withLatency(new LatencyModel.Constant(100)),
        new RandomStreams(1), kernel, new NetworkListener() {
          @Override
          public void onInjected(InFlight f) { }

          @Override
          public void onDelivered(InFlight f, long nowNs) { }
        });
    at(0, () -> {
      send(0, 1, 1);
      net.compute(1, 100, () -> { });
    });
    run();
    // LogGOPS, 1200: the arrival and the compute's end; 1400: the delivery and the CPU freeing for
    // the second compute step. Constant latency, 100: the delivery and the compute's end.
    assertEquals(List.of("arrive DATA 0->1 #0", "compute done", "deliver DATA 0->1 #0", "cpu 1 free",
        "deliver DATA 0->1 #0", "compute on 1 done"), labels);
    // Two calls wait for one compute step: one retry when the CPU frees, not one per call.
    labels.clear();
    kernel = new Kernel(new SchedulerSeam(recording));
    net = Network.timed(2, NetworkOptions.defaults(), new RandomStreams(1), kernel, new NetworkListener() {
      @Override
      public void onInjected(InFlight f) { }

      @Override
      public void onDelivered(InFlight f, long nowNs) { }
    });
    at(0, () -> net.compute(0, 500, () -> { }));
    at(100, () -> net.onCpu(0, () -> mark("a")));
    at(200, () -> net.onCpu(0, () -> mark("b")));
    run();
    assertEquals(List.of("compute done", "cpu 0 free"), labels);
  }
}
