package dev.matchpoint.core.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.ConfigException;
import dev.matchpoint.core.kernel.Kernel;
import dev.matchpoint.core.random.RandomStreams;
import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.core.sched.SchedulerSeam;
import dev.matchpoint.core.sched.SeededScheduler;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class NetworkTest {
  /** Records every injection and delivery as a line "time kind src->dst #seq". */
  static final class Recorder implements NetworkListener {
    final List<String> lines = new ArrayList<>();
    final List<InFlight> delivered = new ArrayList<>();
    final List<InFlight> injected = new ArrayList<>();
    final List<Long> deliveredNs = new ArrayList<>();

    @Override
    public void onInjected(InFlight f) {
      injected.add(f);
      lines.add("inject " + f.injectedNs() + " " + f.packet().kind() + " " + f.source() + "->" + f.dest() + " #" + f.linkSeq());
    }

    @Override
    public void onDelivered(InFlight f, long nowNs) {
      delivered.add(f);
      deliveredNs.add(nowNs);
      lines.add("deliver " + nowNs + " " + f.packet().kind() + " " + f.source() + "->" + f.dest() + " #" + f.linkSeq());
    }
  }

  private static NetworkOptions options(LatencyModel latency, DeliveryOrder order) {
    return NetworkOptions.defaults().withLatency(latency).withOrder(order);
  }

  /** Three senders each send 30 packets to rank 3 at staggered times; returns the recorder. */
  private static Recorder traffic(long seed, NetworkOptions opts, boolean tieScheduler) {
    SchedulerSeam seam = new SchedulerSeam(tieScheduler ? new SeededScheduler(seed) : FifoScheduler.INSTANCE);
    Kernel kernel = new Kernel(seam);
    Recorder rec = new Recorder();
    Network net = Network.timed(4, opts, new RandomStreams(seed), kernel, rec);
    for (int s = 0; s < 3; s++) {
      int src = s;
      for (int i = 0; i < 30; i++) {
        int n = i;
        kernel.schedule(7L * i + s, () -> net.send(new Packet("DATA", src, 3, 8L * n, null), kernel.nowNs()));
      }
    }
    kernel.run(Long.MAX_VALUE, Long.MAX_VALUE);
    return rec;
  }

  private static boolean reorders(Recorder rec) {
    long[] last = new long[16];
    java.util.Arrays.fill(last, -1);
    for (InFlight f : rec.delivered) {
      int link = f.source() * 4 + f.dest();
      if (f.linkSeq() < last[link]) {
        return true;
      }
      last[link] = f.linkSeq();
    }
    return false;
  }

  @Test
  void timed_sameSeed_givesIdenticalTraces_differentSeed_differs() {
    NetworkOptions opts = options(new LatencyModel.Exponential(500), DeliveryOrder.UNORDERED);
    List<String> a = traffic(11, opts, true).lines;
    assertEquals(a, traffic(11, opts, true).lines);
    assertNotEquals(a, traffic(12, opts, true).lines);
  }

  @Test
  void timed_perPairFifo_neverReorders_overManySeeds() {
    for (LatencyModel m : List.of(new LatencyModel.Exponential(300), new LatencyModel.Uniform(0, 400),
        new LatencyModel.Lognormal(5, 1.5), new LatencyModel.Constant(3))) {
      for (long seed = 0; seed < 60; seed++) {
        Recorder rec = traffic(seed, options(m, DeliveryOrder.PER_PAIR_FIFO), true);
        assertEquals(90, rec.delivered.size());
        assertFalse(reorders(rec), m + " seed " + seed + " reordered: " + rec.lines);
      }
    }
  }

  @Test
  void timed_unordered_reordersForSomeSeed() {
    boolean any = false;
    for (long seed = 0; seed < 20 && !any; seed++) {
      any = reorders(traffic(seed, options(new LatencyModel.Exponential(300), DeliveryOrder.UNORDERED), false));
    }
    assertTrue(any, "random latencies on an unordered link reorder packets for some seed");
  }

  @Test
  void logical_unordered_reachesEveryPermutationOfALinksPackets_fifoOnlyOne() {
    for (DeliveryOrder order : DeliveryOrder.values()) {
      Recorder rec = new Recorder();
      Network net = Network.logical(2, options(new LatencyModel.Constant(1), order), rec);
      for (int i = 0; i < 4; i++) {
        net.send(new Packet("DATA", 0, 1, 1, null), 0);
      }
      Set<List<Long>> orders = new HashSet<>();
      explore(net, new ArrayList<>(), orders);
      assertEquals(order == DeliveryOrder.UNORDERED ? 24 : 1, orders.size(), order + ": " + orders);
    }
  }

  private static void explore(Network net, List<Long> prefix, Set<List<Long>> out) {
    List<InFlight> next = net.deliverable();
    if (next.isEmpty()) {
      out.add(List.copyOf(prefix));
      return;
    }
    for (InFlight f : next) {
      Recorder r = new Recorder();
      Network copy = net.copy(r);
      copy.deliver(f.source(), f.dest(), f.linkSeq(), prefix.size());
      prefix.add(f.linkSeq());
      explore(copy, prefix, out);
      prefix.remove(prefix.size() - 1);
    }
  }

  @Test
  void loggp_singlePacketFromIdleSender_isAvailableAtOPlusNMinus1GPlusLPlusO() {
    LatencyModel.LogGP p = new LatencyModel.LogGP(1000, 200, 100, 2.0);
    Kernel kernel = new Kernel(new SchedulerSeam(FifoScheduler.INSTANCE));
    Recorder rec = new Recorder();
    Network net = Network.timed(2, options(p, DeliveryOrder.PER_PAIR_FIFO), new RandomStreams(1), kernel, rec);
    kernel.schedule(50, () -> net.send(new Packet("DATA", 0, 1, 101, null), kernel.nowNs()));
    kernel.run(Long.MAX_VALUE, Long.MAX_VALUE);
    // start = 50; injected = 50 + o = 250; first byte arrives at 50 + o + L = 1250; the receiver
    // charges o + max(kO, kG) = 200 + max(0, 100 * 2) = 400: delivered at 1650 = t + o + L + (n-1)G + o.
    assertEquals(1250, rec.delivered.get(0).availableNs());
    assertEquals(250, rec.delivered.get(0).injectedNs());
    assertEquals(List.of(1650L), rec.deliveredNs);
  }

  @Test
  void loggp_aComputeStepOfZeroNs_endsByAnEvent_neverInsideTheCallThatStartsIt() {
    // The caller (a rank's thread) marks itself busy after starting the step; its end must come after.
    Kernel kernel = new Kernel(new SchedulerSeam(FifoScheduler.INSTANCE));
    Network net = Network.timed(2, options(new LatencyModel.LogGP(1000, 200, 100, 2.0), DeliveryOrder.PER_PAIR_FIFO),
        new RandomStreams(1), kernel, new Recorder());
    List<String> log = new ArrayList<>();
    kernel.schedule(50, () -> {
      net.compute(0, 0, () -> log.add("done @" + kernel.nowNs()));
      log.add("returned @" + kernel.nowNs());
    });
    kernel.run(Long.MAX_VALUE, Long.MAX_VALUE);
    assertEquals(List.of("returned @50", "done @50"), log);
  }

  @Test
  void latency_uniform_drawsEachValueOfItsRangeAsOften() {
    // DESIGN §3: random models draw through SSJ's inverse distribution functions.
    umontreal.ssj.rng.RandomStream stream = new RandomStreams(5).stream("net.latency.0-1");
    int[] seen = new int[10];
    LatencyModel.Uniform u = new LatencyModel.Uniform(3, 6);
    for (int i = 0; i < 4000; i++) {
      seen[(int) u.sampleNs(stream)]++;
    }
    for (int v = 3; v <= 6; v++) {
      assertTrue(seen[v] > 850 && seen[v] < 1150, v + " drawn " + seen[v] + " times of 4000");
    }
  }

  @Test
  void loggp_consecutivePacketsFromOneSender_areSpacedByGPlusBytesTime() {
    LatencyModel.LogGP p = new LatencyModel.LogGP(1000, 200, 300, 2.0);
    Kernel kernel = new Kernel(new SchedulerSeam(FifoScheduler.INSTANCE));
    Recorder rec = new Recorder();
    Network net = Network.timed(3, options(p, DeliveryOrder.PER_PAIR_FIFO), new RandomStreams(1), kernel, rec);
    kernel.schedule(0, () -> {
      net.send(new Packet("DATA", 0, 1, 51, null), 0); // kG = 100
      net.send(new Packet("DATA", 0, 2, 1, null), 0);  // kG = 0
      net.send(new Packet("DATA", 0, 1, 1, null), 0);
    });
    kernel.run(Long.MAX_VALUE, Long.MAX_VALUE);
    // (timings recomputed for the LogGOPS rules: the same numbers, as this schedule is NIC-bound)
    // start1 = 0: cpuFree = 200, nicFree = 0 + g + kG = 300 + 100 = 400, injected 200, arrives 1200;
    // start2 = max(cpuFree 200, nicFree 400) = 400: cpuFree 600, nicFree 700, injected 600, arrives 1600;
    // start3 = max(600, 700) = 700: injected 900, arrives 1900.
    assertEquals(List.of(200L, 600L, 900L), rec.injected.stream().map(InFlight::injectedNs).toList());
    // rank 1 takes #1 at 1200: delivered 1200 + o + kG = 1500, rxFree = 1200 + g + kG = 1600;
    // rank 2 takes #2 at 1600: delivered 1800; rank 1 takes #3 at 1900 (free since 1600): 2100.
    assertEquals(List.of(1500L, 1800L, 2100L), rec.deliveredNs);
  }

  @Test
  void loggp_packetsFromTwoSendersToOneReceiver_areSerialisedByTheReceiverGap() {
    LatencyModel.LogGP p = new LatencyModel.LogGP(1000, 200, 300, 0.0);
    Kernel kernel = new Kernel(new SchedulerSeam(FifoScheduler.INSTANCE));
    Recorder rec = new Recorder();
    Network net = Network.timed(3, options(p, DeliveryOrder.PER_PAIR_FIFO), new RandomStreams(1), kernel, rec);
    kernel.schedule(0, () -> {
      net.send(new Packet("DATA", 0, 2, 8, null), 0);
      net.send(new Packet("DATA", 1, 2, 8, null), 0);
    });
    kernel.run(Long.MAX_VALUE, Long.MAX_VALUE);
    // Both arrive at 0 + o + L = 1200; rank 2 takes the first then: delivered 1400, cpuFree 1400,
    // rxFree 1200 + g = 1500; the second waits for max(1400, 1500) = 1500: delivered at 1700.
    assertEquals(List.of(1200L, 1200L), rec.injected.stream().map(InFlight::availableNs).toList());
    assertEquals(List.of(1400L, 1700L), rec.deliveredNs);
  }

  @Test
  void credits_senderBeyondTheEagerBuffer_waitsAndResumesExactlyWhenCreditReturns() {
    ProtocolOptions proto = new ProtocolOptions(4096, 0, 1000, CreditPolicy.WAIT);
    NetworkOptions opts = new NetworkOptions(new LatencyModel.Constant(100), DeliveryOrder.PER_PAIR_FIFO, proto);
    Kernel kernel = new Kernel(new SchedulerSeam(FifoScheduler.INSTANCE));
    Recorder rec = new Recorder();
    Network net = Network.timed(2, opts, new RandomStreams(1), kernel, rec);
    kernel.schedule(0, () -> {
      net.sendEager(new Packet("EAGER", 0, 1, 600, null), 600, 0);
      assertFalse(net.hasEagerCredit(0, 1, 600));
      net.sendEager(new Packet("EAGER", 0, 1, 600, null), 600, 0); // waits: 400 bytes left
      net.sendEager(new Packet("EAGER", 0, 1, 100, null), 100, 0); // waits behind it, although 100 fit
    });
    // The receiver copies the first message out at t = 1000 and returns its 600 bytes.
    kernel.schedule(1000, () -> net.returnEagerCredit(1, 0, 600, kernel.nowNs()));
    kernel.run(Long.MAX_VALUE, Long.MAX_VALUE);
    assertEquals(4, rec.injected.size());
    assertEquals(0, rec.injected.get(0).injectedNs());
    assertEquals(Network.CREDIT, rec.injected.get(1).packet().kind());
    // The credit packet leaves at 1000 and arrives at 1100: both waiting packets go exactly then.
    assertEquals(1100, rec.injected.get(2).injectedNs());
    assertEquals(1100, rec.injected.get(3).injectedNs());
    assertEquals(300, net.eagerCreditBytes(0, 1));
  }

  @Test
  void credits_inLogicalMode_returnWithTheDeliveryOfTheCreditPacket() {
    ProtocolOptions proto = new ProtocolOptions(4096, 0, 1000, CreditPolicy.WAIT);
    Recorder rec = new Recorder();
    Network net = Network.logical(2, new NetworkOptions(new LatencyModel.Constant(1), DeliveryOrder.PER_PAIR_FIFO, proto), rec);
    net.sendEager(new Packet("EAGER", 0, 1, 800, null), 800, 0);
    net.sendEager(new Packet("EAGER", 0, 1, 800, null), 800, 1);
    assertEquals(1, rec.injected.size());
    assertEquals(List.of("EAGER"), net.awaitingCredit().stream().map(Packet::kind).toList());
    net.returnEagerCredit(1, 0, 800, 2);
    assertEquals(1, rec.injected.size() - 1, "only the credit packet so far");
    InFlight credit = net.deliverable().stream().filter(f -> f.packet().kind().equals(Network.CREDIT)).findFirst().orElseThrow();
    net.deliver(credit.source(), credit.dest(), credit.linkSeq(), 3);
    assertEquals(3, rec.injected.size());
    assertEquals(3, rec.injected.get(2).injectedNs());
    assertTrue(net.awaitingCredit().isEmpty());
  }

  @Test
  void config_invalidValues_nameTheField() {
    assertEquals("network.latency.L", assertThrows(ConfigException.class,
        () -> new LatencyModel.LogGP(-1, 0, 0, 0)).field());
    assertEquals("network.latency.G", assertThrows(ConfigException.class,
        () -> new LatencyModel.LogGP(1, 0, 0, -0.5)).field());
    assertEquals("network.latency.value", assertThrows(ConfigException.class,
        () -> new LatencyModel.Constant(-3)).field());
    assertEquals("network.eager-threshold", assertThrows(ConfigException.class,
        () -> new ProtocolOptions(-1, 0, 16, CreditPolicy.WAIT)).field());
    ConfigException order = assertThrows(ConfigException.class, () -> DeliveryOrder.named("network.order", "random"));
    assertEquals("network.order", order.field());
    assertTrue(order.getMessage().contains("per-pair-fifo"), order.getMessage());
    assertEquals("network.latency.max", assertThrows(ConfigException.class,
        () -> new LatencyModel.Uniform(10, 5)).field());
  }

  @Test
  void timed_inParallelThreads_givesIdenticalTraces() throws Exception {
    NetworkOptions opts = options(new LatencyModel.Lognormal(6, 1), DeliveryOrder.UNORDERED);
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<List<String>>> results = pool.invokeAll(Collections.nCopies(8, () -> traffic(5, opts, true).lines));
      for (Future<List<String>> f : results) {
        assertEquals(results.get(0).get(), f.get());
      }
    } finally {
      pool.shutdownNow();
    }
  }
  @Test
  void logicalFifoLink_deliversAnyOrderKindsInAnyOrder_andTheOthersInInjectionOrder() {
    Recorder rec = new Recorder();
    Network net = Network.logical(2, options(new LatencyModel.Constant(1), DeliveryOrder.PER_PAIR_FIFO), rec);
    net.deliverInAnyOrder(Set.of("FREE"));
    net.send(new Packet("A", 0, 1, 8, null), 0);
    net.send(new Packet("FREE", 0, 1, 8, null), 0);
    net.send(new Packet("B", 0, 1, 8, null), 0);
    net.send(new Packet("FREE", 0, 1, 8, null), 0);
    // The head A, and both FREE packets; B waits behind A.
    assertEquals(List.of(0L, 1L, 3L), net.deliverable().stream().map(InFlight::linkSeq).toList());
    assertThrows(IllegalArgumentException.class, () -> net.deliver(0, 1, 2, 0));
    Network copy = net.copy(rec);
    copy.deliver(0, 1, 3, 0);
    assertEquals(List.of(0L, 1L), copy.deliverable().stream().map(InFlight::linkSeq).toList());
    copy.deliver(0, 1, 0, 0);
    // A gone: B is the oldest packet that keeps order, FREE #1 may still overtake it.
    assertEquals(List.of(1L, 2L), copy.deliverable().stream().map(InFlight::linkSeq).toList());
    copy.deliver(0, 1, 2, 0);
    copy.deliver(0, 1, 1, 0);
    assertTrue(copy.isIdle());
    // The original is untouched, and without any-order kinds a FIFO link offers its head only.
    assertEquals(List.of(0L, 1L, 3L), net.deliverable().stream().map(InFlight::linkSeq).toList());
    Network plain = Network.logical(2, options(new LatencyModel.Constant(1), DeliveryOrder.PER_PAIR_FIFO), rec);
    plain.send(new Packet("A", 0, 1, 8, null), 0);
    plain.send(new Packet("FREE", 0, 1, 8, null), 0);
    assertEquals(List.of(0L), plain.deliverable().stream().map(InFlight::linkSeq).toList());
  }
}
