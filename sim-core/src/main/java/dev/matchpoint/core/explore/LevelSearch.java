package dev.matchpoint.core.explore;

import dev.matchpoint.core.codec.StateCodec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Exhaustive stateful search, level by level (breadth-first), on one thread or several, whose whole
 * report (states, transitions, schedules, depth, outcome classes with their counts and examples, the
 * counterexample) is the same on any number of threads (issue 13). Persistent sets and sleep sets
 * as in {@link StatefulSearch} (Godefroid, LNCS 1032, 1996, chapters 4 to 6); each level is held as
 * compact encodings ({@link StateCodec}, {@link TransitionSystem#codec()}), never as object graphs.
 *
 * <p><b>A level.</b> Level 0 is the initial state. Level d is expanded in chunks of consecutive
 * entries shared out among the threads: an entry is decoded, and the actions of its persistent set
 * not asleep (and, for a state stored in an earlier level, asleep when it was stored) are executed;
 * the successor of its i-th explored action gets the entry's sleep set plus the actions explored
 * before it, less those whose footprint conflicts with the i-th action's (Godefroid §5.2). A
 * successor stored in an earlier level whose sleep set covers the stored one is a leaf; otherwise it
 * is an arrival: its fingerprint, its encoding, its sleep set (indices into its enabled actions with
 * their footprints) and its first path (parent index, action index). Arrivals of one state within a
 * chunk become one, with the intersection of their sleep sets.
 *
 * <p><b>Partitioned by fingerprint.</b> The visited set is one {@link VisitedTable} per thread, a
 * state belonging to the table its fingerprint selects; arrivals are merged by the thread owning
 * their partition, in chunk order, so each table is written by one thread and read by all only
 * while no thread writes. A state new in level d + 1 gets one entry explored with the intersection
 * of all its arrivals' sleep sets (a footprint: the union of the arrivals'); a state stored before
 * gets one only when that intersection does not cover its stored sleep set, to explore the
 * difference, and its stored set becomes the intersection of both (Godefroid §5.3). Intersections
 * are order-free, so the entries, the sleep sets and the stored sets are the same whatever the
 * chunking, the partitioning and the threads' timing. Level d + 1 is ordered by each entry's least
 * first path, so each state's path is the lexicographically least of its shortest explored paths;
 * final states are judged in level order, so an outcome class's example is its least path by length
 * then lexicographically. Soundness is {@link StatefulSearch}'s: the persistent sets are those of
 * one fixed reduced graph (Theorem 4.3), and the sleep set a state is explored with is a subset of
 * each of its arrivals'.
 *
 * <p><b>Storage.</b> Per state stored: 16 to 24 bytes of visited table, and 5 (8 past 254 enabled
 * actions) for the path (an {@code int} parent index and a {@code byte} action index per level),
 * the report's B/state. Only two levels are held as encodings: the one expanded and the next, each
 * entry with the enabled actions its arrival computed (to index its sleep set), which its expansion
 * then reuses ({@code enabled} of a decoded state is that of the state encoded: {@link StateCodec}).
 *
 * <p><b>Budgets.</b> The state budget cuts the merge at the same entry whatever the threads (the
 * states stored are counted in level order); the schedule budget and the step limit are checked
 * between levels; the time and memory budgets are polled every {@value Tally#POLL_INTERVAL}
 * transitions and stop every thread. The frontier of a stopped search is the entries left.
 *
 * <p><b>Why it is not the default.</b> Measured side by side on the shared 2-core machine (load 15
 * to 20 from other jobs), whole-process CPU seconds (user + system, GC and JIT included) and peak
 * resident memory from {@code /usr/bin/time -v}, {@code -XX:+UseSerialGC}, min / median of 3
 * alternating runs, Mprobe/Mrecv 6 x 6 ({@code explore}, 472,726 states and 693,285 transitions for
 * every search):
 *
 * <pre>
 * search                                   CPU-s         peak RSS
 * depth-first, 1 thread (StatefulSearch)   5.0 / 5.2     214-217 MB
 * depth-first, 2 threads (work stealing)   6.5 / 6.8     225-226 MB
 * levels, 1 thread                         8.3 / 8.9     454-456 MB   (before issue 13's
 * levels, 2 threads                        9.7 / 10.0    456-473 MB    speed-ups: 10.2 / 10.8
 *                                                                      and 11.8 / 12.2)
 * </pre>
 *
 * On the 4-rank persistent halo exchange (one run each, before those speed-ups) the depth-first
 * search stored 176,904 states in 6.4 CPU-s and 201 MB (2 threads: 177,218 states, 6.2 CPU-s,
 * 198 MB); this search 201,678 states in 11.0 CPU-s and 372 MB (2 threads: the same states, 11.2
 * CPU-s, 383 MB): its order-free sleep sets (intersections) prune less than a depth-first path's.
 *
 * Still 1.7 times the CPU of the depth-first search on 1 thread and 1.5 times on 2, and twice its
 * memory, so {@code --threads N} keeps the depth-first search and this one is asked for with
 * {@code --levels} (ExploreOptions.withLevels). What the depth-first search never does, and this
 * search still does per state (JFR profile and timers of the serial run): decode an entry (about
 * a ninth of the samples: the checks' observations, the network's packets and the ranks not
 * shared with the state decoded before), encode a successor (a sixteenth), hash the network and
 * checks of a decoded state afresh, merge each level (a twentieth), and run 1.7 times as many young
 * collections (the levels' encodings outlive them). Tried and measured: decoding into the
 * bucketed queues where a new World has adaptive ones (fixed: a fifth of the decoding); a rank
 * whose bytes repeat those of the same rank in the state the thread decoded last is shared, with
 * its fingerprint and its encoding ({@code WorldCodec}); an entry keeps the enabled actions its
 * arrival computed; one visited-table probe per merged state. Holding each level's states as
 * decoded objects (copy-on-write Worlds with their cached fingerprints) while the heap allowed
 * removed the decoding and encoding but not the cost: the Worlds of a 6 x 6 level (each with its
 * own copy of the receiving rank's queues) took 820 MB of heap and 14 CPU-s, most of it copying
 * them through young collections. Caching decoded ranks by their bytes in a table, so that a rank
 * shared by many states is decoded and hashed once, cut the hashing and encoding samples but not
 * the total: its cache added as much collection work as it saved.
 *
 * <p><b>The counterexample.</b> The shortest-violation search ({@link ShortestSearch}) still runs
 * after this one: that a breadth-first search records each violation at its least depth holds
 * when a state's fingerprint fixes its depth, which the MPI model's does not (the step count is
 * not hashed), and a state stored before and entered again to explore its difference (Godefroid
 * §5.3) puts the successors of that difference a level deeper than its first path. Bounding the
 * first search to paths shorter than this search's shortest violation, and keeping that one when
 * none is found, spared 517 of its 49,361 states on the probe race 4 x 4 (it already stops at its
 * first violation), so it was not kept.
 */
final class LevelSearch<S, A> {
  private static final int CHUNKS_PER_THREAD = 16;
  private static final int MIN_CHUNK = 8;

  private final TransitionSystem<S, A> ts;
  private final StateCodec<S> codec;
  private final ExploreOptions options;
  private final Tally tally;
  private final int threads;
  private final VisitedTable[] visited;
  private final LevelPaths paths = new LevelPaths();
  private final AtomicLong transitions = new AtomicLong();
  private volatile boolean stopped;

  /**
   * A level's entries: encoding, enabled actions (when an arrival computed them, else null), sleep
   * set ({@link SleepSets}), stored sleep word before it (or ABSENT), fingerprint, first path.
   */
  private static final class Level {
    byte[][] state = new byte[16][];
    Object[] enabled = new Object[16];
    long[][] sleep = new long[16][];
    long[] old = new long[16];
    long[] high = new long[16];
    long[] low = new long[16];
    long[] first = new long[16];
    int size;

    int add(byte[] s, Object en, long[] z, long o, long h, long l, long f) {
      if (size == state.length) {
        int n = size * 2;
        state = Arrays.copyOf(state, n);
        enabled = Arrays.copyOf(enabled, n);
        sleep = Arrays.copyOf(sleep, n);
        old = Arrays.copyOf(old, n);
        high = Arrays.copyOf(high, n);
        low = Arrays.copyOf(low, n);
        first = Arrays.copyOf(first, n);
      }
      state[size] = s;
      enabled[size] = en;
      sleep[size] = z;
      old[size] = o;
      high[size] = h;
      low[size] = l;
      first[size] = f;
      return size++;
    }
  }

  /** One chunk's arrivals in (parent, action) order (in {@link Level}'s arrays; old unused), and what else it found. */
  private final class Chunk {
    final Level arrivals = new Level();
    final KeyIndex index = new KeyIndex();
    final List<Map<A, Footprint>> sleepMaps = new ArrayList<>();
    long leaves;
    final List<Integer> finalIndex = new ArrayList<>();
    final List<Verdict> finalVerdict = new ArrayList<>();
  }

  LevelSearch(TransitionSystem<S, A> ts, ExploreOptions options, Tally tally, int threads) {
    this.ts = ts;
    this.codec = ts.codec();
    if (codec == null) {
      throw new IllegalArgumentException("the level search needs a model with a state encoding");
    }
    this.options = options;
    this.tally = tally;
    this.threads = Math.max(1, threads);
    this.visited = new VisitedTable[this.threads];
    for (int i = 0; i < visited.length; i++) {
      visited[i] = new VisitedTable();
    }
  }

  private VisitedTable table(long low) {
    return visited[(int) ((low & 0xffff_ffffL) % visited.length)];
  }

  void run() {
    ExecutorService pool = threads > 1 ? Executors.newFixedThreadPool(threads, r -> {
      Thread t = new Thread(r, "matchpoint-level");
      t.setDaemon(true);
      return t;
    }) : null;
    try {
      S init = ts.initial();
      StateKey key = StateKey.of(ts, init);
      table(key.low()).putIfAbsent(key.high(), key.low(), 0);
      tally.store();
      Level level = new Level();
      level.add(codec.encode(init), null, SleepSets.NONE, VisitedTable.ABSENT, key.high(), key.low(), 0);
      int depth = 0;
      long leaves = 0;
      while (level.size > 0) {
        List<Chunk> chunks = expand(pool, level, depth);
        if (stopped || tally.stopped()) {
          tally.frontier = level.size;
          break;
        }
        for (Chunk c : chunks) {
          for (int i = 0; i < c.finalIndex.size(); i++) {
            Verdict v = c.finalVerdict.get(i);
            tally.outcome(v, tally.outcomes().containsKey(v.outcome()) ? List.of() : paths.path(depth, c.finalIndex.get(i)));
          }
          leaves += c.finalIndex.size() + c.leaves;
        }
        long[] merged = new long[2];
        Level next = merge(pool, chunks, merged);
        leaves += merged[0];
        tally.schedules = leaves;
        tally.transitions = transitions.get();
        if (next.size > 0) {
          tally.maxDepth = ++depth;
        }
        tally.visitedBytes = visitedBytes();
        if (tally.stopped() || merged[1] > 0) {
          tally.frontier = next.size;
          break;
        }
        if (leaves >= options.scheduleBudget()) {
          tally.stop(Budget.SCHEDULES, tally.describe(Budget.SCHEDULES));
          tally.frontier = next.size;
          break;
        }
        if (next.size > 0 && depth >= options.maxSteps()) {
          tally.stepLimit();
          tally.frontier = next.size;
          break;
        }
        level = next;
      }
    } finally {
      if (pool != null) {
        pool.shutdownNow();
      }
    }
    tally.transitions = transitions.get();
    tally.visitedBytes = visitedBytes();
  }

  private long visitedBytes() {
    long b = paths.bytes();
    for (VisitedTable t : visited) {
      b += t.bytes();
    }
    return b;
  }

  /** Runs tasks on the pool (or here, serially), in order, and returns their results in order. */
  private <T> List<T> all(ExecutorService pool, List<Callable<T>> tasks) {
    List<T> out = new ArrayList<>(tasks.size());
    try {
      if (pool == null) {
        for (Callable<T> t : tasks) {
          out.add(t.call());
        }
        return out;
      }
      for (Future<T> f : pool.invokeAll(tasks)) {
        out.add(f.get());
      }
      return out;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while exploring", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException re) {
        throw re;
      }
      if (e.getCause() instanceof Error err) {
        throw err;
      }
      throw new IllegalStateException(e.getCause());
    } catch (Exception e) {
      throw e instanceof RuntimeException re ? re : new IllegalStateException(e);
    }
  }

  /** Expands a level in chunks of consecutive entries, taken by the threads in turn. */
  private List<Chunk> expand(ExecutorService pool, Level level, int depth) {
    int n = level.size;
    int size = Math.max(MIN_CHUNK, n / (threads * CHUNKS_PER_THREAD));
    int count = (n + size - 1) / size;
    List<Chunk> out = new ArrayList<>(count);
    List<Callable<Chunk>> tasks = new ArrayList<>();
    for (int k = 0; k < count; k++) {
      int from = k * size;
      tasks.add(() -> expand(level, from, Math.min(n, from + size), depth));
    }
    out.addAll(all(pool, tasks));
    return out;
  }

  /** Expands entries {@code from} (inclusive) to {@code to} (exclusive) of a level. */
  private Chunk expand(Level level, int from, int to, int depth) {
    Chunk c = new Chunk();
    for (int i = from; i < to && !stopped; i++) {
      S s = codec.decode(level.state[i]);
      @SuppressWarnings("unchecked")
      List<A> known = (List<A>) level.enabled[i];
      List<A> enabled = known != null ? known : ts.enabled(s);
      level.state[i] = null;
      level.enabled[i] = null;
      if (enabled.isEmpty()) {
        c.finalIndex.add(i);
        c.finalVerdict.add(ts.verdict(s));
        continue;
      }
      int entry = i;
      boolean explored = LevelStep.explore(ts, s, enabled, SleepSets.sleepMap(level.sleep[i], enabled), level.old[i],
          (child, childSleep, index) -> {
            arrive(c, child, childSleep, entry, index);
            long t = transitions.incrementAndGet();
            if (t % Tally.POLL_INTERVAL == 0) {
              poll(t, depth + 1);
            }
          });
      if (!explored) {
        c.leaves++;
      }
    }
    for (int j = 0; j < c.arrivals.size; j++) {
      Map<A, Footprint> sleep = c.sleepMaps.get(j);
      @SuppressWarnings("unchecked")
      List<A> en = (List<A>) c.arrivals.enabled[j];
      c.arrivals.sleep[j] = sleep.isEmpty() ? SleepSets.NONE : SleepSets.compact(sleep, en);
    }
    c.sleepMaps.clear();
    return c;
  }

  /** A successor: a leaf when stored before with a sleep set it covers, else an arrival (one per state in a chunk). */
  private void arrive(Chunk c, S child, Map<A, Footprint> sleep, int parent, int action) {
    StateKey key = StateKey.of(ts, child);
    long stored = table(key.low()).get(key.high(), key.low());
    List<A> childEnabled = null;
    if (stored != VisitedTable.ABSENT) {
      childEnabled = ts.enabled(child);
      if (covers(StatefulSearch.sleepMask(childEnabled, sleep), (int) stored)) {
        c.leaves++;
        return;
      }
    }
    int seen = c.index.get(key.high(), key.low());
    if (seen >= 0) {
      c.sleepMaps.set(seen, SleepSets.intersect(c.sleepMaps.get(seen), sleep));
      c.leaves++;
      return;
    }
    c.index.put(key.high(), key.low(), c.arrivals.size);
    // The enabled actions index the sleep set (an empty one needs none: a later arrival's sleep set
    // is intersected with it, so it stays empty) and are kept for the state's expansion, which then
    // need not ask for them again (enabled(decode(encode(s))) is enabled(s): StateCodec).
    if (childEnabled == null && !sleep.isEmpty()) {
      childEnabled = ts.enabled(child);
    }
    c.arrivals.add(codec.encode(child), childEnabled, null, 0, key.high(), key.low(), ((long) parent << 32) | action);
    c.sleepMaps.add(sleep);
  }

  /** Whether a sleep mask holds every action of a stored one: a revisit with it explores nothing. */
  private static boolean covers(int mask, int stored) {
    return (stored & ~mask) == 0 && (stored & StatefulSearch.OVERFLOW) == 0;
  }

  private void poll(long n, int depth) {
    synchronized (tally) {
      tally.transitions = n;
      tally.maxDepth = Math.max(tally.maxDepth, depth);
      tally.poll();
      if (tally.stopped()) {
        stopped = true;
      }
    }
  }

  /**
   * Merges the chunks' arrivals into the visited tables and the next level, one task per table
   * (arrivals in chunk order), then orders the next level by least first path and applies the
   * state budget in that order.
   *
   * @param out receives the leaves found ([0]) and 1 in [1] when the state budget cut the merge
   */
  private Level merge(ExecutorService pool, List<Chunk> chunks, long[] out) {
    List<Callable<Level>> tasks = new ArrayList<>();
    AtomicLong leaves = new AtomicLong();
    for (int p = 0; p < visited.length; p++) {
      VisitedTable table = visited[p];
      tasks.add(() -> mergePartition(table, chunks, leaves));
    }
    List<Level> parts = all(pool, tasks);
    out[0] = leaves.get();
    int total = 0;
    for (Level l : parts) {
      total += l.size;
    }
    // Each entry's least first path is one transition's, so no two entries share it: sort by it.
    long[] firsts = new long[total];
    Integer[] order = new Integer[total];
    int[] partOf = new int[total];
    int[] entryOf = new int[total];
    int k = 0;
    for (int p = 0; p < parts.size(); p++) {
      for (int e = 0; e < parts.get(p).size; e++, k++) {
        firsts[k] = parts.get(p).first[e];
        partOf[k] = p;
        entryOf[k] = e;
        order[k] = k;
      }
    }
    Arrays.sort(order, (x, y) -> Long.compare(firsts[x], firsts[y]));
    Level next = new Level();
    int[] parent = new int[total];
    int[] action = new int[total];
    int widest = 0;
    for (int o : order) {
      Level part = parts.get(partOf[o]);
      int e = entryOf[o];
      if (part.old[e] == VisitedTable.ABSENT && !tally.store()) {
        out[1] = 1;
        break;
      }
      int i = next.add(part.state[e], part.enabled[e], part.sleep[e], part.old[e], part.high[e], part.low[e], 0);
      parent[i] = (int) (part.first[e] >>> 32);
      action[i] = (int) part.first[e];
      widest = Math.max(widest, action[i]);
    }
    paths.add(parent, action, next.size, widest);
    return next;
  }

  private Level mergePartition(VisitedTable table, List<Chunk> chunks, AtomicLong leaves) {
    Level part = new Level();
    KeyIndex entries = new KeyIndex();
    for (Chunk c : chunks) {
      Level a = c.arrivals;
      for (int j = 0; j < a.size; j++) {
        if (visited[(int) ((a.low[j] & 0xffff_ffffL) % visited.length)] != table) {
          continue;
        }
        int e = entries.get(a.high[j], a.low[j]);
        if (e >= 0) {
          part.sleep[e] = SleepSets.intersect(part.sleep[e], a.sleep[j]);
          part.first[e] = Math.min(part.first[e], a.first[j]);
          leaves.incrementAndGet();
          continue;
        }
        entries.put(a.high[j], a.low[j], part.add(a.state[j], a.enabled[j], a.sleep[j], VisitedTable.ABSENT,
            a.high[j], a.low[j], a.first[j]));
        a.state[j] = null;
        a.enabled[j] = null;
      }
    }
    // One probe per state: a new one is stored with its sleep mask, a stored one keeps the
    // intersection of both, and its entry remembers the stored mask to explore the difference.
    for (int e = 0; e < part.size; e++) {
      int mask = SleepSets.mask(part.sleep[e]);
      long stored = table.putIfAbsent(part.high[e], part.low[e], mask);
      part.old[e] = stored;
      if (stored != VisitedTable.ABSENT && ((int) stored & mask) != (int) stored) {
        table.replaceLast((int) stored & mask);
      }
    }
    return part;
  }
}
