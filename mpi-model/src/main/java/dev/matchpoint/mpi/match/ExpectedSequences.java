package dev.matchpoint.mpi.match;

import com.google.common.hash.PrimitiveSink;
import java.util.Arrays;

/**
 * A rank's next sequence number to release per (source, context) channel (MPI-3.1 §3.5's
 * non-overtaking rule), as two sorted primitive arrays: no boxed key, value or tree entry per
 * channel, a binary search per arrival, and nothing allocated until the first message arrives (a
 * rank of a large world hears from a few peers, so the arrays stay small).
 */
final class ExpectedSequences {
  private static final long[] NONE = new long[0];

  private long[] keys = NONE;
  private long[] next = NONE;
  private int size;

  /** No message released yet. */
  ExpectedSequences() {}

  private ExpectedSequences(ExpectedSequences o) {
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
  ExpectedSequences copy() {
    return new ExpectedSequences(this);
  }

  /**
   * The channel's next sequence number to release.
   *
   * @param key the channel, {@code (source << 12) | context}, non-negative
   * @return the number, 0 before the channel's first release
   */
  long get(long key) {
    int i = Arrays.binarySearch(keys, 0, size, key);
    return i >= 0 ? next[i] : 0;
  }

  /**
   * Sets the channel's next sequence number to release.
   *
   * @param key the channel, non-negative
   * @param value the number
   */
  void put(long key, long value) {
    int i = Arrays.binarySearch(keys, 0, size, key);
    if (i >= 0) {
      next[i] = value;
      return;
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
    next[i] = value;
    size++;
  }

  /**
   * Writes every (channel, next sequence number) pair in channel order, as the boxed map it
   * replaces did.
   *
   * @param sink the hasher
   */
  void hashInto(PrimitiveSink sink) {
    for (int i = 0; i < size; i++) {
      sink.putLong(keys[i]).putLong(next[i]);
    }
  }
}
