package dev.matchpoint.mpi.match;

import static dev.matchpoint.mpi.match.Envelopes.ANY;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * The unexpected message queue for long queues: every query in expected O(1) whatever the depth,
 * with exactly the answers of {@link ReferenceUnexpectedQueue} (MPI-3.1 §3.5, "Semantics of
 * Point-to-Point Communication, Order"). The bins follow Flajslik et al., "Mitigating MPI Message
 * Matching Misery" (ISC 2016): hash the envelope to a short list instead of scanning one long one.
 *
 * <p><b>Shape.</b> A queued message sits in exactly four bins, one for each receive pattern that
 * matches it: (context, source, tag), (context, source, ANY), (context, ANY, tag) and (context,
 * ANY, ANY). Each bin is an intrusive doubly linked list in arrival order, so the earliest message
 * matching any pattern is the head of that pattern's bin, and a message leaves all four lists in
 * O(1). Bins are found through a hash index keyed by the packed pattern ({@link PatternKeys}) and
 * dropped when they empty. A bin with a concrete source is also a child of the bin with that
 * source wildcarded, so the children of (context, ANY, tag) are exactly the sources with a
 * matching message. A second index finds a message's node by its identity key for {@link #remove}.
 *
 * <p><b>Layout.</b> Nodes and bins are slots of parallel arrays linked by int index (a node: the
 * prev/next pair of each of its four bins and its envelope bin, 36 bytes, plus 4 for the message
 * reference; a bin: head, tail, parent, wildcard-tag bin, children and siblings, 28 bytes, plus its
 * 8-byte key), with free lists; each index adds about 10 bytes per entry. Adds, removes and
 * queries therefore allocate nothing once the arrays have grown, and store no reference but the
 * message's own, which keeps the collector's write barriers and young-generation copying out of the
 * hot path (an object per node made G1 the bottleneck at 10^6 messages). Arrays grow by half when
 * full and are rebuilt, in arrival order, at twice the contents when three quarters empty.
 *
 * <p><b>Costs</b> (n queued messages, k sources with a match): {@link #add}, {@link #remove},
 * {@link #earliestFrom} and {@link #earliest} expected O(1), amortised over growth and shrinkage;
 * {@link #sourcesWithMatch} O(k log k); {@link #inArrivalOrder} O(n) with one context, O(n log n)
 * with several; {@link #copy} O(capacity), a clone of each array. Memory per queued message
 * (measured by {@code MatchingBench} with JOL, messages excluded, depths 10^2 to 10^6): 100 to 140
 * bytes with one message per envelope (a bin per message, the worst case), 50 to 70 with at most
 * 100 envelopes.
 *
 * <p><b>Determinism.</b> The indexes are used for lookup only; every answer comes from a list
 * head, a sorted array, or a merge by arrival stamp, never from hash order.
 *
 * <p><b>Contract</b> (that of {@link UnexpectedMessageQueue}): messages are added in strictly
 * increasing arrival stamp, so the order of addition is the arrival order. Not thread-safe.
 */
public final class BucketedUnexpectedQueue implements UnexpectedMessageQueue {
  private static final int NIL = SlotIndex.NIL;
  private static final int MIN_CAPACITY = 8;

  /* A node is NODE_STRIDE ints: (prev, next) for each bin kind at 2 * kind, then its envelope bin. */
  private static final int ENVELOPE = 0;
  private static final int SOURCE = 1;
  private static final int TAG = 2;
  private static final int CONTEXT = 3;
  private static final int NODE_BIN = 8;
  private static final int NODE_STRIDE = 9;

  /* A bin is BIN_STRIDE ints. Free nodes and bins are chained through NODE_BIN and PARENT. */
  private static final int HEAD = 0;
  private static final int TAIL = 1;
  private static final int PARENT = 2;
  private static final int ANY_TAG = 3;
  private static final int CHILDREN = 4;
  private static final int PREV_SIBLING = 5;
  private static final int NEXT_SIBLING = 6;
  private static final int BIN_STRIDE = 7;
  /** Bin slot 0, never indexed: its children are the context bins, for {@link #inArrivalOrder}. */
  private static final int ROOT = 0;

  private Message[] messages;
  private int[] nodes;
  private int nodeTop;
  private int freeNodes;
  private SlotIndex nodesByKey;

  private long[] binKeys;
  private int[] bins;
  private int binTop;
  private int freeBins;
  private int binCount;
  private SlotIndex binsByKey;

  private int size;

  /** An empty queue. O(1). */
  public BucketedUnexpectedQueue() {
    init(MIN_CAPACITY, MIN_CAPACITY);
  }

  private BucketedUnexpectedQueue(BucketedUnexpectedQueue from) {
    messages = from.messages.clone();
    nodes = from.nodes.clone();
    nodeTop = from.nodeTop;
    freeNodes = from.freeNodes;
    nodesByKey = from.nodesByKey.copy(this::nodeKey);
    binKeys = from.binKeys.clone();
    bins = from.bins.clone();
    binTop = from.binTop;
    freeBins = from.freeBins;
    binCount = from.binCount;
    binsByKey = from.binsByKey.copy(this::binKey);
    size = from.size;
  }

  /**
   * Appends a message to its four bins. Expected O(1), amortised over growth.
   *
   * @param message with an arrival stamp larger than any queued message's (not checked); equal
   *     identity keys are allowed and kept in arrival order, as the reference does
   * @throws NullPointerException when the message is null
   * @throws IllegalArgumentException when the message's identity key does not fit (see {@link
   *     MessageIds#key}) or its tag is negative; the reference queue would accept such a message and
   *     fail only at {@link #remove}
   */
  @Override
  public void add(Message message) {
    Objects.requireNonNull(message, "message");
    message.key();
    if (message.tag() < 0) {
      throw new IllegalArgumentException("a message's tag is at least 0, got " + message.tag());
    }
    int envelope = binFor(message.context(), message.source(), message.tag());
    int node = allocateNode();
    messages[node] = message;
    nodes[node * NODE_STRIDE + NODE_BIN] = envelope;
    int tag = bins[envelope * BIN_STRIDE + PARENT];
    append(envelope, node, ENVELOPE);
    append(bins[envelope * BIN_STRIDE + ANY_TAG], node, SOURCE);
    append(tag, node, TAG);
    append(bins[tag * BIN_STRIDE + ANY_TAG], node, CONTEXT);
    nodesByKey.add(node);
    size++;
  }

  /**
   * The head of the bin (context, source, tag), or of (context, source, ANY) for MPI_ANY_TAG.
   * Expected O(1) whatever the depth.
   *
   * @param context context id
   * @param source a rank; {@link Envelopes#ANY} is answered as {@link #earliest} would
   * @param tag a tag or {@link Envelopes#ANY}
   * @return the earliest-arrived matching message, or null (also for arguments out of range)
   */
  @Override
  public Message earliestFrom(int context, int source, int tag) {
    return headOf(context, source, tag);
  }

  /**
   * The head of the bin (context, ANY, tag), or of (context, ANY, ANY) for MPI_ANY_TAG: the
   * earliest arrival over all sources. Expected O(1) whatever the depth or the number of sources.
   *
   * @param context context id
   * @param tag a tag or {@link Envelopes#ANY}
   * @return the earliest-arrived matching message, or null (also for arguments out of range)
   */
  @Override
  public Message earliest(int context, int tag) {
    return headOf(context, ANY, tag);
  }

  /**
   * The sources of the child bins of (context, ANY, tag), sorted. O(k log k) for k sources with a
   * match, independent of the depth.
   *
   * @param context context id
   * @param tag a tag or {@link Envelopes#ANY}
   * @return distinct ranks in ascending order; empty when none (also for arguments out of range)
   */
  @Override
  public int[] sourcesWithMatch(int context, int tag) {
    int bin = binsByKey.first(PatternKeys.pack(context, ANY, tag));
    if (bin == NIL) {
      return new int[0];
    }
    int count = 0;
    for (int c = bins[bin * BIN_STRIDE + CHILDREN]; c != NIL; c = bins[c * BIN_STRIDE + NEXT_SIBLING]) {
      count++;
    }
    int[] sources = new int[count];
    int i = 0;
    for (int c = bins[bin * BIN_STRIDE + CHILDREN]; c != NIL; c = bins[c * BIN_STRIDE + NEXT_SIBLING]) {
      sources[i++] = PatternKeys.source(binKeys[c]);
    }
    Arrays.sort(sources);
    return sources;
  }

  /**
   * Unlinks the earliest-arrived queued message with the same identity key from its four bins and
   * drops the bins that empty. Expected O(1), amortised over shrinkage.
   *
   * @param message the message (compared by {@link Message#key()})
   * @return whether such a message was queued
   * @throws NullPointerException when the message is null
   * @throws IllegalArgumentException when its identity key does not fit (as the reference)
   */
  @Override
  public boolean remove(Message message) {
    int node = nodesByKey.removeFirst(message.key());
    if (node == NIL) {
      return false;
    }
    int envelope = nodes[node * NODE_STRIDE + NODE_BIN];
    int source = bins[envelope * BIN_STRIDE + ANY_TAG];
    int tag = bins[envelope * BIN_STRIDE + PARENT];
    int context = bins[tag * BIN_STRIDE + ANY_TAG];
    unlink(envelope, node, ENVELOPE);
    unlink(source, node, SOURCE);
    unlink(tag, node, TAG);
    unlink(context, node, CONTEXT);
    releaseNode(node);
    size--;
    retireIfEmpty(envelope);
    retireIfEmpty(source);
    retireIfEmpty(tag);
    retireIfEmpty(context);
    if ((messages.length > MIN_CAPACITY && size < messages.length / 4)
        || (binKeys.length > MIN_CAPACITY && binCount < binKeys.length / 8)) {
      rebuild();
    }
    return true;
  }

  /**
   * The number of queued messages. O(1).
   *
   * @return the depth
   */
  @Override
  public int size() {
    return size;
  }

  /**
   * The queued messages in arrival order: each context bin's list, merged by arrival stamp when
   * there are several contexts. O(n) for one context, O(n log n) otherwise.
   *
   * @return a fresh mutable list
   */
  @Override
  public List<Message> inArrivalOrder() {
    ArrayList<Message> out = new ArrayList<>(size);
    int contexts = 0;
    for (int c = bins[ROOT * BIN_STRIDE + CHILDREN]; c != NIL; c = bins[c * BIN_STRIDE + NEXT_SIBLING]) {
      for (int n = bins[c * BIN_STRIDE + HEAD]; n != NIL; n = nodes[n * NODE_STRIDE + 2 * CONTEXT + 1]) {
        out.add(messages[n]);
      }
      contexts++;
    }
    if (contexts > 1) {
      out.sort(Comparator.comparingLong(Message::arrivalStamp));
    }
    return out;
  }

  /**
   * A queue with the same messages in the same order and no shared mutable state: every array is
   * cloned (messages are immutable and shared). O(capacity), a few memory copies.
   *
   * @return the copy, a {@code BucketedUnexpectedQueue}
   */
  @Override
  public UnexpectedMessageQueue copy() {
    return new BucketedUnexpectedQueue(this);
  }

  /**
   * A summary for debugging.
   *
   * @return the class name, depth and number of bins
   */
  @Override
  public String toString() {
    return "BucketedUnexpectedQueue[size=" + size + ", bins=" + binCount + "]";
  }

  private void init(int nodeCapacity, int binCapacity) {
    messages = new Message[nodeCapacity];
    nodes = new int[nodeCapacity * NODE_STRIDE];
    nodeTop = 0;
    freeNodes = NIL;
    nodesByKey = new SlotIndex(this::nodeKey, nodeCapacity);
    binKeys = new long[binCapacity];
    bins = new int[binCapacity * BIN_STRIDE];
    binTop = 0;
    freeBins = NIL;
    binCount = 0;
    binsByKey = new SlotIndex(this::binKey, binCapacity);
    size = 0;
    allocateBin(PatternKeys.NONE);
  }

  /** Re-adds the queued messages to arrays sized for twice the current contents. */
  private void rebuild() {
    List<Message> queued = inArrivalOrder();
    init(Math.max(MIN_CAPACITY, 2 * size), Math.max(MIN_CAPACITY, 2 * (binCount + 1)));
    for (Message m : queued) {
      add(m);
    }
  }

  private long nodeKey(int node) {
    return messages[node].key();
  }

  private long binKey(int bin) {
    return binKeys[bin];
  }

  private Message headOf(int context, int source, int tag) {
    int bin = binsByKey.first(PatternKeys.pack(context, source, tag));
    return bin == NIL ? null : messages[bins[bin * BIN_STRIDE + HEAD]];
  }

  /** The bin of a pattern, created with its parents when missing. */
  private int binFor(int context, int source, int tag) {
    long key = PatternKeys.pack(context, source, tag);
    int bin = binsByKey.first(key);
    if (bin != NIL) {
      return bin;
    }
    int parent = source != ANY ? binFor(context, ANY, tag) : tag == ANY ? ROOT : NIL;
    int anyTag = tag != ANY ? binFor(context, source, ANY) : NIL;
    bin = allocateBin(key);
    bins[bin * BIN_STRIDE + PARENT] = parent;
    bins[bin * BIN_STRIDE + ANY_TAG] = anyTag;
    if (parent != NIL) {
      int first = bins[parent * BIN_STRIDE + CHILDREN];
      bins[bin * BIN_STRIDE + NEXT_SIBLING] = first;
      if (first != NIL) {
        bins[first * BIN_STRIDE + PREV_SIBLING] = bin;
      }
      bins[parent * BIN_STRIDE + CHILDREN] = bin;
    }
    binsByKey.add(bin);
    binCount++;
    return bin;
  }

  private void retireIfEmpty(int bin) {
    int at = bin * BIN_STRIDE;
    if (bins[at + HEAD] != NIL) {
      return;
    }
    binsByKey.remove(bin);
    int parent = bins[at + PARENT];
    if (parent != NIL) {
      int before = bins[at + PREV_SIBLING];
      int after = bins[at + NEXT_SIBLING];
      if (before == NIL) {
        bins[parent * BIN_STRIDE + CHILDREN] = after;
      } else {
        bins[before * BIN_STRIDE + NEXT_SIBLING] = after;
      }
      if (after != NIL) {
        bins[after * BIN_STRIDE + PREV_SIBLING] = before;
      }
    }
    bins[at + PARENT] = freeBins;
    freeBins = bin;
    binCount--;
  }

  private void append(int bin, int node, int kind) {
    int last = bins[bin * BIN_STRIDE + TAIL];
    int at = node * NODE_STRIDE + 2 * kind;
    nodes[at] = last;
    nodes[at + 1] = NIL;
    if (last == NIL) {
      bins[bin * BIN_STRIDE + HEAD] = node;
    } else {
      nodes[last * NODE_STRIDE + 2 * kind + 1] = node;
    }
    bins[bin * BIN_STRIDE + TAIL] = node;
  }

  private void unlink(int bin, int node, int kind) {
    int at = node * NODE_STRIDE + 2 * kind;
    int before = nodes[at];
    int after = nodes[at + 1];
    if (before == NIL) {
      bins[bin * BIN_STRIDE + HEAD] = after;
    } else {
      nodes[before * NODE_STRIDE + 2 * kind + 1] = after;
    }
    if (after == NIL) {
      bins[bin * BIN_STRIDE + TAIL] = before;
    } else {
      nodes[after * NODE_STRIDE + 2 * kind] = before;
    }
  }

  private int allocateNode() {
    if (freeNodes != NIL) {
      int node = freeNodes;
      freeNodes = nodes[node * NODE_STRIDE + NODE_BIN];
      return node;
    }
    if (nodeTop == messages.length) {
      int capacity = messages.length + (messages.length >>> 1);
      messages = Arrays.copyOf(messages, capacity);
      nodes = Arrays.copyOf(nodes, capacity * NODE_STRIDE);
      nodesByKey.ensureSlots(capacity);
    }
    return nodeTop++;
  }

  private void releaseNode(int node) {
    messages[node] = null;
    nodes[node * NODE_STRIDE + NODE_BIN] = freeNodes;
    freeNodes = node;
  }

  /** A bin with no messages, parents, children or siblings. */
  private int allocateBin(long key) {
    int bin;
    if (freeBins != NIL) {
      bin = freeBins;
      freeBins = bins[bin * BIN_STRIDE + PARENT];
    } else {
      if (binTop == binKeys.length) {
        int capacity = binKeys.length + (binKeys.length >>> 1);
        binKeys = Arrays.copyOf(binKeys, capacity);
        bins = Arrays.copyOf(bins, capacity * BIN_STRIDE);
        binsByKey.ensureSlots(capacity);
      }
      bin = binTop++;
    }
    binKeys[bin] = key;
    Arrays.fill(bins, bin * BIN_STRIDE, (bin + 1) * BIN_STRIDE, NIL);
    return bin;
  }
}
