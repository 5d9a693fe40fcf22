package dev.matchpoint.core.explore;

import java.util.Arrays;

/**
 * Small integers by 128-bit state fingerprint, for {@link LevelSearch}'s merge of one level's
 * arrivals: open addressing, linear probing, a power-of-two capacity at most half full. Entries are
 * numbered 0, 1, ... in the order they are added and their keys can be read back by number.
 */
final class KeyIndex {
  private long[] high = new long[64];
  private long[] low = new long[64];
  private int[] slot = new int[64];
  private int[] entry = new int[64];
  private long[] byEntryHigh = new long[16];
  private long[] byEntryLow = new long[16];
  private int size;

  /** The entry of a key, or -1. */
  int get(long h, long l) {
    int mask = slot.length - 1;
    for (int i = (int) (h ^ (h >>> 32)) & mask; slot[i] != 0; i = (i + 1) & mask) {
      if (high[i] == h && low[i] == l) {
        return entry[i];
      }
    }
    return -1;
  }

  /** Adds a key absent so far; entries are numbered 0, 1, ... in the order they are added. */
  void put(long h, long l, int e) {
    if (2 * (size + 1) > slot.length) {
      long[] oh = high;
      long[] ol = low;
      int[] os = slot;
      int[] oe = entry;
      high = new long[2 * os.length];
      low = new long[2 * os.length];
      slot = new int[2 * os.length];
      entry = new int[2 * os.length];
      for (int i = 0; i < os.length; i++) {
        if (os[i] != 0) {
          insert(oh[i], ol[i], oe[i]);
        }
      }
    }
    insert(h, l, e);
    if (e == byEntryHigh.length) {
      byEntryHigh = Arrays.copyOf(byEntryHigh, 2 * e);
      byEntryLow = Arrays.copyOf(byEntryLow, 2 * e);
    }
    byEntryHigh[e] = h;
    byEntryLow[e] = l;
    size++;
  }

  private void insert(long h, long l, int e) {
    int mask = slot.length - 1;
    int i = (int) (h ^ (h >>> 32)) & mask;
    while (slot[i] != 0) {
      i = (i + 1) & mask;
    }
    high[i] = h;
    low[i] = l;
    slot[i] = 1;
    entry[i] = e;
  }

  long high(int e) {
    return byEntryHigh[e];
  }

  long low(int e) {
    return byEntryLow[e];
  }
}
