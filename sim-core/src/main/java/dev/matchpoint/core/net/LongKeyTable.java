package dev.matchpoint.core.net;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * A map from non-negative {@code long} keys to values that only grows: open addressing with linear
 * probing (no boxing, two arrays), and the values in key order on demand, cached until the next
 * insertion. The network keeps its links here: a link is looked up on every packet, and a world of
 * 2^16 ranks running a dissemination barrier has two million of them (data and credit).
 *
 * @param <V> the values
 */
final class LongKeyTable<V> {
  private static final long EMPTY = -1;

  private long[] keys;
  private Object[] values;
  private int size;
  private List<V> ordered;

  LongKeyTable() {
    keys = new long[16];
    Arrays.fill(keys, EMPTY);
    values = new Object[16];
    ordered = List.of();
  }

  /**
   * A copy that shares the values (the caller copies a value before writing it, see {@link #replace}).
   *
   * @param other the table to copy
   */
  LongKeyTable(LongKeyTable<V> other) {
    keys = other.keys.clone();
    values = other.values.clone();
    size = other.size;
    ordered = other.ordered;
  }

  /**
   * The value of a key.
   *
   * @param key at least 0
   * @return the value, or null
   */
  @SuppressWarnings("unchecked")
  V get(long key) {
    int mask = keys.length - 1;
    for (int i = slot(key, mask); ; i = (i + 1) & mask) {
      long k = keys[i];
      if (k == key) {
        return (V) values[i];
      }
      if (k == EMPTY) {
        return null;
      }
    }
  }

  /**
   * Adds a key that is not present.
   *
   * @param key at least 0, not yet present
   * @param value the value
   */
  void add(long key, V value) {
    // At most three quarters full: a world of 2^18 ranks running a dissemination barrier has 9.4 M
    // links, which half full would take 2^25 slots (400 MB) and three quarters full 2^24.
    if ((long) (size + 1) * 4 > (long) keys.length * 3) {
      grow();
    }
    insert(key, value);
    size++;
    ordered = null;
  }

  /**
   * Replaces the value of a present key.
   *
   * @param key present
   * @param value the new value
   */
  void replace(long key, V value) {
    int mask = keys.length - 1;
    int i = slot(key, mask);
    while (keys[i] != key) {
      i = (i + 1) & mask;
    }
    Object old = values[i];
    values[i] = value;
    if (ordered != null) {
      // Same keys, so the same order: swap the value in rather than sort again.
      List<V> out = new ArrayList<>(ordered);
      for (int j = 0; j < out.size(); j++) {
        if (out.get(j) == old) {
          out.set(j, value);
          break;
        }
      }
      ordered = Collections.unmodifiableList(out);
    }
  }

  /**
   * Runs {@code action} on every value, in slot order (no sort).
   *
   * @param action what to run
   */
  @SuppressWarnings("unchecked")
  void forEach(java.util.function.Consumer<V> action) {
    for (Object v : values) {
      if (v != null) {
        action.accept((V) v);
      }
    }
  }

  /**
   * Every value, in increasing key order. O(n log n) after an insertion, O(1) otherwise.
   *
   * @return an unmodifiable list
   */
  List<V> inKeyOrder() {
    if (ordered == null) {
      long[] sorted = new long[size];
      int n = 0;
      for (long k : keys) {
        if (k != EMPTY) {
          sorted[n++] = k;
        }
      }
      Arrays.sort(sorted);
      List<V> out = new ArrayList<>(size);
      for (long k : sorted) {
        out.add(get(k));
      }
      ordered = Collections.unmodifiableList(out);
    }
    return ordered;
  }

  private void insert(long key, V value) {
    int mask = keys.length - 1;
    int i = slot(key, mask);
    while (keys[i] != EMPTY) {
      i = (i + 1) & mask;
    }
    keys[i] = key;
    values[i] = value;
  }

  private void grow() {
    long[] oldKeys = keys;
    Object[] oldValues = values;
    keys = new long[oldKeys.length * 2];
    Arrays.fill(keys, EMPTY);
    values = new Object[oldValues.length * 2];
    for (int i = 0; i < oldKeys.length; i++) {
      if (oldKeys[i] != EMPTY) {
        @SuppressWarnings("unchecked")
        V v = (V) oldValues[i];
        insert(oldKeys[i], v);
      }
    }
  }

  /**
   * Fibonacci hashing: the top bits of the key times 2^64 / phi (Knuth, TAOCP vol. 3, 6.4). Link
   * keys are regular ({@code source * endpoints + dest}); the top bits spread them better than the
   * middle ones did (1.47 probes per insertion against 1.95 for a 2^16-rank binomial tree's links).
   */
  private static int slot(long key, int mask) {
    return (int) ((key * 0x9E3779B97F4A7C15L) >>> Long.numberOfLeadingZeros(mask));
  }
}
