package dev.matchpoint.spark;

import dev.matchpoint.core.explore.ExplorationReport;
import dev.matchpoint.core.explore.ExploreOptions;
import dev.matchpoint.core.explore.Explorer;
import dev.matchpoint.core.explore.ProgressListener;
import dev.matchpoint.core.explore.Strategy;
import dev.matchpoint.scenario.cli.ExploreEngine;
import java.io.PrintWriter;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * {@code matchpoint explore --engine spark [--master URL]} (issue 17): the exhaustive strategy as
 * {@link SparkLevelSearch}, random and pct as a swarm ({@link SparkSwarm}), on Spark's local mode in this process by default ({@code local[*]}), or
 * on the cluster a {@code --master} URL names ({@code spark://host:7077}), to which this module's
 * jar is shipped ({@code spark.jars}). Spark settings come from {@code spark.*} system properties
 * as usual; {@code spark.matchpoint.partitions} sets the fingerprint partitions (default: twice the
 * cores Spark reports, {@code spark.default.parallelism}). A line per level and the partitions'
 * spread go to the log (standard error); the report is {@code explore}'s own.
 */
public final class SparkEngine implements ExploreEngine {
  /** The Spark setting of the fingerprint partitions. */
  static final String PARTITIONS = "spark.matchpoint.partitions";

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

  @Override
  public ExplorationReport explore(Request request, ProgressListener progress, PrintWriter log) {
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
    if (conf.get("spark.master").startsWith("local")) {
      conf.setIfMissing("spark.ui.enabled", "false");
    } else {
      String jar = ownJar();
      if (jar != null) {
        conf.setJars(new String[] {jar});
      }
    }
    try (JavaSparkContext sc = new JavaSparkContext(conf)) {
      sc.setLogLevel("WARN");
      return explore(sc, model, request.options(), progress, log);
    }
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
    int partitions = sc.getConf().getInt(PARTITIONS, Math.max(2, 2 * sc.defaultParallelism()));
    if (options.strategy() != Strategy.EXHAUSTIVE) {
      return Explorer.explore(model.open(), options, progress,
          ledger -> SparkSwarm.run(sc, model, options, partitions, log, ledger));
    }
    return Explorer.explore(model.open(), options, progress,
        ledger -> new SparkLevelSearch(sc, model, options, partitions, log).run(ledger));
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
