package dev.matchpoint.properties.oracle;

import dev.matchpoint.core.explore.Counterexample;
import dev.matchpoint.core.explore.ExplorationReport;
import dev.matchpoint.core.explore.Explorer;
import dev.matchpoint.core.explore.Verdict;
import dev.matchpoint.core.sched.ReplayScheduler;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.check.Checks;
import dev.matchpoint.mpi.explore.MpiTransitionSystem;
import dev.matchpoint.mpi.rank.ModelSpec;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * What one exploration of a model found, with the means to show it: the outcome classes ({@link
 * Verdict}s), whether the search was exhaustive, a replayable example schedule for any outcome, and
 * its replay as a logical run with a full trace.
 *
 * @param subject what was explored, as people read it (a workload's listing, a scenario's name)
 * @param spec the model
 * @param checks the checks every final state was judged by
 * @param persistentSets whether the transition system reduced by persistent sets
 * @param report the explorer's report
 */
public record Exploration(String subject, ModelSpec spec, List<CheckKind> checks, boolean persistentSets,
    ExplorationReport report) {
  /** Copies the list. */
  public Exploration {
    checks = List.copyOf(checks);
  }

  /**
   * Whether an outcome is a deadlock: some thread blocked forever.
   *
   * @param v the verdict
   * @return true for a deadlock
   */
  public static boolean deadlock(Verdict v) {
    return v.outcome().startsWith("deadlock");
  }

  /**
   * Whether an outcome violates one check.
   *
   * @param v the verdict
   * @param kind the check
   * @return true when one of the verdict's details is a violation of {@code kind}
   */
  public static boolean violates(Verdict v, CheckKind kind) {
    String prefix = kind.configName() + ": ";
    return v.details().stream().anyMatch(d -> d.startsWith(prefix));
  }

  /**
   * The outcome classes, in the explorer's outcome order.
   *
   * @return the verdicts
   */
  public List<Verdict> verdicts() {
    List<Verdict> out = new ArrayList<>();
    for (ExplorationReport.OutcomeClass o : report.outcomes().values()) {
      out.add(o.verdict());
    }
    return out;
  }

  /**
   * Whether every schedule was covered.
   *
   * @return the report's {@code exhaustive()}
   */
  public boolean exhaustive() {
    return report.exhaustive();
  }

  /**
   * Whether some explored outcome satisfies {@code p}.
   *
   * @param p the test
   * @return true when reachable
   */
  public boolean reachable(Predicate<Verdict> p) {
    return verdicts().stream().anyMatch(p);
  }

  /**
   * Whether some explored outcome violates {@code kind}.
   *
   * @param kind the check
   * @return true when a violation is reachable
   */
  public boolean violated(CheckKind kind) {
    return reachable(v -> violates(v, kind));
  }

  /**
   * Whether some explored outcome is a deadlock.
   *
   * @return true when a deadlock is reachable
   */
  public boolean deadlockReachable() {
    return reachable(Exploration::deadlock);
  }

  /**
   * A schedule that reaches the first outcome (in outcome order) satisfying {@code p}.
   *
   * @param p the test
   * @return the example with its readable steps, or empty when no such outcome was explored
   */
  public Optional<Counterexample> example(Predicate<Verdict> p) {
    for (Map.Entry<String, ExplorationReport.OutcomeClass> e : report.outcomes().entrySet()) {
      if (p.test(e.getValue().verdict())) {
        return Optional.of(Explorer.replay(new MpiTransitionSystem(spec, checks, persistentSets),
            e.getValue().example(), false));
      }
    }
    return Optional.empty();
  }

  /**
   * Replays an example as a logical run, keeping its trace.
   *
   * @param example an example of this exploration
   * @return the run, judged by the same checks
   */
  public RunResult replay(Counterexample example) {
    List<dev.matchpoint.mpi.check.Check> list = new ArrayList<>();
    for (CheckKind k : checks) {
      list.add(k.create());
    }
    return Runner.logical(spec, new ReplayScheduler(example.schedule()), RunOptions.of(new Checks(list)));
  }

  /**
   * An example as text: its replay schedule, how to replay it, and its numbered steps.
   *
   * @param example an example of this exploration
   * @return the text, several lines
   */
  public static String describe(Counterexample example) {
    StringBuilder sb = new StringBuilder();
    sb.append("schedule: ").append(example.schedule()).append("   (replay: Runner.logical(spec, new ReplayScheduler(")
        .append("Schedule.parse(\"").append(example.schedule()).append("\")), options))\n");
    sb.append("steps:\n");
    for (int i = 0; i < example.steps().size(); i++) {
      sb.append(String.format("  %3d. %s%n", i + 1, example.steps().get(i)));
    }
    return sb.toString();
  }

  /**
   * One line about the search: strategy, exhaustiveness, schedules, states and outcome classes.
   *
   * @return e.g. {@code exhaustive search complete: 12 schedules, 40 states, 3 outcome classes}
   */
  public String summary() {
    return report.strategy().configName() + " " + (report.exhaustive() ? "(exhaustive)" : "(not exhaustive: "
        + report.stopReason() + ")") + ": " + report.schedules() + " schedules, " + report.states() + " states, "
        + report.outcomes().size() + " outcome classes";
  }

  @Override
  public String toString() {
    return subject + "\n" + summary();
  }
}
