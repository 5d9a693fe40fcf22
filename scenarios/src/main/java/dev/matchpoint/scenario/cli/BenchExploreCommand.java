package dev.matchpoint.scenario.cli;

import dev.matchpoint.scenario.format.ConfigOverrides;
import dev.matchpoint.core.explore.Counterexample;
import dev.matchpoint.core.explore.ExplorationReport;
import dev.matchpoint.core.explore.ExploreOptions;
import dev.matchpoint.core.explore.ProgressListener;
import dev.matchpoint.core.explore.Strategy;
import dev.matchpoint.mpi.explore.Outcomes;
import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.library.Library;
import dev.matchpoint.scenario.library.Patterns;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code matchpoint bench explore}: exhaustive exploration of the matched-probe pattern T x T (T
 * senders, T receiver threads each running MPI_Mprobe(MPI_ANY_SOURCE) then MPI_Mrecv; seed 000) for
 * T = 2..max, serially and on N threads, with per row the serial search's states, schedules,
 * transitions, CPU and wall seconds, the parallel search's states, CPU and wall seconds, the
 * speed-up (serial wall over parallel wall) and the outcome classes (MISMATCH when the two
 * searches disagree on them or their counts), with issue 13's targets marked met or not met: 6x6
 * at most 3 CPU-s (SPIN's figure) in each column, 7x7 at most 300 CPU-s (serial), a 6x6 speed-up of
 * at least 1.7 and at most 24 bytes of the visited set per stored state; when max is at least 4,
 * the probe race 4 x 4 ({@link Patterns#probeRace}) with its target &lt; 1 CPU-s (serial,
 * shortest-violation search included) and a line with its violation's steps, the wall seconds of the
 * shortest-violation search and the states it stored; then the library's probe race 2 x 2 with its
 * shortest violating schedule in MPI terms. Only the seconds
 * and the speed-up depend on the machine (and its load).
 */
@Command(
    name = "explore",
    mixinStandardHelpOptions = true,
    usageHelpWidth = 100,
    header = "Exploration figures: the matched-probe pattern T x T and the probe race 2 x 2.",
    exitCodeOnInvalidInput = 64,
    exitCodeOnExecutionException = 70,
    description = {
      "Explore the matched-probe pattern T x T (seed 000: T senders, one rank whose T threads each",
      "run MPI_Mprobe(MPI_ANY_SOURCE) then MPI_Mrecv) exhaustively for T = 2..max, serially and on",
      "--threads threads, and print for the serial search states, schedules (leaves of the search),",
      "transitions, CPU seconds (process, user + system) and wall seconds; for the parallel search",
      "states, CPU and wall seconds; the speed-up (serial wall / parallel wall); outcome classes (T!",
      "when complete; MISMATCH when the searches disagree on them) and bytes of the visited-state set per",
      "stored state (B/state), with the exploration issue's targets marked met or not met: 6x6 <= 3",
      "CPU-s in each column, 7x7 <= 300 CPU-s (serial), 6x6 speed-up >= 1.7, B/state <= 24; with",
      "max >= 4 the probe race 4 x 4 with its target < 1 CPU-s (serial). Then explore the",
      "probe race 2 x 2 and print its shortest violating schedule. Warm-up explorations of the 3 x 3",
      "pattern and the 3 x 3 probe race run first, unreported (an explore of one scenario in a fresh",
      "JVM also pays the JIT's compilation: measure that with /usr/bin/time -v). Memory targets (6x6 <= 300 MB, 7x7 <= 8 GB) are the",
      "process's peak RSS: measure them with /usr/bin/time -v. Exits 0 whether or not the targets",
      "are met."
    },
    footerHeading = "%nExamples:%n",
    footer = {"  matchpoint bench explore", "  matchpoint bench explore --max 4 --time-budget 30s",
        "  matchpoint bench explore --threads 4", "  matchpoint bench explore --levels",
        "  MATCHPOINT_JAVA_OPTS=-Xmx8g matchpoint bench explore"})
final class BenchExploreCommand implements Callable<Integer> {
  /** Largest T accepted: 8 x 8 has 8! = 40320 outcome classes and far more states. */
  static final int MAX_T = 8;
  /** Wall-clock speed-up of the parallel search over the serial one on 6 x 6 (issue 13, 2 cores). */
  static final double SPEED_UP_TARGET = 1.7;
  /** Serial CPU seconds of the probe race 4 x 4, shortest-violation search included (issue 13). */
  static final double PROBE_RACE_4_TARGET_SECONDS = 1;
  /** Bytes of the visited-state set per stored state (issue 13: "at most 24 bytes per visited state"). */
  static final double BYTES_PER_STATE_TARGET = 24;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--max", paramLabel = "T", defaultValue = "6",
      description = "Largest T, 2.." + MAX_T + " (default: ${DEFAULT-VALUE}).")
  int max;

  @Option(names = "--threads", paramLabel = "N", description = "Threads of the parallel column, at least 2 "
      + "(default: every core, at least 2; here ${DEFAULT-VALUE}).")
  int threads = Math.max(2, Runtime.getRuntime().availableProcessors());

  @Option(names = "--levels", description = "Run the level-by-level search over encoded states (explore --levels) "
      + "in both columns instead of the depth-first ones: its states, schedules and transitions are then the same in "
      + "both.")
  boolean levels;

  @Option(names = "--time-budget", paramLabel = "DURATION", defaultValue = "10m",
      description = "Wall-clock budget of each exploration (default: ${DEFAULT-VALUE}).")
  String timeBudget;

  /**
   * The CPU-time target of a pattern size, from the exploration issue (13): Mprobe/Mrecv 6 x 6 "at
   * most SPIN's 3 CPU-seconds", 7 x 7 "completes in at most 5 minutes".
   *
   * @param t the size
   * @return CPU seconds (process, user + system), or -1 when T has no target
   */
  static double targetCpuSeconds(int t) {
    return switch (t) {
      case 6 -> 3;
      case 7 -> 300;
      default -> -1;
    };
  }

  /** "met" or "NOT MET". */
  private static String met(boolean ok) {
    return ok ? "met" : "NOT MET";
  }

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (max < 2 || max > MAX_T) {
      return Cli.badInput(err, "--max must be in 2.." + MAX_T + ", got " + max);
    }
    if (threads < 2) {
      return Cli.badInput(err, "--threads must be >= 2, got " + threads);
    }
    Duration time;
    try {
      time = Durations.parse(timeBudget);
    } catch (IllegalArgumentException e) {
      return Cli.badInput(err, "--time-budget: " + e.getMessage());
    }
    for (Scenario warmUp : java.util.List.of(Patterns.matchedProbe(3), Patterns.probeRace(3))) {
      plan(warmUp, time, 1).explore(ProgressListener.NONE);
      plan(warmUp, time, threads).explore(ProgressListener.NONE);
    }
    out.println(levels ? "Exhaustive exploration (strategy exhaustive --levels: level-by-level search over encoded "
        + "states with persistent sets,"
        : "Exhaustive exploration (strategy exhaustive: stateful depth-first search with persistent sets,");
    out.println("sleep sets and a visited-state set), serial (1 thread) and parallel (" + threads + " threads, "
        + (levels ? "partitioned by fingerprint" : "work stealing") + "); time budget " + Durations.format(time)
        + " each; 3x3 pattern and 3x3 probe race warm-ups first. CPU-s: the process's CPU seconds (user + system, "
        + "GC included); wall-s: elapsed seconds.");
    out.println(String.format(Locale.ROOT, "%-16s %10s %10s %12s %8s %8s | %10s %8s %8s %8s | %9s %6s %-10s %8s %s",
        "scenario", "states", "schedules", "transitions", "CPU-s", "wall-s", "states", "CPU-s", "wall-s", "speed-up",
        "outcomes", "T!", "search", "B/state", "target"));
    for (int t = 2; t <= max; t++) {
      Scenario s = Patterns.matchedProbe(t);
      Measured serial = Measured.of(plan(s, time, 1));
      Measured parallel = Measured.of(plan(s, time, threads));
      double target = targetCpuSeconds(t);
      boolean complete = serial.report().exhaustive() && parallel.report().exhaustive();
      String verdict = target < 0 ? "-" : String.format(Locale.ROOT, "<= %.0f CPU-s: serial %s, parallel %s; "
          + "B/state <= %.0f: %s", target, met(complete && serial.cpuSeconds() <= target),
          met(complete && parallel.cpuSeconds() <= target), BYTES_PER_STATE_TARGET,
          met(serial.report().bytesPerState() <= BYTES_PER_STATE_TARGET));
      if (t == 6) {
        verdict += String.format(Locale.ROOT, "; speed-up >= %.1f: %s", SPEED_UP_TARGET,
            met(serial.wallSeconds() / parallel.wallSeconds() >= SPEED_UP_TARGET));
      }
      out.println(row(s.name(), serial, parallel, Long.toString(factorial(t))) + " " + verdict);
      out.flush();
    }
    if (max >= 4) {
      Scenario race4 = Patterns.probeRace(4);
      Measured serial = Measured.of(plan(race4, time, 1));
      Measured parallel = Measured.of(plan(race4, time, threads));
      ExplorationReport r = serial.report();
      out.println(row(race4.name(), serial, parallel, "-") + " " + (r.violationFound() ? "violation found"
          : "NO VIOLATION FOUND") + String.format(Locale.ROOT, "; < %.0f CPU-s: %s", PROBE_RACE_4_TARGET_SECONDS,
          met(r.exhaustive() && serial.cpuSeconds() < PROBE_RACE_4_TARGET_SECONDS)));
      Counterexample c = r.counterexample();
      if (c != null) {
        out.println(String.format(Locale.ROOT, "  %s: %d-step violation, %.2f s after the search; %s", race4.name(),
            c.steps().size(), (r.elapsedMillis() - r.searchMillis()) / 1e3, c.note()));
      }
      out.flush();
    }
    Scenario race = Library.load("probe-race-2x2");
    ExplorePlan plan = new ExplorePlan(race.name(), race, ExplorePlan.defaults(race, Strategy.EXHAUSTIVE)
        .withTimeBudget(time).withLevels(levels), true, Outcomes.OBSERVABLE, ConfigOverrides.NONE);
    Measured serial = Measured.of(plan);
    Measured parallel = Measured.of(new ExplorePlan(race.name(), race, ExplorePlan.defaults(race, Strategy.EXHAUSTIVE)
        .withTimeBudget(time).withThreads(threads).withLevels(levels), true, Outcomes.OBSERVABLE, ConfigOverrides.NONE));
    ExplorationReport r = serial.report();
    out.println(row(race.name(), serial, parallel, "-") + " " + (r.violationFound() ? "violation found"
        : "NO VIOLATION FOUND"));
    Counterexample cex = r.counterexample();
    if (cex != null) {
      StringBuilder sb = new StringBuilder();
      sb.append('\n').append(cex.shortest() ? "Shortest violating schedule" : "A violating schedule (not proven "
          + "shortest)").append(" of ").append(race.name()).append(" (").append(cex.steps().size())
          .append(" steps):\n");
      ExploreText.steps(sb, cex.steps(), StepNotes.of(plan.replay(cex).trace(), cex.steps().size()));
      sb.append("violated:\n");
      cex.verdict().details().forEach(d -> sb.append("  ").append(d).append('\n'));
      sb.append("replay:   ").append(plan.replayCommand(cex)).append('\n');
      out.print(sb);
    }
    out.flush();
    return ExitCode.OK.code();
  }

  /**
   * One exploration with its process CPU time and wall time.
   *
   * @param report what it found
   * @param cpuSeconds CPU seconds of the whole process (user + system, every thread) while it ran
   * @param wallSeconds elapsed seconds
   */
  private record Measured(ExplorationReport report, double cpuSeconds, double wallSeconds) {
    static Measured of(ExplorePlan plan) {
      long cpu0 = processCpuNanos();
      long wall0 = System.nanoTime();
      ExplorationReport r = plan.explore(ProgressListener.NONE);
      return new Measured(r, (processCpuNanos() - cpu0) / 1e9, (System.nanoTime() - wall0) / 1e9);
    }
  }

  private static long processCpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }

  private ExplorePlan plan(Scenario s, Duration time, int threads) {
    ExploreOptions o = ExplorePlan.defaults(s, Strategy.EXHAUSTIVE).withTimeBudget(time).withThreads(threads)
        .withLevels(levels);
    return new ExplorePlan(s.name(), s, o, true, Outcomes.OBSERVABLE, ConfigOverrides.NONE);
  }

  /**
   * Serial columns, parallel columns, then the outcome classes (MISMATCH when the two searches
   * disagree on them or their counts; the states stored may differ, see ParallelStatefulSearch).
   */
  private static String row(String name, Measured serial, Measured parallel, String expectedOutcomes) {
    ExplorationReport r = serial.report();
    ExplorationReport p = parallel.report();
    boolean same = r.exhaustive() == p.exhaustive() && counts(r).equals(counts(p));
    return String.format(Locale.ROOT, "%-16s %10d %10d %12d %8.2f %8.2f | %10d %8.2f %8.2f %7.2fx | %9d %6s %-10s %8.1f",
        name, r.states(), r.schedules(), r.transitions(), serial.cpuSeconds(), serial.wallSeconds(), p.states(),
        parallel.cpuSeconds(), parallel.wallSeconds(), serial.wallSeconds() / parallel.wallSeconds(),
        r.outcomes().size(), expectedOutcomes, !same ? "MISMATCH" : r.exhaustive() ? "complete" : "CUT SHORT",
        r.bytesPerState());
  }

  private static java.util.Map<String, Long> counts(ExplorationReport r) {
    java.util.Map<String, Long> out = new java.util.TreeMap<>();
    r.outcomes().forEach((k, c) -> out.put(k, c.count()));
    return out;
  }

  private static long factorial(int t) {
    long f = 1;
    for (int i = 2; i <= t; i++) {
      f *= i;
    }
    return f;
  }
}
