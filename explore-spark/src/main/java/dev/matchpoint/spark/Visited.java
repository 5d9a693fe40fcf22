package dev.matchpoint.spark;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.util.KnownSizeEstimation;

/**
 * The visited states of one fingerprint partition, immutable, as a Spark partition of a persisted
 * dataset holds it across levels: runs of entries (128-bit fingerprint, 32-bit stored sleep mask)
 * sorted by fingerprint, one run per level that stored or narrowed something, the newest first; a
 * look-up is a binary search per run, the newest run holding a state deciding. Once {@value
 * #MAX_RUNS} runs accumulate they are merged into one (as a log-structured merge tree's levels), so
 * a look-up costs at most {@value #MAX_RUNS} binary searches and an entry is copied about once per
 * {@value #MAX_RUNS} levels. 20 bytes per entry. Never mutated: a level's merge makes a new one that
 * shares the older runs, so a task Spark runs again computes the same result. Its size for Spark's
 * cache is known ({@link KnownSizeEstimation}), not estimated by walking it.
 */
final class Visited implements Serializable, KnownSizeEstimation {
  private static final long serialVersionUID = 1L;
  /** Runs kept before they are merged into one. */
  static final int MAX_RUNS = 8;
  /** What {@link #get} returns for a state never stored (as {@code LevelStep.ABSENT}). */
  static final long ABSENT = -1L;

  /**
   * One sorted run, with a directory of where each bucket of fingerprints starts (the top bits of
   * the first half, about 4 entries a bucket: fingerprints are uniform), so that a look-up is one
   * directory read and a binary search of a few entries, not of the whole run (which took an eighth
   * of a search's CPU at 7 x 7): 1 byte an entry more.
   */
  static final class Run implements Serializable {
    private static final long serialVersionUID = 1L;
    final long[] high;
    final long[] low;
    final int[] mask;
    /** Bits of the directory: its buckets are 2^bits. */
    private final int bits;
    /** Per bucket b, the index of its first entry; then the run's size. */
    private final int[] starts;

    Run(long[] high, long[] low, int[] mask) {
      this.high = high;
      this.low = low;
      this.mask = mask;
      this.bits = bits(high.length);
      this.starts = new int[(1 << bits) + 1];
      for (long h : high) {
        starts[bucket(h, bits) + 1]++;
      }
      for (int b = 0; b < 1 << bits; b++) {
        starts[b + 1] += starts[b];
      }
    }

    int size() {
      return high.length;
    }

    long get(long h, long l) {
      int b = bucket(h, bits);
      int lo = starts[b];
      int hi = starts[b + 1] - 1;
      while (lo <= hi) {
        int mid = (lo + hi) >>> 1;
        int c = compare(high[mid], low[mid], h, l);
        if (c < 0) {
          lo = mid + 1;
        } else if (c > 0) {
          hi = mid - 1;
        } else {
          return mask[mid] & 0xffff_ffffL;
        }
      }
      return ABSENT;
    }
  }

  /** Directory bits for n entries: about 4 entries a bucket, at most 2^24 buckets. */
  static int bits(int n) {
    return Math.max(0, Math.min(24, 31 - Integer.numberOfLeadingZeros(Math.max(1, n)) - 2));
  }

  /** The bucket of a fingerprint's first half: its top bits, in {@link #compare}'s (signed) order. */
  static int bucket(long h, int bits) {
    return bits == 0 ? 0 : (int) ((h ^ Long.MIN_VALUE) >>> (64 - bits));
  }

  /**
   * The order of n fingerprints by {@link #compare}: a counting sort by bucket, then an insertion
   * sort of each bucket (a few entries), without boxing.
   */
  static int[] order(long[] high, long[] low, int n) {
    int bits = bits(n);
    int[] next = new int[(1 << bits) + 1];
    for (int i = 0; i < n; i++) {
      next[bucket(high[i], bits) + 1]++;
    }
    for (int b = 0; b < 1 << bits; b++) {
      next[b + 1] += next[b];
    }
    int[] starts = next.clone();
    int[] order = new int[n];
    for (int i = 0; i < n; i++) {
      order[next[bucket(high[i], bits)]++] = i;
    }
    for (int b = 0; b < 1 << bits; b++) {
      for (int j = starts[b] + 1; j < starts[b + 1]; j++) {
        int x = order[j];
        int k = j - 1;
        while (k >= starts[b] && compare(high[order[k]], low[order[k]], high[x], low[x]) > 0) {
          order[k + 1] = order[k];
          k--;
        }
        order[k + 1] = x;
      }
    }
    return order;
  }

  /** The runs, newest first (an array: a look-up walks it for every successor). */
  private final Run[] runs;

  private Visited(Run[] runs) {
    this.runs = runs;
  }

  /** An empty set. */
  static Visited empty() {
    return new Visited(new Run[0]);
  }

  static int compare(long h1, long l1, long h2, long l2) {
    int c = Long.compare(h1, h2);
    return c != 0 ? c : Long.compare(l1, l2);
  }

  /**
   * The stored mask of a state.
   *
   * @param h first 64 bits of its fingerprint
   * @param l last 64 bits
   * @return the mask (0..2^32-1), or {@link #ABSENT}
   */
  long get(long h, long l) {
    for (Run r : runs) {
      long m = r.get(h, l);
      if (m != ABSENT) {
        return m;
      }
    }
    return ABSENT;
  }

  /**
   * This set with entries stored or replaced.
   *
   * @param high fingerprints' first halves
   * @param low their second halves
   * @param mask the masks to store, each replacing any stored before
   * @param n entries (each fingerprint at most once)
   * @return the new set
   */
  Visited with(long[] high, long[] low, int[] mask, int n) {
    if (n == 0) {
      return this;
    }
    int[] order = order(high, low, n);
    long[] h = new long[n];
    long[] l = new long[n];
    int[] m = new int[n];
    for (int i = 0; i < n; i++) {
      h[i] = high[order[i]];
      l[i] = low[order[i]];
      m[i] = mask[order[i]];
    }
    List<Run> out = new ArrayList<>(runs.length + 1);
    out.add(new Run(h, l, m));
    out.addAll(Arrays.asList(runs));
    return new Visited(out.size() > MAX_RUNS ? new Run[] {merge(out)} : out.toArray(new Run[0]));
  }

  /** Merges runs, newest first, into one; a fingerprint in several keeps the newest mask. */
  private static Run merge(List<Run> runs) {
    int total = 0;
    for (Run r : runs) {
      total += r.size();
    }
    long[] h = new long[total];
    long[] l = new long[total];
    int[] m = new int[total];
    int[] at = new int[runs.size()];
    int n = 0;
    while (true) {
      int best = -1;
      for (int k = 0; k < runs.size(); k++) {
        Run r = runs.get(k);
        if (at[k] < r.size() && (best < 0 || compare(r.high[at[k]], r.low[at[k]], runs.get(best).high[at[best]],
            runs.get(best).low[at[best]]) < 0)) {
          best = k;
        }
      }
      if (best < 0) {
        break;
      }
      Run b = runs.get(best);
      long bh = b.high[at[best]];
      long bl = b.low[at[best]];
      h[n] = bh;
      l[n] = bl;
      m[n] = b.mask[at[best]];
      n++;
      for (int k = 0; k < runs.size(); k++) {
        Run r = runs.get(k);
        if (at[k] < r.size() && r.high[at[k]] == bh && r.low[at[k]] == bl) {
          at[k]++;
        }
      }
    }
    return new Run(Arrays.copyOf(h, n), Arrays.copyOf(l, n), Arrays.copyOf(m, n));
  }

  /**
   * Entries held (a state stored, then narrowed, counts once per run holding it).
   *
   * @return entries
   */
  long entries() {
    long n = 0;
    for (Run r : runs) {
      n += r.size();
    }
    return n;
  }

  /**
   * Bytes held: 20 per entry (and about 1 of directory).
   *
   * @return bytes
   */
  long bytes() {
    return 20 * entries();
  }

  @Override
  public long estimatedSize() {
    return bytes() + 64L * (runs.length + 1);
  }
}
