package dev.matchpoint.scenario.cli;

import dev.matchpoint.core.explore.ExplorationReport;
import dev.matchpoint.core.explore.ExploreOptions;
import dev.matchpoint.core.explore.ProgressListener;
import dev.matchpoint.core.explore.Strategy;
import dev.matchpoint.mpi.explore.Outcomes;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
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
   * What an engine's run gave: the report, and the engine's own figures, which the text and JSON
   * reports add to it ({@link EngineReport}).
   *
   * @param report the report, the one {@code explore} prints without {@code --engine}
   * @param figures per level and per executor, or null when the engine has none for the strategy
   */
  record Result(ExplorationReport report, Figures figures) {
    /** Checks the report is there. */
    public Result {
      Objects.requireNonNull(report, "report");
    }
  }

  /**
   * How an engine's search went: a level-by-level search's levels, or a swarm's tasks.
   *
   * @param master where it ran, e.g. {@code local[2]} or {@code spark://host:7077}
   * @param partitions fingerprint partitions (tasks per level, shards of the visited states); a swarm's tasks
   * @param leastPartitionStates the fewest states any partition stored (0 for a swarm)
   * @param mostPartitionStates the most states any partition stored (0 for a swarm)
   * @param levels one per level expanded, in order (none for a swarm)
   * @param tasks one per task of a swarm, in order (none for a level-by-level search)
   * @param executors one per executor, by id
   */
  record Figures(String master, int partitions, long leastPartitionStates, long mostPartitionStates,
      List<Level> levels, List<Task> tasks, List<Executor> executors) {
    /** Copies the lists. */
    public Figures {
      Objects.requireNonNull(master, "master");
      levels = List.copyOf(levels);
      tasks = List.copyOf(tasks);
      executors = List.copyOf(executors);
    }
  }

  /**
   * One task of a swarm: what {@code explore --strategy S --seed SEED --budget B} samples alone.
   *
   * @param task its number, from 0
   * @param seed its seed (the exploration's seed plus the task's number)
   * @param schedules schedules it sampled (its budget B, unless a budget stopped it)
   * @param transitions steps it took over all its schedules
   * @param classes outcome classes it found
   * @param seconds wall-clock seconds it took
   * @param executor the executor that ran it, {@code host:port}
   */
  record Task(int task, long seed, long schedules, long transitions, int classes, double seconds, String executor) {}

  /**
   * One level of a level-by-level search.
   *
   * @param level its depth, 0 for the initial state's
   * @param entries states expanded
   * @param finals of them, final states (judged, classed)
   * @param successors successors sent to the partitions of their fingerprints (the level's shuffle)
   * @param newStates states stored for the first time
   * @param seconds wall-clock seconds the level took
   */
  record Level(int level, long entries, long finals, long successors, long newStates, double seconds) {}

  /**
   * One executor of a search.
   *
   * @param id {@code host:port}
   * @param cachedBytes the most storage memory its cached levels and visited states took, in bytes
   */
  record Executor(String id, long cachedBytes) {
    /**
     * Megabytes, for the text report.
     *
     * @return {@code cachedBytes / 10^6}, one decimal
     */
    public String megabytes() {
      return String.format(Locale.ROOT, "%.1f", cachedBytes / 1e6);
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
   * What is wrong with where the engine is asked to run, before anything starts.
   *
   * @param master the {@code --master} argument, or null for the engine's default
   * @return one sentence naming the option or setting and its value, or null when it is usable
   */
  String problem(String master);

  /**
   * Explores.
   *
   * @param request what to explore
   * @param progress receives periodic progress
   * @param log receives the engine's own lines as it goes (standard error: a line per level)
   * @return the report and the engine's figures
   * @throws IllegalArgumentException when the engine does not {@link #runs} the request's strategy
   * @throws Unavailable when where it was asked to run cannot be reached (a cluster's master down)
   */
  Result explore(Request request, ProgressListener progress, PrintWriter log);

  /**
   * Where an engine was asked to run (a well-formed {@code --master}) cannot be reached: the
   * environment failed, not the input, so {@code explore} prints the message as one line and exits
   * 70 (docs/cli.md, Exit codes of explore).
   */
  final class Unavailable extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * The failure.
     *
     * @param message one sentence naming the option, its value and what failed
     */
    public Unavailable(String message) {
      super(message);
    }
  }

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
