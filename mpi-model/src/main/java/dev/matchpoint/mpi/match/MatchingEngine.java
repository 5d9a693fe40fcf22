package dev.matchpoint.mpi.match;

import com.google.common.hash.PrimitiveSink;
import dev.matchpoint.core.codec.StateReader;
import dev.matchpoint.core.codec.StateWriter;
import dev.matchpoint.mpi.WildcardPolicy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * One rank's matching engine: posted receive queue, unexpected message queue, the reordering
 * buffer, and the wildcard policy (MPI-3.1 §3.5, §3.8; seed 001; seed 004).
 *
 * <p><b>Non-overtaking.</b> Messages carry the sender's sequence number for (receiver, context).
 * {@link #arrive} releases them to matching strictly in sequence order per (source, context),
 * holding early arrivals back, so matching is correct on an unordered network ("a sequence number
 * would have to be added to each store and request message to ensure ordering", seed 004).
 *
 * <p><b>Which message a receive or probe takes</b> ({@link #select}): with a specific source, that
 * source's earliest matching message; with MPI_ANY_SOURCE, per {@link WildcardPolicy}: the earliest
 * arrival ({@code arrival}); the earliest matching message of a source chosen by the caller among
 * {@link #wildcardSources} ({@code any}); or, as Open MPI's ob1 does ({@code round-robin};
 * ompi/mca/pml/ob1/pml_ob1_recvreq.c, recv_req_match_wild), of the first source with a match when
 * scanning from one past the communicator's pointer, wrapping around. The pointer ({@code
 * last_probed} in ob1) starts at 0, so the first scan starts at source 1, and it moves to the matched
 * source on every such match, probes included. An arriving message matched against posted receives
 * ({@link #matchArrival}) leaves it alone, as ob1's match_incomming does.
 *
 * <p><b>Decisions read only fingerprinted state.</b> Under {@code any} the fingerprint ({@link
 * #hashInto}) keeps each source's messages in sequence order but not the arrival order across
 * sources, so no decision may depend on it: the engine never picks among sources itself, and {@link
 * #select} refuses an MPI_ANY_SOURCE selection with several candidate sources unless the caller
 * brings the choice (a logical-mode action's variant, or a timed-mode scheduler choice).
 *
 * <p><b>Which receive an arriving message matches</b> ({@link #matchArrival}): the earliest posted
 * receive that matches.
 */
public final class MatchingEngine {
  private final WildcardPolicy policy;
  private final PostedReceiveQueue posted;
  private final UnexpectedMessageQueue unexpected;
  /** (source, context) to the next sequence number to release. */
  private final ChannelSequences expectedSeq;
  // The maps below are null while empty (most ranks never need them): a world of 2^20 ranks would
  // otherwise hold four empty trees per rank.
  /** (source, context) to early arrivals by sequence number; null while empty. */
  private TreeMap<Long, TreeMap<Long, Message>> heldBack;
  /** context to the source of the last wildcard match (round-robin; absent means 0, ob1's start); null while empty. */
  private TreeMap<Integer, Integer> lastWildcardSource;
  /** (source, context) to sequence numbers cancelled before release: skipped when reached; null while empty. */
  private TreeMap<Long, java.util.TreeSet<Long>> skipped;
  /** (source, context) to sequence numbers cancelled before they arrived: dropped on arrival; null while empty. */
  private TreeMap<Long, java.util.TreeSet<Long>> dropOnArrival;
  private long arrivals;
  private long posts;
  /**
   * The queue the last {@link #select} or {@link #matchArrival} searched (0 none, {@link #POSTED},
   * {@link #UNEXPECTED}): its search length is asked only when {@link #lastSearchLength} is, since a
   * binned queue counts it then.
   */
  private int lastSearched;
  private static final int POSTED = 1;
  private static final int UNEXPECTED = 2;
  private int maxPosted;
  private int maxUnexpected;

  /**
   * Creates an empty engine.
   *
   * @param policy wildcard policy
   * @param posted an empty posted receive queue
   * @param unexpected an empty unexpected message queue
   */
  public MatchingEngine(WildcardPolicy policy, PostedReceiveQueue posted, UnexpectedMessageQueue unexpected) {
    this.policy = policy;
    this.posted = posted;
    this.unexpected = unexpected;
    this.expectedSeq = new ChannelSequences();
  }

  private MatchingEngine(MatchingEngine o) {
    this.policy = o.policy;
    this.posted = o.posted.copy();
    this.unexpected = o.unexpected.copy();
    this.expectedSeq = o.expectedSeq.copy();
    if (o.heldBack != null) {
      this.heldBack = new TreeMap<>();
      for (Map.Entry<Long, TreeMap<Long, Message>> e : o.heldBack.entrySet()) {
        heldBack.put(e.getKey(), new TreeMap<>(e.getValue()));
      }
    }
    this.lastWildcardSource = o.lastWildcardSource == null ? null : new TreeMap<>(o.lastWildcardSource);
    this.skipped = deepCopy(o.skipped);
    this.dropOnArrival = deepCopy(o.dropOnArrival);
    this.arrivals = o.arrivals;
    this.posts = o.posts;
    this.maxPosted = o.maxPosted;
    this.maxUnexpected = o.maxUnexpected;
  }

  /**
   * An independent copy.
   *
   * @return the copy
   */
  public MatchingEngine copy() {
    return new MatchingEngine(this);
  }

  /**
   * The wildcard policy.
   *
   * @return the policy
   */
  public WildcardPolicy policy() {
    return policy;
  }

  /**
   * How many messages from {@code source} in {@code context} this rank has released to matching
   * (or dropped, their send cancelled): the sequence number the channel releases next. A sender
   * that has sent more to this rank in the context has messages in flight or held back.
   *
   * @param source the sender's world rank
   * @param context the context id
   * @return the count, 0 before the channel's first message
   */
  public long released(int source, int context) {
    return expectedSeq.get(channel(source, context));
  }

  private static long channel(int source, int context) {
    return ((long) source << 12) | context;
  }

  private static TreeMap<Long, java.util.TreeSet<Long>> deepCopy(TreeMap<Long, java.util.TreeSet<Long>> m) {
    if (m == null) {
      return null;
    }
    TreeMap<Long, java.util.TreeSet<Long>> out = new TreeMap<>();
    m.forEach((k, v) -> out.put(k, new java.util.TreeSet<>(v)));
    return out;
  }

  /**
   * A message reaches this rank: releases it, and any held-back successors, in sequence order.
   *
   * @param message the message (its arrival stamp is assigned here)
   * @param release called once per released message, in order
   * @throws IllegalStateException when the sequence number was already released (a duplicate)
   */
  public void arrive(Message message, Consumer<Message> release) {
    arrive(message, release, m -> { });
  }

  /**
   * A message reaches this rank: a message whose send was cancelled before it arrived is dropped
   * (its sequence number is skipped); otherwise it is released, with any held-back successors, in
   * sequence order.
   *
   * @param message the message (its arrival stamp is assigned here)
   * @param release called once per released message, in order
   * @param dropped called for a message dropped because its send was cancelled
   * @throws IllegalStateException when the sequence number was already released (a duplicate)
   */
  public void arrive(Message message, Consumer<Message> release, Consumer<Message> dropped) {
    long ch = channel(message.source(), message.context());
    java.util.TreeSet<Long> drop = dropOnArrival == null ? null : dropOnArrival.get(ch);
    if (drop != null && drop.remove(message.seq())) {
      if (drop.isEmpty()) {
        dropOnArrival.remove(ch);
        if (dropOnArrival.isEmpty()) {
          dropOnArrival = null;
        }
      }
      dropped.accept(message);
      skipped().computeIfAbsent(ch, k -> new java.util.TreeSet<>()).add(message.seq());
      advance(ch, release);
      return;
    }
    long expected = expectedSeq.get(ch);
    if (message.seq() < expected) {
      throw new IllegalStateException("duplicate message " + message);
    }
    if (message.seq() > expected) {
      heldBack().computeIfAbsent(ch, k -> new TreeMap<>()).put(message.seq(), message);
      return;
    }
    release.accept(message.withArrivalStamp(arrivals++));
    expectedSeq.put(ch, expected + 1);
    advance(ch, release);
  }

  private TreeMap<Long, TreeMap<Long, Message>> heldBack() {
    if (heldBack == null) {
      heldBack = new TreeMap<>();
    }
    return heldBack;
  }

  private TreeMap<Long, java.util.TreeSet<Long>> skipped() {
    if (skipped == null) {
      skipped = new TreeMap<>();
    }
    return skipped;
  }

  private static void hashSets(TreeMap<Long, java.util.TreeSet<Long>> m, PrimitiveSink sink) {
    if (m != null) {
      m.forEach((k, v) -> {
        sink.putLong(k);
        v.forEach(sink::putLong);
      });
    }
  }

  /** Releases held-back messages and skips cancelled sequence numbers from the expected one on. */
  private void advance(long ch, Consumer<Message> release) {
    if (heldBack == null && skipped == null) {
      return; // nothing held back or skipped on any channel: the expected number is already right
    }
    long expected = expectedSeq.get(ch);
    TreeMap<Long, Message> held = heldBack == null ? null : heldBack.get(ch);
    java.util.TreeSet<Long> skip = skipped == null ? null : skipped.get(ch);
    while (true) {
      if (skip != null && skip.remove(expected)) {
        expected++;
      } else if (held != null && !held.isEmpty() && held.firstKey() == expected) {
        release.accept(held.pollFirstEntry().getValue().withArrivalStamp(arrivals++));
        expected++;
      } else {
        break;
      }
    }
    if (held != null && held.isEmpty()) {
      heldBack.remove(ch);
      if (heldBack.isEmpty()) {
        heldBack = null;
      }
    }
    if (skip != null && skip.isEmpty()) {
      skipped.remove(ch);
      if (skipped.isEmpty()) {
        skipped = null;
      }
    }
    expectedSeq.put(ch, expected);
  }

  /** What {@link #cancelMessage} found. */
  public enum CancelResult {
    /** The message was here and unmatched; it is removed (eager data: its buffer space is free). */
    REMOVED,
    /** The message has not arrived; it will be dropped when it does. */
    WILL_DROP,
    /** The message was matched already (received, taken by a matched probe, or its CTS sent). */
    TOO_LATE
  }

  /**
   * What {@link #cancelMessage} did.
   *
   * @param result removed, will drop, or too late
   * @param removed the message removed (for {@link CancelResult#REMOVED}), else null
   */
  public record CancelOutcome(CancelResult result, Message removed) {}

  /**
   * A sender asks to withdraw a message (MPI_Cancel of a send, seed 001): removes it if it is
   * still unmatched here, arranges to drop it if it has not arrived, or reports that it matched.
   *
   * @param source the sender
   * @param context the context id
   * @param seq the message's sequence number
   * @return what happened
   */
  public CancelOutcome cancelMessage(int source, int context, long seq) {
    long ch = channel(source, context);
    long expected = expectedSeq.get(ch);
    if (seq < expected) {
      for (Message m : unexpected.inArrivalOrder()) {
        if (m.source() == source && m.context() == context && m.seq() == seq) {
          unexpected.remove(m);
          return new CancelOutcome(CancelResult.REMOVED, m);
        }
      }
      return new CancelOutcome(CancelResult.TOO_LATE, null);
    }
    TreeMap<Long, Message> held = heldBack == null ? null : heldBack.get(ch);
    Message m = held == null ? null : held.remove(seq);
    if (m != null) {
      if (held.isEmpty()) {
        heldBack.remove(ch);
        if (heldBack.isEmpty()) {
          heldBack = null;
        }
      }
      skipped().computeIfAbsent(ch, k -> new java.util.TreeSet<>()).add(seq);
      return new CancelOutcome(CancelResult.REMOVED, m);
    }
    if (dropOnArrival == null) {
      dropOnArrival = new TreeMap<>();
    }
    dropOnArrival.computeIfAbsent(ch, k -> new java.util.TreeSet<>()).add(seq);
    return new CancelOutcome(CancelResult.WILL_DROP, null);
  }

  /**
   * A released message looks for the earliest posted receive that matches; found, it is removed
   * from the posted receive queue and returned; otherwise the message joins the unexpected queue.
   *
   * @param message a message released by {@link #arrive}
   * @return the matched receive, or null when the message was queued as unexpected
   */
  public PostedReceive matchArrival(Message message) {
    PostedReceive r = posted.earliestMatching(message.context(), message.source(), message.tag());
    lastSearched = POSTED;
    if (r != null) {
      posted.remove(r);
      return r;
    }
    unexpected.add(message);
    maxUnexpected = Math.max(maxUnexpected, unexpected.size());
    return null;
  }

  /**
   * The sources whose earliest matching message an MPI_ANY_SOURCE receive or probe may take: every
   * source with a matching unexpected message, ascending.
   *
   * @param tag a tag or {@link Envelopes#ANY}
   * @param context context id
   * @return ranks, ascending
   */
  public int[] wildcardSources(int tag, int context) {
    return unexpected.sourcesWithMatch(context, tag);
  }

  /**
   * The unexpected message a receive or probe with this pattern takes now, without removing it.
   *
   * @param source a rank or {@link Envelopes#ANY}
   * @param tag a tag or {@link Envelopes#ANY}
   * @param context context id
   * @param chosenSource under {@link WildcardPolicy#ANY} with an MPI_ANY_SOURCE pattern and two or
   *     more {@link #wildcardSources}: the source chosen among them; ignored otherwise
   * @param commit when true, a round-robin pointer advances to the selected message's source
   * @return the message, or null when none matches
   * @throws IllegalStateException under {@link WildcardPolicy#ANY}, when an MPI_ANY_SOURCE pattern
   *     has two or more candidate sources and {@code chosenSource} is not one of them: the caller
   *     failed to offer the choice, and the engine will not decide by arrival order
   */
  public Message select(int source, int tag, int context, int chosenSource, boolean commit) {
    Message m = doSelect(source, tag, context, chosenSource, commit);
    lastSearched = UNEXPECTED;
    return m;
  }

  /**
   * Entries the last {@link #select} or {@link #matchArrival} inspected in the queue it searched,
   * as a linear search in MPI order would, the match included; -1 when the queues do not search
   * linearly (see {@link UnexpectedMessageQueue#lastSearchLength()}).
   *
   * @return the search length
   */
  public int lastSearchLength() {
    return lastSearched == POSTED ? posted.lastSearchLength()
        : lastSearched == UNEXPECTED ? unexpected.lastSearchLength() : -1;
  }

  private Message doSelect(int source, int tag, int context, int chosenSource, boolean commit) {
    if (source != Envelopes.ANY) {
      return unexpected.earliestFrom(context, source, tag);
    }
    switch (policy) {
      case ARRIVAL:
        return unexpected.earliest(context, tag);
      case ANY: {
        int[] sources = unexpected.sourcesWithMatch(context, tag);
        if (sources.length == 0) {
          return null;
        }
        int s = sources.length == 1 ? sources[0] : chosenSource;
        if (java.util.Arrays.binarySearch(sources, s) < 0) {
          throw new IllegalStateException("MPI_ANY_SOURCE under the any policy may take a message from any of sources "
              + java.util.Arrays.toString(sources) + ", and the caller chose " + s
              + ": every such choice must come from the scheduler, never from arrival order");
        }
        return unexpected.earliestFrom(context, s, tag);
      }
      case ROUND_ROBIN: {
        int[] sources = unexpected.sourcesWithMatch(context, tag);
        if (sources.length == 0) {
          return null;
        }
        int last = lastWildcardSource == null ? 0 : lastWildcardSource.getOrDefault(context, 0);
        int pick = sources[0];
        for (int s : sources) {
          if (s > last) {
            pick = s;
            break;
          }
        }
        if (commit && pick == 0) {
          if (lastWildcardSource != null) {
            lastWildcardSource.remove(context);
            if (lastWildcardSource.isEmpty()) {
              lastWildcardSource = null;
            }
          }
        } else if (commit) {
          if (lastWildcardSource == null) {
            lastWildcardSource = new TreeMap<>();
          }
          lastWildcardSource.put(context, pick);
        }
        return unexpected.earliestFrom(context, pick, tag);
      }
      default:
        throw new AssertionError(policy);
    }
  }

  /**
   * Removes a message from the unexpected queue (a receive or matched probe took it).
   *
   * @param message the message
   * @return whether it was queued
   */
  public boolean takeUnexpected(Message message) {
    return unexpected.remove(message);
  }

  /**
   * Appends a receive to the posted receive queue.
   *
   * @param requestId the receive request
   * @param source a rank or {@link Envelopes#ANY}
   * @param tag a tag or {@link Envelopes#ANY}
   * @param context context id
   * @param capacityBytes buffer size
   * @return the posted receive (its post stamp gives the posting order)
   */
  public PostedReceive post(long requestId, int source, int tag, int context, long capacityBytes) {
    PostedReceive r = new PostedReceive(requestId, source, tag, context, capacityBytes, posts++);
    posted.add(r);
    maxPosted = Math.max(maxPosted, posted.size());
    return r;
  }

  /**
   * Removes a posted receive (a cancelled receive).
   *
   * @param receive the receive
   * @return whether it was posted
   */
  public boolean unpost(PostedReceive receive) {
    return posted.remove(receive);
  }

  /**
   * The posted receive of a request, if it is still in the queue.
   *
   * @param requestId the request
   * @return the posted receive, or null
   */
  public PostedReceive postedReceive(long requestId) {
    for (PostedReceive r : posted.inPostingOrder()) {
      if (r.requestId() == requestId) {
        return r;
      }
    }
    return null;
  }

  /**
   * Whether any unexpected message matches a pattern (what a blocked Probe or Mprobe waits for).
   *
   * @param source a rank or {@link Envelopes#ANY}
   * @param tag a tag or {@link Envelopes#ANY}
   * @param context context id
   * @return true when a probe would find a message now
   */
  public boolean hasMatch(int source, int tag, int context) {
    return source == Envelopes.ANY ? unexpected.earliest(context, tag) != null
        : unexpected.earliestFrom(context, source, tag) != null;
  }

  /**
   * Depth of the posted receive queue.
   *
   * @return receives posted and not yet matched
   */
  public int postedDepth() {
    return posted.size();
  }

  /**
   * Depth of the unexpected message queue.
   *
   * @return messages arrived and not yet matched
   */
  public int unexpectedDepth() {
    return unexpected.size();
  }

  /**
   * Largest posted receive queue depth seen.
   *
   * @return the maximum
   */
  public int maxPostedDepth() {
    return maxPosted;
  }

  /**
   * Largest unexpected message queue depth seen.
   *
   * @return the maximum
   */
  public int maxUnexpectedDepth() {
    return maxUnexpected;
  }

  /**
   * The posted receives in posting order (deadlock reports).
   *
   * @return a fresh list
   */
  public List<PostedReceive> postedReceives() {
    return posted.inPostingOrder();
  }

  /**
   * The unexpected messages in arrival order (deadlock reports).
   *
   * @return a fresh list
   */
  public List<Message> unexpectedMessages() {
    return unexpected.inArrivalOrder();
  }

  /**
   * Messages held back waiting for an earlier sequence number, by (source, context) then sequence.
   *
   * @return the messages, to read (an immutable empty list when there are none)
   */
  public List<Message> heldBackMessages() {
    if (heldBack == null) {
      return List.of();
    }
    List<Message> out = new ArrayList<>();
    heldBack.values().forEach(m -> out.addAll(m.values()));
    return out;
  }

  /** The order unexpected messages are hashed in under the any and round-robin policies. */
  private static final java.util.Comparator<Message> CANONICAL_ORDER = java.util.Comparator
      .comparingInt(Message::source).thenComparingInt(Message::context).thenComparingLong(Message::seq);

  /** Whether the messages are already in {@link #CANONICAL_ORDER} (the common case: no sort needed). */
  private static boolean inCanonicalOrder(List<Message> u) {
    for (int i = 1; i < u.size(); i++) {
      if (CANONICAL_ORDER.compare(u.get(i - 1), u.get(i)) > 0) {
        return false;
      }
    }
    return true;
  }

  /**
   * Writes the canonical state: posted receives in posting order, unexpected messages in arrival
   * order (under the {@code any} and {@code round-robin} policies, per source in sequence order,
   * since only that order is observable), the reordering buffer, and round-robin pointers. Stamps
   * and counters are left out: only relative order matters, and the lists carry it.
   *
   * @param sink the hasher
   */
  public void hashInto(PrimitiveSink sink) {
    List<PostedReceive> p = posted.inPostingOrder();
    sink.putInt(p.size());
    p.forEach(r -> r.hashInto(sink));
    List<Message> u = unexpected.inArrivalOrder();
    if (policy != WildcardPolicy.ARRIVAL && !inCanonicalOrder(u)) {
      // Under any and round-robin only the order within each (source, context) matters, and that is
      // sequence order: hash the messages in (source, context, seq) order, so states that differ
      // only in the interleaving of arrivals from different sources are one state.
      u = new ArrayList<>(u);
      u.sort(CANONICAL_ORDER);
    }
    sink.putInt(u.size());
    u.forEach(m -> m.hashInto(sink));
    expectedSeq.hashInto(sink);
    sink.putInt(-1);
    if (heldBack != null) {
      for (Map.Entry<Long, TreeMap<Long, Message>> e : heldBack.entrySet()) {
        sink.putLong(e.getKey());
        e.getValue().values().forEach(m -> m.hashInto(sink));
      }
    }
    sink.putInt(-2);
    if (lastWildcardSource != null) {
      for (Map.Entry<Integer, Integer> e : lastWildcardSource.entrySet()) {
        sink.putInt(e.getKey()).putInt(e.getValue());
      }
    }
    sink.putInt(-3);
    hashSets(skipped, sink);
    sink.putInt(-4);
    hashSets(dropOnArrival, sink);
    sink.putInt(-5);
  }

  /**
   * Writes the engine's state for a state codec (issue 13): what {@link #hashInto} covers, in the
   * engine's own order (unexpected messages in arrival order), with the stamps and counters that
   * order them and the depth maxima, so that {@link #decodeFrom} rebuilds an engine that behaves
   * exactly as this one.
   *
   * @param w the buffer
   * @param messages writes one message (its arrival stamp included)
   */
  public void encodeInto(StateWriter w, BiConsumer<Message, StateWriter> messages) {
    List<PostedReceive> p = posted.inPostingOrder();
    List<Message> u = unexpected.inArrivalOrder();
    int mask = (arrivals != 0 || posts != 0 || maxPosted != 0 || maxUnexpected != 0 ? 1 : 0) | (p.isEmpty() ? 0 : 2)
        | (u.isEmpty() ? 0 : 4) | (expectedSeq.size() == 0 ? 0 : 8) | (heldBack == null ? 0 : 16)
        | (lastWildcardSource == null ? 0 : 32) | (skipped == null ? 0 : 64) | (dropOnArrival == null ? 0 : 128);
    w.putVar(mask);
    if ((mask & 1) != 0) {
      w.putVar(arrivals).putVar(posts).putVar(maxPosted).putVar(maxUnexpected);
    }
    if ((mask & 2) != 0) {
      w.putVar(p.size());
      for (PostedReceive r : p) {
        w.putId(r.requestId()).putSigned(r.source()).putSigned(r.tag()).putVar(r.context())
            .putVar(r.capacityBytes()).putVar(r.postStamp());
      }
    }
    if ((mask & 4) != 0) {
      w.putVar(u.size());
      u.forEach(m -> messages.accept(m, w));
    }
    if ((mask & 8) != 0) {
      expectedSeq.encodeInto(w);
    }
    if (heldBack != null) {
      w.putVar(heldBack.size());
      heldBack.forEach((ch, held) -> {
        w.putVar(ch).putVar(held.size());
        held.values().forEach(m -> messages.accept(m, w));
      });
    }
    if (lastWildcardSource != null) {
      w.putVar(lastWildcardSource.size());
      lastWildcardSource.forEach((ctx, src) -> w.putVar(ctx).putVar(src));
    }
    if (skipped != null) {
      encodeSets(skipped, w);
    }
    if (dropOnArrival != null) {
      encodeSets(dropOnArrival, w);
    }
  }

  private static void encodeSets(TreeMap<Long, java.util.TreeSet<Long>> m, StateWriter w) {
    w.putVar(m.size());
    m.forEach((k, v) -> {
      w.putVar(k).putVar(v.size());
      v.forEach(w::putVar);
    });
  }

  private static TreeMap<Long, java.util.TreeSet<Long>> decodeSets(StateReader r) {
    int n = r.getVarInt();
    TreeMap<Long, java.util.TreeSet<Long>> m = new TreeMap<>();
    for (; n > 0; n--) {
      long k = r.getVar();
      java.util.TreeSet<Long> v = new java.util.TreeSet<>();
      for (int i = r.getVarInt(); i > 0; i--) {
        v.add(r.getVar());
      }
      m.put(k, v);
    }
    return m;
  }

  /**
   * Reads what {@link #encodeInto} wrote into this engine, which must be new (empty).
   *
   * @param r the reader
   * @param messages reads one message
   */
  public void decodeFrom(StateReader r, Function<StateReader, Message> messages) {
    int mask = r.getVarInt();
    if ((mask & 1) != 0) {
      arrivals = r.getVar();
      posts = r.getVar();
      maxPosted = r.getVarInt();
      maxUnexpected = r.getVarInt();
    }
    for (int n = (mask & 2) != 0 ? r.getVarInt() : 0; n > 0; n--) {
      posted.add(new PostedReceive(r.getId(), r.getSignedInt(), r.getSignedInt(), r.getVarInt(), r.getVar(),
          r.getVar()));
    }
    for (int n = (mask & 4) != 0 ? r.getVarInt() : 0; n > 0; n--) {
      unexpected.add(messages.apply(r));
    }
    if ((mask & 8) != 0) {
      expectedSeq.decodeFrom(r);
    }
    if ((mask & 16) != 0) {
      heldBack = new TreeMap<>();
      for (int n = r.getVarInt(); n > 0; n--) {
        long ch = r.getVar();
        TreeMap<Long, Message> held = new TreeMap<>();
        for (int k = r.getVarInt(); k > 0; k--) {
          Message m = messages.apply(r);
          held.put(m.seq(), m);
        }
        heldBack.put(ch, held);
      }
    }
    if ((mask & 32) != 0) {
      lastWildcardSource = new TreeMap<>();
      for (int n = r.getVarInt(); n > 0; n--) {
        lastWildcardSource.put(r.getVarInt(), r.getVarInt());
      }
    }
    skipped = (mask & 64) != 0 ? decodeSets(r) : null;
    dropOnArrival = (mask & 128) != 0 ? decodeSets(r) : null;
  }

}
