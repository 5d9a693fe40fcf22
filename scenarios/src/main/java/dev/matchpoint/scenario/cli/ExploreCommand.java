package dev.matchpoint.scenario.cli;

import dev.matchpoint.core.explore.ExplorationReport;
import dev.matchpoint.core.explore.ExploreOptions;
import dev.matchpoint.core.explore.Strategy;
import dev.matchpoint.scenario.Scenario;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code matchpoint explore FILE}: searches the logical-mode schedules of a scenario (DESIGN §5)
 * and reports the outcome classes it can reach and, when a check can be violated, the shortest
 * violating schedule with the command that replays it. Exit codes: 0 no violation found, 1 a
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
      "be violated, print the shortest violating schedule as numbered MPI steps and the exact",
      "'matchpoint replay' command that reproduces it. The default strategy, exhaustive, is a stateful",
      "depth-first search with persistent and sleep sets: when it finishes within its budgets it has",
      "seen every outcome. A progress bar is drawn on standard error on an interactive terminal only."
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  matchpoint explore scenarios/library/probe-race-2x2.yaml      # finds the race, prints the replay",
      "  matchpoint explore scenarios/library/mprobe-fix-2x2.yaml      # exhaustive, no violation",
      "  matchpoint explore probe-race-3x3 --strategy pct --budget 500 --seed 7",
      "  matchpoint explore mprobe-fix-3x3 --strategy dpor --time-budget 30s --json",
      "",
      "Exit codes: 0 no violation found (the report says whether the search was exhaustive),",
      "1 a violation found, 4 a budget ran out before the search finished and no violation was found,",
      "64 bad input or usage, 70 internal error."
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

  @Option(names = "--seed", paramLabel = "N", description = "Seed of the random and pct strategies (default: the "
      + "scenario's 'seed').")
  Long seed;

  @Option(names = "--pct-depth", paramLabel = "D", description = "PCT's bug depth d >= 1 (default: 3).")
  Integer pctDepth;

  @Option(names = "--no-reduction", description = "Exhaustive strategy: switch off the model's persistent sets "
      + "(its sleep sets and visited-state set stay). The other strategies never use them; naive has no "
      + "reduction at all.")
  boolean noReduction;

  @Option(names = "--threads", paramLabel = "N", description = "Threads of the exhaustive strategy: the states to "
      + "visit are shared out by work stealing; the outcome classes, their counts and verdicts are those of one "
      + "thread, the states, schedules, transitions and example schedules may differ (default: every core, here "
      + "${DEFAULT-VALUE}).")
  int threads = Runtime.getRuntime().availableProcessors();

  @Option(names = "--json", description = "Print the report as one JSON object instead of text (no banner).")
  boolean json;

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
    if (seed != null && seed < 0) {
      return Cli.badInput(err, "--seed must be >= 0, got " + seed);
    }
    if (threads < 1) {
      return Cli.badInput(err, "--threads must be >= 1, got " + threads);
    }
    if (pctDepth != null && pctDepth < 1) {
      return Cli.badInput(err, "--pct-depth must be >= 1, got " + pctDepth);
    }
    Scenario sc = Cli.load(file, err);
    if (sc == null) {
      return ExitCode.BAD_INPUT.code();
    }
    ExploreOptions d = ExplorePlan.defaults(sc, s);
    ExploreOptions o = new ExploreOptions(s, budget != null ? budget : d.scheduleBudget(), time,
        seed != null ? seed : d.seed(), pctDepth != null ? pctDepth : d.pctDepth(), d.maxSteps(), true,
        threads);
    ExplorePlan plan = new ExplorePlan(file, sc, o, !noReduction);
    if (!json) {
      out.println(plan.banner());
      out.flush();
    }
    ExplorationReport r;
    try (TerminalProgress progress = TerminalProgress.open(o.scheduleBudget())) {
      r = plan.explore(progress);
    }
    ExitCode exit = plan.exitCode(r);
    out.print(json ? ExploreJson.render(plan, r, exit) : ExploreText.render(plan, r, exit));
    out.flush();
    return exit.code();
  }
}
