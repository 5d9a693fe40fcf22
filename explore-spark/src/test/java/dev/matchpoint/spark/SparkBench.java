package dev.matchpoint.spark;

import dev.matchpoint.core.explore.ExplorationReport;
import dev.matchpoint.core.explore.ExploreOptions;
import dev.matchpoint.core.explore.Explorer;
import dev.matchpoint.core.explore.ProgressListener;
import dev.matchpoint.core.explore.Strategy;
import dev.matchpoint.mpi.explore.Outcomes;
import dev.matchpoint.scenario.format.ScenarioWriter;
import dev.matchpoint.scenario.library.Patterns;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * Benchmark, not a test (issue 17): the matched-probe pattern T x T (Mprobe/Mrecv, T senders) explored
 * exhaustively in one JVM by the in-process parallel search (depth-first, work stealing), the
 * level-by-level search on the same threads, and the Spark engine in local mode on as many cores;
 * per search states, wall seconds, process CPU seconds (user + system, every thread) and states per
 * wall second, then the Spark engine's wall-time ratio to each. Run by {@code mvn -B -Pspark,spark-bench
 * verify -pl explore-spark -am -DskipTests}; arguments: the smallest and largest T (default 5 6), the
 * threads (default 2) and a time budget per search (default 10m).
 */
public final class SparkBench {
  private SparkBench() {}

  private record Measured(ExplorationReport report, double wall, double cpu) {}

  /**
   * Runs the benchmark.
   *
   * @param args [min T] [max T] [threads] [time budget]
   */
  public static void main(String[] args) {
    int from = args.length > 0 ? Integer.parseInt(args[0]) : 5;
    int to = args.length > 1 ? Integer.parseInt(args[1]) : 6;
    int threads = args.length > 2 ? Integer.parseInt(args[2]) : 2;
    Duration time = Duration.parse("PT" + (args.length > 3 ? args[3] : "10m").toUpperCase(Locale.ROOT));
    ExploreOptions o = ExploreOptions.of(Strategy.EXHAUSTIVE).withTimeBudget(time).withThreads(threads);
    try (JavaSparkContext sc = new JavaSparkContext(new SparkConf().setMaster("local[" + threads + "]")
        .setAppName("SparkBench").set("spark.ui.enabled", "false"))) {
      sc.setLogLevel("ERROR");
      ScenarioModel warm = model(3);
      SparkEngine.explore(sc, warm, o, ProgressListener.NONE, null);
      Explorer.explore(warm.open(), o, ProgressListener.NONE);
      System.out.printf(Locale.ROOT, "%-14s %-22s %10s %8s %8s %10s%n", "pattern", "search (" + threads + " cores)",
          "states", "wall s", "CPU s", "states/s");
      for (int t = from; t <= to; t++) {
        ScenarioModel m = model(t);
        Measured parallel = measure(() -> Explorer.explore(m.open(), o, ProgressListener.NONE));
        Measured levels = measure(() -> Explorer.explore(m.open(), o.withLevels(true), ProgressListener.NONE));
        Measured spark = measure(() -> SparkEngine.explore(sc, m, o, ProgressListener.NONE, null));
        String name = "mprobe " + t + "x" + t;
        print(name, "parallel depth-first", parallel);
        print(name, "levels", levels);
        print(name, "spark local", spark);
        System.out.printf(Locale.ROOT, "%-14s spark / parallel wall: %.1fx, spark / levels wall: %.1fx%s%n", name,
            spark.wall / parallel.wall, spark.wall / levels.wall,
            spark.report.outcomes().keySet().equals(parallel.report.outcomes().keySet()) ? "" : "  MISMATCH");
      }
    }
  }

  private static ScenarioModel model(int t) {
    return new ScenarioModel("mprobe-fix-" + t + "x" + t + ".yaml", ScenarioWriter.write(Patterns.matchedProbe(t)),
        List.of(), true, Outcomes.OBSERVABLE);
  }

  private static Measured measure(Supplier<ExplorationReport> search) {
    var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    long cpu = os.getProcessCpuTime();
    long start = System.nanoTime();
    ExplorationReport r = search.get();
    return new Measured(r, (System.nanoTime() - start) / 1e9, (os.getProcessCpuTime() - cpu) / 1e9);
  }

  private static void print(String name, String search, Measured m) {
    System.out.printf(Locale.ROOT, "%-14s %-22s %10d %8.1f %8.1f %10.0f%s%n", name, search, m.report.states(), m.wall,
        m.cpu, m.report.states() / m.wall, m.report.exhaustive() ? "" : "  (" + m.report.stopReason() + ")");
  }
}
