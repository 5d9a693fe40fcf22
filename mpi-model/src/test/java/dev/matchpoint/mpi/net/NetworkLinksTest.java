package dev.matchpoint.mpi.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.ConfigException;
import dev.matchpoint.core.explore.FingerprintSink;
import dev.matchpoint.core.kernel.Kernel;
import dev.matchpoint.core.net.CreditPolicy;
import dev.matchpoint.core.net.CreditReturn;
import dev.matchpoint.core.net.DeliveryOrder;
import dev.matchpoint.core.net.EagerRule;
import dev.matchpoint.core.net.InFlight;
import dev.matchpoint.core.net.LatencyModel;
import dev.matchpoint.core.net.Network;
import dev.matchpoint.core.net.NetworkListener;
import dev.matchpoint.core.net.NetworkOptions;
import dev.matchpoint.core.net.Packet;
import dev.matchpoint.core.net.ProtocolOptions;
import dev.matchpoint.core.random.RandomStreams;
import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.core.sched.SchedulerSeam;
import dev.matchpoint.mpi.SpecClause;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The network's links in logical mode (which packets may go next, copies for the explorer, the
 * state fingerprint) and its eager credits (seed 004), through {@link Network}'s public methods.
 */
class NetworkLinksTest {
  private static final String SEED4 = "seed 004";
  private static final String CREDIT = "To send a message, the sender allocates space within its buffer at the "
      + "receiver ... After the receiver has copied the message into the user's receive buffer, it sends a reply "
      + "to free up the temporary buffer space.";
  private static final String ORDER = "MPI-3.1 §3.5";
  private static final String ORDER_TEXT = "Messages are non-overtaking: If a sender sends two messages in "
      + "succession to the same destination, and both match the same receive, then this operation cannot receive "
      + "the second message if the first one is still pending.";

  final List<String> log = new ArrayList<>();
  final NetworkListener listener = new NetworkListener() {
    @Override
    public void onInjected(InFlight f) {
      log.add("inject " + f.packet().kind() + " " + f.source() + "->" + f.dest() + " #" + f.linkSeq() + " @"
          + f.injectedNs());
    }

    @Override
    public void onDelivered(InFlight f, long nowNs) {
      log.add("deliver " + f.packet().kind() + " " + f.source() + "->" + f.dest() + " #" + f.linkSeq() + " @" + nowNs);
    }
  };

  private static NetworkOptions options(DeliveryOrder order, long buffer, boolean creditPackets) {
    return new NetworkOptions(new LatencyModel.Constant(100), order,
        new ProtocolOptions(4096, 0, buffer, CreditPolicy.WAIT, EagerRule.PAYLOAD_BELOW, creditPackets));
  }

  private static Packet data(int from, int to, long bytes) {
    return new Packet("DATA", from, to, bytes, null);
  }

  private static List<String> ids(List<InFlight> fs) {
    return fs.stream().map(f -> f.source() + "->" + f.dest() + "#" + f.linkSeq()).toList();
  }

  private static long[] fingerprint(Network n) {
    FingerprintSink s = new FingerprintSink();
    n.hashInto(s);
    return new long[] {s.high(), s.low()};
  }

  @Test
  @SpecClause(source = ORDER, text = ORDER_TEXT)
  void logical_fifoOffersEachLinksHead_unorderedEveryPacket_linksInSourceDestOrder() {
    for (DeliveryOrder order : DeliveryOrder.values()) {
      Network net = Network.logical(3, options(order, Long.MAX_VALUE, true), listener);
      net.send(data(2, 0, 1), 0);
      net.send(data(0, 2, 1), 0);
      net.send(data(0, 2, 1), 0);
      net.send(data(0, 1, 1), 0);
      assertEquals(order == DeliveryOrder.PER_PAIR_FIFO ? List.of("0->1#0", "0->2#0", "2->0#0")
          : List.of("0->1#0", "0->2#0", "0->2#1", "2->0#0"), ids(net.deliverable()), order.toString());
      assertEquals(List.of("0->1#0", "0->2#0", "0->2#1", "2->0#0"), ids(net.inFlight()));
      assertFalse(net.isIdle());
    }
  }

  @Test
  @SpecClause(source = ORDER, text = ORDER_TEXT)
  void logical_aFifoLinkRefusesToDeliverAnythingButItsHead_anUnorderedOneAnyPacket() {
    Network fifo = Network.logical(2, options(DeliveryOrder.PER_PAIR_FIFO, Long.MAX_VALUE, true), listener);
    for (int i = 0; i < 3; i++) {
      fifo.send(data(0, 1, 1), i);
    }
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> fifo.deliver(0, 1, 1, 5));
    assertEquals("packet #1 of link 0->1 is not deliverable now", e.getMessage());
    assertEquals(3, fifo.inFlight().size(), "a refused delivery leaves the packet in flight");
    e = assertThrows(IllegalArgumentException.class, () -> fifo.deliver(1, 0, 0, 5));
    assertEquals("no packet in flight on link 1->0", e.getMessage());
    Network any = Network.logical(2, options(DeliveryOrder.UNORDERED, Long.MAX_VALUE, true), listener);
    for (int i = 0; i < 3; i++) {
      any.send(data(0, 1, 1), i);
    }
    log.clear();
    any.deliver(0, 1, 2, 7);
    any.deliver(0, 1, 1, 8);
    assertThrows(IllegalArgumentException.class, () -> any.deliver(0, 1, 1, 9));
    assertEquals(List.of("0->1#0"), ids(any.deliverable()));
    any.deliver(0, 1, 0, 9);
    assertEquals(List.of("deliver DATA 0->1 #2 @7", "deliver DATA 0->1 #1 @8", "deliver DATA 0->1 #0 @9"), log);
    assertTrue(any.isIdle());
    assertTrue(any.inFlight().isEmpty());
    e = assertThrows(IllegalArgumentException.class, () -> any.deliver(0, 1, 0, 10));
    assertEquals("no packet in flight on link 0->1", e.getMessage());
  }

  @Test
  @SpecClause(source = "DESIGN §2", text = "States are compact, serialisable encodings with incremental fingerprints")
  void copies_shareNothingTheyWrite_andFingerprintTheirOwnState() {
    Network a = Network.logical(2, options(DeliveryOrder.UNORDERED, 1000, true), listener);
    long[] empty = fingerprint(a);
    a.send(data(0, 1, 1), 0);
    a.send(data(0, 1, 1), 0);
    long[] two = fingerprint(a);
    assertNotEquals(empty[0], two[0]);
    Network b = a.copy(listener);
    Network c = a.copy(listener);
    assertEquals(two[0], fingerprint(b)[0]);
    assertEquals(two[1], fingerprint(b)[1]);
    b.deliver(0, 1, 0, 1);
    c.deliver(0, 1, 1, 1);
    // Each copy has its own packet left; the original still has both.
    assertEquals(List.of("0->1#1"), ids(b.inFlight()));
    assertEquals(List.of("0->1#0"), ids(c.inFlight()));
    assertEquals(List.of("0->1#0", "0->1#1"), ids(a.inFlight()));
    assertEquals(two[0], fingerprint(a)[0]);
    assertNotEquals(fingerprint(b)[0], fingerprint(c)[0]);
    assertNotEquals(fingerprint(b)[0], fingerprint(a)[0]);
    // The same deliveries in two copies give the same state; the fingerprint of a shared link is kept.
    Network d = a.copy(listener);
    d.deliver(0, 1, 1, 1);
    assertEquals(fingerprint(c)[0], fingerprint(d)[0]);
    assertEquals(fingerprint(c)[1], fingerprint(d)[1]);
    assertEquals(two[0], fingerprint(a)[0]);
    // Credit and payloads are state too; a link nothing used is not.
    Network e = Network.logical(2, options(DeliveryOrder.UNORDERED, 1000, true), listener);
    e.sendEager(data(0, 1, 1), 10, 0);
    Network f = Network.logical(2, options(DeliveryOrder.UNORDERED, 1000, true), listener);
    f.sendEager(data(0, 1, 1), 20, 0);
    assertNotEquals(fingerprint(e)[0], fingerprint(f)[0]);
    Network g = Network.logical(2, options(DeliveryOrder.UNORDERED, 1000, true), listener);
    g.send(new Packet("DATA", 0, 1, 1, new CreditReturn(5)), 0);
    Network h = Network.logical(2, options(DeliveryOrder.UNORDERED, 1000, true), listener);
    h.send(new Packet("DATA", 0, 1, 1, new CreditReturn(6)), 0);
    assertNotEquals(fingerprint(g)[0], fingerprint(h)[0]);
    Network w1 = Network.logical(2, options(DeliveryOrder.UNORDERED, 1000, true), listener);
    Network w2 = Network.logical(2, options(DeliveryOrder.UNORDERED, 1000, true), listener);
    for (Network w : List.of(w1, w2)) {
      w.sendEager(data(0, 1, 1), 1000, 0);
    }
    w1.sendEager(new Packet("DATA", 0, 1, 1, new CreditReturn(1)), 5, 0);
    w2.sendEager(new Packet("DATA", 0, 1, 1, new CreditReturn(2)), 5, 0);
    assertNotEquals(fingerprint(w1)[0], fingerprint(w2)[0], "a waiting packet's payload is state");
    // A link written after it was fingerprinted is fingerprinted anew.
    Network grown = Network.logical(2, options(DeliveryOrder.UNORDERED, 1000, true), listener);
    grown.send(data(0, 1, 1), 0);
    long[] one = fingerprint(grown);
    grown.send(data(0, 1, 1), 0);
    assertNotEquals(one[0], fingerprint(grown)[0]);
    assertEquals(two[0], fingerprint(grown)[0]);
    Network unused = Network.logical(2, options(DeliveryOrder.UNORDERED, 1000, true), listener);
    assertTrue(unused.hasEagerCredit(1, 0, 1000));
    assertEquals(empty[0], fingerprint(unused)[0]);
    Network opaque = Network.logical(2, options(DeliveryOrder.UNORDERED, 1000, true), listener);
    opaque.send(new Packet("DATA", 0, 1, 1, "text"), 0);
    IllegalStateException x = assertThrows(IllegalStateException.class, () -> fingerprint(opaque));
    assertEquals("payload of a DATA packet is not StateHashable: java.lang.String", x.getMessage());
  }

  @Test
  @SpecClause(source = SEED4, text = CREDIT)
  void eagerCredit_isReservedPerLink_andPacketsWaitInOrderUntilACreditPacketReturnsIt() {
    Network net = Network.logical(3, options(DeliveryOrder.PER_PAIR_FIFO, 1000, true), listener);
    assertTrue(net.hasEagerCredit(0, 1, 1000));
    assertFalse(net.hasEagerCredit(0, 1, 1001));
    net.sendEager(data(0, 1, 600), 600, 0);
    assertEquals(400, net.eagerCreditBytes(0, 1));
    assertEquals(1000, net.eagerCreditBytes(0, 2), "credit is per receiver");
    assertTrue(net.hasEagerCredit(0, 1, 400));
    assertFalse(net.hasEagerCredit(0, 1, 401));
    net.sendEager(data(0, 1, 500), 500, 1);
    // 100 bytes would fit, but a packet waits on the link: it waits behind it.
    assertFalse(net.hasEagerCredit(0, 1, 100));
    net.sendEager(data(0, 1, 100), 100, 2);
    net.sendEager(data(0, 2, 1000), 1000, 2);
    assertEquals(List.of(500L, 100L), net.awaitingCredit().stream().map(Packet::sizeBytes).toList());
    assertFalse(net.isIdle());
    net.deliver(0, 1, 0, 3);
    net.deliver(0, 2, 0, 3);
    assertFalse(net.isIdle(), "two packets still wait for credit");
    // The receiver frees 600 bytes: a CREDIT packet 1->0 carries them back.
    net.returnEagerCredit(1, 0, 600, 4);
    assertEquals(400, net.eagerCreditBytes(0, 1));
    InFlight credit = net.deliverable().get(0);
    assertEquals(Network.CREDIT, credit.packet().kind());
    assertEquals(new Packet(Network.CREDIT, 1, 0, 0, new CreditReturn(600)), credit.packet());
    assertEquals(net.options().protocol().headerBytes(), credit.packet().sizeBytes());
    net.deliver(1, 0, 0, 5);
    // 1000 bytes back at the sender: both waiting packets go, in order, at the delivery's step.
    assertEquals(400, net.eagerCreditBytes(0, 1));
    assertTrue(net.awaitingCredit().isEmpty());
    assertEquals(List.of("inject DATA 0->1 #1 @5", "inject DATA 0->1 #2 @5"), log.subList(log.size() - 2, log.size()));
    assertEquals(List.of("0->1#1", "0->1#2"), ids(net.inFlight()));
    // Credits of another size carry their own size.
    net.returnEagerCredit(1, 0, 500, 6);
    net.returnEagerCredit(1, 0, 100, 6);
    assertEquals(List.of(new CreditReturn(500), new CreditReturn(100)), net.inFlight().stream()
        .filter(f -> f.packet().kind().equals(Network.CREDIT)).map(f -> f.packet().payload()).toList());
  }

  @Test
  @SpecClause(source = SEED4, text = CREDIT)
  void timed_aCreditReturnedWhileAnotherLinksPacketIsDelivered_goesToItsOwnSender() {
    // While rank 1 is told of 2's packet (2->1), it frees 0's buffer; while rank 2 is told of 0's
    // packet (0->2), rank 1 frees 0's buffer: each credit goes 1->0, never back on the link delivering.
    Kernel kernel = new Kernel(new SchedulerSeam(FifoScheduler.INSTANCE));
    Network[] holder = new Network[1];
    NetworkListener returning = new NetworkListener() {
      @Override
      public void onInjected(InFlight f) {
        listener.onInjected(f);
      }

      @Override
      public void onDelivered(InFlight f, long nowNs) {
        listener.onDelivered(f, nowNs);
        if (f.packet().kind().equals("DATA")) {
          holder[0].returnEagerCredit(1, 0, 10, nowNs);
        }
      }
    };
    Network net = Network.timed(3, options(DeliveryOrder.PER_PAIR_FIFO, 1000, true), new RandomStreams(1), kernel,
        returning);
    holder[0] = net;
    kernel.schedule(0, () -> net.sendEager(data(2, 1, 1), 1, 0));
    kernel.schedule(1000, () -> net.sendEager(data(0, 2, 1), 1, 1000));
    kernel.run(Long.MAX_VALUE, Long.MAX_VALUE);
    assertEquals(List.of("inject DATA 2->1 #0 @0", "deliver DATA 2->1 #0 @100", "inject CREDIT 1->0 #0 @100",
        "deliver CREDIT 1->0 #0 @200", "inject DATA 0->2 #0 @1000", "deliver DATA 0->2 #0 @1100",
        "inject CREDIT 1->0 #1 @1100", "deliver CREDIT 1->0 #1 @1200"), log);
  }

  @Test
  @SpecClause(source = SEED4, text = CREDIT)
  void withoutCreditPackets_theFreedBufferIsBackAtOnce_andWithAnUnlimitedBufferNoCreditIsKept() {
    Network net = Network.logical(2, options(DeliveryOrder.PER_PAIR_FIFO, 1000, false), listener);
    for (int i = 0; i < 3; i++) {
      net.sendEager(data(0, 1, 500), 500, 0);
    }
    assertEquals(2, net.inFlight().size());
    assertEquals(0, net.eagerCreditBytes(0, 1));
    net.returnEagerCredit(1, 0, 500, 3);
    assertEquals(List.of("0->1#0", "0->1#1", "0->1#2"), ids(net.inFlight()),
        "no credit packet; the waiting one goes at once, on exactly the credit it needs");
    assertEquals(0, net.eagerCreditBytes(0, 1));
    assertEquals("inject DATA 0->1 #2 @3", log.get(log.size() - 1));
    net.sendEager(data(0, 1, 0), 0, 4);
    assertEquals(4, net.inFlight().size(), "a message of no bytes needs no credit");
    Network unlimited = Network.logical(2, options(DeliveryOrder.PER_PAIR_FIFO, Long.MAX_VALUE, true), listener);
    unlimited.sendEager(data(0, 1, 1 << 20), 1 << 20, 0);
    assertEquals(Long.MAX_VALUE, unlimited.eagerCreditBytes(0, 1));
    unlimited.returnEagerCredit(1, 0, 1 << 20, 1);
    assertEquals(List.of("0->1#0"), ids(unlimited.inFlight()), "no credit packet");
  }

  @Test
  @SpecClause(source = SEED4, text = "Each receiver holds one buffer (currently 16 Kbytes) for every other "
      + "process in the system.")
  void anEagerPacketLargerThanTheWholeBuffer_isRefused() {
    Network net = Network.logical(2, options(DeliveryOrder.PER_PAIR_FIFO, 1000, true), listener);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> net.sendEager(data(0, 1, 1001), 1001, 0));
    assertEquals("an eager packet of 1001 bytes cannot fit a per-peer eager buffer of 1000 bytes", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> net.sendEager(data(0, 1, 1), -1, 0));
    net.sendEager(data(0, 1, 1000), 1000, 0);
    assertEquals(0, net.eagerCreditBytes(0, 1));
    e = assertThrows(IllegalArgumentException.class, () -> net.send(data(0, 2, 1), 0));
    assertEquals("endpoint 2 is out of range [0, 2)", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> net.eagerCreditBytes(-1, 0));
    assertThrows(IllegalArgumentException.class, () -> Network.logical(0, options(DeliveryOrder.UNORDERED, 1, true),
        listener));
  }

  @Test
  @SpecClause(source = SEED4, text = CREDIT)
  void timed_theCreditForThePacketBeingDelivered_goesBackOnItsReverseLink() {
    Kernel kernel = new Kernel(new SchedulerSeam(FifoScheduler.INSTANCE));
    Network[] holder = new Network[1];
    NetworkListener returning = new NetworkListener() {
      @Override
      public void onInjected(InFlight f) {
        listener.onInjected(f);
      }

      @Override
      public void onDelivered(InFlight f, long nowNs) {
        listener.onDelivered(f, nowNs);
        if (f.packet().kind().equals("DATA")) {
          holder[0].returnEagerCredit(f.dest(), f.source(), f.packet().sizeBytes(), nowNs);
        }
      }
    };
    Network net = Network.timed(2, options(DeliveryOrder.PER_PAIR_FIFO, 1000, true), new RandomStreams(1), kernel,
        returning);
    holder[0] = net;
    kernel.schedule(0, () -> {
      for (int i = 0; i < 3; i++) {
        net.sendEager(data(0, 1, 600), 600, kernel.nowNs());
      }
    });
    kernel.run(Long.MAX_VALUE, Long.MAX_VALUE);
    // Constant latency 100: each packet waits for the credit of the one before, back 200 later.
    assertEquals(List.of("inject DATA 0->1 #0 @0", "deliver DATA 0->1 #0 @100", "inject CREDIT 1->0 #0 @100",
        "deliver CREDIT 1->0 #0 @200", "inject DATA 0->1 #1 @200", "deliver DATA 0->1 #1 @300",
        "inject CREDIT 1->0 #1 @300", "deliver CREDIT 1->0 #1 @400", "inject DATA 0->1 #2 @400",
        "deliver DATA 0->1 #2 @500", "inject CREDIT 1->0 #2 @500", "deliver CREDIT 1->0 #2 @600"), log);
    assertEquals(1000, net.eagerCreditBytes(0, 1));
    assertTrue(net.isIdle());
  }

  @Test
  @SpecClause(source = ORDER, text = ORDER_TEXT)
  void timed_aFifoLinkRaisesEachPacketsArrivalToItsPredecessors_anUnorderedOneDoesNot() {
    for (DeliveryOrder order : DeliveryOrder.values()) {
      log.clear();
      Kernel kernel = new Kernel(new SchedulerSeam(FifoScheduler.INSTANCE));
      List<InFlight> sent = new ArrayList<>();
      Network net = Network.timed(2, new NetworkOptions(new LatencyModel.Uniform(0, 1000), order,
          ProtocolOptions.defaults()), new RandomStreams(3), kernel, new NetworkListener() {
            @Override
            public void onInjected(InFlight f) {
              sent.add(f);
            }

            @Override
            public void onDelivered(InFlight f, long nowNs) {
              log.add(f.linkSeq() + "@" + nowNs);
            }
          });
      kernel.schedule(0, () -> {
        for (int i = 0; i < 40; i++) {
          net.send(data(0, 1, 1), 0);
        }
      });
      kernel.run(Long.MAX_VALUE, Long.MAX_VALUE);
      long last = 0;
      boolean raised = false;
      for (InFlight f : sent) {
        assertTrue(f.availableNs() >= 0 && f.availableNs() <= 1000, f.toString());
        raised |= order == DeliveryOrder.PER_PAIR_FIFO && f.availableNs() == last && f.linkSeq() > 0;
        if (order == DeliveryOrder.PER_PAIR_FIFO) {
          assertTrue(f.availableNs() >= last, f.toString());
        }
        last = Math.max(last, f.availableNs());
      }
      assertEquals(40, log.size());
      if (order == DeliveryOrder.PER_PAIR_FIFO) {
        assertTrue(raised, "some draw below its predecessor's was raised to it");
        for (int i = 0; i < 40; i++) {
          assertTrue(log.get(i).startsWith(i + "@"), log.toString());
        }
      } else {
        assertFalse(isInSeqOrder(log), "random latencies reorder an unordered link: " + log);
      }
    }
  }

  private static boolean isInSeqOrder(List<String> log) {
    for (int i = 0; i < log.size(); i++) {
      if (!log.get(i).startsWith(i + "@")) {
        return false;
      }
    }
    return true;
  }

  @Test
  @SpecClause(source = "LogGOPS (Hoefler, Schneider, Lumsdaine, HPDC 2010) §2", text = "the CPU is modelled only in "
      + "timed mode; outside LogGOPS a compute step of c ns ends c ns after it starts and a call is made at once")
  void cpuAndCompute_outsideLogGops_takeNoCpuTurns_andAreRefusedInLogicalMode() {
    Kernel kernel = new Kernel(new SchedulerSeam(FifoScheduler.INSTANCE));
    Network net = Network.timed(2, options(DeliveryOrder.PER_PAIR_FIFO, 1000, true), new RandomStreams(1), kernel,
        listener);
    assertTrue(net.isTimed());
    kernel.schedule(10, () -> {
      net.compute(1, 500, () -> log.add("compute done @" + kernel.nowNs()));
      net.onCpu(1, () -> log.add("call @" + kernel.nowNs()));
    });
    kernel.run(Long.MAX_VALUE, Long.MAX_VALUE);
    assertEquals(List.of("call @10", "compute done @510"), log);
    assertThrows(IllegalArgumentException.class, () -> net.compute(2, 1, () -> { }));
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> net.copy(listener));
    assertEquals("only a logical-mode network can be copied", e.getMessage());
    Network loggp = Network.timed(2, NetworkOptions.defaults(), new RandomStreams(1), kernel, listener);
    assertEquals("endpoint 2 is out of range [0, 2)",
        assertThrows(IllegalArgumentException.class, () -> loggp.onCpu(2, () -> { })).getMessage());
    assertThrows(IllegalArgumentException.class, () -> loggp.compute(-1, 5, () -> { }));
    Network logical = Network.logical(2, options(DeliveryOrder.PER_PAIR_FIFO, 1000, true), listener);
    assertFalse(logical.isTimed());
    assertEquals("a CPU is modelled only in timed mode",
        assertThrows(IllegalStateException.class, () -> logical.onCpu(0, () -> { })).getMessage());
    assertEquals("compute steps take time only in timed mode",
        assertThrows(IllegalStateException.class, () -> logical.compute(0, 1, () -> { })).getMessage());
  }

  @Test
  @SpecClause(source = SEED4, text = "Implementations differ by the header and by one byte at the boundary")
  void eagerRules_atTheBoundary_andOptionsNameTheFieldTheyRefuse() {
    assertTrue(EagerRule.PAYLOAD_BELOW.isEager(4095, 100, 4096));
    assertFalse(EagerRule.PAYLOAD_BELOW.isEager(4096, 0, 4096));
    assertTrue(EagerRule.PAYLOAD_AND_HEADER_AT_MOST.isEager(4040, 56, 4096));
    assertFalse(EagerRule.PAYLOAD_AND_HEADER_AT_MOST.isEager(4041, 56, 4096));
    assertTrue(EagerRule.PAYLOAD_AND_HEADER_AT_MOST.isEager(Long.MAX_VALUE - 1, 56, Long.MAX_VALUE));
    assertTrue(new ProtocolOptions(4096, 56, 1, CreditPolicy.WAIT, EagerRule.PAYLOAD_AND_HEADER_AT_MOST)
        .isEager(4040));
    assertFalse(new ProtocolOptions(4096, 56, 1, CreditPolicy.WAIT, EagerRule.PAYLOAD_AND_HEADER_AT_MOST)
        .withEagerThreshold(4095).isEager(4040));
    assertEquals(EagerRule.PAYLOAD_AND_HEADER_AT_MOST, EagerRule.named("f", "payload-and-header-at-most"));
    assertEquals(CreditPolicy.RENDEZVOUS, CreditPolicy.named("f", "rendezvous"));
    assertEquals(DeliveryOrder.UNORDERED, DeliveryOrder.named("f", "unordered"));
    assertEquals("network.eager-rule", assertThrows(ConfigException.class, () -> EagerRule.named("network.eager-rule",
        "below")).field());
    assertEquals("network.on-credit-exhausted", assertThrows(ConfigException.class,
        () -> CreditPolicy.named("network.on-credit-exhausted", "drop")).field());
    assertEquals("network.on-credit-exhausted", assertThrows(ConfigException.class,
        () -> new ProtocolOptions(1, 0, 1, null)).field());
    assertEquals("network.eager-rule", assertThrows(ConfigException.class,
        () -> new ProtocolOptions(1, 0, 1, CreditPolicy.WAIT, null)).field());
    assertEquals("network.header-bytes", assertThrows(ConfigException.class,
        () -> new ProtocolOptions(1, -1, 1, CreditPolicy.WAIT)).field());
    assertEquals("network.eager-buffer", assertThrows(ConfigException.class,
        () -> new ProtocolOptions(1, 0, -1, CreditPolicy.WAIT)).field());
    assertEquals("network.latency", assertThrows(ConfigException.class,
        () -> new NetworkOptions(null, DeliveryOrder.UNORDERED, ProtocolOptions.defaults())).field());
    assertEquals("network.order", assertThrows(ConfigException.class,
        () -> new NetworkOptions(new LatencyModel.Constant(1), null, ProtocolOptions.defaults())).field());
    assertEquals("network", assertThrows(ConfigException.class,
        () -> new NetworkOptions(new LatencyModel.Constant(1), DeliveryOrder.UNORDERED, null)).field());
    assertEquals("network.latency.mean", assertThrows(ConfigException.class,
        () -> new LatencyModel.Exponential(0)).field());
    assertEquals("network.latency.mean", assertThrows(ConfigException.class,
        () -> new LatencyModel.Exponential(Double.POSITIVE_INFINITY)).field());
    assertEquals("network.latency.mu", assertThrows(ConfigException.class,
        () -> new LatencyModel.Lognormal(Double.NaN, 1)).field());
    assertEquals("network.latency.sigma", assertThrows(ConfigException.class,
        () -> new LatencyModel.Lognormal(1, 0)).field());
    assertEquals("network.latency.sigma", assertThrows(ConfigException.class,
        () -> new LatencyModel.Lognormal(1, Double.POSITIVE_INFINITY)).field());
    assertEquals("network.latency.min", assertThrows(ConfigException.class,
        () -> new LatencyModel.Uniform(-1, 5)).field());
    assertEquals("network.latency.o", assertThrows(ConfigException.class,
        () -> new LatencyModel.LogGP(0, -1, 0, 0)).field());
    assertEquals("network.latency.g", assertThrows(ConfigException.class,
        () -> new LatencyModel.LogGP(0, 0, -1, 0)).field());
    assertEquals("network.latency.O", assertThrows(ConfigException.class,
        () -> new LatencyModel.LogGP(0, 0, 0, 0, -1)).field());
    assertEquals(List.of("constant", "uniform", "exponential", "lognormal", "loggp"), List.of(
        new LatencyModel.Constant(1).configName(), new LatencyModel.Uniform(1, 2).configName(),
        new LatencyModel.Exponential(1).configName(), new LatencyModel.Lognormal(1, 1).configName(),
        new LatencyModel.LogGP(1, 1, 1, 1).configName()));
  }

  @Test
  @SpecClause(source = ORDER, text = ORDER_TEXT)
  void manyLinks_areOfferedInSourceDestOrder_inTheOriginalAndInCopies() {
    // 7 ranks, every ordered pair but one's own: 42 links, sent to in reverse order.
    Network net = Network.logical(7, options(DeliveryOrder.PER_PAIR_FIFO, Long.MAX_VALUE, true), listener);
    List<String> expected = new ArrayList<>();
    for (int s = 0; s < 7; s++) {
      for (int d = 0; d < 7; d++) {
        if (s != d) {
          expected.add(s + "->" + d + "#0");
        }
      }
    }
    for (int i = expected.size() - 1; i >= 0; i--) {
      String[] sd = expected.get(i).split("->|#");
      net.send(data(Integer.parseInt(sd[0]), Integer.parseInt(sd[1]), 1), 0);
    }
    assertEquals(expected, ids(net.deliverable()));
    Network copy = net.copy(listener);
    copy.deliver(3, 4, 0, 1);
    copy.send(data(3, 4, 1), 2);
    List<String> after = new ArrayList<>(expected);
    after.set(after.indexOf("3->4#0"), "3->4#1");
    assertEquals(after, ids(copy.deliverable()));
    assertEquals(expected, ids(net.deliverable()));
    assertEquals(expected, ids(net.inFlight()));
  }
}
