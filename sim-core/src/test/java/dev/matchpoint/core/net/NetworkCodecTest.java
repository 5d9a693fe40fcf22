package dev.matchpoint.core.net;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.codec.PacketCodec;
import dev.matchpoint.core.codec.StateReader;
import dev.matchpoint.core.codec.StateWriter;
import dev.matchpoint.core.explore.FingerprintSink;
import dev.matchpoint.core.kernel.Kernel;
import dev.matchpoint.core.random.RandomStreams;
import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.core.sched.SchedulerSeam;
import org.junit.jupiter.api.Test;

/**
 * A logical-mode network written by {@link Network#encodeInto} and read back by {@link
 * Network#decodeFrom} is the same state (DESIGN §5: "States are compact, serialisable encodings"):
 * the same packets deliverable and in flight at the same link positions, the same packets waiting
 * for eager credit, the same credit per pair, the same fingerprint and encoding, and from there the
 * same future (the next packets get the same link positions, waiting packets go when the same
 * credit returns).
 */
class NetworkCodecTest {
  /** Packets as kind, endpoints, size and an optional credit return. */
  private static final PacketCodec PACKETS = new PacketCodec() {
    @Override
    public void write(Packet p, StateWriter w) {
      w.putString(p.kind()).putVar(p.source()).putVar(p.dest()).putVar(p.sizeBytes());
      w.putBoolean(p.payload() != null);
      if (p.payload() != null) {
        w.putVar(((CreditReturn) p.payload()).bytes());
      }
    }

    @Override
    public Packet read(StateReader r) {
      String kind = r.getString();
      int source = r.getVarInt();
      int dest = r.getVarInt();
      long size = r.getVar();
      Object payload = r.getBoolean() ? new CreditReturn(r.getVar()) : null;
      return new Packet(kind, source, dest, size, payload);
    }
  };

  private static NetworkOptions options(DeliveryOrder order) {
    return new NetworkOptions(new LatencyModel.Constant(1), order, new ProtocolOptions(4096, 0, 1000,
        CreditPolicy.WAIT));
  }

  private static final NetworkListener QUIET = new NetworkListener() {
    @Override
    public void onInjected(InFlight packet) {}

    @Override
    public void onDelivered(InFlight packet, long nowNs) {}
  };

  private static byte[] encode(Network n) {
    StateWriter w = new StateWriter();
    n.encodeInto(w, PACKETS);
    return w.toByteArray();
  }

  private static Network decode(byte[] bytes, DeliveryOrder order) {
    Network n = Network.logical(3, options(order), QUIET);
    StateReader r = new StateReader(bytes);
    n.decodeFrom(r, PACKETS);
    assertTrue(r.atEnd());
    return n;
  }

  private static String fingerprint(Network n) {
    FingerprintSink f = new FingerprintSink();
    n.hashInto(f);
    return f.high() + " " + f.low();
  }

  /** Everything a logical-mode model reads of the network, as text. */
  private static String observe(Network n) {
    StringBuilder sb = new StringBuilder();
    for (InFlight f : n.deliverable()) {
      sb.append("deliverable ").append(f.source()).append("->").append(f.dest()).append(" #").append(f.linkSeq())
          .append(' ').append(f.packet()).append('\n');
    }
    for (InFlight f : n.inFlight()) {
      sb.append("in flight ").append(f.source()).append("->").append(f.dest()).append(" #").append(f.linkSeq())
          .append(' ').append(f.packet()).append('\n');
    }
    for (Packet p : n.awaitingCredit()) {
      sb.append("waiting ").append(p).append('\n');
    }
    for (int s = 0; s < 3; s++) {
      for (int d = 0; d < 3; d++) {
        sb.append("credit ").append(s).append("->").append(d).append(' ').append(n.eagerCreditBytes(s, d))
            .append(n.hasEagerCredit(s, d, 1) ? " open" : " closed").append('\n');
      }
    }
    FingerprintSink f = new FingerprintSink();
    n.hashInto(f);
    sb.append("idle ").append(n.isIdle()).append(" fingerprint ").append(f.high()).append(' ').append(f.low());
    return sb.toString();
  }

  /** Packets on three links, one of them with two packets waiting for credit and a credit coming back. */
  private static Network busy(DeliveryOrder order) {
    Network n = Network.logical(3, options(order), QUIET);
    n.sendEager(new Packet("EAGER", 0, 1, 800, null), 800, 0);
    n.sendEager(new Packet("EAGER", 0, 1, 700, null), 700, 0); // waits: 200 bytes left
    n.sendEager(new Packet("EAGER", 0, 1, 100, null), 100, 0); // waits behind it
    n.send(new Packet("RTS", 2, 1, 16, null), 0);
    n.send(new Packet("DATA", 2, 1, 5000, null), 0);
    n.send(new Packet("CTS", 1, 2, 16, null), 0);
    InFlight first = n.deliverable().get(0);
    n.deliver(first.source(), first.dest(), first.linkSeq(), 1); // the first EAGER
    n.returnEagerCredit(1, 0, 800, 1); // a CREDIT on 1->0
    return n;
  }

  @Test
  void aBusyNetwork_decodesToTheSameState_andHasTheSameFuture() {
    for (DeliveryOrder order : DeliveryOrder.values()) {
      Network original = busy(order);
      byte[] bytes = encode(original);
      Network decoded = decode(bytes, order);
      assertEquals(observe(original), observe(decoded), order.configName());
      assertArrayEquals(bytes, encode(decoded));
      assertFalse(decoded.isIdle());
      assertEquals(2, decoded.awaitingCredit().size());
      // The same deliveries in the same order: every later state is the same too.
      int steps = 0;
      java.util.Set<String> fingerprints = new java.util.HashSet<>();
      fingerprints.add(fingerprint(original));
      while (!original.isIdle()) {
        InFlight next = original.deliverable().get(original.deliverable().size() - 1);
        original.deliver(next.source(), next.dest(), next.linkSeq(), 2 + steps);
        decoded.deliver(next.source(), next.dest(), next.linkSeq(), 2 + steps);
        if (next.packet().kind().equals("EAGER")) {
          original.returnEagerCredit(1, 0, next.packet().sizeBytes(), 2 + steps);
          decoded.returnEagerCredit(1, 0, next.packet().sizeBytes(), 2 + steps);
        }
        assertEquals(observe(original), observe(decoded), order.configName() + " after step " + steps);
        assertArrayEquals(encode(original), encode(decoded));
        assertTrue(fingerprints.add(fingerprint(original)), "every delivery changes the state and its fingerprint");
        steps++;
      }
      assertTrue(steps >= 8, "every packet and credit delivered: " + steps);
      original.send(new Packet("RTS", 0, 1, 16, null), 99);
      decoded.send(new Packet("RTS", 0, 1, 16, null), 99);
      assertEquals(observe(original), observe(decoded));
    }
  }

  @Test
  void aLinkNeverUsed_isNotWritten_soEqualStatesEncodeEqually() {
    Network fresh = Network.logical(3, options(DeliveryOrder.PER_PAIR_FIFO), QUIET);
    assertArrayEquals(new byte[] {0}, encode(fresh));
    // Without credit packets a credit return of 0 bytes touches the link 0->1 and changes nothing.
    NetworkOptions noCreditPackets = new NetworkOptions(new LatencyModel.Constant(1), DeliveryOrder.PER_PAIR_FIFO,
        new ProtocolOptions(4096, 0, 1000, CreditPolicy.WAIT, EagerRule.PAYLOAD_BELOW, false));
    Network touched = Network.logical(3, noCreditPackets, QUIET);
    touched.returnEagerCredit(1, 0, 0, 0);
    assertArrayEquals(new byte[] {0}, encode(touched));
    assertEquals(fingerprint(fresh), fingerprint(touched));
  }

  @Test
  void packetsAtTheSamePositions_butOfAnotherKindOrSize_areAnotherState() {
    Network a = Network.logical(3, options(DeliveryOrder.PER_PAIR_FIFO), QUIET);
    Network b = Network.logical(3, options(DeliveryOrder.PER_PAIR_FIFO), QUIET);
    Network c = Network.logical(3, options(DeliveryOrder.PER_PAIR_FIFO), QUIET);
    a.send(new Packet("RTS", 0, 1, 16, null), 0);
    b.send(new Packet("RTS", 0, 1, 17, null), 0);
    c.send(new Packet("CTS", 0, 1, 16, null), 0);
    assertTrue(fingerprint(a).equals(fingerprint(a.copy(QUIET))));
    assertFalse(fingerprint(a).equals(fingerprint(b)));
    assertFalse(fingerprint(a).equals(fingerprint(c)));
    // The same for the second packet on a link.
    a.send(new Packet("RTS", 0, 1, 16, null), 0);
    b.send(new Packet("RTS", 0, 1, 16, null), 0);
    Network d = a.copy(QUIET);
    d.send(new Packet("RTS", 0, 2, 1, null), 0);
    a.send(new Packet("RTS", 0, 2, 1, null), 0);
    Network e = Network.logical(3, options(DeliveryOrder.PER_PAIR_FIFO), QUIET);
    e.send(new Packet("RTS", 0, 1, 16, null), 0);
    e.send(new Packet("RTS", 0, 1, 17, null), 0);
    e.send(new Packet("RTS", 0, 2, 1, null), 0);
    assertEquals(fingerprint(a), fingerprint(d));
    assertFalse(fingerprint(a).equals(fingerprint(e)));
  }

  @Test
  void aCopy_hasTheSameFuture_andNeitherSeesTheOthersDeliveries() {
    for (DeliveryOrder order : DeliveryOrder.values()) {
      Network original = busy(order);
      original.send(new Packet("DATA", 2, 1, 6000, null), 1); // three packets on 2->1
      String before = observe(original);
      Network copy = original.copy(QUIET);
      assertEquals(before, observe(copy));
      Network reference = decode(encode(original), order);
      while (!copy.isIdle()) {
        InFlight next = copy.deliverable().get(0);
        copy.deliver(next.source(), next.dest(), next.linkSeq(), 5);
        reference.deliver(next.source(), next.dest(), next.linkSeq(), 5);
        if (next.packet().kind().equals("EAGER")) {
          copy.returnEagerCredit(1, 0, next.packet().sizeBytes(), 5);
          reference.returnEagerCredit(1, 0, next.packet().sizeBytes(), 5);
        }
        assertEquals(observe(reference), observe(copy), order.configName());
      }
      assertEquals(before, observe(original), "the original is untouched by its copy's deliveries");
    }
  }

  @Test
  void onlyAFreshLogicalNetwork_isEncodedOrDecodedInto() {
    Network timed = Network.timed(3, options(DeliveryOrder.PER_PAIR_FIFO), new RandomStreams(1),
        new Kernel(new SchedulerSeam(FifoScheduler.INSTANCE)), QUIET);
    assertThrows(IllegalStateException.class, () -> encode(timed));
    assertThrows(IllegalStateException.class, () -> timed.decodeFrom(new StateReader(new byte[] {0}), PACKETS));
    byte[] bytes = encode(busy(DeliveryOrder.PER_PAIR_FIFO));
    Network used = busy(DeliveryOrder.PER_PAIR_FIFO);
    assertThrows(IllegalStateException.class, () -> used.decodeFrom(new StateReader(bytes), PACKETS));
    // A link whose endpoint is outside the world: source 3 (written 4), dest 0.
    StateWriter w = new StateWriter().putVar(4).putVar(0).putVar(0).putSigned(0).putVar(0).putVar(0).putVar(0);
    Network small = Network.logical(3, options(DeliveryOrder.PER_PAIR_FIFO), QUIET);
    assertThrows(IllegalArgumentException.class, () -> small.decodeFrom(new StateReader(w.toByteArray()), PACKETS));
    StateWriter w2 = new StateWriter().putVar(1).putVar(3).putVar(0).putSigned(0).putVar(0).putVar(0).putVar(0);
    Network small2 = Network.logical(3, options(DeliveryOrder.PER_PAIR_FIFO), QUIET);
    assertThrows(IllegalArgumentException.class, () -> small2.decodeFrom(new StateReader(w2.toByteArray()), PACKETS));
  }
}
