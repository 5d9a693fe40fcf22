package dev.matchpoint.core.kernel;

/**
 * Storage and ordering of {@link LadderQueue} entries: one entry is four consecutive {@code long}s
 * of an array, {@code (time, priority, sequence, handle)}, with the doubles stored as raw bits. An
 * entry is addressed by its offset, the index of its first word. Entries order by time, then
 * priority, then sequence number, all ascending; NaN never occurs.
 */
final class Entries {
  /** Words per entry. */
  static final int WIDTH = 4;

  /** log2 of {@link #WIDTH}: entry index {@code i} starts at offset {@code i << SHIFT}. */
  static final int SHIFT = 2;

  private static final int INSERTION_SORT_MAX = 16;

  private Entries() {}

  static void put(long[] a, int o, double time, double priority, long sequence, int handle) {
    a[o] = Double.doubleToRawLongBits(time);
    a[o + 1] = Double.doubleToRawLongBits(priority);
    a[o + 2] = sequence;
    a[o + 3] = handle;
  }

  static void copy(long[] src, int so, long[] dst, int d) {
    dst[d] = src[so];
    dst[d + 1] = src[so + 1];
    dst[d + 2] = src[so + 2];
    dst[d + 3] = src[so + 3];
  }

  static double time(long[] a, int o) {
    return Double.longBitsToDouble(a[o]);
  }

  static double priority(long[] a, int o) {
    return Double.longBitsToDouble(a[o + 1]);
  }

  static long sequence(long[] a, int o) {
    return a[o + 2];
  }

  static int handle(long[] a, int o) {
    return (int) a[o + 3];
  }

  /** Whether entry {@code a[i]} comes strictly before entry {@code b[j]}. */
  static boolean less(long[] a, int i, long[] b, int j) {
    double ta = Double.longBitsToDouble(a[i]);
    double tb = Double.longBitsToDouble(b[j]);
    if (ta != tb) {
      return ta < tb;
    }
    double pa = Double.longBitsToDouble(a[i + 1]);
    double pb = Double.longBitsToDouble(b[j + 1]);
    if (pa != pb) {
      return pa < pb;
    }
    return a[i + 2] < b[j + 2];
  }

  /** Whether the key (t, p, s) comes strictly before entry {@code a[o]}. */
  static boolean less(double t, double p, long s, long[] a, int o) {
    double ta = Double.longBitsToDouble(a[o]);
    if (t != ta) {
      return t < ta;
    }
    double pa = Double.longBitsToDouble(a[o + 1]);
    if (p != pa) {
      return p < pa;
    }
    return s < a[o + 2];
  }

  /**
   * Sorts the entries with indices [from, to) of {@code a}: nothing when they are sorted already,
   * else insertion sort on short runs, then bottom-up merges through {@code scratch}, which must
   * hold at least {@code (to - from) * WIDTH} words.
   */
  static void sort(long[] a, int from, int to, long[] scratch) {
    int n = to - from;
    int i0 = from + 1;
    while (i0 < to && !less(a, i0 << SHIFT, a, (i0 - 1) << SHIFT)) {
      i0++;
    }
    if (i0 >= to) {
      return; // already sorted, as a bucket filled by add() alone at one time is
    }
    for (int lo = from; lo < to; lo += INSERTION_SORT_MAX) {
      insertionSort(a, lo, Math.min(lo + INSERTION_SORT_MAX, to));
    }
    if (n <= INSERTION_SORT_MAX) {
      return;
    }
    long[] src = a;
    int srcBase = from;
    long[] dst = scratch;
    int dstBase = 0;
    for (int width = INSERTION_SORT_MAX; width < n; width <<= 1) {
      for (int lo = 0; lo < n; lo += 2 * width) {
        int mid = Math.min(lo + width, n);
        int hi = Math.min(lo + 2 * width, n);
        int i = lo;
        int j = mid;
        int k = lo;
        while (i < mid && j < hi) {
          int io = (srcBase + i) << SHIFT;
          int jo = (srcBase + j) << SHIFT;
          if (less(src, jo, src, io)) {
            copy(src, jo, dst, (dstBase + k++) << SHIFT);
            j++;
          } else {
            copy(src, io, dst, (dstBase + k++) << SHIFT);
            i++;
          }
        }
        int rest = i < mid ? mid - i : hi - j;
        int restFrom = i < mid ? i : j;
        System.arraycopy(src, (srcBase + restFrom) << SHIFT, dst, (dstBase + k) << SHIFT,
            rest << SHIFT);
      }
      long[] swap = src;
      src = dst;
      dst = swap;
      int swapBase = srcBase;
      srcBase = dstBase;
      dstBase = swapBase;
    }
    if (src != a) {
      System.arraycopy(src, srcBase << SHIFT, a, from << SHIFT, n << SHIFT);
    }
  }

  private static void insertionSort(long[] a, int from, int to) {
    for (int i = from + 1; i < to; i++) {
      int o = i << SHIFT;
      long t = a[o];
      long p = a[o + 1];
      long s = a[o + 2];
      long h = a[o + 3];
      double td = Double.longBitsToDouble(t);
      double pd = Double.longBitsToDouble(p);
      int j = i - 1;
      while (j >= from && less(td, pd, s, a, j << SHIFT)) {
        copy(a, j << SHIFT, a, (j + 1) << SHIFT);
        j--;
      }
      int d = (j + 1) << SHIFT;
      a[d] = t;
      a[d + 1] = p;
      a[d + 2] = s;
      a[d + 3] = h;
    }
  }
}
