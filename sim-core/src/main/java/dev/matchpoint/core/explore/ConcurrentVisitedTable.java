package dev.matchpoint.core.explore;

/**
 * The visited-state set of {@link ParallelStatefulSearch}: {@value #SEGMENTS} {@link VisitedTable}s,
 * each guarded by its own lock (lock striping); a state's segment is chosen by bits of its
 * fingerprint that its segment does not store (the low 32 bits of {@link StateKey#low()}), so the
 * segments share the load evenly and an entry still costs 16 bytes (at most 24 once past the
 * initial sizes, as {@link VisitedTable}).
 *
 * <p>{@link #visit} is one atomic step per state: look the state up, insert it with the caller's
 * sleep word when absent, otherwise replace the stored word by its intersection with the caller's
 * (Godefroid 1996, §5.3) and return the word it held before. Two threads reaching the same state
 * therefore see the stored sleep sets in some order of their visits, each visit seeing the
 * intersection of all earlier ones, as the serial search's visits do in its one order.
 */
final class ConcurrentVisitedTable {
  /** Number of segments (a power of two): with two to a few dozen threads, contention is rare. */
  static final int SEGMENTS = 64;

  private final VisitedTable[] segments = new VisitedTable[SEGMENTS];

  ConcurrentVisitedTable() {
    for (int i = 0; i < SEGMENTS; i++) {
      segments[i] = new VisitedTable();
    }
  }

  /**
   * Visits a state: inserts it with {@code sleep} when absent, otherwise intersects its stored
   * sleep word with {@code sleep}; atomic with respect to every other visit.
   *
   * @param high first 64 bits of the state's fingerprint
   * @param low last 64 bits (the upper 32 are stored, the lower 32 choose the segment)
   * @param sleep the caller's sleep word (32 bits, see {@link StatefulSearch})
   * @return the sleep word stored before this visit (0..2^32-1), or {@link VisitedTable#ABSENT}
   *     when this visit inserted the state
   */
  long visit(long high, long low, int sleep) {
    VisitedTable t = segments[(int) low & (SEGMENTS - 1)];
    synchronized (t) {
      long stored = t.putIfAbsent(high, low, sleep);
      if (stored != VisitedTable.ABSENT) {
        int old = (int) stored;
        if ((old & sleep) != old) {
          t.replaceLast(old & sleep);
        }
      }
      return stored;
    }
  }

  /**
   * States stored.
   *
   * @return the count
   */
  long size() {
    long n = 0;
    for (VisitedTable t : segments) {
      synchronized (t) {
        n += t.size();
      }
    }
    return n;
  }

  /**
   * Bytes the segments occupy (their capacities times the entry size).
   *
   * @return the bytes
   */
  long bytes() {
    long n = 0;
    for (VisitedTable t : segments) {
      synchronized (t) {
        n += t.bytes();
      }
    }
    return n;
  }
}
