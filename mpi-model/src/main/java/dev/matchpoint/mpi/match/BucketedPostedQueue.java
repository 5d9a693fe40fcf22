package dev.matchpoint.mpi.match;

import static dev.matchpoint.mpi.match.Envelopes.ANY;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The posted receive queue for long queues: an arriving message finds the earliest-posted matching
 * receive in expected O(1) whatever the depth, with exactly the answers of {@link
 * ReferencePostedQueue} (MPI-3.1 §3.5, "Order": receives are ordered too). Bins after Flajslik et
 * al., "Mitigating MPI Message Matching Misery" (ISC 2016).
 *
 * <p><b>Shape.</b> Each receive sits in the bin of its own pattern (context, source or ANY, tag or
 * ANY), an intrusive doubly linked list in posting order, found through a hash index keyed by the
 * packed pattern ({@link PatternKeys}) and dropped when it empties. A concrete envelope (c, s, t)
 * is matched by exactly the patterns (c, s, t), (c, s, ANY), (c, ANY, t) and (c, ANY, ANY), so its
 * earliest matching receive is the one with the smallest post stamp among at most four bin heads.
 * All receives are also on one list in posting order, and a second index finds a receive's node by
 * request id.
 *
 * <p><b>Layout.</b> As in {@link BucketedUnexpectedQueue}: nodes (bin links, posting-order links,
 * bin: 20 bytes plus the receive reference) and bins (head, tail: 8 bytes plus an 8-byte key) are
 * slots of int arrays with free lists, so adds, removes and matches allocate nothing once the
 * arrays have grown. Arrays grow by half when full and are rebuilt, in posting order, at twice the
 * contents when three quarters empty.
 *
 * <p><b>Costs</b> (n posted receives): {@link #add}, {@link #earliestMatching} (four lookups) and
 * {@link #remove} expected O(1), amortised; {@link #inPostingOrder} O(n); {@link #copy}
 * O(capacity), a clone of each array.
 *
 * <p><b>Contract</b> (that of {@link PostedReceiveQueue}): receives are added in strictly
 * increasing post stamp; the stamps decide between the four bin heads. The indexes are used for
 * lookup only, never iterated. Not thread-safe.
 */
public final class BucketedPostedQueue implements PostedReceiveQueue {
  private static final int NIL = SlotIndex.NIL;
  private static final int MIN_CAPACITY = 8;

  /* A node is NODE_STRIDE ints; free nodes are chained through NODE_BIN. */
  private static final int BIN_PREV = 0;
  private static final int BIN_NEXT = 1;
  private static final int POSTED_PREV = 2;
  private static final int POSTED_NEXT = 3;
  private static final int NODE_BIN = 4;
  private static final int NODE_STRIDE = 5;

  /* A bin is BIN_STRIDE ints; free bins are chained through HEAD. */
  private static final int HEAD = 0;
  private static final int TAIL = 1;
  private static final int BIN_STRIDE = 2;

  private PostedReceive[] receives;
  private int[] nodes;
  private int nodeTop;
  private int freeNodes;
  private SlotIndex nodesByRequest;
  private int first;
  private int last;

  private long[] binKeys;
  private int[] bins;
  private int binTop;
  private int freeBins;
  private int binCount;
  private SlotIndex binsByKey;

  private int size;

  /** An empty queue. O(1). */
  public BucketedPostedQueue() {
    init(MIN_CAPACITY, MIN_CAPACITY);
  }

  private BucketedPostedQueue(BucketedPostedQueue from) {
    receives = from.receives.clone();
    nodes = from.nodes.clone();
    nodeTop = from.nodeTop;
    freeNodes = from.freeNodes;
    nodesByRequest = from.nodesByRequest.copy(this::requestKey);
    first = from.first;
    last = from.last;
    binKeys = from.binKeys.clone();
    bins = from.bins.clone();
    binTop = from.binTop;
    freeBins = from.freeBins;
    binCount = from.binCount;
    binsByKey = from.binsByKey.copy(this::binKey);
    size = from.size;
  }

  /**
   * Appends a receive to its pattern's bin and to the posting-order list. Expected O(1), amortised.
   *
   * @param receive with a post stamp larger than any queued receive's (not checked); equal request
   *     ids are allowed and kept in posting order, as the reference does
   * @throws NullPointerException when the receive is null
   * @throws IllegalArgumentException when its context is outside {@code [0, 4096)}, its source
   *     outside {@code [0, 2^19)} and not {@link Envelopes#ANY}, or its tag negative and not {@link
   *     Envelopes#ANY} (the reference queue accepts such receives; none can match a valid message)
   */
  @Override
  public void add(PostedReceive receive) {
    Objects.requireNonNull(receive, "receive");
    long key = PatternKeys.pack(receive.context(), receive.source(), receive.tag());
    if (key == PatternKeys.NONE) {
      throw new IllegalArgumentException("receive pattern out of range: context " + receive.context()
          + ", source " + receive.source() + ", tag " + receive.tag());
    }
    int bin = binsByKey.first(key);
    if (bin == NIL) {
      bin = allocateBin(key);
      binsByKey.add(bin);
    }
    int node = allocateNode();
    receives[node] = receive;
    int at = node * NODE_STRIDE;
    nodes[at + NODE_BIN] = bin;
    int binTail = bins[bin * BIN_STRIDE + TAIL];
    nodes[at + BIN_PREV] = binTail;
    nodes[at + BIN_NEXT] = NIL;
    if (binTail == NIL) {
      bins[bin * BIN_STRIDE + HEAD] = node;
    } else {
      nodes[binTail * NODE_STRIDE + BIN_NEXT] = node;
    }
    bins[bin * BIN_STRIDE + TAIL] = node;
    nodes[at + POSTED_PREV] = last;
    nodes[at + POSTED_NEXT] = NIL;
    if (last == NIL) {
      first = node;
    } else {
      nodes[last * NODE_STRIDE + POSTED_NEXT] = node;
    }
    last = node;
    nodesByRequest.add(node);
    size++;
  }

  /**
   * The earliest-posted receive among the heads of the bins (context, source, tag), (context,
   * source, ANY), (context, ANY, tag) and (context, ANY, ANY). Expected O(1) whatever the depth.
   *
   * @param context the message's context id
   * @param source the message's source
   * @param tag the message's tag
   * @return the receive, or null
   */
  @Override
  public PostedReceive earliestMatching(int context, int source, int tag) {
    PostedReceive best = earlier(null, context, source, tag);
    best = earlier(best, context, source, ANY);
    best = earlier(best, context, ANY, tag);
    return earlier(best, context, ANY, ANY);
  }

  /**
   * Unlinks the earliest-posted queued receive with the same request id and drops its bin if it
   * empties. Expected O(1), amortised.
   *
   * @param receive the receive (compared by request id)
   * @return whether such a receive was queued
   * @throws NullPointerException when the receive is null
   */
  @Override
  public boolean remove(PostedReceive receive) {
    int node = nodesByRequest.removeFirst(receive.requestId());
    if (node == NIL) {
      return false;
    }
    int at = node * NODE_STRIDE;
    int bin = nodes[at + NODE_BIN];
    int before = nodes[at + BIN_PREV];
    int after = nodes[at + BIN_NEXT];
    if (before == NIL) {
      bins[bin * BIN_STRIDE + HEAD] = after;
    } else {
      nodes[before * NODE_STRIDE + BIN_NEXT] = after;
    }
    if (after == NIL) {
      bins[bin * BIN_STRIDE + TAIL] = before;
    } else {
      nodes[after * NODE_STRIDE + BIN_PREV] = before;
    }
    before = nodes[at + POSTED_PREV];
    after = nodes[at + POSTED_NEXT];
    if (before == NIL) {
      first = after;
    } else {
      nodes[before * NODE_STRIDE + POSTED_NEXT] = after;
    }
    if (after == NIL) {
      last = before;
    } else {
      nodes[after * NODE_STRIDE + POSTED_PREV] = before;
    }
    receives[node] = null;
    nodes[at + NODE_BIN] = freeNodes;
    freeNodes = node;
    size--;
    if (bins[bin * BIN_STRIDE + HEAD] == NIL) {
      binsByKey.remove(bin);
      bins[bin * BIN_STRIDE + HEAD] = freeBins;
      freeBins = bin;
      binCount--;
    }
    if ((receives.length > MIN_CAPACITY && size < receives.length / 4)
        || (binKeys.length > MIN_CAPACITY && binCount < binKeys.length / 8)) {
      rebuild();
    }
    return true;
  }

  /**
   * The number of posted receives. O(1).
   *
   * @return the depth
   */
  @Override
  public int size() {
    return size;
  }

  /**
   * The posted receives in posting order. O(n).
   *
   * @return a fresh mutable list
   */
  @Override
  public List<PostedReceive> inPostingOrder() {
    ArrayList<PostedReceive> out = new ArrayList<>(size);
    for (int n = first; n != NIL; n = nodes[n * NODE_STRIDE + POSTED_NEXT]) {
      out.add(receives[n]);
    }
    return out;
  }

  /**
   * A queue with the same receives in the same order and no shared mutable state: every array is
   * cloned (receives are immutable and shared). O(capacity), a few memory copies.
   *
   * @return the copy, a {@code BucketedPostedQueue}
   */
  @Override
  public PostedReceiveQueue copy() {
    return new BucketedPostedQueue(this);
  }

  /**
   * A summary for debugging.
   *
   * @return the class name, depth and number of bins
   */
  @Override
  public String toString() {
    return "BucketedPostedQueue[size=" + size + ", bins=" + binCount + "]";
  }

  private void init(int nodeCapacity, int binCapacity) {
    receives = new PostedReceive[nodeCapacity];
    nodes = new int[nodeCapacity * NODE_STRIDE];
    nodeTop = 0;
    freeNodes = NIL;
    nodesByRequest = new SlotIndex(this::requestKey, nodeCapacity);
    first = NIL;
    last = NIL;
    binKeys = new long[binCapacity];
    bins = new int[binCapacity * BIN_STRIDE];
    binTop = 0;
    freeBins = NIL;
    binCount = 0;
    binsByKey = new SlotIndex(this::binKey, binCapacity);
    size = 0;
  }

  /** Re-adds the posted receives to arrays sized for twice the current contents. */
  private void rebuild() {
    List<PostedReceive> posted = inPostingOrder();
    init(Math.max(MIN_CAPACITY, 2 * size), Math.max(MIN_CAPACITY, 2 * binCount));
    for (PostedReceive r : posted) {
      add(r);
    }
  }

  private long requestKey(int node) {
    return receives[node].requestId();
  }

  private long binKey(int bin) {
    return binKeys[bin];
  }

  /** The earlier-posted of {@code best} and the head of a pattern's bin. */
  private PostedReceive earlier(PostedReceive best, int context, int source, int tag) {
    int bin = binsByKey.first(PatternKeys.pack(context, source, tag));
    if (bin == NIL) {
      return best;
    }
    PostedReceive head = receives[bins[bin * BIN_STRIDE + HEAD]];
    return best != null && best.postStamp() <= head.postStamp() ? best : head;
  }

  private int allocateNode() {
    if (freeNodes != NIL) {
      int node = freeNodes;
      freeNodes = nodes[node * NODE_STRIDE + NODE_BIN];
      return node;
    }
    if (nodeTop == receives.length) {
      int capacity = receives.length + (receives.length >>> 1);
      receives = Arrays.copyOf(receives, capacity);
      nodes = Arrays.copyOf(nodes, capacity * NODE_STRIDE);
      nodesByRequest.ensureSlots(capacity);
    }
    return nodeTop++;
  }

  /** An empty bin with a key, not yet indexed. */
  private int allocateBin(long key) {
    int bin;
    if (freeBins != NIL) {
      bin = freeBins;
      freeBins = bins[bin * BIN_STRIDE + HEAD];
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
    bins[bin * BIN_STRIDE + HEAD] = NIL;
    bins[bin * BIN_STRIDE + TAIL] = NIL;
    binCount++;
    return bin;
  }
}
