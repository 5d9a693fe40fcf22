package dev.matchpoint.spark;

import dev.matchpoint.core.explore.ExploreOptions;
import dev.matchpoint.core.explore.LevelStep;
import dev.matchpoint.core.explore.SearchLedger;
import dev.matchpoint.core.explore.Verdict;
import dev.matchpoint.mpi.rank.Action;
import dev.matchpoint.mpi.rank.World;
import dev.matchpoint.scenario.cli.ExploreEngine;
import dev.matchpoint.spark.LevelData.Arrival;
import dev.matchpoint.spark.LevelData.Entry;
import dev.matchpoint.spark.LevelData.Expansion;
import dev.matchpoint.spark.LevelData.FinalClass;
import dev.matchpoint.spark.LevelData.Merged;
import dev.matchpoint.spark.LevelData.PathBlock;
import dev.matchpoint.spark.LevelData.VerdictData;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.Timer;
import java.util.TimerTask;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.spark.HashPartitioner;
import org.apache.spark.SparkException;
import org.apache.spark.SparkExecutorInfo;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.storage.StorageLevel;
import scala.Tuple2;

/**
 * The exhaustive search of {@code matchpoint explore --engine spark} (issue 17): {@code LevelSearch}'s
 * level-synchronous breadth-first search with persistent and sleep sets, its levels and its visited
 * set held as Spark datasets partitioned by fingerprint (the scheme of Stern and Dill's parallel
 * Murphi, PReach and DiVinE), so it gives {@code LevelSearch}'s states, transitions, leaves, depth
 * and outcome classes, each class with the same example (its least path by length, then
 * lexicographically); the counterexample is then the shortest-violation phase's, run on the driver
 * as for every search ({@code Explorer}).
 *
 * <p><b>A level</b> is a dataset of entries (encoded state, compact sleep set, stored mask before,
 * fingerprint, first path, index), ordered by first path and indexed. Per level:
 *
 * <ol>
 *   <li><i>expand</i> (narrow): each task decodes its entries and runs {@link LevelStep#expand}; it
 *       returns its final classes (count, least index, verdict) and leaves to the driver, and keeps
 *       its successors (arrivals: encoding, fingerprint, sleep set, parent index and action index);
 *   <li><i>shuffle 1</i>: the arrivals are partitioned by fingerprint ({@link FingerprintPartitioner})
 *       and zipped with the visited set's partition of the same number (a {@link Visited} per
 *       partition, kept across levels), where an arrival covered by its state's stored mask is a
 *       leaf, the other arrivals of a state are merged (sleep sets intersected, least first path),
 *       and the state is stored, or its stored mask narrowed, in a new immutable {@link Visited};
 *   <li><i>shuffle 2</i>: the next level's entries go to tasks by ranges of their parent's index
 *       (the first path's high half; the merge counts them per task, so the driver knows where each
 *       task's numbering starts), and each task sorts its own by first path and numbers them, which
 *       orders and indexes the level by first path, as {@code LevelSearch} does, fixing each state's
 *       path and the order finals are judged in, without Spark's sampling and sorting shuffle; each
 *       task's slice of first paths is kept ({@link FirstPaths}, 8 bytes a state) to rebuild
 *       examples at the end.
 * </ol>
 *
 * The driver only adds up figures (a few numbers and the outcome classes per task) and applies the
 * budgets between levels: states, schedules and the step limit as {@code LevelSearch} does; the time
 * budget also cancels a running level's jobs; the memory budget is the driver's heap, the whole
 * search in local mode. The log gets a line per level as it ends; {@link #figures} gives the report
 * those levels, the spread of the states over the partitions and, per executor, the most storage
 * memory its cached datasets took (sampled after each level).
 * At the end one small job per level walks the kept first paths back from each class's example entry.
 *
 * <p><b>How the shuffle grows.</b> Per level d with E_d entries, T_d successors (transitions) and
 * N_d new or narrowed states, shuffle 1 moves T_d arrivals (about the encoding's size, a few hundred
 * bytes for the MPI model, plus 48 bytes), of which a fraction (W - 1) / W crosses the network with W
 * workers, and shuffle 2 moves the E_{d+1} entries once more; over the whole search that is the
 * transitions plus the states, each once, independent of W, while each worker's share of the
 * expansion and of the visited set is 1/W of the total (fingerprints spread states evenly: the log
 * prints the partitions' spread). What grows with W is only the number of shuffle blocks per level
 * (W x W files, partitions x partitions in Spark's terms) and the per-level synchronisation, a
 * fixed cost of a few jobs per level (about 10 ms each in local mode), so levels with few states
 * cost more than their work; the visited set never moves. A look-up costs at most {@value
 * Visited#MAX_RUNS} binary searches, and an entry is copied once per {@value Visited#MAX_RUNS} levels
 * by merging runs.
 */
final class SparkLevelSearch {
  private final JavaSparkContext sc;
  private final ScenarioModel model;
  private final ExploreOptions options;
  private final int partitions;
  private final PrintWriter log;
  private final FirstPaths paths = new FirstPaths();
  private final Map<String, Pending> classes = new TreeMap<>();
  private final long[] partitionStates;
  /** Per executor (host:port), the most storage memory its cached levels and visited sets took, in bytes. */
  private final Map<String, Long> executorStorage = new TreeMap<>();
  /** The levels expanded so far, for the report. */
  private final List<ExploreEngine.Level> levels = new ArrayList<>();

  /** A class's first sight (level and least entry index) and its count so far. */
  private static final class Pending {
    VerdictData verdict;
    long count;
    int depth;
    int index;
  }

  /** A fingerprint, as a hash key within one task. */
  private record Key(long high, long low) {}

  /**
   * A search.
   *
   * @param sc the Spark context
   * @param model the model, shipped to every task
   * @param options the budgets
   * @param partitions fingerprint partitions (tasks per level)
   * @param log receives a line per level and the partitions' spread, or null
   */
  SparkLevelSearch(JavaSparkContext sc, ScenarioModel model, ExploreOptions options, int partitions,
      PrintWriter log) {
    this.sc = sc;
    this.model = model;
    this.options = options;
    this.partitions = partitions;
    this.log = log;
    this.partitionStates = new long[partitions];
  }

  /**
   * Runs the search into a ledger.
   *
   * @param ledger the exploration's figures, classes and budgets
   */
  void run(SearchLedger ledger) {
    AtomicBoolean timeUp = new AtomicBoolean();
    Timer timer = new Timer("matchpoint-spark-deadline", true);
    long delayMillis = Math.max(0, (ledger.deadlineNanos() - System.nanoTime()) / 1_000_000);
    timer.schedule(new TimerTask() {
      @Override
      public void run() {
        timeUp.set(true);
        sc.cancelAllJobs();
      }
    }, delayMillis);
    String group = "matchpoint-" + System.identityHashCode(this);
    sc.setJobGroup(group, "matchpoint explore", true);
    List<JavaRDD<?>> held = new ArrayList<>();
    try {
      search(ledger, held);
    } catch (Exception e) {
      // A job cancelled at the deadline fails with a SparkException (checked in Scala, so undeclared here).
      if (!timeUp.get() || !(e instanceof SparkException || e.getCause() instanceof SparkException)) {
        throw e instanceof RuntimeException re ? re : new IllegalStateException(e);
      }
      ledger.timeUp();
    } finally {
      timer.cancel();
      sc.clearJobGroup();
      if (!classes.isEmpty()) {
        record(ledger);
      }
      for (JavaRDD<?> r : held) {
        r.unpersist(false);
      }
      paths.release();
    }
  }

  /**
   * The search's figures, once {@link #run} has returned.
   *
   * @return the levels expanded, the partitions' spread and each executor's most cached bytes
   */
  ExploreEngine.Figures figures() {
    long min = Long.MAX_VALUE;
    long max = 0;
    for (long n : partitionStates) {
      min = Math.min(min, n);
      max = Math.max(max, n);
    }
    List<ExploreEngine.Executor> executors = new ArrayList<>();
    executorStorage.forEach((executor, bytes) -> executors.add(new ExploreEngine.Executor(executor, bytes)));
    return new ExploreEngine.Figures(sc.master(), partitions, min, max, levels, List.of(), executors);
  }

  private void search(SearchLedger ledger, List<JavaRDD<?>> held) {
    ScenarioModel m = model;
    int p = partitions;
    long[] key = new long[2];
    byte[] init = model.step().initial(key);
    ledger.store(1);
    partitionStates[FingerprintPartitioner.partition(key[1], p)]++;
    int home = FingerprintPartitioner.partition(key[1], p);
    long h0 = key[0];
    long l0 = key[1];
    List<Integer> ids = new ArrayList<>();
    for (int i = 0; i < p; i++) {
      ids.add(i);
    }
    JavaRDD<Visited> visited = sc.parallelize(ids, p).map(i -> i == home
        ? Visited.empty().with(new long[] {h0}, new long[] {l0}, new int[] {0}, 1) : Visited.empty());
    visited.rdd().localCheckpoint();
    held.add(visited);
    Entry first = new Entry(init, LevelStep.NO_SLEEP, LevelStep.ABSENT, h0, l0, 0);
    JavaRDD<Entry> level = sc.parallelize(List.of(first), 1);
    long levelSize = 1;
    int depth = 0;
    long leaves = 0;
    long transitions = 0;
    long visitedBytes = 0;
    long pathBytes = 0;
    while (levelSize > 0) {
      long start = System.nanoTime();
      JavaRDD<Expansion> expanded = level.mapPartitions(it -> expand(m, it)).persist(StorageLevel.MEMORY_AND_DISK());
      held.add(expanded);
      long finals = 0;
      List<Expansion> summaries = expanded.map(Expansion::summary).collect();
      for (Expansion x : summaries) {
        transitions += x.transitions;
        finals += x.finals;
      }
      ledger.figures(transitions, leaves, depth, visitedBytes + pathBytes);
      if (!ledger.poll()) {
        ledger.frontier(levelSize);
        break;
      }
      // Final states are judged once the level is expanded, as LevelSearch judges them.
      for (Expansion x : summaries) {
        leaves += x.leaves + x.finals;
        for (Map.Entry<String, FinalClass> c : x.classes.entrySet()) {
          note(c.getKey(), c.getValue(), depth);
        }
      }
      JavaPairRDD<Long, Arrival> arrivals = expanded.flatMapToPair(x -> {
        List<Tuple2<Long, Arrival>> out = new ArrayList<>(x.arrivals.size());
        for (Arrival a : x.arrivals) {
          out.add(new Tuple2<>(a.low, a));
        }
        return out.iterator();
      });
      arrivals = ShuffleSerializer.shuffle(arrivals, new FingerprintPartitioner(p), ShuffleSerializer.Kind.ARRIVAL);
      long parents = levelSize;
      JavaRDD<Merged> merged = visited.zipPartitions(arrivals, (vs, as) -> merge(vs.next(), as, parents, p))
          .persist(StorageLevel.MEMORY_AND_DISK());
      held.add(merged);
      List<long[]> figures = merged.map(Merged::figures).collect();
      // The level and its successors are merged: free them before the next level is built beside the merge.
      level.unpersist(false);
      expanded.unpersist(false);
      long shuffled = 0;
      long fresh = 0;
      long nextSize = 0;
      visitedBytes = 0;
      long[] starts = new long[p + 1];
      for (int i = 0; i < figures.size(); i++) {
        long[] f = figures.get(i);
        shuffled += f[0];
        leaves += f[1];
        fresh += f[2];
        nextSize += f[3];
        visitedBytes += f[4];
        partitionStates[i] += f[2];
        for (int t = 0; t < p; t++) {
          starts[t + 1] += f[5 + t];
        }
      }
      for (int t = 0; t < p; t++) {
        starts[t + 1] += starts[t];
      }
      boolean fit = ledger.store(fresh);
      if (nextSize > 0) {
        depth++;
      }
      pathBytes += 8 * nextSize;
      ledger.figures(transitions, leaves, depth, visitedBytes + pathBytes);
      ExploreEngine.Level figure = new ExploreEngine.Level(depth - (nextSize > 0 ? 1 : 0), levelSize, finals,
          shuffled, fresh, (System.nanoTime() - start) / 1e9);
      levels.add(figure);
      if (log != null) {
        log.printf(Locale.ROOT, "spark: level %d: %d entries expanded (%d final), %d successors shuffled, %d new "
            + "states, %.2f s%n", figure.level(), figure.entries(), figure.finals(), figure.successors(),
            figure.newStates(), figure.seconds());
        log.flush();
      }
      if (!fit || !ledger.poll()) {
        ledger.frontier(nextSize);
        break;
      }
      if (leaves >= options.scheduleBudget()) {
        ledger.scheduleBudget();
        ledger.frontier(nextSize);
        break;
      }
      if (nextSize > 0 && depth >= options.maxSteps()) {
        ledger.stepLimit();
        ledger.frontier(nextSize);
        break;
      }
      JavaRDD<Visited> nextVisited = merged.map(x -> x.visited);
      nextVisited.rdd().localCheckpoint();
      JavaRDD<Entry> next = null;
      if (nextSize > 0) {
        // The next level in first-path order: entry ranges by parent index (the parents are in order) to
        // tasks, each sorting its own and numbering them from the count of the ranges before it.
        JavaPairRDD<Integer, Entry> ordered = merged.flatMapToPair(x -> {
          List<Tuple2<Integer, Entry>> out = new ArrayList<>(x.entries.size());
          for (Entry e : x.entries) {
            out.add(new Tuple2<>(order(e.first, parents, p), e));
          }
          return out.iterator();
        });
        next = ShuffleSerializer.shuffle(ordered, new HashPartitioner(p), ShuffleSerializer.Kind.ENTRY)
            .mapPartitionsWithIndex((t, it) -> number(it, starts[t]), true);
        next.rdd().localCheckpoint();
        // One job computes (and so keeps) the next visited sets, the next level and its first paths.
        JavaRDD<PathBlock> blocks = paths.add(next);
        nextVisited.zipPartitions(blocks, (vs, bs) -> {
          vs.forEachRemaining(v -> { });
          bs.forEachRemaining(b -> { });
          return List.<Boolean>of().iterator();
        }).count();
      }
      for (SparkExecutorInfo e : sc.sc().statusTracker().getExecutorInfos()) {
        executorStorage.merge(e.host() + ":" + e.port(), e.usedOnHeapStorageMemory(), Math::max);
      }
      visited.unpersist(false);
      merged.unpersist(false);
      held.clear();
      held.add(nextVisited);
      visited = nextVisited;
      if (next == null) {
        break;
      }
      held.add(next);
      level = next;
      levelSize = nextSize;
    }
  }

  /** The task of the next level's entry with a first path: by parent index, ranges of equal width. */
  private static int order(long first, long parents, int p) {
    return (int) ((first >>> 32) * p / parents);
  }

  /** One task's slice of the next level: sorted by first path, numbered from {@code start}. */
  private static Iterator<Entry> number(Iterator<Tuple2<Integer, Entry>> it, long start) {
    List<Entry> entries = new ArrayList<>();
    it.forEachRemaining(t -> entries.add(t._2));
    entries.sort((a, b) -> Long.compare(a.first, b.first));
    for (int i = 0; i < entries.size(); i++) {
      entries.get(i).index = (int) (start + i);
    }
    return entries.iterator();
  }

  /** Notes a level's final states of one class: the first level that has any gives its example. */
  private void note(String outcome, FinalClass c, int depth) {
    Pending p = classes.get(outcome);
    if (p == null) {
      p = new Pending();
      p.verdict = c.verdict;
      p.depth = depth;
      p.index = c.index;
      classes.put(outcome, p);
    } else if (p.depth == depth && c.index < p.index) {
      p.verdict = c.verdict;
      p.index = c.index;
    }
    p.count += c.count;
  }

  /** Expands one task's entries. */
  private static Iterator<Expansion> expand(ScenarioModel m, Iterator<Entry> it) {
    LevelStep<World, Action> step = m.step();
    Expansion x = new Expansion();
    while (it.hasNext()) {
      Entry e = it.next();
      int index = e.index;
      x.transitions += step.expand(e.state, e.sleep, e.old, new LevelStep.Successors() {
        @Override
        public void finalState(Verdict v) {
          x.finals++;
          FinalClass c = new FinalClass(1, index, VerdictData.of(v));
          x.classes.merge(v.outcome(), c, (a, b) -> {
            a.add(b);
            return a;
          });
        }

        @Override
        public void successor(byte[] encoded, long high, long low, long[] sleep, int action) {
          x.add(new Arrival(encoded, sleep, high, low, ((long) index << 32) | action));
        }

        @Override
        public void leaf() {
          x.leaves++;
        }
      });
    }
    return List.of(x).iterator();
  }

  /**
   * Merges one partition's arrivals into its visited set, as {@code LevelSearch.mergePartition}: an
   * arrival whose sleep set covers its state's stored mask is a leaf; the others of one state become
   * one entry with the intersection of their sleep sets and the least first path; a new state is
   * stored with its mask, a stored one keeps the intersection of both masks. Counts the entries
   * per task of the next level ({@link #order}), of a level of {@code parents} entries on {@code p} tasks.
   */
  private static Iterator<Merged> merge(Visited v, Iterator<Tuple2<Long, Arrival>> it, long parents, int p) {
    Merged out = new Merged(p);
    Map<Key, Entry> seen = new HashMap<>();
    while (it.hasNext()) {
      Arrival a = it.next()._2;
      out.arrivals++;
      long stored = v.get(a.high, a.low);
      if (LevelStep.covers(a.sleep, stored)) {
        out.leaves++;
        continue;
      }
      Key k = new Key(a.high, a.low);
      Entry e = seen.get(k);
      if (e != null) {
        e.sleep = LevelStep.intersect(e.sleep, a.sleep);
        e.first = Math.min(e.first, a.first);
        out.leaves++;
        continue;
      }
      e = new Entry(a.state, a.sleep, stored, a.high, a.low, a.first);
      seen.put(k, e);
      out.entries.add(e);
    }
    int n = 0;
    long[] h = new long[out.entries.size()];
    long[] l = new long[out.entries.size()];
    int[] mask = new int[out.entries.size()];
    for (Entry e : out.entries) {
      out.bytes += e.state.length + 8L * e.sleep.length + 64;
      out.targets[order(e.first, parents, p)]++;
      int now = e.old == LevelStep.ABSENT ? LevelStep.mask(e.sleep) : LevelStep.narrowed(e.old, e.sleep);
      if (e.old == LevelStep.ABSENT) {
        out.newStates++;
      } else if (now == (int) e.old) {
        continue;
      }
      h[n] = e.high;
      l[n] = e.low;
      mask[n] = now;
      n++;
    }
    out.visited = v.with(h, l, mask, n);
    out.bytes += out.visited.bytes();
    return List.of(out).iterator();
  }

  /** Rebuilds every class's example path ({@link FirstPaths}) and records the classes. */
  private void record(SearchLedger ledger) {
    Map<Integer, Set<Integer>> wanted = new HashMap<>();
    for (Pending c : classes.values()) {
      wanted.computeIfAbsent(c.depth, d -> new HashSet<>()).add(c.index);
    }
    Map<Long, List<Integer>> choices = paths.choices(wanted);
    for (Pending c : classes.values()) {
      ledger.outcome(c.verdict.verdict(), c.count, choices.get(((long) c.depth << 32) | c.index));
    }
  }
}
