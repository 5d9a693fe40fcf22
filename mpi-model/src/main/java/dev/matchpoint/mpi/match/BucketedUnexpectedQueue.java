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
 * ANY, ANY). Each bin is an intrusive doubly linked list in arrival order, so the earliest
 * message matching any pattern is the head of that pattern's bin, and a message leaves all four
 * lists in O(1). Bins are found through a hash table keyed by the packed pattern and dropped when
 * they empty. A bin with a concrete source is also a child of the bin with that source wildcarded,
 * so the children of (context, ANY, tag) are exactly the sources with a matching message. A second
 * table finds a message's node by its identity key for {@link #remove}.
 *
 * <p><b>Costs</b> (n queued messages, k sources with a match): {@link #add}, {@link #remove},
 * {@link #earliestFrom} and {@link #earliest} expected O(1); {@link #sourcesWithMatch} O(k log k);
 * {@link #inArrivalOrder} and {@link #copy} O(n) with one context, O(n log n) with several.
 * Memory: one 56-byte node per message, plus one 56-byte bin per distinct envelope and per distinct
 * (context, source), (context, tag) and context, plus about 10 bytes of table per message and per
 * bin (64-bit JVM, compressed references; the {@code MatchingBench} measures it with JOL).
 *
 * <p><b>Determinism.</b> The hash tables are used for lookup only; every answer comes from a list
 * head, a sorted array, or a merge by arrival stamp, never from hash order.
 *
 * <p><b>Contract</b> (that of {@link UnexpectedMessageQueue}): messages are added in strictly
 * increasing arrival stamp, so the order of addition is the arrival order. Not thread-safe.
 */
public final class BucketedUnexpectedQueue implements UnexpectedMessageQueue {
  /** Link pair of a node for the bin (context, source, tag). */
  private static final int ENVELOPE = 0;
  /** Link pair of a node for the bin (context, source, ANY). */
  private static final int SOURCE = 1;
  /** Link pair of a node for the bin (context, ANY, tag). */
  private static final int TAG = 2;
  /** Link pair of a node for the bin (context, ANY, ANY). */
  private static final int CONTEXT = 3;

  private final ChainedTable<MessageBin> bins = new ChainedTable<>();
  private final ChainedTable<MessageNode> nodesByKey = new ChainedTable<>();
  /** Not in the table; its children are the context bins, for {@link #inArrivalOrder}. */
  private final MessageBin root = new MessageBin(PatternKeys.NONE, null, null);
  private int size;

  /** An empty queue. O(1). */
  public BucketedUnexpectedQueue() {}

  /**
   * Appends a message to its four bins. Expected O(1), amortised over table growth.
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
    MessageBin envelope = binFor(message.context(), message.source(), message.tag());
    MessageNode node = new MessageNode(message, envelope);
    append(envelope, node, ENVELOPE);
    append(envelope.anyTag, node, SOURCE);
    append(envelope.parent, node, TAG);
    append(envelope.parent.anyTag, node, CONTEXT);
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
    MessageBin bin = bins.first(PatternKeys.pack(context, ANY, tag));
    if (bin == null) {
      return new int[0];
    }
    int count = 0;
    for (MessageBin child = bin.children; child != null; child = child.nextSibling) {
      count++;
    }
    int[] sources = new int[count];
    int i = 0;
    for (MessageBin child = bin.children; child != null; child = child.nextSibling) {
      sources[i++] = PatternKeys.source(child.key);
    }
    Arrays.sort(sources);
    return sources;
  }

  /**
   * Unlinks the earliest-arrived queued message with the same identity key from its four bins and
   * drops the bins that empty. Expected O(1).
   *
   * @param message the message (compared by {@link Message#key()})
   * @return whether such a message was queued
   * @throws NullPointerException when the message is null
   * @throws IllegalArgumentException when its identity key does not fit (as the reference)
   */
  @Override
  public boolean remove(Message message) {
    MessageNode node = nodesByKey.first(message.key());
    if (node == null) {
      return false;
    }
    MessageBin envelope = node.bin;
    MessageBin source = envelope.anyTag;
    MessageBin tag = envelope.parent;
    MessageBin context = tag.anyTag;
    unlink(envelope, node, ENVELOPE);
    unlink(source, node, SOURCE);
    unlink(tag, node, TAG);
    unlink(context, node, CONTEXT);
    nodesByKey.remove(node);
    size--;
    retireIfEmpty(envelope);
    retireIfEmpty(source);
    retireIfEmpty(tag);
    retireIfEmpty(context);
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
    ArrayList<Message> messages = new ArrayList<>(size);
    int contexts = 0;
    for (MessageBin context = root.children; context != null; context = context.nextSibling) {
      for (MessageNode n = context.head; n != null; n = n.next(CONTEXT)) {
        messages.add(n.message);
      }
      contexts++;
    }
    if (contexts > 1) {
      messages.sort(Comparator.comparingLong(Message::arrivalStamp));
    }
    return messages;
  }

  /**
   * A queue with the same messages in the same order and no shared mutable state (messages are
   * immutable and shared). Same cost as {@link #inArrivalOrder} plus n adds.
   *
   * @return the copy, a {@code BucketedUnexpectedQueue}
   */
  @Override
  public UnexpectedMessageQueue copy() {
    BucketedUnexpectedQueue copy = new BucketedUnexpectedQueue();
    for (Message m : inArrivalOrder()) {
      copy.add(m);
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
    return "BucketedUnexpectedQueue[size=" + size + ", bins=" + bins.size() + "]";
  }

  private Message headOf(int context, int source, int tag) {
    MessageBin bin = bins.first(PatternKeys.pack(context, source, tag));
    return bin == null ? null : bin.head.message;
  }

  /** The bin of a pattern, created with its parents when missing. */
  private MessageBin binFor(int context, int source, int tag) {
    long key = PatternKeys.pack(context, source, tag);
    MessageBin bin = bins.first(key);
    if (bin != null) {
      return bin;
    }
    MessageBin parent = source != ANY ? binFor(context, ANY, tag) : tag == ANY ? root : null;
    MessageBin anyTag = tag != ANY ? binFor(context, source, ANY) : null;
    bin = new MessageBin(key, parent, anyTag);
    if (parent != null) {
      parent.adopt(bin);
    }
    bins.add(bin);
    return bin;
  }

  private void retireIfEmpty(MessageBin bin) {
    if (bin.head == null) {
      bins.remove(bin);
      if (bin.parent != null) {
        bin.parent.disown(bin);
      }
    }
  }

  private static void append(MessageBin bin, MessageNode node, int kind) {
    MessageNode last = bin.tail;
    node.setPrev(kind, last);
    if (last == null) {
      bin.head = node;
    } else {
      last.setNext(kind, node);
    }
    bin.tail = node;
  }

  private static void unlink(MessageBin bin, MessageNode node, int kind) {
    MessageNode before = node.prev(kind);
    MessageNode after = node.next(kind);
    if (before == null) {
      bin.head = after;
    } else {
      before.setNext(kind, after);
    }
    if (after == null) {
      bin.tail = before;
    } else {
      after.setPrev(kind, before);
    }
  }

  /** One pattern's messages in arrival order, and its child bins (one per source) when its source is ANY. */
  private static final class MessageBin extends ChainedTable.Entry<MessageBin> {
    final long key;
    /** The bin with the source wildcarded (for a concrete source), the root (for a context bin), or null. */
    final MessageBin parent;
    /** The bin with the tag wildcarded, for a concrete tag; else null. */
    final MessageBin anyTag;
    MessageNode head;
    MessageNode tail;
    MessageBin children;
    MessageBin prevSibling;
    MessageBin nextSibling;

    MessageBin(long key, MessageBin parent, MessageBin anyTag) {
      this.key = key;
      this.parent = parent;
      this.anyTag = anyTag;
    }

    @Override
    long tableKey() {
      return key;
    }

    void adopt(MessageBin child) {
      child.nextSibling = children;
      if (children != null) {
        children.prevSibling = child;
      }
      children = child;
    }

    void disown(MessageBin child) {
      if (child.prevSibling == null) {
        children = child.nextSibling;
      } else {
        child.prevSibling.nextSibling = child.nextSibling;
      }
      if (child.nextSibling != null) {
        child.nextSibling.prevSibling = child.prevSibling;
      }
    }
  }

  /** A queued message with its links in its four bins. */
  private static final class MessageNode extends ChainedTable.Entry<MessageNode> {
    final Message message;
    /** The bin (context, source, tag); the other three are reached from it. */
    final MessageBin bin;
    MessageNode envelopePrev;
    MessageNode envelopeNext;
    MessageNode sourcePrev;
    MessageNode sourceNext;
    MessageNode tagPrev;
    MessageNode tagNext;
    MessageNode contextPrev;
    MessageNode contextNext;

    MessageNode(Message message, MessageBin bin) {
      this.message = message;
      this.bin = bin;
    }

    @Override
    long tableKey() {
      return message.key();
    }

    MessageNode prev(int kind) {
      switch (kind) {
        case ENVELOPE: return envelopePrev;
        case SOURCE: return sourcePrev;
        case TAG: return tagPrev;
        default: return contextPrev;
      }
    }

    MessageNode next(int kind) {
      switch (kind) {
        case ENVELOPE: return envelopeNext;
        case SOURCE: return sourceNext;
        case TAG: return tagNext;
        default: return contextNext;
      }
    }

    void setPrev(int kind, MessageNode n) {
      switch (kind) {
        case ENVELOPE: envelopePrev = n; break;
        case SOURCE: sourcePrev = n; break;
        case TAG: tagPrev = n; break;
        default: contextPrev = n; break;
      }
    }

    void setNext(int kind, MessageNode n) {
      switch (kind) {
        case ENVELOPE: envelopeNext = n; break;
        case SOURCE: sourceNext = n; break;
        case TAG: tagNext = n; break;
        default: contextNext = n; break;
      }
    }
  }
}
