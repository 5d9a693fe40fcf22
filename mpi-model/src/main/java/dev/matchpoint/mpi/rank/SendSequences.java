package dev.matchpoint.mpi.rank;

import com.google.common.hash.PrimitiveSink;
import java.util.Arrays;

/**
 * A rank's next send sequence number per (dest, context) channel (the order MPI-3.1 §3.5's
 * non-overtaking rule is kept in), as two sorted primitive arrays: no boxed key or value per
 * channel, and a binary search per send. A rank of a large world sends to a few peers, so the
 * arrays stay small.
 */
final class SendSequences {
  private static final long[] NONE = new long[0];

  private long[] keys = NONE;
  private long[] next = NONE;
  private int size;

  /** No channel used yet (no arrays either: many ranks of a large world send to one peer or none). */
  SendSequences() {}

  private SendSequences(SendSequences o) {
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
  SendSequences copy() {
    return new SendSequences(this);
  }

  /**
   * The channel's next sequence number (0 for its first send), advancing it.
   *
   * @param key the channel, {@code (dest << 12) | context}, non-negative
   * @return the sequence number of this send
   */
  long take(long key) {
    int i = Arrays.binarySearch(keys, 0, size, key);
    if (i >= 0) {
      return next[i]++;
    }
    i = -i - 1;
    if (size == keys.length) {
      keys = Arrays.copyOf(keys, Math.max(2, size * 2));
      next = Arrays.copyOf(next, Math.max(2, size * 2));
    }
    System.arraycopy(keys, i, keys, i + 1, size - i);
    System.arraycopy(next, i, next, i + 1, size - i);
    keys[i] = key;
    next[i] = 1;
    size++;
    return 0;
  }

  /**
   * Writes every (channel, next sequence number) pair in channel order.
   *
   * @param sink the hasher
   */
  void hashInto(PrimitiveSink sink) {
    for (int i = 0; i < size; i++) {
      sink.putLong(keys[i]).putLong(next[i]);
    }
  }
}
