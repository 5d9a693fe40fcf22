package dev.matchpoint.core.explore;

import java.util.ArrayList;
import java.util.List;

/**
 * The persistent sets the serial search computed once a violation was seen, by state fingerprint,
 * so that the shortest-violation search after it ({@link ShortestSearch}) does not compute them
 * again: on the probe race 4 x 4 that search meets 49,361 states, most of them stored by the
 * search before, and computing their persistent sets (the model's dry runs and closures) was 62%
 * of its time.
 *
 * <p>Exact: a persistent set is a function of the state alone ({@link
 * TransitionSystem#persistentSet}), and fingerprints are the states' identity everywhere in the
 * explorer (equal fingerprints of different states would merge them in the visited-state set
 * too), so a logged set is the set the state would compute. A set is logged as the mask of its
 * actions' indices in the state's enabled actions ({@code enabled(state)} is a function of the
 * state too); states with more than 63 enabled actions are not logged.
 *
 * <p>Storage: while the search runs, sets are appended (24 bytes each: 128 bits of fingerprint and
 * the mask, in chunks: no copy when it grows, no lookup); the first lookup indexes the log in a
 * {@link VisitedTable} (value: the entry's number). Nothing is logged before the search's first
 * violation (a search without one has no shortest-violation search after it: the 6 x 6
 * Mprobe/Mrecv pattern logs nothing), and at most {@value #MAX_ENTRIES} sets (24 MB of log).
 */
final class PersistentSetLog {
  /** Most sets logged. */
  static final int MAX_ENTRIES = 1 << 20;
  private static final int CHUNK = 3 << 12;

  private final List<long[]> chunks = new ArrayList<>();
  private int size;
  private VisitedTable index;

  /**
   * Logs the persistent set of a state not logged before.
   *
   * @param high the first 64 bits of the state's fingerprint
   * @param low its last 64 bits
   * @param enabled the state's enabled actions
   * @param persistent its persistent set: a subset of {@code enabled} in its order
   * @param <A> action type
   */
  <A> void add(long high, long low, List<A> enabled, List<A> persistent) {
    if (size >= MAX_ENTRIES || enabled.size() > 63 || index != null) {
      return;
    }
    long mask = 0;
    int k = 0;
    for (A a : persistent) {
      while (!enabled.get(k).equals(a)) {
        k++;
      }
      mask |= 1L << k;
    }
    int at = 3 * size % CHUNK;
    if (at == 0) {
      chunks.add(new long[CHUNK]);
    }
    long[] chunk = chunks.get(chunks.size() - 1);
    chunk[at] = high;
    chunk[at + 1] = low;
    chunk[at + 2] = mask;
    size++;
  }

  /**
   * The logged persistent set of a state.
   *
   * @param high the first 64 bits of the state's fingerprint
   * @param low its last 64 bits
   * @param enabled the state's enabled actions
   * @param <A> action type
   * @return the set, a subset of {@code enabled} in its order, or null when the state was not logged
   */
  <A> List<A> get(long high, long low, List<A> enabled) {
    if (size == 0) {
      return null;
    }
    if (index == null) {
      index = new VisitedTable();
      for (int e = 0; e < size; e++) {
        long[] chunk = chunks.get(3 * e / CHUNK);
        int at = 3 * e % CHUNK;
        index.putIfAbsent(chunk[at], chunk[at + 1], e);
      }
    }
    long e = index.get(high, low);
    if (e == VisitedTable.ABSENT) {
      return null;
    }
    long mask = chunks.get((int) (3 * e / CHUNK))[(int) (3 * e % CHUNK) + 2];
    List<A> out = new ArrayList<>(Long.bitCount(mask));
    for (int k = 0; k < enabled.size(); k++) {
      if ((mask & (1L << k)) != 0) {
        out.add(enabled.get(k));
      }
    }
    return out;
  }
}
