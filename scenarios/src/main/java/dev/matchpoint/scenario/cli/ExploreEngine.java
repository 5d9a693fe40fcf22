package dev.matchpoint.scenario.cli;

import dev.matchpoint.core.explore.ExplorationReport;
import dev.matchpoint.core.explore.ExploreOptions;
import dev.matchpoint.core.explore.ProgressListener;
import dev.matchpoint.core.explore.Strategy;
import dev.matchpoint.mpi.explore.Outcomes;
import java.io.PrintWriter;
import java.util.List;
import java.util.Objects;
import java.util.ServiceLoader;

/**
 * An engine that runs {@code matchpoint explore} elsewhere than in this process's own searches
 * ({@code --engine NAME}, issue 17), found on the class path through {@link ServiceLoader}: the
 * Spark engine of the {@code explore-spark} module, which the launcher builds and puts on the class
 * path on the first use of {@code --engine spark}. Its report is the one {@code explore} prints
 * without the option: same figures, outcome classes and counterexample.
 */
public interface ExploreEngine {
  /**
   * What to explore: enough for an engine to rebuild the model in another process.
   *
   * @param file the FILE argument as given (a path or a library name)
   * @param cfg the {@code --cfg} arguments, {@code KEY:VALUE} each
   * @param reduction whether the model's persistent sets prune the search
   * @param outcomes how finely final states are classed
   * @param options strategy and budgets
   * @param master where the engine runs, e.g. {@code local[*]} or {@code spark://host:7077}; null for its
   *     default (in-process)
   */
  record Request(String file, List<String> cfg, boolean reduction, Outcomes outcomes, ExploreOptions options,
      String master) {
    /** Copies the list. */
    public Request {
      Objects.requireNonNull(file, "file");
      cfg = List.copyOf(cfg);
      Objects.requireNonNull(outcomes, "outcomes");
      Objects.requireNonNull(options, "options");
    }
  }

  /**
   * The engine's name, as {@code --engine} takes it.
   *
   * @return e.g. {@code spark}
   */
  String name();

  /**
   * Whether the engine runs a strategy.
   *
   * @param strategy the strategy
   * @return true when {@link #explore} accepts it
   */
  boolean runs(Strategy strategy);

  /**
   * Explores.
   *
   * @param request what to explore
   * @param progress receives periodic progress
   * @param log receives the engine's own lines (standard error: figures per level, per worker)
   * @return the report
   * @throws IllegalArgumentException when the engine does not {@link #runs} the request's strategy
   */
  ExplorationReport explore(Request request, ProgressListener progress, PrintWriter log);

  /**
   * The engine of a name on the class path.
   *
   * @param name the name
   * @return the engine, or null when none has it
   */
  static ExploreEngine named(String name) {
    for (ExploreEngine e : ServiceLoader.load(ExploreEngine.class)) {
      if (e.name().equals(name)) {
        return e;
      }
    }
    return null;
  }
}
