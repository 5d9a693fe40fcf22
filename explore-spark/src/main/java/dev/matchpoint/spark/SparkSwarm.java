package dev.matchpoint.spark;

import dev.matchpoint.core.explore.ExplorationReport;
import dev.matchpoint.core.explore.ExploreOptions;
import dev.matchpoint.core.explore.Explorer;
import dev.matchpoint.core.explore.ProgressListener;
import dev.matchpoint.core.explore.SearchLedger;
import dev.matchpoint.core.explore.Strategy;
import dev.matchpoint.scenario.cli.ExploreEngine;
import dev.matchpoint.spark.LevelData.VerdictData;
import java.io.PrintWriter;
import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.SparkEnv;
import org.apache.spark.SparkExecutorInfo;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * Swarm search (Holzmann, Joshi and Groce, "Swarm Verification", ASE 2008) for {@code explore
 * --strategy random|pct --engine spark}: the schedule budget B is shared out among N tasks (N = the
 * fingerprint partitions, at most B), task i sampling B / N schedules (one more for the first B mod
 * N) with seed S + i, S the exploration's seed: exactly what {@code explore --strategy random
 * --seed S+i --budget B_i} samples on one machine, so any task can be replayed alone. The driver
 * takes the union of the tasks' outcome classes (counts added up; a class's example is the shortest
 * any task found, the lowest task first among equals) and their figures (schedules and transitions
 * added up, the deepest schedule); the counterexample is then the shortest-violation phase's, from
 * the best example, as for every search. Each task's time budget is what is left of the
 * exploration's when the job starts; a task stopped by it, or by the step limit, stops the whole.
 * The engine's figures give each task's seed, schedules, transitions, classes, seconds and executor.
 */
final class SparkSwarm {
  private SparkSwarm() {}

  /** One task's result, serialisable: its figures, where it ran and how long it took (wall clock, s). */
  private record TaskResult(int task, long seed, long schedules, long transitions, int depth, String stop,
      Map<String, TaskClass> classes, String executor, double seconds) implements Serializable {
    private static final long serialVersionUID = 1L;
  }

  /** One class as a task found it. */
  private record TaskClass(VerdictData verdict, long count, List<Integer> example) implements Serializable {
    private static final long serialVersionUID = 1L;
  }

  /**
   * Runs the swarm into a ledger.
   *
   * @param sc the Spark context
   * @param model the model
   * @param options strategy (random or pct), seed, schedule budget and the other budgets
   * @param tasks tasks to share the budget among
   * @param log receives a line of figures, or null
   * @param ledger the exploration's figures, classes and budgets
   * @return the engine's figures: a line per task, and the executors
   */
  static ExploreEngine.Figures run(JavaSparkContext sc, ScenarioModel model, ExploreOptions options, int tasks,
      PrintWriter log, SearchLedger ledger) {
    long budget = options.scheduleBudget();
    int n = (int) Math.max(1, Math.min(tasks, budget));
    // ExploreOptions is not serialisable: each task makes its own from these.
    Duration left = Duration.ofMillis(Math.max(1, (ledger.deadlineNanos() - System.nanoTime()) / 1_000_000));
    Strategy strategy = options.strategy();
    int pctDepth = options.pctDepth();
    int maxSteps = options.maxSteps();
    long maxStates = options.maxStates();
    long memory = options.memoryBudget();
    List<long[]> slices = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      slices.add(new long[] {i, options.seed() + i, budget / n + (i < budget % n ? 1 : 0)});
    }
    long start = System.nanoTime();
    List<TaskResult> results = sc.parallelize(slices, n).map(s -> {
      long began = System.nanoTime();
      ExploreOptions each = new ExploreOptions(strategy, s[2], left, s[1], pctDepth, maxSteps, false, maxStates, memory,
          1);
      ExplorationReport r = Explorer.explore(model.open(), each, ProgressListener.NONE);
      Map<String, TaskClass> classes = new TreeMap<>();
      r.outcomes().forEach((k, c) -> classes.put(k, new TaskClass(VerdictData.of(c.verdict()), c.count(),
          new ArrayList<>(c.example()))));
      String stop = r.stoppedBy() == null || r.schedules() >= s[2] ? null : r.stopReason();
      return new TaskResult((int) s[0], s[1], r.schedules(), r.transitions(), r.maxDepth(), stop, classes,
          SparkEnv.get().blockManager().blockManagerId().hostPort(), (System.nanoTime() - began) / 1e9);
    }).collect();
    List<ExploreEngine.Task> figures = new ArrayList<>();
    long schedules = 0;
    long transitions = 0;
    int depth = 0;
    String stop = null;
    Map<String, TaskClass> best = new TreeMap<>();
    Map<String, Long> counts = new TreeMap<>();
    for (TaskResult t : results) {
      figures.add(new ExploreEngine.Task(t.task(), t.seed(), t.schedules(), t.transitions(), t.classes().size(),
          t.seconds(), t.executor()));
      schedules += t.schedules();
      transitions += t.transitions();
      depth = Math.max(depth, t.depth());
      if (stop == null && t.stop() != null) {
        stop = t.stop();
      }
      t.classes().forEach((k, c) -> {
        counts.merge(k, c.count(), Long::sum);
        TaskClass b = best.get(k);
        if (b == null || c.example().size() < b.example().size()) {
          best.put(k, c);
        }
      });
    }
    ledger.figures(transitions, schedules, depth, 0);
    best.forEach((k, c) -> ledger.outcome(c.verdict().verdict(), counts.get(k), c.example()));
    if (stop != null) {
      if (stop.startsWith("time budget")) {
        ledger.timeUp();
      } else {
        ledger.stepLimit();
      }
    }
    ledger.poll();
    if (log != null) {
      log.printf(Locale.ROOT, "spark: swarm of %d tasks (seeds %d to %d): %d schedules, %d outcome classes, %.2f s%n",
          n, options.seed(), options.seed() + n - 1, schedules, best.size(), (System.nanoTime() - start) / 1e9);
      log.flush();
    }
    List<ExploreEngine.Executor> executors = new ArrayList<>();
    for (SparkExecutorInfo e : sc.sc().statusTracker().getExecutorInfos()) {
      executors.add(new ExploreEngine.Executor(e.host() + ":" + e.port(), e.usedOnHeapStorageMemory()));
    }
    executors.sort(Comparator.comparing(ExploreEngine.Executor::id));
    return new ExploreEngine.Figures(sc.master(), n, 0, 0, List.of(), figures, executors);
  }
}
