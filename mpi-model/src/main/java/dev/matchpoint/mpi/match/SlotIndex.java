package dev.matchpoint.mpi.match;

import java.util.Arrays;

/**
 * A hash index from {@code long} keys to the int slots of a slab (parallel arrays indexed by
 * slot), chained through one {@code int} per slot, so an entry costs 4 bytes plus its share of the
 * bucket array (about 5 to 11 bytes at the load this index keeps). It holds no objects, so
 * updating it never touches the garbage collector's write barriers.
 *
 * <p>Lookup only: never iterated, so hash order cannot reach a result (DESIGN §2). Slots with equal
 * keys stay in insertion order and {@link #first} returns the earliest, which is what "remove
 * compares by key" means for a queue that holds duplicates. Operations are expected O(1); a resize
 * is O(n), amortised.
 */
final class SlotIndex {
  /** No slot. */
  static final int NIL = -1;

  /** Reads the key of a live slot from the slab. */
  @FunctionalInterface
  interface KeyOf {
    /**
     * The key of a slot; must not change while the slot is indexed.
     *
     * @param slot an indexed slot
     * @return its key
     */
    long keyOf(int slot);
  }

  private static final int MIN_BUCKETS = 16;

  private final KeyOf keys;
  private int[] buckets;
  private int[] next;
  private int shift;
  private int size;

  /**
   * An empty index.
   *
   * @param keys reads a slot's key
   * @param slotCapacity slots the slab has now; see {@link #ensureSlots}
   */
  SlotIndex(KeyOf keys, int slotCapacity) {
    this.keys = keys;
    this.buckets = emptyBuckets(MIN_BUCKETS);
    this.shift = 64 - Integer.numberOfTrailingZeros(MIN_BUCKETS);
    this.next = new int[slotCapacity];
  }

  private SlotIndex(KeyOf keys, SlotIndex from) {
    this.keys = keys;
    this.buckets = from.buckets.clone();
    this.next = from.next.clone();
    this.shift = from.shift;
    this.size = from.size;
  }

  /**
   * An independent copy over another slab with the same slots. O(capacity).
   *
   * @param keys reads keys from the other slab
   * @return the copy
   */
  SlotIndex copy(KeyOf keys) {
    return new SlotIndex(keys, this);
  }

  /**
   * Makes room for slots below {@code slotCapacity}. O(capacity) when it grows.
   *
   * @param slotCapacity the slab's new capacity
   */
  void ensureSlots(int slotCapacity) {
    if (next.length < slotCapacity) {
      next = Arrays.copyOf(next, slotCapacity);
    }
  }

  /**
   * The earliest-added slot with a key. Expected O(1).
   *
   * @param key the key
   * @return the slot, or {@link #NIL}
   */
  int first(long key) {
    int s = buckets[index(key)];
    while (s != NIL && keys.keyOf(s) != key) {
      s = next[s];
    }
    return s;
  }

  /**
   * Indexes a slot after any slots with an equal key. Expected O(1), amortised.
   *
   * @param slot a slot below the capacity, not indexed, whose key is readable
   */
  void add(int slot) {
    if (size + 1 > buckets.length - (buckets.length >>> 2)) {
      rehash(buckets.length << 1);
    }
    appendTo(buckets, index(keys.keyOf(slot)), slot, null);
    size++;
  }

  /**
   * Removes the earliest-added slot with a key, as {@link #first} would find it. Expected O(1),
   * amortised.
   *
   * @param key the key
   * @return the slot removed, or {@link #NIL} when none has the key
   */
  int removeFirst(long key) {
    int i = index(key);
    int s = buckets[i];
    int before = NIL;
    while (s != NIL && keys.keyOf(s) != key) {
      before = s;
      s = next[s];
    }
    if (s != NIL) {
      unlink(i, before, s);
    }
    return s;
  }

  /**
   * Removes an indexed slot. Expected O(1), amortised.
   *
   * @param slot an indexed slot whose key is still readable
   * @throws IllegalStateException when the slot is not indexed
   */
  void remove(int slot) {
    int i = index(keys.keyOf(slot));
    int s = buckets[i];
    int before = NIL;
    while (s != NIL && s != slot) {
      before = s;
      s = next[s];
    }
    if (s == NIL) {
      throw new IllegalStateException("slot " + slot + " not indexed");
    }
    unlink(i, before, slot);
  }

  private void unlink(int bucket, int before, int slot) {
    if (before == NIL) {
      buckets[bucket] = next[slot];
    } else {
      next[before] = next[slot];
    }
    size--;
    if (buckets.length > MIN_BUCKETS && size < (buckets.length >>> 3)) {
      rehash(buckets.length >>> 1);
    }
  }

  /** The top bits of SplitMix64's finalizer (Steele et al., OOPSLA 2014): packed keys vary in few bits. */
  private int index(long key) {
    long z = (key ^ (key >>> 30)) * 0xbf58_476d_1ce4_e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d0_49bb_1331_11ebL;
    return (int) ((z ^ (z >>> 31)) >>> shift);
  }

  /** Appends a slot to chain {@code i}; in O(1) with {@code tails}, else by walking the chain. */
  private void appendTo(int[] table, int i, int slot, int[] tails) {
    next[slot] = NIL;
    int last = tails != null ? tails[i] : lastOf(table[i]);
    if (last == NIL) {
      table[i] = slot;
    } else {
      next[last] = slot;
    }
    if (tails != null) {
      tails[i] = slot;
    }
  }

  private int lastOf(int s) {
    if (s == NIL) {
      return NIL;
    }
    while (next[s] != NIL) {
      s = next[s];
    }
    return s;
  }

  /** Moves every chain to a new bucket array, keeping equal keys in insertion order. */
  private void rehash(int bucketCount) {
    int[] old = buckets;
    buckets = emptyBuckets(bucketCount);
    int[] tails = emptyBuckets(bucketCount);
    shift = 64 - Integer.numberOfTrailingZeros(bucketCount);
    for (int head : old) {
      int s = head;
      while (s != NIL) {
        int after = next[s];
        appendTo(buckets, index(keys.keyOf(s)), s, tails);
        s = after;
      }
    }
  }

  private static int[] emptyBuckets(int n) {
    int[] b = new int[n];
    Arrays.fill(b, NIL);
    return b;
  }
}
