package dev.matchpoint.mpi.check;

import com.google.common.hash.PrimitiveSink;
import dev.matchpoint.core.codec.StateReader;
import dev.matchpoint.core.codec.StateWriter;
import dev.matchpoint.core.StateHashable;
import dev.matchpoint.mpi.match.MessageIds;
import java.util.Map;
import java.util.TreeMap;

/**
 * The set of messages received, kept in memory that does not grow with the run's length. A
 * sender numbers its messages to each destination and context 0, 1, 2, ... ({@link MessageIds}),
 * so the messages a rank received from one (source, context) are a set of sequence numbers, kept
 * here as disjoint ranges. Their number is at most one more than the number of messages of that
 * channel not received while a later one was: messages in flight, queued, cancelled or never
 * received. A run whose messages are all received keeps one range per channel.
 */
final class ReceivedMessages implements StateHashable {
  /** (dest, source, context) of a channel, in a fixed order. */
  private record Channel(int dest, int source, int context) implements Comparable<Channel> {
    @Override
    public int compareTo(Channel o) {
      int c = Integer.compare(dest, o.dest);
      if (c == 0) {
        c = Integer.compare(source, o.source);
      }
      return c != 0 ? c : Integer.compare(context, o.context);
    }
  }

  /** Per channel: range start to range end (exclusive), disjoint and not adjacent. */
  private final TreeMap<Channel, TreeMap<Long, Long>> ranges;

  /** An empty set. */
  ReceivedMessages() {
    this(new TreeMap<>());
  }

  private ReceivedMessages(TreeMap<Channel, TreeMap<Long, Long>> ranges) {
    this.ranges = ranges;
  }

  private static Channel channel(int dest, long messageKey) {
    return new Channel(dest, MessageIds.source(messageKey), MessageIds.context(messageKey));
  }

  /**
   * Whether rank {@code dest} received message {@code messageKey}.
   *
   * @param dest the receiving rank
   * @param messageKey the message
   * @return true when {@link #add} recorded it
   */
  boolean contains(int dest, long messageKey) {
    TreeMap<Long, Long> r = ranges.get(channel(dest, messageKey));
    if (r == null) {
      return false;
    }
    long seq = MessageIds.seq(messageKey);
    Map.Entry<Long, Long> below = r.floorEntry(seq);
    return below != null && seq < below.getValue();
  }

  /**
   * Records that rank {@code dest} received message {@code messageKey}.
   *
   * @param dest the receiving rank
   * @param messageKey the message
   * @return false when it was recorded already
   */
  boolean add(int dest, long messageKey) {
    if (contains(dest, messageKey)) {
      return false;
    }
    TreeMap<Long, Long> r = ranges.computeIfAbsent(channel(dest, messageKey), k -> new TreeMap<>());
    long seq = MessageIds.seq(messageKey);
    long start = seq;
    long end = seq + 1;
    Map.Entry<Long, Long> below = r.floorEntry(seq);
    if (below != null && below.getValue() == seq) {
      start = below.getKey();
    }
    Long after = r.remove(end);
    if (after != null) {
      end = after;
    }
    r.put(start, end);
    return true;
  }

  /**
   * Number of ranges kept, over every channel: the size of this set's state.
   *
   * @return the count
   */
  int rangeCount() {
    int n = 0;
    for (TreeMap<Long, Long> r : ranges.values()) {
      n += r.size();
    }
    return n;
  }

  /**
   * An independent copy.
   *
   * @return the copy
   */
  ReceivedMessages copy() {
    TreeMap<Channel, TreeMap<Long, Long>> c = new TreeMap<>();
    ranges.forEach((k, v) -> c.put(k, new TreeMap<>(v)));
    return new ReceivedMessages(c);
  }

  @Override
  public void hashInto(PrimitiveSink sink) {
    ranges.forEach((k, v) -> {
      sink.putInt(k.dest()).putInt(k.source()).putInt(k.context()).putInt(v.size());
      v.forEach((start, end) -> sink.putLong(start).putLong(end));
    });
    sink.putInt(-1);
  }

  void encodeInto(StateWriter w) {
    w.putVar(ranges.size());
    ranges.forEach((k, v) -> {
      w.putVar(k.dest()).putVar(k.source()).putVar(k.context()).putVar(v.size());
      v.forEach((start, end) -> w.putSigned(start).putSigned(end));
    });
  }

  static ReceivedMessages decodeFrom(StateReader r) {
    TreeMap<Channel, TreeMap<Long, Long>> ranges = new TreeMap<>();
    for (int n = r.getVarInt(); n > 0; n--) {
      Channel k = new Channel(r.getVarInt(), r.getVarInt(), r.getVarInt());
      TreeMap<Long, Long> v = new TreeMap<>();
      for (int m = r.getVarInt(); m > 0; m--) {
        v.put(r.getSigned(), r.getSigned());
      }
      ranges.put(k, v);
    }
    return new ReceivedMessages(ranges);
  }
}
