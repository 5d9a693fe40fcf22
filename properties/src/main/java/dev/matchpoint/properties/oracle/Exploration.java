package dev.matchpoint.properties.oracle;

import dev.matchpoint.core.explore.Counterexample;
import dev.matchpoint.core.explore.ExplorationReport;
import dev.matchpoint.core.explore.Explorer;
import dev.matchpoint.core.explore.TransitionSystem;
import dev.matchpoint.core.explore.Verdict;
import dev.matchpoint.core.sched.ReplayScheduler;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.check.Checks;
import dev.matchpoint.mpi.explore.MpiTransitionSystem;
import dev.matchpoint.mpi.explore.Outcomes;
import dev.matchpoint.mpi.rank.Action;
import dev.matchpoint.mpi.rank.ModelSpec;
import dev.matchpoint.mpi.rank.World;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.scenario.Scenario;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
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
 * @param observe what each outcome records beyond its class ({@link Observe#NOTHING} for the plain
 *     outcome classes); {@link #observed} reads it
 * @param outcomes how finely final states were classed ({@link Outcomes#OBSERVABLE}, the default, or
 *     {@link Outcomes#FINE})
 * @param scenario the model as a scenario, which a failure writes to a file for {@code matchpoint
 *     replay} ({@link #reproduce}); null when the model was given only as a {@code ModelSpec}
 */
public record Exploration(String subject, ModelSpec spec, List<CheckKind> checks, boolean persistentSets,
    ExplorationReport report, Observe observe, Outcomes outcomes, Scenario scenario) {
  private static final String OBSERVED = " | observed ";
  private static final String RECEIPTS = " | receipts ";

  /** Copies the list. */
  public Exploration {
    checks = List.copyOf(checks);
    Objects.requireNonNull(observe, "observe");
    Objects.requireNonNull(outcomes, "outcomes");
  }

  /**
   * An exploration of the plain observable outcome classes, observing nothing more.
   *
   * @param subject what was explored
   * @param spec the model
   * @param checks the checks
   * @param persistentSets whether the transition system reduced by persistent sets
   * @param report the explorer's report
   */
  public Exploration(String subject, ModelSpec spec, List<CheckKind> checks, boolean persistentSets,
      ExplorationReport report) {
    this(subject, spec, checks, persistentSets, report, Observe.NOTHING, Outcomes.OBSERVABLE, null);
  }

  /**
   * The transition system an exploration with these settings searches: {@link MpiTransitionSystem},
   * or its observing form when {@code observe} records something.
   *
   * @param spec the model
   * @param checks the checks
   * @param persistentSets whether to reduce by persistent sets
   * @param observe what to record
   * @param outcomes how finely to class final states
   * @return the system
   */
  static TransitionSystem<World, Action> system(ModelSpec spec, List<CheckKind> checks, boolean persistentSets,
      Observe observe, Outcomes outcomes) {
    MpiTransitionSystem plain = new MpiTransitionSystem(spec, checks, persistentSets, outcomes);
    return observe.any() ? new ObservingTransitionSystem(plain, spec, checks, observe) : plain;
  }

  /**
   * What an outcome recorded, thread by thread ({@code r0.t0}), in the order it happened there: call
   * results ({@code MPI_Test_cancelled flag=true}) and the thread's channel endpoints' starts and
   * transfers ({@code channel r1.t0#1 transfer #0 slot 0}).
   *
   * @param v an outcome of an exploration that observed something
   * @return the record, keys in name order; empty when nothing was recorded
   * @throws IllegalArgumentException when the outcome carries no record
   */
  public static Map<String, List<String>> observed(Verdict v) {
    int at = v.outcome().indexOf(OBSERVED);
    if (at < 0) {
      throw new IllegalArgumentException("the outcome records nothing: " + v.outcome());
    }
    Map<String, List<String>> out = new TreeMap<>();
    String text = v.outcome().substring(at + OBSERVED.length());
    if (text.equals("none")) {
      return out;
    }
    for (String part : text.split(" / ")) {
      int colon = part.indexOf(": ");
      out.put(part.substring(0, colon), List.of(part.substring(colon + 2).split("; ")));
    }
    return out;
  }

  /**
   * Which thread received which messages from an outcome: {@code r2.t0 -> [0#0, 1#1]}; in request
   * order (the thread's request counter, then start order) for observable outcomes ({@code
   * receipts r2.t0#0<-0#0 r2.t0#1<-1#1}), in match order for fine ones ({@code r2.t0<-0#0,1#1}).
   *
   * @param v an outcome
   * @return the receipts by thread, in thread order; empty when nothing was received
   */
  public static Map<String, List<String>> receipts(Verdict v) {
    String o = v.outcome();
    int at = o.indexOf(RECEIPTS);
    Map<String, List<String>> out = new TreeMap<>();
    if (at < 0) {
      return out;
    }
    int end = o.indexOf(" | ", at + RECEIPTS.length());
    String text = o.substring(at + RECEIPTS.length(), end < 0 ? o.length() : end);
    if (text.equals("none")) {
      return out;
    }
    for (String entry : text.split(" ")) {
      int arrow = entry.indexOf("<-");
      int request = entry.indexOf('#');
      String thread = entry.substring(0, request >= 0 && request < arrow ? request : arrow);
      List<String> messages = new ArrayList<>(out.getOrDefault(thread, List.of()));
      messages.addAll(List.of(entry.substring(arrow + 2).split(",")));
      out.put(thread, List.copyOf(messages));
    }
    return out;
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
        return Optional.of(Explorer.replay(system(spec, checks, persistentSets, observe, outcomes),
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
    return Runner.logical(spec, new ReplayScheduler(example.schedule()),
        RunOptions.keepingTrace(new Checks(list)));
  }

  /**
   * How to run this exploration's model again outside the test. With a {@link #scenario()}, writes
   * it as a scenario file under {@code target/matchpoint-counterexamples/} ({@link
   * CounterexampleFiles#write}) and returns the file's path and the {@code ./matchpoint} commands
   * that explore it and, given an example, replay the example's schedule; without one, the
   * schedule to give {@code Runner.logical} with a {@code ReplayScheduler} on {@link #spec()}.
   *
   * @param example an example of this exploration, or null to name only the file and the explore
   *     command
   * @return the text, one or more lines, each ending with a newline
   * @throws java.io.UncheckedIOException when the file cannot be written
   */
  public String reproduce(Counterexample example) {
    if (scenario == null) {
      return example == null ? "" : "replay: Runner.logical(spec(), new ReplayScheduler(Schedule.parse(\""
          + example.schedule().trimmed() + "\")), options) on this exploration's spec\n";
    }
    String file = CounterexampleFiles.quote(CounterexampleFiles.write(scenario).toString());
    StringBuilder sb = new StringBuilder("scenario file: ").append(file).append('\n');
    if (example != null) {
      sb.append("replay it:     ./matchpoint replay ").append(file).append(" --mode logical --schedule ")
          .append(CounterexampleFiles.quote(example.schedule().trimmed().toString())).append('\n');
    }
    return sb.append("explore it:    ./matchpoint explore ").append(file).append('\n')
        .append("(./matchpoint is the launcher at the root of a Matchpoint checkout)\n").toString();
  }

  /**
   * An example as text: its replay schedule and its numbered steps ({@link #reproduce} adds how to
   * replay it).
   *
   * @param example an example of this exploration
   * @return the text, several lines
   */
  public static String describe(Counterexample example) {
    StringBuilder sb = new StringBuilder();
    sb.append("schedule: ").append(example.schedule().trimmed()).append('\n');
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
