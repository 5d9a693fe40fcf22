package dev.matchpoint.scenario;

import dev.matchpoint.core.explore.Counterexample;
import dev.matchpoint.core.explore.ExplorationReport;
import dev.matchpoint.core.explore.ExploreOptions;
import dev.matchpoint.core.explore.Explorer;
import dev.matchpoint.core.explore.ProgressListener;
import dev.matchpoint.core.explore.Strategy;
import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.core.sched.ReplayScheduler;
import dev.matchpoint.core.sched.Schedule;
import dev.matchpoint.mpi.explore.MpiTransitionSystem;
import dev.matchpoint.mpi.run.Outcome;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Checks a scenario's {@code expect:} (what {@code matchpoint test} and the library test run).
 * {@link Expectation#OK}, {@link Expectation#DEADLOCK} and {@link Expectation#ERRONEOUS} must hold
 * for the timed run with the scenario's seed (FIFO scheduler) and, by exhaustive exploration of the
 * logical schedules, for every outcome class the explorer reaches ({@code ok}: no check violated
 * either); {@link Expectation#RACE_REACHABLE} needs a logical schedule that violates a check, found
 * by the explorer and confirmed by replaying it in the logical runner. A search cut short by a
 * budget checks only the outcomes it reached, and the result says so ({@link Result#exhaustive}).
 */
public final class ExpectationCheck {
  /**
   * The explorer's settings: the exhaustive strategy (persistent and sleep sets), 200,000
   * schedules, 60 s of wall-clock time, schedules of at most 2,000 steps, one thread, the shortest
   * violating schedule established.
   */
  public static final ExploreOptions OPTIONS = new ExploreOptions(Strategy.EXHAUSTIVE, 200_000, Duration.ofSeconds(60),
      0, 3, 2_000, true);

  private ExpectationCheck() {}

  /**
   * What a check found.
   *
   * @param passed whether the scenario meets its expectation
   * @param reason one line saying why, e.g. {@code schedule 0*4.1.0.2 violates no-probe-race...}
   * @param exhaustive whether the exploration reached every outcome; false when a budget cut it short
   *     (the result then speaks only for the outcomes reached)
   * @param schedule the logical schedule the reason is about (the race found, or the schedule that
   *     contradicts the expectation), replayable with {@code replay --mode logical}; null when none
   */
  public record Result(boolean passed, String reason, boolean exhaustive, Schedule schedule) {
    public Result {
      Objects.requireNonNull(reason, "reason");
    }
  }

  /**
   * Explores a scenario's logical schedules exhaustively.
   *
   * @param s the scenario
   * @param options the explorer's settings, e.g. {@link #OPTIONS}
   * @return the report; not exhaustive when a budget or the step limit stopped it
   * @throws ScenarioException when a program does not compile
   */
  public static ExplorationReport explore(Scenario s, ExploreOptions options) {
    MpiTransitionSystem ts = new MpiTransitionSystem(ScenarioLoader.compile(s), s.checks(), true);
    return Explorer.explore(ts, options, ProgressListener.NONE);
  }

  /**
   * Explores with {@link #OPTIONS}.
   *
   * @param s the scenario
   * @return the report
   * @throws ScenarioException when a program does not compile
   */
  public static ExplorationReport explore(Scenario s) {
    return explore(s, OPTIONS);
  }

  /**
   * Checks a scenario's expectation.
   *
   * @param s the scenario; its {@code expect} must be set
   * @param options the explorer's settings (e.g. {@link #OPTIONS} with another time budget); schedules
   *     are cut at the scenario's {@code step-budget} when it is the lower limit
   * @return the verdict with its reason
   * @throws ScenarioException when a program does not compile
   * @throws IllegalArgumentException when the scenario states no expectation
   */
  public static Result check(Scenario s, ExploreOptions options) {
    if (s.expect() == null) {
      throw new IllegalArgumentException(s.name() + " states no expectation");
    }
    if (s.stepBudget() < options.maxSteps()) {
      options = new ExploreOptions(options.strategy(), options.scheduleBudget(), options.timeBudget(), options.seed(),
          options.pctDepth(), (int) s.stepBudget(), options.shortestViolation());
    }
    return s.expect() == Expectation.RACE_REACHABLE ? raceReachable(s, options) : endsAs(s, options);
  }

  private static Result raceReachable(Scenario s, ExploreOptions options) {
    ExplorationReport r = explore(s, options);
    Counterexample cex = r.counterexample();
    if (cex == null) {
      return new Result(false, "no logical schedule violates a check" + scope(r), r.exhaustive(), null);
    }
    Schedule schedule = cex.schedule().trimmed();
    RunResult replay = Runner.logical(ScenarioLoader.compile(s), new ReplayScheduler(cex.schedule()), s.runOptions());
    List<String> replayed = details(replay);
    if (!replayed.equals(cex.verdict().details())) {
      return new Result(false, "the violating schedule " + schedule + " replays to " + replayed + ", not "
          + cex.verdict().details(), r.exhaustive(), schedule);
    }
    return new Result(true, "schedule " + schedule + " (" + cex.steps().size() + " steps) violates "
        + String.join("; ", cex.verdict().details()), r.exhaustive(), schedule);
  }

  private static Result endsAs(Scenario s, ExploreOptions options) {
    Outcome expected = switch (s.expect()) {
      case OK -> Outcome.OK;
      case DEADLOCK -> Outcome.DEADLOCK;
      default -> Outcome.ERRONEOUS;
    };
    String want = expected.name().toLowerCase(Locale.ROOT);
    RunResult timed = Runner.timed(ScenarioLoader.compile(s), s.seed(), FifoScheduler.INSTANCE, s.runOptions());
    String run = "the timed run (seed " + s.seed() + ")";
    if (timed.outcome() != expected) {
      return new Result(false, run + " ends " + timed.outcome().name().toLowerCase(Locale.ROOT) + ", not " + want
          + what(details(timed)), true, null);
    }
    if (expected == Outcome.OK && !timed.violations().isEmpty()) {
      return new Result(false, run + " violates a check" + what(details(timed)), true, null);
    }
    ExplorationReport r = explore(s, options);
    MpiTransitionSystem ts = new MpiTransitionSystem(ScenarioLoader.compile(s), s.checks(), true);
    for (Map.Entry<String, ExplorationReport.OutcomeClass> e : r.outcomes().entrySet()) {
      String outcome = e.getKey().substring(0, e.getKey().indexOf(' '));
      boolean violates = expected == Outcome.OK && e.getValue().verdict().violation();
      if (!outcome.equals(want) || violates) {
        Schedule schedule = Explorer.replay(ts, e.getValue().example(), false).schedule().trimmed();
        return new Result(false, "logical schedule " + schedule + " ends '" + e.getKey() + "'"
            + (violates ? ", violating a check" : "") + scope(r), r.exhaustive(), schedule);
      }
    }
    String classes = r.outcomes().size() + " outcome class" + (r.outcomes().size() == 1 ? "" : "es");
    return new Result(true, r.exhaustive() ? run + " and every logical schedule end " + want + " (" + classes + ")"
        : run + " ends " + want + ", and so do the " + classes + " the exploration reached" + scope(r), r.exhaustive(),
        null);
  }

  /** How far the search got, when it did not finish. */
  private static String scope(ExplorationReport r) {
    return r.exhaustive() ? "" : "; exploration NOT exhaustive (" + r.stopReason() + ")";
  }

  private static String what(List<String> details) {
    return details.isEmpty() ? "" : ": " + String.join("; ", details);
  }

  /**
   * What the explorer's verdict details hold for a run: its violations ({@code check: message})
   * sorted, then its problems sorted.
   *
   * @param r the run's result
   * @return the details
   */
  public static List<String> details(RunResult r) {
    List<String> violations = new ArrayList<>();
    r.violations().forEach(v -> violations.add(v.check() + ": " + v.message()));
    Collections.sort(violations);
    List<String> problems = new ArrayList<>(r.problems());
    Collections.sort(problems);
    violations.addAll(problems);
    return violations;
  }
}
