package dev.matchpoint.properties.oracle;

import dev.matchpoint.core.explore.ExploreOptions;
import dev.matchpoint.core.explore.Explorer;
import dev.matchpoint.core.explore.ProgressListener;
import dev.matchpoint.core.explore.Strategy;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.explore.Outcomes;
import dev.matchpoint.mpi.rank.ModelSpec;
import dev.matchpoint.properties.Workload;
import dev.matchpoint.scenario.Scenario;
import java.time.Duration;
import java.util.List;

/**
 * Runs sim-core's explorer on a model with checks from {@code dev.matchpoint.mpi.check} and returns
 * the {@link Exploration}. The default is the stateful {@link Strategy#EXHAUSTIVE} search with
 * persistent and sleep sets, bounded by {@link #SCHEDULE_BUDGET} schedules (and, against a search
 * that never ends, {@link #TIME_BUDGET}); generated workloads are small, so it is normally
 * exhaustive ({@link Exploration#exhaustive()} says). The shortest-violation search is off: properties ask {@link Exploration#example} for the
 * outcome they report.
 */
public final class Explore {
  /** The most schedules one default exploration runs. */
  public static final long SCHEDULE_BUDGET = 200_000;
  /**
   * The longest one default exploration runs: a guard against a search that never ends, not a bound
   * any property relies on. Wall-clock time depends on the machine and its load, so a budget that
   * cut searches short would make a property's verdict depend on them (a 20-second budget did fail
   * a channel property on a loaded machine); the {@link #SCHEDULE_BUDGET}, which is the same on
   * every machine, is what bounds a default exploration.
   */
  public static final Duration TIME_BUDGET = Duration.ofMinutes(10);

  private Explore() {}

  /**
   * The default options for a strategy: the budgets above, no shortest-violation search.
   *
   * @param strategy the strategy
   * @return the options
   */
  public static ExploreOptions options(Strategy strategy) {
    return ExploreOptions.of(strategy).withScheduleBudget(SCHEDULE_BUDGET).withTimeBudget(TIME_BUDGET)
        .withShortestViolation(false);
  }

  /**
   * Explores a workload exhaustively.
   *
   * @param w the workload
   * @param checks the checks to judge every final state by
   * @return the exploration
   */
  public static Exploration exhaustive(Workload w, CheckKind... checks) {
    return workload(w, options(Strategy.EXHAUSTIVE), List.of(checks));
  }

  /**
   * Explores a workload with the stateful search, stopping after {@code scheduleBudget} schedules:
   * for counterexample searches, where a cheap search that misses a violation only makes a
   * candidate look innocent.
   *
   * @param w the workload
   * @param scheduleBudget the most schedules
   * @param checks the checks to judge every final state by
   * @return the exploration; {@link Exploration#exhaustive()} says whether the budget sufficed
   */
  public static Exploration bounded(Workload w, long scheduleBudget, CheckKind... checks) {
    return workload(w, options(Strategy.EXHAUSTIVE).withScheduleBudget(scheduleBudget), List.of(checks));
  }

  private static Exploration workload(Workload w, ExploreOptions options, List<CheckKind> checks) {
    Scenario s = w.scenario(checks);
    return run(w.toString(), s, w.spec(), options, true, checks, Observe.NOTHING, Outcomes.OBSERVABLE);
  }

  /**
   * Explores a model exhaustively.
   *
   * @param subject what the model is, for reports
   * @param spec the model
   * @param checks the checks to judge every final state by
   * @return the exploration
   */
  public static Exploration exhaustive(String subject, ModelSpec spec, CheckKind... checks) {
    return run(subject, spec, options(Strategy.EXHAUSTIVE), true, List.of(checks));
  }

  /**
   * Explores a model exhaustively, recording in each outcome what {@code observe} selects.
   *
   * @param subject what the model is, for reports
   * @param spec the model
   * @param observe the call results and channel events to record (see {@link Exploration#observed})
   * @param checks the checks to judge every final state by
   * @return the exploration
   */
  public static Exploration exhaustive(String subject, ModelSpec spec, Observe observe, CheckKind... checks) {
    return run(subject, spec, options(Strategy.EXHAUSTIVE), true, List.of(checks), observe);
  }

  /**
   * Explores a model with any strategy and options.
   *
   * @param subject what the model is, for reports
   * @param spec the model
   * @param options strategy and budgets
   * @param persistentSets whether the transition system reduces by persistent sets (false: every
   *     enabled action, the unreduced reference for the stateful search)
   * @param checks the checks to judge every final state by
   * @return the exploration
   */
  public static Exploration run(String subject, ModelSpec spec, ExploreOptions options, boolean persistentSets,
      List<CheckKind> checks) {
    return run(subject, spec, options, persistentSets, checks, Observe.NOTHING);
  }

  /**
   * Explores a model with any strategy and options, recording what {@code observe} selects.
   *
   * @param subject what the model is, for reports
   * @param spec the model
   * @param options strategy and budgets
   * @param persistentSets whether the transition system reduces by persistent sets
   * @param checks the checks to judge every final state by
   * @param observe the call results and channel events to record
   * @return the exploration
   */
  public static Exploration run(String subject, ModelSpec spec, ExploreOptions options, boolean persistentSets,
      List<CheckKind> checks, Observe observe) {
    return run(subject, spec, options, persistentSets, checks, observe, Outcomes.OBSERVABLE);
  }

  /**
   * Explores a model with any strategy, options and outcome granularity, recording what {@code
   * observe} selects.
   *
   * @param subject what the model is, for reports
   * @param spec the model
   * @param options strategy and budgets
   * @param persistentSets whether the transition system reduces by persistent sets
   * @param checks the checks to judge every final state by
   * @param observe the call results and channel events to record
   * @param outcomes how finely to class final states: {@link Outcomes#OBSERVABLE} (what the program
   *     could observe; the default of the other overloads) or {@link Outcomes#FINE} (also each
   *     thread's match order, which only the unreduced searches are sure to reach in full)
   * @return the exploration
   */
  public static Exploration run(String subject, ModelSpec spec, ExploreOptions options, boolean persistentSets,
      List<CheckKind> checks, Observe observe, Outcomes outcomes) {
    return run(subject, null, spec, options, persistentSets, checks, observe, outcomes);
  }

  private static Exploration run(String subject, Scenario scenario, ModelSpec spec, ExploreOptions options,
      boolean persistentSets, List<CheckKind> checks, Observe observe, Outcomes outcomes) {
    return new Exploration(subject, spec, checks, persistentSets, Explorer.explore(
        Exploration.system(spec, checks, persistentSets, observe, outcomes), options, ProgressListener.NONE),
        observe, outcomes, scenario);
  }
}
