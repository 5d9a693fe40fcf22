package dev.matchpoint.core.explore;

/**
 * The visited-state set of {@link StatefulSearch} (and the node table of {@link ShortestSearch},
 * whose 32-bit word is a node's number): an open-addressing table (linear probing) of
 * 16-byte entries in one {@code long[]}, after SPIN's hash compaction (Holzmann, "The SPIN Model
 * Checker", 2003, §9). An entry holds 96 bits of the state's 128-bit fingerprint ({@link StateKey})
 * and a 32-bit word, the state's stored sleep set as a bitmask over the indices of its enabled
 * actions (bits 0..30; bit 31 stands for every index from 31 up, see {@link StatefulSearch}).
 *
 * <p>The capacity is not a power of two: it grows by a quarter when the table is 84% full, so it
 * stays at least two-thirds full and costs at most 24 bytes per stored state once past its initial
 * size. The slot of a key is {@code high * capacity / 2^64} (Lemire's range reduction).
 *
 * <p>Collisions: two distinct states share an entry when their fingerprints agree on the 96 bits
 * kept; for n stored states the probability is about n^2 / 2^97 (6.3 x 10^-14 for n = 10^8).
 */
final class VisitedTable {
  /** Returned by {@link #putIfAbsent} when the key was not present. */
  static final long ABSENT = -1L;
  /** Bytes of one entry. */
  static final int ENTRY_BYTES = 16;
  private static final int INITIAL_CAPACITY = 64;
  /** The 32 bits of a fingerprint's second half kept in an entry. */
  private static final long TAG = 0xffff_ffff_0000_0000L;

  private long[] table = new long[2 * INITIAL_CAPACITY];
  private int capacity = INITIAL_CAPACITY;
  private int size;
  private int threshold = threshold(INITIAL_CAPACITY);
  private int lastSlot = -1;

  private static int threshold(int capacity) {
    return (int) (capacity * 0.84);
  }

  /** The first word of a key: never zero, so a zero word marks an empty slot. */
  private static long word0(long high) {
    return high == 0 ? 1 : high;
  }

  private int home(long word0) {
    return (int) (Math.multiplyHigh(word0, capacity) + ((word0 >> 63) & capacity));
  }

  /**
   * Looks a state up and inserts it when absent; either way {@link #replaceLast} then updates its
   * sleep word.
   *
   * @param high first 64 bits of the state's fingerprint
   * @param low last 64 bits (32 of them are kept)
   * @param sleep the sleep word to store when absent (32 bits)
   * @return the stored sleep word (0..2^32-1) when present, {@link #ABSENT} when inserted now
   */
  long putIfAbsent(long high, long low, int sleep) {
    long w0 = word0(high);
    long tag = low & TAG;
    int i = slot(w0, tag);
    lastSlot = i;
    if (table[2 * i] != 0) {
      return table[2 * i + 1] & 0xffff_ffffL;
    }
    table[2 * i] = w0;
    table[2 * i + 1] = tag | (sleep & 0xffff_ffffL);
    if (++size > threshold) {
      grow();
    }
    return ABSENT;
  }

  /**
   * Looks a state up without changing the table; safe from several threads while none writes it.
   *
   * @param high first 64 bits of the state's fingerprint
   * @param low last 64 bits (32 of them are kept)
   * @return its sleep word (0..2^32-1), or {@link #ABSENT}
   */
  long get(long high, long low) {
    int i = slot(word0(high), low & TAG);
    return table[2 * i] != 0 ? table[2 * i + 1] & 0xffff_ffffL : ABSENT;
  }

  /**
   * Whether a state is stored.
   *
   * @param high first 64 bits of the state's fingerprint
   * @param low last 64 bits (32 of them are kept)
   * @return true when an entry holds the fingerprint's 96 kept bits
   */
  boolean contains(long high, long low) {
    return table[2 * slot(word0(high), low & TAG)] != 0;
  }

  /** The slot holding the key, or the empty slot where it belongs (linear probing). */
  private int slot(long w0, long tag) {
    int i = home(w0);
    while (table[2 * i] != 0 && !(table[2 * i] == w0 && (table[2 * i + 1] & TAG) == tag)) {
      if (++i == capacity) {
        i = 0;
      }
    }
    return i;
  }

  /**
   * Replaces the sleep word of the entry the last {@link #putIfAbsent} found or inserted.
   *
   * @param sleep the new word (32 bits)
   */
  void replaceLast(int sleep) {
    int i = lastSlot;
    table[2 * i + 1] = (table[2 * i + 1] & TAG) | (sleep & 0xffff_ffffL);
  }

  private void grow() {
    long[] old = table;
    int oldCapacity = capacity;
    capacity = oldCapacity + oldCapacity / 4;
    threshold = threshold(capacity);
    table = new long[2 * capacity];
    for (int j = 0; j < oldCapacity; j++) {
      long e0 = old[2 * j];
      if (e0 != 0) {
        int i = home(e0);
        while (table[2 * i] != 0) {
          if (++i == capacity) {
            i = 0;
          }
        }
        table[2 * i] = e0;
        table[2 * i + 1] = old[2 * j + 1];
      }
    }
    lastSlot = -1;
  }

  /**
   * States stored.
   *
   * @return the count
   */
  int size() {
    return size;
  }

  /**
   * Bytes the table occupies (its capacity times the entry size).
   *
   * @return the bytes
   */
  long bytes() {
    return (long) capacity * ENTRY_BYTES;
  }
}
