package dev.matchpoint.scenario.cli;

import dev.matchpoint.core.explore.Counterexample;
import dev.matchpoint.core.explore.ExplorationReport;
import dev.matchpoint.core.explore.ExploreOptions;
import dev.matchpoint.core.explore.Explorer;
import dev.matchpoint.core.explore.ProgressListener;
import dev.matchpoint.core.explore.Strategy;
import dev.matchpoint.core.sched.Schedule;
import dev.matchpoint.mpi.explore.MpiTransitionSystem;
import dev.matchpoint.mpi.explore.Outcomes;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.trace.TraceSink;
import dev.matchpoint.scenario.Mode;
import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.ScenarioLoader;
import dev.matchpoint.scenario.format.ConfigOverrides;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One exploration to make (DESIGN §5): the scenario's logical-mode model, searched with one
 * strategy under a schedule budget, a wall-clock budget, a state budget, a memory budget and a step
 * limit. Every schedule it reports
 * replays with {@code matchpoint replay FILE --mode logical --schedule S}.
 *
 * @param file the FILE argument as given, for the replay commands
 * @param scenario the scenario
 * @param options the explorer's settings (strategy, budgets, seed, PCT depth, step limit)
 * @param reduction whether the model's persistent sets prune the exhaustive strategy's search (its
 *     sleep sets stay; the other strategies never consult them)
 * @param outcomes how finely final states are classed: what the program could observe (the
 *     default), or also the order in which the model matched each thread's receives
 * @param cfg the {@code --cfg} overrides the scenario was loaded with, repeated in the banner and
 *     the replay commands
 */
record ExplorePlan(String file, Scenario scenario, ExploreOptions options, boolean reduction, Outcomes outcomes,
    ConfigOverrides cfg) {
  /** Default schedule budget of the sampling strategies (random, PCT): samples to draw. */
  static final long SAMPLING_BUDGET = 10_000;

  ExplorePlan {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(scenario, "scenario");
    Objects.requireNonNull(options, "options");
    Objects.requireNonNull(outcomes, "outcomes");
  }

  /**
   * Whether a strategy samples schedules (random, PCT) rather than searching them systematically.
   *
   * @param s the strategy
   * @return true for random and PCT, which are never exhaustive
   */
  static boolean sampling(Strategy s) {
    return s == Strategy.RANDOM || s == Strategy.PCT;
  }

  /**
   * The explorer's default options for a scenario: the strategy's schedule budget (ten million
   * schedules for the systematic strategies, {@value #SAMPLING_BUDGET} samples otherwise), ten
   * minutes, the scenario's seed, PCT depth 3, and the scenario's step budget capped at the
   * explorer's step limit.
   *
   * @param scenario the scenario
   * @param strategy the strategy
   * @return the options, shortest-violation search on
   */
  static ExploreOptions defaults(Scenario scenario, Strategy strategy) {
    ExploreOptions d = ExploreOptions.of(strategy);
    long budget = sampling(strategy) ? SAMPLING_BUDGET : d.scheduleBudget();
    int maxSteps = (int) Math.min(scenario.stepBudget(), d.maxSteps());
    return new ExploreOptions(strategy, budget, d.timeBudget(), scenario.seed(), d.pctDepth(), maxSteps, true);
  }

  /**
   * The model as the explorer sees it, judged by the scenario's checks.
   *
   * @return a fresh transition system
   * @throws dev.matchpoint.scenario.ScenarioException when a program does not compile
   */
  MpiTransitionSystem transitionSystem() {
    return new MpiTransitionSystem(ScenarioLoader.compile(scenario), scenario.checks(), reduction, outcomes);
  }

  /**
   * Runs the exploration.
   *
   * @param progress receives periodic progress (every 1024 transitions)
   * @return the report
   */
  ExplorationReport explore(ProgressListener progress) {
    return Explorer.explore(transitionSystem(), options, progress);
  }

  /**
   * The banner: the seed first, then the strategy and its budgets, the reduction, the outcome classes
   * ({@code outcomes=observable} or {@code fine}), then every model option.
   *
   * @return one line
   */
  String banner() {
    Strategy s = options.strategy();
    return "seed=" + options.seed() + " strategy=" + s.configName() + " schedule-budget=" + options.scheduleBudget()
        + " time-budget=" + Durations.format(options.timeBudget()) + (s == Strategy.PCT ? " pct-depth="
        + options.pctDepth() : "") + " max-steps=" + options.maxSteps() + " max-states="
        + (options.maxStates() == Long.MAX_VALUE ? "unlimited" : Long.toString(options.maxStates()))
        + " memory-budget=" + (options.memoryBudgetBytes() >> 20) + "m" + " reduction=" + reductionName()
        + " outcomes=" + outcomes.configName() + " mode=logical " + RunPlan.modelOptions(scenario)
        + RunPlan.cfgBanner(cfg) + " scenario=" + scenario.name();
  }

  /**
   * The reduction in effect: only the exhaustive strategy consults the model's persistent sets;
   * DPOR has its own; naive, random and PCT have none.
   *
   * @return {@code persistent-sets+sleep-sets}, {@code sleep-sets}, {@code source-sets+sleep-sets} or
   *     {@code none}
   */
  String reductionName() {
    return switch (options.strategy()) {
      case EXHAUSTIVE -> reduction ? "persistent-sets+sleep-sets" : "sleep-sets";
      case DPOR -> "source-sets+sleep-sets";
      case NAIVE, RANDOM, PCT -> "none";
    };
  }

  /**
   * Whether a budget cut the search short: a systematic search that did not finish, or a sample
   * that ended (time budget, step limit) before drawing all its schedules.
   *
   * @param r the report
   * @return true when the report is incomplete for a budget's sake
   */
  boolean cutShort(ExplorationReport r) {
    return sampling(options.strategy()) ? r.schedules() < options.scheduleBudget() : !r.exhaustive();
  }

  /**
   * The exit code of an exploration: 1 when some schedule violates a check, else 4 when a budget
   * cut the search short, else 0.
   *
   * @param r the report
   * @return the code
   */
  ExitCode exitCode(ExplorationReport r) {
    if (r.violationFound()) {
      return ExitCode.CHECK_FAILED;
    }
    return cutShort(r) ? ExitCode.BUDGET_EXHAUSTED : ExitCode.OK;
  }

  /**
   * For each outcome class, the replayable schedule of its example (the report gives choices at
   * every step, forced steps included; replay takes those with two or more options).
   *
   * @param r the report
   * @return outcome to trimmed schedule, in the report's outcome order
   */
  Map<String, Schedule> schedules(ExplorationReport r) {
    MpiTransitionSystem ts = transitionSystem();
    Map<String, Schedule> out = new LinkedHashMap<>();
    r.outcomes().forEach((outcome, c) -> out.put(outcome, Explorer.replay(ts, c.example(), false).schedule()
        .trimmed()));
    return out;
  }

  /**
   * Replays a counterexample the way {@code matchpoint replay --mode logical} does.
   *
   * @param cex the counterexample
   * @return the run's result, with its trace
   * @throws dev.matchpoint.core.sched.ScheduleMismatchException when the schedule does not fit (a bug:
   *     the explorer and the logical runner disagree on the enabled actions)
   */
  RunResult replay(Counterexample cex) {
    return new RunPlan(file, scenario, scenario.seed(), Mode.LOGICAL, RunPlan.SchedulerKind.REPLAY, cex.schedule(), cfg)
        .run(TraceSink.NONE, true);
  }

  /**
   * The command that replays a counterexample in logical mode.
   *
   * @param cex the counterexample
   * @return e.g. {@code ./matchpoint replay f.yaml --mode logical --schedule 0*4.1}
   */
  String replayCommand(Counterexample cex) {
    return replayCommand(cex.schedule());
  }

  /**
   * The command that replays a schedule in logical mode (the seed plays no part there).
   *
   * @param schedule the schedule
   * @return the command
   */
  String replayCommand(Schedule schedule) {
    return Cli.command() + " replay " + RunPlan.quote(file) + " --mode logical --schedule "
        + RunPlan.quote(schedule.trimmed().toString()) + RunPlan.cfgOptions(cfg);
  }
}
