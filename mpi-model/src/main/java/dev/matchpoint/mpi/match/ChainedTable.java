package dev.matchpoint.mpi.match;

/**
 * A hash table keyed by {@code long} whose entries carry their own chain link (intrusive
 * chaining), so an entry costs one reference field plus its share of the bucket array: about 5 to
 * 11 bytes with compressed references, against some 50 for a {@code HashMap<Long, V>} entry.
 *
 * <p>Lookup only: the table is never iterated, so hash order cannot reach a result (DESIGN §2).
 * Entries with equal keys are kept in insertion order, and {@link #first} returns the earliest one,
 * which is what "remove compares by key" means for a queue that holds duplicates. All operations
 * are expected O(1) (chains average under one entry at the 3/4 load limit); a resize is O(n) and
 * amortised.
 *
 * @param <E> the entry type
 */
final class ChainedTable<E extends ChainedTable.Entry<E>> {
  /**
   * The part of an entry the table uses.
   *
   * @param <E> the entry type itself
   */
  abstract static class Entry<E> {
    /** The next entry in the same bucket, or null; owned by the table. */
    E chainNext;

    /**
     * The entry's key; must not change while the entry is in a table.
     *
     * @return the key
     */
    abstract long tableKey();
  }

  private static final int MIN_CAPACITY = 16;

  private Entry<?>[] buckets = new Entry<?>[MIN_CAPACITY];
  private int shift = 64 - Integer.numberOfTrailingZeros(MIN_CAPACITY);
  private int size;

  /**
   * The number of entries.
   *
   * @return the size
   */
  int size() {
    return size;
  }

  /**
   * The earliest-added entry with a key. Expected O(1).
   *
   * @param key the key
   * @return the entry, or null
   */
  E first(long key) {
    E e = bucket(index(key));
    while (e != null && e.tableKey() != key) {
      e = e.chainNext;
    }
    return e;
  }

  /**
   * Adds an entry after any entries with an equal key. Expected O(1), amortised.
   *
   * @param entry not in any table
   */
  void add(E entry) {
    if (size + 1 > buckets.length - (buckets.length >>> 2)) {
      resize(buckets.length << 1);
    }
    appendTo(buckets, index(entry.tableKey()), entry);
    size++;
  }

  /**
   * Removes an entry, found by identity. Expected O(1), amortised.
   *
   * @param entry an entry of this table
   * @throws IllegalStateException when the entry is not in this table
   */
  void remove(E entry) {
    int i = index(entry.tableKey());
    E e = bucket(i);
    E before = null;
    while (e != null && e != entry) {
      before = e;
      e = e.chainNext;
    }
    if (e == null) {
      throw new IllegalStateException("entry not in table");
    }
    if (before == null) {
      buckets[i] = entry.chainNext;
    } else {
      before.chainNext = entry.chainNext;
    }
    entry.chainNext = null;
    size--;
    if (buckets.length > MIN_CAPACITY && size < (buckets.length >>> 3)) {
      resize(buckets.length >>> 1);
    }
  }

  /** The top bits of SplitMix64's finalizer (Steele et al., OOPSLA 2014): packed keys vary in few bits. */
  private int index(long key) {
    long z = (key ^ (key >>> 30)) * 0xbf58_476d_1ce4_e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d0_49bb_1331_11ebL;
    return (int) ((z ^ (z >>> 31)) >>> shift);
  }

  @SuppressWarnings("unchecked")
  private E bucket(int i) {
    return (E) buckets[i];
  }

  @SuppressWarnings("unchecked")
  private void appendTo(Entry<?>[] table, int i, E entry) {
    E e = (E) table[i];
    if (e == null) {
      table[i] = entry;
      return;
    }
    while (e.chainNext != null) {
      e = e.chainNext;
    }
    e.chainNext = entry;
  }

  /** Rehashes into a new bucket array, keeping equal keys in insertion order. */
  @SuppressWarnings("unchecked")
  private void resize(int capacity) {
    Entry<?>[] old = buckets;
    Entry<?>[] next = new Entry<?>[capacity];
    Entry<?>[] tails = new Entry<?>[capacity];
    shift = 64 - Integer.numberOfTrailingZeros(capacity);
    for (Entry<?> head : old) {
      E e = (E) head;
      while (e != null) {
        E after = e.chainNext;
        e.chainNext = null;
        int i = index(e.tableKey());
        if (tails[i] == null) {
          next[i] = e;
        } else {
          ((E) tails[i]).chainNext = e;
        }
        tails[i] = e;
        e = after;
      }
    }
    buckets = next;
  }
}
