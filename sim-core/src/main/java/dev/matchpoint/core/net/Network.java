package dev.matchpoint.core.net;

import com.google.common.hash.PrimitiveSink;
import dev.matchpoint.core.StateHashable;
import dev.matchpoint.core.explore.FingerprintSink;
import dev.matchpoint.core.kernel.Kernel;
import dev.matchpoint.core.kernel.Spares;
import dev.matchpoint.core.random.RandomStreams;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import umontreal.ssj.rng.RandomStream;

/**
 * The simulated network between {@code endpoints} ranks: one link per ordered (source, dest) pair,
 * created on first use.
 *
 * <p><b>Timed mode</b> (a {@link Kernel} is given): each injected packet gets an availability time
 * from the {@link LatencyModel} and a kernel event that delivers it then; under {@link
 * LatencyModel.LogGP} each rank's CPU and NIC are busy as {@link LogGopsTiming} says, and a packet
 * is injected and delivered when they allow. On a {@link
 * DeliveryOrder#PER_PAIR_FIFO} link the availability time is raised to at least that of the link's
 * previous packet and the event delivers the link's head packet, so the link never reorders, even
 * when the scheduler reorders same-time events. On an {@link DeliveryOrder#UNORDERED} link each
 * event delivers its own packet, so random latencies reorder.
 *
 * <p><b>Logical mode</b> (no kernel): time plays no part; {@link #deliverable()} lists the packets
 * that may be delivered next (the head of each FIFO link, every packet of an unordered link) and the
 * caller chooses one through the scheduler seam and calls {@link #deliver}.
 *
 * <p><b>Eager credits</b> (seed 004): each receiver holds {@link
 * ProtocolOptions#eagerBufferBytesPerPeer()} bytes of buffer for each sender, accounted at the
 * sender. {@link #sendEager} reserves credit and injects, or queues the packet behind the link's
 * other waiting packets until {@link #returnEagerCredit} brings credit back as a {@link #CREDIT}
 * packet from the receiver; its delivery at the sender restores the credit and injects the waiting
 * packets in order at that moment. Packets sent with {@link #send} need no credit and never wait.
 * No credit is kept with an unlimited buffer ({@link Long#MAX_VALUE}), and none returns in a packet
 * when {@link ProtocolOptions#creditPackets()} is false: the credit is back at the sender at once.
 */
public final class Network {
  /** Kind of the network's own credit-return packets. */
  public static final String CREDIT = "CREDIT";

  private final int endpoints;
  private final NetworkOptions options;
  private final Kernel kernel;
  private final RandomStreams streams;
  private NetworkListener listener;
  /** Links by key {@code source * endpoints + dest} (below 2^48: endpoints are at most 2^24). */
  private final LongKeyTable<Link> links;
  /** Packet kinds with no order on a FIFO link, in logical mode ({@link #deliverInAnyOrder}). */
  private java.util.Set<String> anyOrderKinds;
  private final LogGopsTiming loggops;
  /** Packets in flight and packets waiting for credit, over all links: no scan of every link to find none. */
  private long inFlightCount;
  private CreditReturn lastCredit;
  private long waitingCount;
  /** Timed mode: the link whose packet the layer above is being told of ({@link #arrive}), else null. */
  private Link delivering;

  private record Fingerprint(long high, long low) {}

  private record Waiting(Packet packet, long creditBytes, long submittedNs) {}

  static final class Link {
    /** The empty waiting queue every link shares until one of its packets waits; never added to. */
    static final ArrayDeque<Waiting> NO_WAITING = new ArrayDeque<>(0);
    /** The empty queue of packets behind {@link #first} every link shares until it needs one; never added to. */
    private static final ArrayDeque<InFlight> NO_MORE = new ArrayDeque<>(0);

    final int source;
    final int dest;
    long nextSeq;
    long creditBytes;
    long lastAvailableNs;
    RandomStream stream;
    /**
     * The oldest packet in flight, or null when none is; the others, oldest first, in {@link #more}.
     * Most links of a large world carry one packet at a time (a dissemination barrier's links carry
     * one each), so they need no queue object.
     */
    private InFlight first;
    /** {@link #NO_MORE} until two packets are in flight at once. */
    private ArrayDeque<InFlight> more;
    /** {@link #NO_WAITING} until a packet waits: most links of a large world never wait. */
    ArrayDeque<Waiting> awaitingCredit;
    /**
     * Set when a copy of the network came to share this link (logical mode): from then on neither
     * network writes it; the first to write takes a copy of its own ({@link #existingLink}).
     */
    boolean shared;
    /**
     * The fingerprint of a shared link's state, kept once computed (a shared link is never written).
     * One immutable object, so a search thread reading it while another writes it sees null or
     * both halves (JLS §17.5).
     */
    Fingerprint fingerprint;
    /**
     * Timed mode: the link the other way (dest to source), once looked up: eager credit goes back on
     * it and comes back to this one, so neither needs a table lookup (logical mode never sets it:
     * there a link may be replaced by its copy).
     */
    Link reverse;

    Link(int source, int dest, long creditBytes) {
      this.source = source;
      this.dest = dest;
      this.creditBytes = creditBytes;
      this.more = NO_MORE;
      this.awaitingCredit = NO_WAITING;
    }

    Link(Link other) {
      this.source = other.source;
      this.dest = other.dest;
      this.nextSeq = other.nextSeq;
      this.creditBytes = other.creditBytes;
      this.lastAvailableNs = other.lastAvailableNs;
      this.first = other.first;
      this.more = other.more.isEmpty() ? NO_MORE : new ArrayDeque<>(other.more);
      this.awaitingCredit = other.awaitingCredit.isEmpty() ? NO_WAITING : new ArrayDeque<>(other.awaitingCredit);
    }

    /** Whether no packet is in flight. */
    boolean idle() {
      return first == null;
    }

    /** The oldest packet in flight, or null. */
    InFlight oldest() {
      return first;
    }

    /** Packets in flight. */
    int inFlightCount() {
      return first == null ? 0 : 1 + more.size();
    }

    /** A packet enters the link: it is the newest in flight. */
    void addInFlight(InFlight f) {
      if (first == null) {
        first = f;
      } else {
        if (more == NO_MORE) {
          more = new ArrayDeque<>(2);
        }
        more.addLast(f);
      }
    }

    /** Takes the oldest packet in flight, or null when none is. */
    InFlight pollOldest() {
      InFlight f = first;
      first = more.pollFirst();
      return f;
    }

    /** Takes the packet in flight with this position on the link, or null when none has it. */
    InFlight take(long linkSeq) {
      if (first == null) {
        return null;
      }
      if (first.linkSeq() == linkSeq) {
        return pollOldest();
      }
      for (Iterator<InFlight> it = more.iterator(); it.hasNext(); ) {
        InFlight f = it.next();
        if (f.linkSeq() == linkSeq) {
          it.remove();
          return f;
        }
      }
      return null;
    }

    /**
     * Logical mode on a FIFO link: the oldest packet whose kind keeps the link's order, and every
     * packet of a kind in {@code anyOrder}, oldest first, into {@code out}.
     */
    void addDeliverableTo(List<InFlight> out, java.util.Set<String> anyOrder) {
      if (first == null) {
        return;
      }
      boolean ordered = addIfDeliverable(first, out, anyOrder, false);
      for (InFlight f : more) {
        ordered = addIfDeliverable(f, out, anyOrder, ordered);
      }
    }

    /** Adds {@code f} when it is of an any-order kind or the first ordered packet; whether one was seen. */
    private static boolean addIfDeliverable(InFlight f, List<InFlight> out, java.util.Set<String> anyOrder,
        boolean orderedSeen) {
      boolean free = anyOrder.contains(f.packet().kind());
      if (free || !orderedSeen) {
        out.add(f);
      }
      return orderedSeen || !free;
    }

    /** The packets in flight, oldest first, into {@code out}. */
    void addInFlightTo(List<InFlight> out) {
      if (first != null) {
        out.add(first);
        out.addAll(more);
      }
    }
  }

  private Network(int endpoints, NetworkOptions options, Kernel kernel, RandomStreams streams,
      NetworkListener listener) {
    if (endpoints < 1) {
      throw new IllegalArgumentException("a network needs at least one endpoint, got " + endpoints);
    }
    this.endpoints = endpoints;
    this.options = Objects.requireNonNull(options, "options");
    this.kernel = kernel;
    this.streams = streams;
    this.listener = Objects.requireNonNull(listener, "listener");
    this.links = new LongKeyTable<>();
    this.loggops = kernel != null && options.latency() instanceof LatencyModel.LogGP p
        ? new LogGopsTiming(p, kernel, this, endpoints) : null;
    this.anyOrderKinds = java.util.Set.of();
  }

  private Network(Network other, NetworkListener listener) {
    this.endpoints = other.endpoints;
    this.options = other.options;
    this.kernel = null;
    this.streams = null;
    this.listener = listener;
    // Copy-on-write per link: both networks share every link until one of them writes it.
    other.links.forEach(link -> link.shared = true);
    this.links = new LongKeyTable<>(other.links);
    this.loggops = null;
    this.inFlightCount = other.inFlightCount;
    this.waitingCount = other.waitingCount;
    this.anyOrderKinds = other.anyOrderKinds;
  }

  /**
   * Logical mode: packets of these kinds keep no order on a {@link DeliveryOrder#PER_PAIR_FIFO}
   * link: each one in flight may be delivered next, overtaking and overtaken by the link's other
   * packets, whose order among themselves stays FIFO (e.g. the partitions of MPI-4.0 partitioned
   * communication, which "may arrive in any order"). Configuration, not state: set once after
   * construction, shared by copies. Timed mode keeps every link FIFO.
   *
   * @param kinds packet kinds ({@link Packet#kind()})
   */
  public void deliverInAnyOrder(java.util.Set<String> kinds) {
    this.anyOrderKinds = java.util.Set.copyOf(kinds);
  }

  /**
   * A timed-mode network: packets are delivered by kernel events at their availability times.
   *
   * @param endpoints number of ranks
   * @param options latency, order and protocol settings
   * @param streams the run's streams; link {@code s->d} draws from {@code "net.latency.s-d"}
   * @param kernel the simulation's kernel
   * @param listener the layer above
   * @return the network
   */
  public static Network timed(int endpoints, NetworkOptions options, RandomStreams streams, Kernel kernel,
      NetworkListener listener) {
    return new Network(endpoints, options, Objects.requireNonNull(kernel, "kernel"),
        Objects.requireNonNull(streams, "streams"), listener);
  }

  /**
   * A logical-mode network: the caller delivers packets one at a time, as the scheduler chooses.
   *
   * @param endpoints number of ranks
   * @param options order and protocol settings (the latency model is not used)
   * @param listener the layer above
   * @return the network
   */
  public static Network logical(int endpoints, NetworkOptions options, NetworkListener listener) {
    return new Network(endpoints, options, null, null, listener);
  }

  /**
   * A deep copy of a logical-mode network for exploration, reporting to another listener.
   *
   * @param newListener the copy's listener
   * @return the copy
   * @throws IllegalStateException for a timed-mode network
   */
  public Network copy(NetworkListener newListener) {
    if (kernel != null) {
      throw new IllegalStateException("only a logical-mode network can be copied");
    }
    return new Network(this, newListener);
  }

  /**
   * The options this network runs with.
   *
   * @return the options
   */
  public NetworkOptions options() {
    return options;
  }

  /**
   * Whether this network runs in timed mode.
   *
   * @return true when driven by a kernel
   */
  public boolean isTimed() {
    return kernel != null;
  }

  /**
   * Injects a packet that needs no eager credit (rendezvous control, data after a CTS, acks,
   * credits).
   *
   * @param packet the packet
   * @param nowNs current time (logical mode: the step)
   * @throws IllegalArgumentException when an endpoint is out of range
   */
  public void send(Packet packet, long nowNs) {
    Link link = link(packet.source(), packet.dest());
    inject(link, packet, nowNs);
  }

  /**
   * Injects an eager packet against the sender's credit at the receiver, or queues it until credit
   * returns. Packets of one link that wait for credit are injected in submission order.
   *
   * @param packet the packet
   * @param creditBytes buffer bytes it occupies at the receiver, at most the per-peer buffer
   * @param nowNs current time
   * @throws IllegalArgumentException when {@code creditBytes} exceeds the whole per-peer buffer
   *     (such a message can never go eager) or an endpoint is out of range
   */
  public void sendEager(Packet packet, long creditBytes, long nowNs) {
    long capacity = options.protocol().eagerBufferBytesPerPeer();
    if (creditBytes < 0 || creditBytes > capacity) {
      throw new IllegalArgumentException("an eager packet of " + creditBytes
          + " bytes cannot fit a per-peer eager buffer of " + capacity + " bytes");
    }
    Link link = link(packet.source(), packet.dest());
    if (capacity == Long.MAX_VALUE) {
      inject(link, packet, nowNs);
    } else if (link.awaitingCredit.isEmpty() && link.creditBytes >= creditBytes) {
      link.creditBytes -= creditBytes;
      inject(link, packet, nowNs);
    } else {
      if (link.awaitingCredit == Link.NO_WAITING) {
        link.awaitingCredit = new ArrayDeque<>(2);
      }
      link.awaitingCredit.addLast(new Waiting(packet, creditBytes, nowNs));
      waitingCount++;
    }
  }

  /**
   * Whether {@link #sendEager} would inject at once: no packet of the link waits and the credit
   * suffices.
   *
   * @param source sender
   * @param dest receiver
   * @param creditBytes bytes needed
   * @return true when credit is available now
   */
  public boolean hasEagerCredit(int source, int dest, long creditBytes) {
    Link link = readLink(source, dest);
    long credit = link == null ? options.protocol().eagerBufferBytesPerPeer() : link.creditBytes;
    return (link == null || link.awaitingCredit.isEmpty()) && credit >= creditBytes;
  }

  /**
   * Remaining eager credit of {@code source} at {@code dest}.
   *
   * @param source sender
   * @param dest receiver
   * @return bytes
   */
  public long eagerCreditBytes(int source, int dest) {
    Link link = readLink(source, dest);
    return link == null ? options.protocol().eagerBufferBytesPerPeer() : link.creditBytes;
  }

  /**
   * The receiver frees {@code bytes} of a sender's eager buffer: sends a {@link #CREDIT} packet from
   * {@code receiver} to {@code sender}, whose delivery restores the sender's credit. With an
   * unlimited buffer nothing happens; without credit packets ({@link
   * ProtocolOptions#creditPackets()} false) the credit is restored now and waiting packets go.
   *
   * @param receiver the endpoint whose buffer was freed
   * @param sender the endpoint that gets the credit back
   * @param bytes bytes freed
   * @param nowNs current time
   */
  public void returnEagerCredit(int receiver, int sender, long bytes, long nowNs) {
    ProtocolOptions p = options.protocol();
    if (p.eagerBufferBytesPerPeer() == Long.MAX_VALUE) {
      return;
    }
    if (!p.creditPackets()) {
      Link link = link(sender, receiver);
      link.creditBytes += bytes;
      pump(link, nowNs);
      return;
    }
    if (lastCredit == null || lastCredit.bytes() != bytes) {
      lastCredit = new CreditReturn(bytes); // immutable: one object serves every credit of this size
    }
    Packet credit = new Packet(CREDIT, receiver, sender, p.headerBytes(), lastCredit);
    Link data = delivering;
    if (data != null && data.source == sender && data.dest == receiver) {
      inject(reverse(data), credit, nowNs); // the usual case: credit for the packet being delivered
    } else {
      send(credit, nowNs);
    }
  }

  /**
   * Timed mode: runs {@code r} when {@code endpoint}'s CPU is free for its program: at once, except
   * under {@link LatencyModel.LogGP}, where the rank's earlier CPU jobs and the messages that have
   * waited longer for its CPU go first ({@link LogGopsTiming}).
   *
   * @param endpoint the rank
   * @param r the rank's next step
   * @throws IllegalStateException in logical mode
   */
  public void onCpu(int endpoint, Runnable r) {
    if (kernel == null) {
      throw new IllegalStateException("a CPU is modelled only in timed mode");
    }
    if (loggops == null) {
      r.run();
    } else {
      checkEndpoint(endpoint);
      loggops.onCpu(endpoint, r);
    }
  }

  /**
   * Timed mode: a compute step of {@code durationNs} on {@code endpoint}'s CPU; {@code done} runs
   * when it ends. Under {@link LatencyModel.LogGP} the CPU is shared with the rank's message
   * overheads ({@link LogGopsTiming}); under the other models it starts now.
   *
   * @param endpoint the rank
   * @param durationNs the step's length, at least 0
   * @param done what runs when it ends
   * @throws IllegalStateException in logical mode
   */
  public void compute(int endpoint, long durationNs, Runnable done) {
    if (kernel == null) {
      throw new IllegalStateException("compute steps take time only in timed mode");
    }
    checkEndpoint(endpoint);
    if (loggops != null) {
      loggops.compute(endpoint, durationNs, done);
      return;
    }
    kernel.schedule(durationNs, new Kernel.Action() {
      @Override
      public void fire() {
        done.run();
      }

      @Override
      public String describe() {
        return "compute on " + endpoint + " done";
      }
    });
  }

  /**
   * Logical mode: the packets that may be delivered next, links in (source, dest) order, then in
   * injection order: a FIFO link offers its head, an unordered link every packet.
   *
   * @return the deliverable packets
   */
  public List<InFlight> deliverable() {
    List<InFlight> out = new ArrayList<>();
    boolean fifo = options.order() == DeliveryOrder.PER_PAIR_FIFO;
    for (Link link : links.inKeyOrder()) {
      if (link.idle()) {
        continue;
      }
      if (fifo && (anyOrderKinds.isEmpty() || link.inFlightCount() == 1)) {
        out.add(link.oldest());
      } else if (fifo) {
        link.addDeliverableTo(out, anyOrderKinds);
      } else {
        link.addInFlightTo(out);
      }
    }
    return out;
  }

  /**
   * Logical mode: delivers one packet now.
   *
   * @param source the link's source
   * @param dest the link's destination
   * @param linkSeq the packet's position on its link
   * @param nowNs the step
   * @throws IllegalArgumentException when the packet is not deliverable (not in flight, or not the
   *     head of a FIFO link)
   */
  public void deliver(int source, int dest, long linkSeq, long nowNs) {
    Link link = existingLink(source, dest);
    if (link == null || link.idle()) {
      throw new IllegalArgumentException("no packet in flight on link " + source + "->" + dest);
    }
    InFlight found = null;
    if (options.order() == DeliveryOrder.PER_PAIR_FIFO) {
      if (link.oldest().linkSeq() == linkSeq) {
        found = link.pollOldest();
      } else if (!anyOrderKinds.isEmpty()) {
        List<InFlight> free = new ArrayList<>();
        link.addDeliverableTo(free, anyOrderKinds);
        for (InFlight f : free) {
          if (f.linkSeq() == linkSeq) {
            found = link.take(linkSeq);
          }
        }
      }
    } else {
      found = link.take(linkSeq);
    }
    if (found != null) {
      inFlightCount--;
    }
    if (found == null) {
      throw new IllegalArgumentException("packet #" + linkSeq + " of link " + source + "->" + dest
          + " is not deliverable now");
    }
    arrive(link, found, nowNs);
  }

  /**
   * Every packet in flight, links in (source, dest) order.
   *
   * @return the packets
   */
  public List<InFlight> inFlight() {
    List<InFlight> out = new ArrayList<>();
    if (inFlightCount == 0) {
      return out; // most often at the end of a run: no sort of every link
    }
    for (Link link : links.inKeyOrder()) {
      link.addInFlightTo(out);
    }
    return out;
  }

  /**
   * Every packet waiting for eager credit, links in (source, dest) order.
   *
   * @return the packets
   */
  public List<Packet> awaitingCredit() {
    List<Packet> out = new ArrayList<>();
    if (waitingCount == 0) {
      return out;
    }
    for (Link link : links.inKeyOrder()) {
      for (Waiting w : link.awaitingCredit) {
        out.add(w.packet());
      }
    }
    return out;
  }

  /**
   * Whether no packet is in flight or waiting for credit.
   *
   * @return true when the network is idle
   */
  public boolean isIdle() {
    return inFlightCount == 0 && waitingCount == 0;
  }

  /**
   * Writes the canonical encoding of the network's logical state: per used link, the 128-bit
   * fingerprint of its injection count, credit, in-flight packets and credit-waiting packets (kept
   * in the link once it is shared between copies, and so never written again).
   *
   * @param sink the hasher
   * @throws IllegalStateException when a payload is not {@link StateHashable}
   */
  public void hashInto(PrimitiveSink sink) {
    long full = options.protocol().eagerBufferBytesPerPeer();
    for (Link link : links.inKeyOrder()) {
      if (link.nextSeq == 0 && link.awaitingCredit.isEmpty() && link.creditBytes == full) {
        continue;
      }
      Fingerprint kept = link.fingerprint;
      if (kept == null) {
        FingerprintSink f = new FingerprintSink();
        hashLink(link, f);
        kept = new Fingerprint(f.high(), f.low());
        if (link.shared) {
          link.fingerprint = kept;
        }
      }
      sink.putLong(kept.high()).putLong(kept.low());
    }
    sink.putInt(-1);
  }

  private static void hashLink(Link link, PrimitiveSink sink) {
    sink.putInt(link.source).putInt(link.dest).putLong(link.nextSeq).putLong(link.creditBytes);
    sink.putInt(link.inFlightCount());
    if (!link.idle()) {
      sink.putLong(link.first.linkSeq());
      hashPacket(link.first.packet(), sink);
      for (InFlight f : link.more) {
        sink.putLong(f.linkSeq());
        hashPacket(f.packet(), sink);
      }
    }
    sink.putInt(link.awaitingCredit.size());
    for (Waiting w : link.awaitingCredit) {
      sink.putLong(w.creditBytes());
      hashPacket(w.packet(), sink);
    }
  }

  private static void hashPacket(Packet p, PrimitiveSink sink) {
    sink.putUnencodedChars(p.kind()).putLong(p.sizeBytes());
    Object payload = p.payload();
    if (payload == null) {
      sink.putByte((byte) 0);
    } else if (payload instanceof StateHashable h) {
      sink.putByte((byte) 1);
      h.hashInto(sink);
    } else {
      throw new IllegalStateException("payload of a " + p.kind() + " packet is not StateHashable: "
          + payload.getClass().getName());
    }
  }

  /** A link to read, or null when none was used yet. */
  private Link readLink(int source, int dest) {
    checkEndpoint(source);
    checkEndpoint(dest);
    return links.get((long) source * endpoints + dest);
  }

  /** A link to write, or null when none was used yet: copied first when shared with another network. */
  private Link existingLink(int source, int dest) {
    Link link = readLink(source, dest);
    if (link != null && link.shared) {
      link = new Link(link);
      links.replace((long) source * endpoints + dest, link);
    }
    return link;
  }

  private Link link(int source, int dest) {
    Link link = existingLink(source, dest);
    if (link == null) {
      link = new Link(source, dest, options.protocol().eagerBufferBytesPerPeer());
      links.add((long) source * endpoints + dest, link);
    }
    return link;
  }

  private void checkEndpoint(int e) {
    if (e < 0 || e >= endpoints) {
      throw new IllegalArgumentException("endpoint " + e + " is out of range [0, " + endpoints + ")");
    }
  }

  private void inject(Link link, Packet packet, long tNs) {
    if (loggops != null) {
      loggops.send(link, packet);
      return;
    }
    long seq = link.nextSeq++;
    InFlight f;
    if (kernel == null) {
      f = new InFlight(seq, packet, tNs, tNs);
    } else {
      f = timedInFlight(link, seq, packet, Math.max(tNs, kernel.nowNs()));
    }
    link.addInFlight(f);
    inFlightCount++;
    listener.onInjected(f);
    if (kernel != null) {
      scheduleDelivery(link, f, f.availableNs());
    }
  }

  /** LogGOPS: a send starts; the packet enters its link and the layer above hears of it. */
  InFlight started(Link link, Packet packet, long injectedNs, long arrivalNs) {
    InFlight f = new InFlight(link.nextSeq++, packet, injectedNs, arrivalNs);
    link.addInFlight(f);
    inFlightCount++;
    listener.onInjected(f);
    return f;
  }

  /** LogGOPS: the receiver's CPU has taken the packet; it is delivered at {@code atNs}. */
  void deliverAt(Link link, InFlight f, long atNs) {
    scheduleDelivery(link, f, atNs);
  }

  private InFlight timedInFlight(Link link, long seq, Packet packet, long t) {
    if (link.stream == null) {
      link.stream = streams.stream("net.latency." + link.source + "-" + link.dest);
    }
    long injectNs = t;
    long availableNs = t + options.latency().sampleNs(link.stream);
    if (options.order() == DeliveryOrder.PER_PAIR_FIFO) {
      availableNs = Math.max(availableNs, link.lastAvailableNs);
    }
    link.lastAvailableNs = Math.max(link.lastAvailableNs, availableNs);
    return new InFlight(seq, packet, injectNs, availableNs);
  }

  private void scheduleDelivery(Link link, InFlight f, long atNs) {
    if (deliveries == null) {
      deliveries = new Spares<>(1 << 20);
    }
    Delivery d = deliveries.take();
    if (d == null) {
      d = new Delivery();
    }
    d.link = link;
    d.f = f;
    kernel.scheduleAt(atNs, d);
  }

  /**
   * The kernel action that delivers a packet; reused once it has fired (the kernel keeps no action
   * after firing it), so a run allocates none in steady state.
   */
  private final class Delivery implements Kernel.Action {
    Link link;
    InFlight f;

    @Override
    public void fire() {
      Link l = link;
      InFlight delivered;
      if (options.order() == DeliveryOrder.PER_PAIR_FIFO) {
        delivered = l.pollOldest();
      } else {
        l.take(f.linkSeq());
        delivered = f;
      }
      link = null;
      f = null;
      deliveries.give(this);
      inFlightCount--;
      arrive(l, delivered, kernel.nowNs());
    }

    @Override
    public String describe() {
      Packet p = f.packet();
      return "deliver " + p.kind() + " " + p.source() + "->" + p.dest() + " #" + f.linkSeq();
    }
  }

  /** Timed mode: fired deliveries kept for reuse (null until the first). */
  private Spares<Delivery> deliveries;

  private void arrive(Link link, InFlight f, long nowNs) {
    Packet p = f.packet();
    Link creditLink = null;
    if (CREDIT.equals(p.kind())) {
      // The data went dest -> source of this credit packet.
      creditLink = reverse(link);
      creditLink.creditBytes += ((CreditReturn) p.payload()).bytes();
    }
    if (kernel != null) {
      delivering = link;
      try {
        listener.onDelivered(f, nowNs);
      } finally {
        delivering = null;
      }
    } else {
      listener.onDelivered(f, nowNs);
    }
    if (creditLink != null) {
      pump(creditLink, nowNs);
    }
  }

  /** The link the other way, to write; in timed mode kept on the link after the first lookup. */
  private Link reverse(Link l) {
    if (kernel == null) {
      return link(l.dest, l.source);
    }
    if (l.reverse == null) {
      l.reverse = link(l.dest, l.source);
      l.reverse.reverse = l;
    }
    return l.reverse;
  }

  private void pump(Link link, long nowNs) {
    while (!link.awaitingCredit.isEmpty() && link.creditBytes >= link.awaitingCredit.peekFirst().creditBytes()) {
      Waiting w = link.awaitingCredit.pollFirst();
      waitingCount--;
      link.creditBytes -= w.creditBytes();
      inject(link, w.packet(), Math.max(w.submittedNs(), nowNs));
    }
  }

  /**
   * Writes the logical state {@link #hashInto} covers, for a {@link dev.matchpoint.core.codec.StateCodec}:
   * per link that was used, in (source, dest) order, {@code source + 1}, dest, injection count and
   * credit used (varints), then its packets in flight (position on the link and packet) and its
   * packets waiting for credit (credit bytes and packet); a 0 ends the list. Times are not written:
   * logical mode reads none.
   *
   * @param w the buffer
   * @param packets how packets are written
   * @throws IllegalStateException for a timed-mode network
   */
  public void encodeInto(dev.matchpoint.core.codec.StateWriter w, dev.matchpoint.core.codec.PacketCodec packets) {
    if (kernel != null) {
      throw new IllegalStateException("only a logical-mode network can be encoded");
    }
    long full = options.protocol().eagerBufferBytesPerPeer();
    for (Link link : links.inKeyOrder()) {
      if (link.nextSeq == 0 && link.awaitingCredit.isEmpty() && link.creditBytes == full) {
        continue;
      }
      w.putVar(link.source + 1L).putVar(link.dest).putVar(link.nextSeq).putSigned(full - link.creditBytes);
      w.putVar(link.inFlightCount());
      if (!link.idle()) {
        w.putVar(link.first.linkSeq());
        packets.write(link.first.packet(), w);
        for (InFlight f : link.more) {
          w.putVar(f.linkSeq());
          packets.write(f.packet(), w);
        }
      }
      w.putVar(link.awaitingCredit.size());
      for (Waiting x : link.awaitingCredit) {
        w.putVar(x.creditBytes());
        packets.write(x.packet(), w);
      }
    }
    w.putVar(0);
  }

  /**
   * Reads what {@link #encodeInto} wrote into this network, which must be a fresh logical one.
   *
   * @param r the reader
   * @param packets how packets are read
   * @throws IllegalStateException when this network is timed or not fresh
   */
  public void decodeFrom(dev.matchpoint.core.codec.StateReader r, dev.matchpoint.core.codec.PacketCodec packets) {
    if (kernel != null || !links.inKeyOrder().isEmpty()) {
      throw new IllegalStateException("only a fresh logical-mode network can be decoded into");
    }
    long full = options.protocol().eagerBufferBytesPerPeer();
    for (long s = r.getVar(); s != 0; s = r.getVar()) {
      int source = Math.toIntExact(s - 1);
      int dest = r.getVarInt();
      checkEndpoint(source);
      checkEndpoint(dest);
      Link link = new Link(source, dest, full);
      link.nextSeq = r.getVar();
      link.creditBytes = full - r.getSigned();
      for (int n = r.getVarInt(); n > 0; n--) {
        long seq = r.getVar();
        link.addInFlight(new InFlight(seq, packets.read(r), 0, 0));
        inFlightCount++;
      }
      int waiting = r.getVarInt();
      if (waiting > 0) {
        link.awaitingCredit = new ArrayDeque<>(waiting);
        for (; waiting > 0; waiting--) {
          long credit = r.getVar();
          link.awaitingCredit.addLast(new Waiting(packets.read(r), credit, 0));
          waitingCount++;
        }
      }
      links.add((long) source * endpoints + dest, link);
    }
  }
}
