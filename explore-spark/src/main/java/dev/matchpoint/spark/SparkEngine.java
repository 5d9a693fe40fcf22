package dev.matchpoint.spark;

import dev.matchpoint.core.explore.ExplorationReport;
import dev.matchpoint.core.explore.ExploreOptions;
import dev.matchpoint.core.explore.Explorer;
import dev.matchpoint.core.explore.ProgressListener;
import dev.matchpoint.core.explore.Strategy;
import dev.matchpoint.scenario.cli.ExploreEngine;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.scheduler.ExternalClusterManager;

/**
 * {@code matchpoint explore --engine spark [--master URL]} (issue 17): the exhaustive strategy as
 * {@link SparkLevelSearch}, random and pct as a swarm ({@link SparkSwarm}), on Spark's local mode in this process by default ({@code local[*]}), or
 * on the cluster a {@code --master} URL names ({@code spark://host:7077}), to which this module's
 * jar is shipped ({@code spark.jars}). Spark settings come from {@code spark.*} system properties
 * as usual; {@code spark.matchpoint.partitions} sets the fingerprint partitions (default: twice the
 * cores Spark reports, {@code spark.default.parallelism}). A line per level goes to the log (standard
 * error) as the search goes; the report is {@code explore}'s own plus the figures per level and per
 * executor ({@link ExploreEngine.Figures}).
 */
public final class SparkEngine implements ExploreEngine {
  /** The Spark setting of the fingerprint partitions. */
  static final String PARTITIONS = "spark.matchpoint.partitions";
  /** The masters Spark itself parses (SparkContext.createTaskScheduler): local, local[N], local[N,F], local-cluster. */
  private static final Pattern LOCAL = Pattern.compile(
      "local|local\\[([0-9]+|\\*)(\\s*,\\s*[0-9]+)?]|local-cluster\\[\\s*([0-9]+)\\s*,\\s*[0-9]+\\s*,\\s*[0-9]+\\s*]");
  /** A standalone master, or several (high availability): spark://HOST:PORT[,HOST:PORT...]. */
  private static final Pattern STANDALONE = Pattern.compile(
      "spark://(\\[[0-9a-fA-F:.]+]|[^\\s:/,\\[\\]]+):[0-9]{1,5}(,(\\[[0-9a-fA-F:.]+]|[^\\s:/,\\[\\]]+):[0-9]{1,5})*");

  /** The engine, for {@link java.util.ServiceLoader}. */
  public SparkEngine() {}

  @Override
  public String name() {
    return "spark";
  }

  @Override
  public boolean runs(Strategy strategy) {
    return strategy == Strategy.EXHAUSTIVE || strategy == Strategy.RANDOM || strategy == Strategy.PCT;
  }

  /**
   * Checks the master ({@code --master}, else the {@code spark.master} property that {@code
   * spark-submit} sets, else {@code local[*]}) against the forms Spark accepts, local mode with at
   * least one thread, and the {@value #PARTITIONS} setting, so that a typo is a usage error (exit 64)
   * before Spark starts rather than an internal one from inside it.
   */
  @Override
  public String problem(String master) {
    String option = master != null ? "--master" : "-Dspark.master";
    String m = master != null ? master : System.getProperty("spark.master", "local[*]");
    Matcher local = LOCAL.matcher(m);
    if (local.matches()) {
      String n = local.group(1) != null ? local.group(1) : local.group(3);
      if (n != null && !n.equals("*") && (n.length() > 9 || Integer.parseInt(n) < 1)) {
        return option + ": " + m + " asks for " + n + " threads or workers; give 1 to 999999999, or * for every core";
      }
    } else if (!STANDALONE.matcher(m).matches() && !external(m)) {
      return option + ": expected local, local[N], local[*], local[N,F], local-cluster[N,C,M] or spark://HOST:PORT, got '"
          + m + "'";
    }
    String partitions = System.getProperty(PARTITIONS);
    if (partitions != null && !partitions.trim().matches("0*[1-9][0-9]{0,8}")) {
      return "-D" + PARTITIONS + ": expected a number of partitions from 1 to 999999999, got '" + partitions + "'";
    }
    return null;
  }

  /** Whether a cluster manager on the class path (YARN, Kubernetes under spark-submit) takes a master URL. */
  private static boolean external(String master) {
    try {
      for (ExternalClusterManager m : ServiceLoader.load(ExternalClusterManager.class,
          SparkEngine.class.getClassLoader())) {
        if (m.canCreate(master)) {
          return true;
        }
      }
    } catch (java.util.ServiceConfigurationError e) {
      return false;
    }
    return false;
  }

  @Override
  public Result explore(Request request, ProgressListener progress, PrintWriter log) {
    if (!runs(request.options().strategy())) {
      throw new IllegalArgumentException("the Spark engine runs the exhaustive, random and pct strategies, not "
          + request.options().strategy().configName());
    }
    ScenarioModel model = ScenarioModel.of(request.file(), request.cfg(), request.reduction(), request.outcomes());
    model.open();
    SparkConf conf = new SparkConf().setAppName("matchpoint explore " + request.file());
    if (request.master() != null) {
      conf.setMaster(request.master());
    } else {
      conf.setIfMissing("spark.master", "local[*]");
    }
    // A broadcast (Spark broadcasts every stage's task, a few kilobytes here) fills blocks of this size,
    // each allocated whole: Spark's 4 MB made them most of the search's allocation in small levels.
    conf.setIfMissing("spark.broadcast.blockSize", "256k");
    if (conf.get("spark.master").startsWith("local")) {
      conf.setIfMissing("spark.ui.enabled", "false");
    } else {
      reachable(conf.get("spark.master"));
      String jar = ownJar();
      if (jar != null) {
        conf.setJars(new String[] {jar});
      }
    }
    try (JavaSparkContext sc = new JavaSparkContext(conf)) {
      sc.setLogLevel("WARN");
      return run(sc, model, request.options(), progress, log);
    }
  }

  /**
   * Explores on a running Spark context, with the engine's figures.
   *
   * @param sc the context
   * @param model the model
   * @param options strategy (exhaustive, random or pct) and budgets
   * @param progress receives periodic progress
   * @param log receives a line per level, or null
   * @return the report, with the engine's figures (per level of the exhaustive search, per task of a swarm)
   */
  static Result run(JavaSparkContext sc, ScenarioModel model, ExploreOptions options, ProgressListener progress,
      PrintWriter log) {
    int partitions = sc.getConf().getInt(PARTITIONS, Math.max(2, 2 * sc.defaultParallelism()));
    if (options.strategy() != Strategy.EXHAUSTIVE) {
      ExploreEngine.Figures[] figures = new ExploreEngine.Figures[1];
      ExplorationReport report = Explorer.explore(model.open(), options, progress,
          ledger -> figures[0] = SparkSwarm.run(sc, model, options, partitions, log, ledger));
      return new Result(report, figures[0]);
    }
    SparkLevelSearch search = new SparkLevelSearch(sc, model, options, partitions, log);
    ExplorationReport report = Explorer.explore(model.open(), options, progress, search::run);
    return new Result(report, search.figures());
  }

  /**
   * Explores on a running Spark context.
   *
   * @param sc the context
   * @param model the model
   * @param options strategy (exhaustive, random or pct) and budgets
   * @param progress receives periodic progress
   * @param log receives a line per level, or null
   * @return the report
   */
  static ExplorationReport explore(JavaSparkContext sc, ScenarioModel model, ExploreOptions options,
      ProgressListener progress, PrintWriter log) {
    return run(sc, model, options, progress, log).report();
  }

  /** How long a standalone master's host may take to accept a connection. */
  static final int CONNECT_MILLIS = 10_000;

  /**
   * Checks that a standalone master ({@code spark://HOST:PORT[,HOST:PORT...]}) accepts connections
   * on at least one of its addresses, each tried for at most {@value #CONNECT_MILLIS} ms, since
   * Spark itself retries an unreachable master for a minute, logs a stack trace each time and then
   * fails inside the search; other masters pass.
   *
   * @param master the master URL
   * @throws ExploreEngine.Unavailable naming the master and why no address answered
   */
  static void reachable(String master) {
    if (!STANDALONE.matcher(master).matches()) {
      return;
    }
    List<String> failures = new ArrayList<>();
    for (String address : master.substring("spark://".length()).split(",")) {
      int colon = address.lastIndexOf(':');
      String host = address.substring(0, colon).replaceAll("^\\[|]$", "");
      int port = Integer.parseInt(address.substring(colon + 1));
      try (Socket socket = new Socket()) {
        socket.connect(new InetSocketAddress(host, port), CONNECT_MILLIS);
        return;
      } catch (IOException | IllegalArgumentException e) {
        failures.add(address + " (" + (e instanceof SocketTimeoutException ? "no answer in "
            + CONNECT_MILLIS / 1000 + " s" : e instanceof UnknownHostException ? "unknown host"
            : String.valueOf(e.getMessage())) + ")");
      }
    }
    throw new ExploreEngine.Unavailable("--master " + master + ": no Spark master accepts connections at "
        + String.join(", ", failures) + "; start it, or check the host and port (docs/distributed.md)");
  }

  /** The jar this class was loaded from, shipped to a cluster's executors; null when run from classes. */
  private static String ownJar() {
    try {
      Path p = Path.of(SparkEngine.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      return Files.isRegularFile(p) ? p.toString() : null;
    } catch (URISyntaxException | SecurityException e) {
      return null;
    }
  }
}
