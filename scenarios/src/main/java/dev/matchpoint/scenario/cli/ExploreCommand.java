package dev.matchpoint.scenario.cli;

import dev.matchpoint.core.explore.Counterexample;
import dev.matchpoint.core.explore.ExplorationReport;
import dev.matchpoint.core.explore.ExploreOptions;
import dev.matchpoint.core.explore.Strategy;
import dev.matchpoint.mpi.explore.Outcomes;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.export.AtomicFileWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code matchpoint explore FILE}: searches the logical-mode schedules of a scenario (DESIGN §5)
 * and reports the outcome classes it can reach and, when a check can be violated, the shortest
 * violating schedule with the command that replays it; {@code --diagram} draws that schedule as an SVG
 * message sequence chart and {@code --html} writes a page with the classes, the chart and the replay
 * command (both written atomically, together or not at all). Exit codes: 0 no violation found, 1 a
 * violation found, 4 a budget ran out first, 64 bad input.
 */
@Command(
    name = "explore",
    mixinStandardHelpOptions = true,
    usageHelpWidth = 100,
    header = "Search a scenario's schedules for every outcome it can reach.",
    exitCodeOnInvalidInput = 64,
    exitCodeOnExecutionException = 70,
    description = {
      "Search the logical-mode schedules of a scenario (thread interleavings, packet deliveries,",
      "wildcard choices) and report the distinct outcome classes with their counts. When a check can",
      "be violated, print the shortest violating schedule (or, when the budgets do not allow proving",
      "that, a shortened one) as numbered MPI steps and the 'matchpoint replay' command for it. The",
      "default strategy, exhaustive, is a stateful depth-first search with persistent and sleep sets:",
      "when it finishes within its budgets it has seen every outcome. A progress line (states,",
      "states/s, depth, elapsed time) is drawn on standard error only when it is a terminal."
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  matchpoint explore scenarios/library/probe-race-2x2.yaml      # finds the race, prints the replay",
      "  matchpoint explore scenarios/library/mprobe-fix-2x2.yaml      # exhaustive, no violation",
      "  matchpoint explore probe-race-3x3 --strategy pct --budget 500 --seed 7",
      "  matchpoint explore mprobe-fix-3x3 --strategy dpor --time-budget 30s --json",
      "  matchpoint explore probe-race-2x2 --diagram race.svg --html race.html   # the race as a chart",
      "",
      "Exit codes: 0 no violation found (the report says whether the search was exhaustive),",
      "1 a violation found, 4 a budget (schedules, states, time, memory, steps) ran out before the",
      "search finished and no violation was found, 64 bad input or usage, 70 internal error.",
      "The budgets govern every phase, the shortest-violation search included; the report names the",
      "budget that stopped a phase and how far it got."
    })
final class ExploreCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", paramLabel = "FILE", description = "Scenario file or library scenario name.")
  String file;

  @Option(names = "--strategy", paramLabel = "S", defaultValue = "exhaustive",
      description = "random, pct, dpor, exhaustive or naive (default: ${DEFAULT-VALUE}).")
  String strategy;

  @Option(names = "--budget", paramLabel = "N", description = "Schedule budget: the most schedules to run "
      + "(default: 10000000 for dpor, exhaustive and naive; " + ExplorePlan.SAMPLING_BUDGET + " for random and pct).")
  Long budget;

  @Option(names = "--time-budget", paramLabel = "DURATION", defaultValue = "10m",
      description = "Wall-clock budget, e.g. 500ms, 30s, 10m, 1h (default: ${DEFAULT-VALUE}).")
  String timeBudget;

  @Option(names = "--max-states", paramLabel = "N", description = "State budget: the most distinct states each "
      + "phase may store (the search's visited set, the shortest-violation search's); default: no limit.")
  Long maxStates;

  @Option(names = "--memory-budget", paramLabel = "SIZE", description = "Heap the exploration may use, e.g. 512m, "
      + "2g (bytes, or k/m/g for KiB/MiB/GiB; default: " + ExploreOptions.DEFAULT_MEMORY_PERCENT + "%% of the JVM's "
      + "maximum heap).")
  String memoryBudget;

  @Option(names = "--seed", paramLabel = "N", description = "Seed of the random and pct strategies (default: the "
      + "scenario's 'seed').")
  Long seed;

  @Option(names = "--pct-depth", paramLabel = "D", description = "PCT's bug depth d >= 1 (default: 3).")
  Integer pctDepth;

  @Option(names = "--no-reduction", description = "Exhaustive strategy: switch off the model's persistent sets "
      + "(its sleep sets and visited-state set stay). The other strategies never use them; naive has no "
      + "reduction at all.")
  boolean noReduction;

  @Option(names = "--fine-outcomes", description = "Class final states also by the order in which the model "
      + "matched each thread's receives (the finer classes before issue 13). By default a class is what the "
      + "program could observe: which message each receive and probe returned, errors, and who is blocked where.")
  boolean fineOutcomes;
  @Option(names = "--threads", paramLabel = "N", description = "Threads of the exhaustive strategy: the states to "
      + "visit are shared out by work stealing; the outcome classes, their counts and verdicts are those of one "
      + "thread, the states, schedules, transitions and example schedules may differ (default: every core, here "
      + "${DEFAULT-VALUE}).")
  int threads = Runtime.getRuntime().availableProcessors();

  @Option(names = "--levels", description = "Exhaustive strategy: search level by level (breadth-first), holding "
      + "each level as compact encoded states; the whole report (states, transitions, depth, outcome classes with "
      + "their examples, the counterexample) is then the same on any number of --threads.")
  boolean levels;

  @Option(names = "--engine", paramLabel = "E", defaultValue = "local", description = "local (this process's "
      + "searches) or spark, on Apache Spark: exhaustive as the level-by-level search (the report of --levels), "
      + "random and pct as a swarm of tasks with seeds S, S+1, ...; the launcher builds the Spark engine on its first "
      + "use (docs/distributed.md). Default: ${DEFAULT-VALUE}.")
  String engine;

  @Option(names = "--master", paramLabel = "URL", description = "With --engine spark: the Spark master, e.g. "
      + "local[2] or spark://host:7077 (default: local[*], Spark inside this process).")
  String master;

  @Mixin ConfigOptions cfg = new ConfigOptions();

  @Option(names = "--json", description = "Print the report as one JSON object instead of text (no banner).")
  boolean json;

  @Option(names = "--diagram", paramLabel = "FILE.svg", description = "When a check can be violated, draw the "
      + "shortest violating schedule as a message sequence chart in SVG: a lane per thread, an arrow per match from "
      + "the sending lane, probes with what they returned, the violated checks in red (see docs/cli.md).")
  Path diagram;

  @Option(names = "--html", paramLabel = "FILE", description = "Write one self-contained HTML page: the outcome "
      + "classes and their counts, the chart of the shortest violating schedule and the replay command.")
  Path html;

  @Override
  public Integer call() {
    var out = spec.commandLine().getOut();
    var err = spec.commandLine().getErr();
    Strategy s;
    try {
      s = Strategy.named(strategy);
    } catch (IllegalArgumentException e) {
      return Cli.badInput(err, "--strategy: " + e.getMessage());
    }
    Duration time;
    try {
      time = Durations.parse(timeBudget);
    } catch (IllegalArgumentException e) {
      return Cli.badInput(err, "--time-budget: " + e.getMessage());
    }
    if (budget != null && budget < 1) {
      return Cli.badInput(err, "--budget must be >= 1, got " + budget);
    }
    if (maxStates != null && maxStates < 1) {
      return Cli.badInput(err, "--max-states must be >= 1, got " + maxStates);
    }
    long memory = 0;
    if (memoryBudget != null) {
      try {
        memory = bytes(memoryBudget);
      } catch (IllegalArgumentException e) {
        return Cli.badInput(err, "--memory-budget: " + e.getMessage());
      }
    }
    if (seed != null && seed < 0) {
      return Cli.badInput(err, "--seed must be >= 0, got " + seed);
    }
    if (threads < 1) {
      return Cli.badInput(err, "--threads must be >= 1, got " + threads);
    }
    if (pctDepth != null && pctDepth < 1) {
      return Cli.badInput(err, "--pct-depth must be >= 1, got " + pctDepth);
    }
    ExploreEngine other = null;
    if (!engine.equals("local")) {
      other = ExploreEngine.named(engine);
      if (other == null) {
        return Cli.badInput(err, "--engine: " + (engine.equals("spark") ? "the Spark engine is not on the class "
            + "path; run explore through the matchpoint launcher, which builds it on first use (docs/distributed.md)"
            : "expected local or spark, got '" + engine + "'"));
      }
      if (!other.runs(s)) {
        return Cli.badInput(err, "--engine " + engine + " does not run the " + s.configName() + " strategy");
      }
      if (spec.commandLine().getParseResult().hasMatchedOption("--threads")) {
        return Cli.badInput(err, "--threads does not apply to --engine " + engine + ", whose cores are its master's: "
            + "--master local[N] for N cores here, a cluster's executors otherwise");
      }
      String problem = other.problem(master);
      if (problem != null) {
        return Cli.badInput(err, problem);
      }
    } else if (master != null) {
      return Cli.badInput(err, "--master needs --engine spark");
    }
    for (Path p : new Path[] {diagram, html}) {
      String problem = p == null ? null : AtomicFileWriter.problem(p);
      if (problem != null) {
        return Cli.badInput(err, "cannot write " + p + ": " + problem);
      }
    }
    if (diagram != null && html != null && diagram.toAbsolutePath().normalize().equals(
        html.toAbsolutePath().normalize())) {
      return Cli.badInput(err, "--diagram and --html name the same file " + diagram);
    }
    Scenario sc = Cli.load(file, cfg, err);
    if (sc == null) {
      return ExitCode.BAD_INPUT.code();
    }
    ExploreOptions d = ExplorePlan.defaults(sc, s);
    ExploreOptions o = new ExploreOptions(s, budget != null ? budget : d.scheduleBudget(), time,
        seed != null ? seed : d.seed(), pctDepth != null ? pctDepth : d.pctDepth(), d.maxSteps(), true,
        maxStates != null ? maxStates : Long.MAX_VALUE, memory, threads, levels || other != null);
    ExplorePlan plan = new ExplorePlan(file, sc, o, !noReduction,
        fineOutcomes ? Outcomes.FINE : Outcomes.OBSERVABLE, cfg.overrides());
    if (!json) {
      out.println(plan.banner());
      out.flush();
    }
    ExplorationReport r;
    ExploreEngine.Figures figures = null;
    try (TerminalProgress progress = TerminalProgress.open()) {
      if (other == null) {
        r = plan.explore(progress);
      } else {
        ExploreEngine.Result run;
        try {
          run = other.explore(new ExploreEngine.Request(file, cfg.cfg, !noReduction, plan.outcomes(), o, master),
              progress, err);
        } catch (ExploreEngine.Unavailable e) {
          err.println("matchpoint: error: " + e.getMessage());
          err.flush();
          return ExitCode.INTERNAL.code();
        }
        r = run.report();
        figures = run.figures();
      }
    }
    ExitCode exit = plan.exitCode(r);
    try {
      writeOutputs(plan, r, exit);
    } catch (IOException e) {
      err.println("matchpoint: error: " + (e instanceof AtomicFileWriter.OutputFileException ? e.getMessage()
          : "cannot write an output: " + e));
      err.flush();
      return ExitCode.INTERNAL.code();
    }
    out.print(json ? ExploreJson.render(plan, r, exit, engine, figures)
        : ExploreText.render(plan, r, exit, engine, figures));
    if (!json && diagram != null && r.counterexample() != null) {
      out.println("diagram:     " + diagram);
    }
    if (!json && html != null) {
      out.println("html:        " + html);
    }
    out.flush();
    if (diagram != null && r.counterexample() == null) {
      err.println("matchpoint: no schedule violates a check, so there is no counterexample to draw: " + diagram
          + " not written");
      err.flush();
    }
    return exit.code();
  }

  /**
   * Writes the chart and the page, both or neither (AtomicFileWriter), when asked for.
   *
   * @param plan the exploration
   * @param r its report
   * @param exit its exit code
   * @throws IOException naming the file that could not be written
   */
  private void writeOutputs(ExplorePlan plan, ExplorationReport r, ExitCode exit) throws IOException {
    if (diagram == null && html == null) {
      return;
    }
    Counterexample cex = r.counterexample();
    byte[] svg = null;
    if (cex != null) {
      RunResult replay = plan.replay(cex);
      String title = plan.scenario().name() + ": " + ExploreText.lengthPhrase(cex) + " (" + cex.steps().size()
          + " steps)";
      svg = ExploreChart.svg(ExploreChart.plantUml(title, cex.schedule().trimmed().toString(), replay.trace(),
          cex.steps().size(), cex.verdict()));
    }
    List<AtomicFileWriter.Staged> files = new ArrayList<>();
    try {
      if (diagram != null && svg != null) {
        files.add(staged(diagram, svg));
      }
      if (html != null) {
        files.add(staged(html, ExploreHtml.render(plan, r, exit, svg)));
      }
      AtomicFileWriter.commit(files);
    } finally {
      files.forEach(AtomicFileWriter.Staged::close);
    }
  }

  private static AtomicFileWriter.Staged staged(Path target, byte[] content) throws IOException {
    AtomicFileWriter.Staged f = AtomicFileWriter.stage(target);
    try {
      f.body().write(content);
      return f;
    } catch (IOException e) {
      f.close();
      throw e;
    }
  }

  /**
   * Parses a size.
   *
   * @param text digits with an optional suffix k, m or g (KiB, MiB, GiB; either case)
   * @return bytes, at least 1
   * @throws IllegalArgumentException naming the accepted forms
   */
  static long bytes(String text) {
    String t = text.trim().toLowerCase(java.util.Locale.ROOT);
    int shift = t.endsWith("k") ? 10 : t.endsWith("m") ? 20 : t.endsWith("g") ? 30 : 0;
    String digits = shift == 0 ? t : t.substring(0, t.length() - 1);
    long n;
    try {
      n = Long.parseLong(digits);
    } catch (NumberFormatException e) {
      n = -1;
    }
    if (n < 1 || n > (Long.MAX_VALUE >> shift)) {
      throw new IllegalArgumentException("expected a positive size such as 512m, 2g or 1000000 (bytes), got '"
          + text + "'");
    }
    return n << shift;
  }
}
