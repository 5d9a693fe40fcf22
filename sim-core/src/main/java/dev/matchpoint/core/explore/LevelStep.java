package dev.matchpoint.core.explore;

import dev.matchpoint.core.codec.StateCodec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One step of {@link LevelSearch} on plain data, for a search engine that keeps its levels and its
 * visited set elsewhere (another process, another machine: the Spark engine of issue 17). An entry
 * of a level is an encoded state ({@link StateCodec}), its compact sleep set and the sleep mask it
 * had stored before ({@link #ABSENT} for a new state); a successor is reported as its encoding,
 * 128-bit fingerprint ({@link StateKey}), compact sleep set and the index of its action among the
 * parent's enabled actions. The partition that owns a successor's fingerprint then merges the
 * arrivals of each state against its stored mask with {@link #covers}, {@link #intersect} and
 * {@link #narrowed}, exactly as {@link LevelSearch} merges them (Godefroid, LNCS 1032, 1996, §5.2
 * and §5.3), so that an engine built on these gives the same states, transitions, leaves, depth and
 * outcome classes. Sleep sets are {@code long[]} in {@link SleepSets}' layout, whose indices are
 * those of the state's own enabled actions: two arrivals of one state index the same actions.
 *
 * <p>An instance is safe to use from several threads when the model is ({@link TransitionSystem}).
 *
 * @param <S> the state type
 * @param <A> the action type
 */
public final class LevelStep<S, A> {
  /** The stored mask of a state not stored before (as {@link VisitedTable#ABSENT}). */
  public static final long ABSENT = VisitedTable.ABSENT;
  /** The empty sleep set. */
  public static final long[] NO_SLEEP = SleepSets.NONE;

  /** What expanding one entry gives. */
  public interface Successors {
    /**
     * The entry is a final state (no action enabled).
     *
     * @param verdict its verdict
     */
    void finalState(Verdict verdict);

    /**
     * One successor, reached by an explored action.
     *
     * @param encoded the successor's encoding
     * @param high first 64 bits of its fingerprint
     * @param low last 64 bits
     * @param sleep its compact sleep set
     * @param action the action's index among the entry's enabled actions
     */
    void successor(byte[] encoded, long high, long low, long[] sleep, int action);

    /** The entry explored no action: every action of its persistent set was asleep (a leaf). */
    void leaf();
  }

  private final TransitionSystem<S, A> ts;
  private final StateCodec<S> codec;

  /**
   * A step over a model.
   *
   * @param ts the model
   * @throws IllegalArgumentException when the model has no state encoding
   */
  public LevelStep(TransitionSystem<S, A> ts) {
    this.ts = ts;
    this.codec = ts.codec();
    if (codec == null) {
      throw new IllegalArgumentException("a level step needs a model with a state encoding");
    }
  }

  /**
   * The initial state's encoding and fingerprint.
   *
   * @param key receives the fingerprint: [0] high, [1] low
   * @return the encoding
   */
  public byte[] initial(long[] key) {
    S init = ts.initial();
    StateKey k = StateKey.of(ts, init);
    key[0] = k.high();
    key[1] = k.low();
    return codec.encode(init);
  }

  /**
   * Expands one entry as {@link LevelSearch} does: the actions of its persistent set that are not
   * asleep and, for a state stored before, were asleep in its stored mask, each successor with the
   * entry's sleep set plus the actions explored before it, less those whose footprint conflicts.
   *
   * @param encoded the entry's encoding
   * @param sleep its compact sleep set
   * @param old the mask it had stored before, or {@link #ABSENT}
   * @param out receives the final verdict, the successors or the leaf
   * @return the transitions executed
   */
  public int expand(byte[] encoded, long[] sleep, long old, Successors out) {
    S s = codec.decode(encoded);
    List<A> enabled = ts.enabled(s);
    if (enabled.isEmpty()) {
      out.finalState(ts.verdict(s));
      return 0;
    }
    int[] transitions = new int[1];
    boolean explored = explore(ts, s, enabled, SleepSets.sleepMap(sleep, enabled), old, (child, childSleep, index) -> {
      StateKey key = StateKey.of(ts, child);
      long[] compact = childSleep.isEmpty() ? SleepSets.NONE : SleepSets.compact(childSleep, ts.enabled(child));
      out.successor(codec.encode(child), key.high(), key.low(), compact, index);
      transitions[0]++;
    });
    if (!explored) {
      out.leaf();
    }
    return transitions[0];
  }

  /** Receives each successor of {@link #explore}. */
  interface Arrival<S, A> {
    /**
     * One successor.
     *
     * @param child the successor state
     * @param childSleep its sleep set: actions with their footprints, in exploration order
     * @param index the index of the action taken among the state's enabled actions
     */
    void arrive(S child, Map<A, Footprint> childSleep, int index);
  }

  /**
   * The expansion of one state both level searches make ({@link LevelSearch} in process, this
   * class for engines): the actions of its persistent set that are not asleep and, for a state
   * stored before, were asleep in its stored mask; each successor gets the sleep set plus the
   * actions explored before it, less those whose footprint conflicts with its own (Godefroid's sleep
   * sets with a state cache, as {@link StatefulSearch}).
   *
   * @param ts the transition system
   * @param s the state
   * @param enabled its enabled actions, not empty
   * @param z its sleep set, by action
   * @param old the mask it had stored before, or {@link #ABSENT}
   * @param arrival receives each successor, in the persistent set's order
   * @return whether any action was explored (false: the state is a leaf of the search)
   */
  static <S, A> boolean explore(TransitionSystem<S, A> ts, S s, List<A> enabled, Map<A, Footprint> z, long old,
      Arrival<S, A> arrival) {
    Map<A, Footprint> explored = null;
    for (A a : ts.persistentSet(s, enabled)) {
      int index = enabled.indexOf(a);
      if (z.containsKey(a) || (old != ABSENT && !StatefulSearch.storedHas((int) old, index))) {
        continue;
      }
      if (explored == null) {
        explored = new LinkedHashMap<>(z);
      }
      Footprint fp = new Footprint();
      S child = ts.execute(s, a, fp);
      Map<A, Footprint> childSleep = new LinkedHashMap<>();
      for (Map.Entry<A, Footprint> e : explored.entrySet()) {
        if (!e.getValue().conflicts(fp)) {
          childSleep.put(e.getKey(), e.getValue());
        }
      }
      explored.put(a, fp);
      arrival.arrive(child, childSleep, index);
    }
    return explored != null;
  }

  /**
   * Whether an arrival with a sleep set explores nothing at a state stored before with a mask: the
   * mask holds no action the sleep set lacks (a leaf, dropped before any merge).
   *
   * @param sleep the arrival's compact sleep set
   * @param stored the stored mask, or {@link #ABSENT}
   * @return true when stored and covered
   */
  public static boolean covers(long[] sleep, long stored) {
    if (stored == ABSENT) {
      return false;
    }
    int s = (int) stored;
    return (s & ~SleepSets.mask(sleep)) == 0 && (s & StatefulSearch.OVERFLOW) == 0;
  }

  /**
   * The sleep set of two arrivals of one state: the actions asleep in both, each footprint the union.
   *
   * @param a one compact sleep set
   * @param b another, of the same state
   * @return the intersection
   */
  public static long[] intersect(long[] a, long[] b) {
    return SleepSets.intersect(a, b);
  }

  /**
   * The mask to store for a state entered with a sleep set.
   *
   * @param sleep the merged compact sleep set
   * @return its mask over the state's enabled actions (bit 31: every index from 31 up)
   */
  public static int mask(long[] sleep) {
    return SleepSets.mask(sleep);
  }

  /**
   * The mask a stored state keeps once entered again with a sleep set: the intersection of both.
   *
   * @param stored the stored mask (not {@link #ABSENT})
   * @param sleep the merged compact sleep set of this entry
   * @return the new mask
   */
  public static int narrowed(long stored, long[] sleep) {
    return (int) stored & SleepSets.mask(sleep);
  }
}
