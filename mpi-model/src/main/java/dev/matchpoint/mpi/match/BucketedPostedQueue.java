package dev.matchpoint.mpi.match;

import static dev.matchpoint.mpi.match.Envelopes.ANY;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The posted receive queue for long queues: an arriving message finds the earliest-posted matching
 * receive in expected O(1) whatever the depth, with exactly the answers of {@link
 * ReferencePostedQueue} (MPI-3.1 §3.5, "Order": receives are ordered too). Bins after Flajslik et
 * al., "Mitigating MPI Message Matching Misery" (ISC 2016).
 *
 * <p><b>Shape.</b> Each receive sits in the bin of its own pattern (context, source or ANY, tag or
 * ANY), an intrusive doubly linked list in posting order, found through a hash table keyed by the
 * packed pattern and dropped when it empties. A concrete envelope (c, s, t) is matched by exactly
 * the patterns (c, s, t), (c, s, ANY), (c, ANY, t) and (c, ANY, ANY), so its earliest matching
 * receive is the one with the smallest post stamp among at most four bin heads. All receives are
 * also on one list in posting order, and a table finds a receive's node by request id.
 *
 * <p><b>Costs</b> (n posted receives): {@link #add}, {@link #earliestMatching} (four lookups) and
 * {@link #remove} expected O(1); {@link #inPostingOrder} and {@link #copy} O(n). Memory: a 40-byte
 * node per receive and a 32-byte bin per distinct pattern, plus about 10 bytes of table for each.
 *
 * <p><b>Contract</b> (that of {@link PostedReceiveQueue}): receives are added in strictly
 * increasing post stamp; the stamps decide between the four bin heads. The tables are used for
 * lookup only, never iterated. Not thread-safe.
 */
public final class BucketedPostedQueue implements PostedReceiveQueue {
  private final ChainedTable<ReceiveBin> bins = new ChainedTable<>();
  private final ChainedTable<ReceiveNode> nodesByRequest = new ChainedTable<>();
  private ReceiveNode first;
  private ReceiveNode last;
  private int size;

  /** An empty queue. O(1). */
  public BucketedPostedQueue() {}

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
    ReceiveBin bin = bins.first(key);
    if (bin == null) {
      bin = new ReceiveBin(key);
      bins.add(bin);
    }
    ReceiveNode node = new ReceiveNode(receive, bin);
    node.binPrev = bin.tail;
    if (bin.tail == null) {
      bin.head = node;
    } else {
      bin.tail.binNext = node;
    }
    bin.tail = node;
    node.postedPrev = last;
    if (last == null) {
      first = node;
    } else {
      last.postedNext = node;
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
    ReceiveNode best = headOf(context, source, tag, null);
    best = headOf(context, source, ANY, best);
    best = headOf(context, ANY, tag, best);
    best = headOf(context, ANY, ANY, best);
    return best == null ? null : best.receive;
  }

  /**
   * Unlinks the earliest-posted queued receive with the same request id and drops its bin if it
   * empties. Expected O(1).
   *
   * @param receive the receive (compared by request id)
   * @return whether such a receive was queued
   * @throws NullPointerException when the receive is null
   */
  @Override
  public boolean remove(PostedReceive receive) {
    ReceiveNode node = nodesByRequest.first(receive.requestId());
    if (node == null) {
      return false;
    }
    ReceiveBin bin = node.bin;
    if (node.binPrev == null) {
      bin.head = node.binNext;
    } else {
      node.binPrev.binNext = node.binNext;
    }
    if (node.binNext == null) {
      bin.tail = node.binPrev;
    } else {
      node.binNext.binPrev = node.binPrev;
    }
    if (node.postedPrev == null) {
      first = node.postedNext;
    } else {
      node.postedPrev.postedNext = node.postedNext;
    }
    if (node.postedNext == null) {
      last = node.postedPrev;
    } else {
      node.postedNext.postedPrev = node.postedPrev;
    }
    nodesByRequest.remove(node);
    if (bin.head == null) {
      bins.remove(bin);
    }
    size--;
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
    ArrayList<PostedReceive> receives = new ArrayList<>(size);
    for (ReceiveNode n = first; n != null; n = n.postedNext) {
      receives.add(n.receive);
    }
    return receives;
  }

  /**
   * A queue with the same receives in the same order and no shared mutable state (receives are
   * immutable and shared). O(n).
   *
   * @return the copy, a {@code BucketedPostedQueue}
   */
  @Override
  public PostedReceiveQueue copy() {
    BucketedPostedQueue copy = new BucketedPostedQueue();
    for (ReceiveNode n = first; n != null; n = n.postedNext) {
      copy.add(n.receive);
    }
    return copy;
  }

  /**
   * A summary for debugging.
   *
   * @return the class name, depth and number of bins
   */
  @Override
  public String toString() {
    return "BucketedPostedQueue[size=" + size + ", bins=" + bins.size() + "]";
  }

  /** The earlier-posted of {@code best} and the head of a pattern's bin. */
  private ReceiveNode headOf(int context, int source, int tag, ReceiveNode best) {
    ReceiveBin bin = bins.first(PatternKeys.pack(context, source, tag));
    if (bin == null || (best != null && best.receive.postStamp() <= bin.head.receive.postStamp())) {
      return best;
    }
    return bin.head;
  }

  /** One pattern's receives in posting order. */
  private static final class ReceiveBin extends ChainedTable.Entry<ReceiveBin> {
    final long key;
    ReceiveNode head;
    ReceiveNode tail;

    ReceiveBin(long key) {
      this.key = key;
    }

    @Override
    long tableKey() {
      return key;
    }
  }

  /** A posted receive with its links in its bin and in the posting-order list. */
  private static final class ReceiveNode extends ChainedTable.Entry<ReceiveNode> {
    final PostedReceive receive;
    final ReceiveBin bin;
    ReceiveNode binPrev;
    ReceiveNode binNext;
    ReceiveNode postedPrev;
    ReceiveNode postedNext;

    ReceiveNode(PostedReceive receive, ReceiveBin bin) {
      this.receive = receive;
      this.bin = bin;
    }

    @Override
    long tableKey() {
      return receive.requestId();
    }
  }
}
