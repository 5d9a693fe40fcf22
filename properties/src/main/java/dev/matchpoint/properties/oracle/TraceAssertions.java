package dev.matchpoint.properties.oracle;

import dev.matchpoint.core.explore.Counterexample;
import dev.matchpoint.core.explore.Verdict;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.check.Violation;
import dev.matchpoint.mpi.match.MessageIds;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.trace.Trace;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Assertions over explorations and runs, written on the oracles of {@code dev.matchpoint.mpi.check}
 * (the standard's rules as monitors of the trace). Every failure message of an exploration carries
 * what a person needs to reproduce it: the subject (a workload's listing), the outcome, the schedule
 * and its numbered steps, and, for an exploration of a workload, the scenario file it wrote under
 * {@code target/matchpoint-counterexamples/} with the {@code ./matchpoint replay} and {@code
 * ./matchpoint explore} commands for it ({@link Exploration#reproduce}); jqwik adds its seed.
 *
 * <p>The message, and with it the file, is made when the error's message is first read: jqwik reads
 * the messages it reports (the shrunk sample's and the original sample's), not those of the
 * candidates it tries while shrinking, so a shrink leaves one file per reported sample.
 */
public final class TraceAssertions {
  private TraceAssertions() {}

  /**
   * No explored outcome violates any of {@code kinds}.
   *
   * @param e the exploration
   * @param kinds the checks (they must be among the exploration's checks)
   * @throws AssertionError naming the first violating outcome and a schedule reaching it
   */
  public static void assertNever(Exploration e, CheckKind... kinds) {
    for (CheckKind k : kinds) {
      if (!e.checks().contains(k)) {
        throw new IllegalArgumentException(k.configName() + " was not among the exploration's checks " + e.checks());
      }
      for (Verdict v : e.verdicts()) {
        if (Exploration.violates(v, k)) {
          throw new Failure(() -> report(e, v, "a schedule violates " + k.configName()));
        }
      }
    }
  }

  /**
   * Every explored outcome satisfies {@code p}.
   *
   * @param e the exploration
   * @param what the expectation, e.g. {@code "no thread blocks"}
   * @param p the test
   * @throws AssertionError naming the first outcome that does not, and a schedule reaching it
   */
  public static void assertEvery(Exploration e, String what, Predicate<Verdict> p) {
    for (Verdict v : e.verdicts()) {
      if (!p.test(v)) {
        throw new Failure(() -> report(e, v, "expected in every schedule: " + what));
      }
    }
  }

  /**
   * Some explored outcome satisfies {@code p}.
   *
   * @param e the exploration
   * @param what the expectation, e.g. {@code "the wrong message is received"}
   * @param p the test
   * @return a schedule reaching the first such outcome, with its steps
   * @throws AssertionError listing the outcomes explored when none does
   */
  public static Counterexample assertReachable(Exploration e, String what, Predicate<Verdict> p) {
    return e.example(p).orElseThrow(() -> new Failure(() -> "expected to be reachable: " + what + "\n" + e.subject()
        + "\n" + e.summary() + "\noutcomes:\n  " + String.join("\n  ", e.verdicts().stream().map(Verdict::outcome)
        .toList()) + "\n" + e.reproduce(null)));
  }

  /**
   * No explored outcome is a deadlock.
   *
   * @param e the exploration
   * @throws AssertionError naming a deadlocked outcome and a schedule reaching it
   */
  public static void assertNoDeadlock(Exploration e) {
    assertEvery(e, "no thread blocks forever", v -> !Exploration.deadlock(v));
  }

  /**
   * In a run's trace, every message sent was received (by a receive or a matched receive) exactly
   * once.
   *
   * @param r the run, with its trace
   * @param context what the run is, for the message (e.g. an exploration's report)
   * @throws AssertionError listing the messages received never or twice
   */
  public static void assertEveryMessageReceivedExactlyOnce(RunResult r, String context) {
    Trace t = r.trace();
    if (t == null) {
      throw new IllegalArgumentException("the run kept no trace");
    }
    Map<String, Integer> received = new TreeMap<>();
    for (TraceEvent.MessageSent s : t.of(TraceEvent.MessageSent.class)) {
      received.put(s.dest() + ":" + MessageIds.format(s.messageKey()), 0);
    }
    for (TraceEvent.Matched m : t.matches()) {
      if (m.match().receives()) {
        received.merge(m.rank() + ":" + MessageIds.format(m.messageKey()), 1, Integer::sum);
      }
    }
    List<String> wrong = new ArrayList<>();
    received.forEach((k, n) -> {
      if (n != 1) {
        wrong.add("message " + k.substring(k.indexOf(':') + 1) + " to rank " + k.substring(0, k.indexOf(':'))
            + " received " + n + " times");
      }
    });
    if (!wrong.isEmpty()) {
      throw new AssertionError("expected every message received exactly once: " + String.join("; ", wrong) + "\n"
          + context + "\nrun schedule: " + r.schedule() + "\ntrace:\n" + t.toText());
    }
  }

  /**
   * A run ended well and broke no check.
   *
   * @param r the run
   * @param context what the run is: its spec, seed and options, for the message
   * @throws AssertionError with the outcome, the violations, the run's replay schedule and its trace
   */
  public static void assertClean(RunResult r, String context) {
    if (!r.clean()) {
      throw new AssertionError("expected a clean run, got " + r.outcome() + " with " + r.violations() + "\n" + context
          + "\nrun schedule: " + r.schedule() + "   (replay it with a ReplayScheduler)\n"
          + (r.trace() == null ? "" : "trace:\n" + r.trace().toText()));
    }
  }

  /**
   * A run broke none of the given checks (it may deadlock or be erroneous).
   *
   * @param r the run
   * @param context what the run is, for the message
   * @param kinds the checks
   * @throws AssertionError with the violations, the run's replay schedule and its trace
   */
  public static void assertNoViolation(RunResult r, String context, CheckKind... kinds) {
    List<Violation> bad = new ArrayList<>();
    for (Violation v : r.violations()) {
      for (CheckKind k : kinds) {
        if (v.check().equals(k.configName())) {
          bad.add(v);
        }
      }
    }
    if (!bad.isEmpty()) {
      throw new AssertionError("expected no violation, got " + bad + "\n" + context + "\nrun schedule: " + r.schedule()
          + "   (replay it with a ReplayScheduler)\n" + (r.trace() == null ? "" : "trace:\n" + r.trace().toText()));
    }
  }

  /**
   * The report of one outcome: the expectation, the subject, the outcome with its details, the
   * search summary, a schedule that reaches it with its steps, and how to replay it ({@link
   * Exploration#reproduce}, which writes the scenario file).
   *
   * @param e the exploration
   * @param v one of its outcomes
   * @param what the expectation it breaks
   * @return the text
   */
  public static String report(Exploration e, Verdict v, String what) {
    StringBuilder sb = new StringBuilder(what).append('\n').append(e.subject()).append('\n');
    sb.append("outcome: ").append(v.outcome()).append('\n');
    for (String d : v.details()) {
      sb.append("  ").append(d).append('\n');
    }
    sb.append(e.summary()).append('\n');
    e.example(x -> x.equals(v)).ifPresent(c -> sb.append(Exploration.describe(c)).append(e.reproduce(c)));
    return sb.toString();
  }

  /** An assertion failure whose message is made once, when first read. */
  private static final class Failure extends AssertionError {
    private static final long serialVersionUID = 1L;
    private transient Supplier<String> report;
    private String message;

    Failure(Supplier<String> report) {
      this.report = report;
    }

    @Override
    public synchronized String getMessage() {
      if (report != null) {
        message = report.get();
        report = null;
      }
      return message;
    }
  }
}
