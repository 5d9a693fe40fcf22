package dev.matchpoint.mpi.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.mpi.SpecClause;
import org.junit.jupiter.api.Test;

/**
 * The index's cost contract, counted rather than timed: a lookup reads the keys of few slots
 * ("Operations are expected O(1)") whatever the number of entries, for keys packed like the queues'
 * keys, which vary in few bits. The queues' contract tests cover the answers; this covers the
 * hashing and the growth that keep the answers cheap.
 */
class SlotIndexTest {
  /** A slab of keys whose reads are counted. */
  private static final class Slab implements SlotIndex.KeyOf {
    final long[] keys;
    long reads;

    Slab(int n) {
      keys = new long[n];
    }

    @Override
    public long keyOf(int slot) {
      reads++;
      return keys[slot];
    }
  }

  private static double readsPerLookup(Slab slab, SlotIndex index, int n) {
    slab.reads = 0;
    for (int s = 0; s < n; s++) {
      assertEquals(s, index.first(slab.keys[s]));
    }
    return (double) slab.reads / n;
  }

  @Test
  void lookups_readFewKeys_forThousandsOfPackedPatternsAndMessageIds() {
    int n = 4096;
    for (boolean patterns : new boolean[] {true, false}) {
      Slab slab = new Slab(8);
      SlotIndex index = new SlotIndex(slab, 8);
      Slab grown = slab;
      for (int s = 0; s < n; s++) {
        if (s == grown.keys.length) {
          Slab bigger = new Slab(2 * s);
          System.arraycopy(grown.keys, 0, bigger.keys, 0, s);
          index = index.copy(bigger);
          index.ensureSlots(2 * s);
          grown = bigger;
        }
        // context, source and tag in their fields (PatternKeys), or a sender's sequence numbers (MessageIds)
        grown.keys[s] = patterns ? PatternKeys.pack(s % 4, s / 4 % 64, s / 256) : MessageIds.key(s % 8, 0, s / 8);
        index.add(s);
      }
      double reads = readsPerLookup(grown, index, n);
      assertTrue(reads < 3, "a lookup read " + reads + " keys on average (patterns: " + patterns + ")");
      for (int s = 0; s < n - 16; s++) {
        index.remove(s);
      }
      grown.reads = 0;
      for (int s = n - 16; s < n; s++) {
        assertEquals(s, index.first(grown.keys[s]));
      }
      assertTrue(grown.reads <= 2 * 16, "after removals a lookup read " + grown.reads / 16.0 + " keys");
    }
  }

  /** Keys read by lookups of n keys that are not indexed, per lookup: the average chain length. */
  private static double readsPerMiss(Slab slab, SlotIndex index, int n) {
    slab.reads = 0;
    for (int s = 0; s < n; s++) {
      assertEquals(SlotIndex.NIL, index.first(MessageIds.key(1, 1, s)));
    }
    return (double) slab.reads / n;
  }

  @Test
  @SpecClause(source = "SlotIndex", text = "an entry costs 4 bytes plus its share of the bucket array (about 5 to 11 "
      + "bytes at the load this index keeps)")
  void growing_keepsTheLoadBelowFourFifths_soAMissReadsFewerKeysThanThat() {
    // A bucket's share of 5 to 11 bytes per entry at 4 bytes a bucket is a load of 0.36 to 0.8
    // entries per bucket, which is what a lookup of an absent key reads on average.
    int n = 8192;
    Slab slab = new Slab(n);
    SlotIndex index = new SlotIndex(slab, n);
    for (int s = 0; s < n; s++) {
      slab.keys[s] = MessageIds.key(s % 8, 0, s / 8);
      index.add(s);
      if (s + 1 >= 64 && Integer.bitCount(s + 1) <= 2) {
        double load = readsPerMiss(slab, index, 2048);
        assertTrue(load < 0.8, (s + 1) + " entries: a miss read " + load + " keys");
      }
    }
  }

  @Test
  @SpecClause(source = "SlotIndex", text = "Operations are expected O(1); a resize is O(n), amortised")
  void removingHalfTheEntries_keepsLookupsCheap() {
    int n = 4096;
    Slab slab = new Slab(n);
    SlotIndex index = new SlotIndex(slab, n);
    for (int s = 0; s < n; s++) {
      slab.keys[s] = MessageIds.key(s % 8, 0, s / 8);
      index.add(s);
    }
    for (int s = 0; s < n / 2; s++) {
      index.remove(s);
    }
    slab.reads = 0;
    for (int s = n / 2; s < n; s++) {
      assertEquals(s, index.first(slab.keys[s]));
    }
    double reads = (double) slab.reads / (n / 2);
    assertTrue(reads < 2, "after removing half, a lookup read " + reads + " keys");
  }
}
