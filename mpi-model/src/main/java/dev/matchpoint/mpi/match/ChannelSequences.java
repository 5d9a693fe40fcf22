package dev.matchpoint.mpi.match;

import com.google.common.hash.PrimitiveSink;
import dev.matchpoint.core.codec.StateReader;
import dev.matchpoint.core.codec.StateWriter;
import java.util.Arrays;

/**
 * A rank's next sequence number per channel, the order MPI-3.1 §3.5's non-overtaking rule is
 * kept in: at a sender per (dest, context) channel, the number its next send takes ({@link
 * #take}); at a receiver per (source, context) channel, the number it releases next ({@link #get},
 * {@link #put}). Two sorted primitive arrays: no boxed key, value or tree entry per channel, a
 * binary search per use, and nothing allocated until the first use (a rank of a large world talks
 * to a few peers, so the arrays stay small).
 */
public final class ChannelSequences {
  private static final long[] NONE = new long[0];

  private long[] keys = NONE;
  private long[] next = NONE;
  private int size;

  /** No channel used yet. */
  public ChannelSequences() {}

  private ChannelSequences(ChannelSequences o) {
    if (o.size > 0) {
      keys = Arrays.copyOf(o.keys, o.size);
      next = Arrays.copyOf(o.next, o.size);
      size = o.size;
    }
  }

  /**
   * An independent copy.
   *
   * @return the copy
   */
  public ChannelSequences copy() {
    return new ChannelSequences(this);
  }

  /**
   * The channel's next sequence number.
   *
   * @param key the channel, {@code (peer << 12) | context}, non-negative
   * @return the number, 0 before the channel's first use
   */
  public long get(long key) {
    int i = Arrays.binarySearch(keys, 0, size, key);
    return i >= 0 ? next[i] : 0;
  }

  /**
   * Sets the channel's next sequence number.
   *
   * @param key the channel, non-negative
   * @param value the number
   */
  public void put(long key, long value) {
    int i = slot(key); // before reading the field: slot may replace the array
    next[i] = value;
  }

  /**
   * The channel's next sequence number (0 at its first use), advancing it by one.
   *
   * @param key the channel, non-negative
   * @return the number before the advance
   */
  public long take(long key) {
    int i = slot(key); // before reading the field: slot may replace the array
    return next[i]++;
  }

  /** The index of the channel's entry, inserted with number 0 when absent. */
  private int slot(long key) {
    int i = Arrays.binarySearch(keys, 0, size, key);
    if (i >= 0) {
      return i;
    }
    i = -i - 1;
    if (size == keys.length) {
      int n = Math.max(2, size * 2);
      keys = Arrays.copyOf(keys, n);
      next = Arrays.copyOf(next, n);
    }
    System.arraycopy(keys, i, keys, i + 1, size - i);
    System.arraycopy(next, i, next, i + 1, size - i);
    keys[i] = key;
    next[i] = 0;
    size++;
    return i;
  }

  /**
   * Writes every (channel, next sequence number) pair in channel order.
   *
   * @param sink the hasher
   */
  public void hashInto(PrimitiveSink sink) {
    for (int i = 0; i < size; i++) {
      sink.putLong(keys[i]).putLong(next[i]);
    }
  }

  /**
   * Writes the entries for a state codec: their count, then each key (as its bits from 12 up and its
   * low 12 bits) and value as varints.
   *
   * @param w the buffer
   */
  public void encodeInto(StateWriter w) {
    w.putVar(size);
    for (int i = 0; i < size; i++) {
      w.putVar(keys[i] >>> 12).putVar(keys[i] & 0xfff).putVar(next[i]);
    }
  }

  /**
   * Entries held.
   *
   * @return the count
   */
  public int size() {
    return size;
  }

  /**
   * Reads what {@link #encodeInto} wrote into this table, which must be empty.
   *
   * @param r the reader
   */
  public void decodeFrom(StateReader r) {
    int n = r.getVarInt();
    keys = n == 0 ? NONE : new long[n];
    next = n == 0 ? NONE : new long[n];
    for (int i = 0; i < n; i++) {
      keys[i] = r.getVar() << 12 | r.getVar();
      next[i] = r.getVar();
    }
    size = n;
  }
}
