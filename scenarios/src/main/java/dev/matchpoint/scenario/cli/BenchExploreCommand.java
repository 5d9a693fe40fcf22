package dev.matchpoint.scenario.cli;

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
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code matchpoint bench explore}: exhaustive exploration of the matched-probe pattern T x T (T
 * senders, T receiver threads each running MPI_Mprobe(MPI_ANY_SOURCE) then MPI_Mrecv; seed 000) for
 * T = 2..max, with states, schedules, transitions, seconds and outcome classes per row and the
 * targets 4x4 &lt; 1 s, 5x5 &lt; 10 s, 6x6 &lt; 120 s marked met or not met; then the library's probe
 * race 2 x 2 with its shortest violating schedule in MPI terms. Only the seconds column depends on the machine.
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
      "run MPI_Mprobe(MPI_ANY_SOURCE) then MPI_Mrecv) exhaustively for T = 2..max and print states,",
      "schedules (leaves of the search), transitions, seconds, outcome classes (T! when complete)",
      "and bytes of the visited-state set per stored state (B/state),",
      "with the targets 4x4 < 1 s, 5x5 < 10 s and 6x6 < 120 s marked met or not met. Then explore the",
      "probe race 2 x 2 and print its shortest violating schedule. A warm-up exploration of the 3 x 3",
      "pattern runs first, unreported. Exits 0 whether or not the targets are met."
    },
    footerHeading = "%nExamples:%n",
    footer = {"  matchpoint bench explore", "  matchpoint bench explore --max 4 --time-budget 30s",
        "  MATCHPOINT_JAVA_OPTS=-Xmx8g matchpoint bench explore"})
final class BenchExploreCommand implements Callable<Integer> {
  /** Largest T accepted: 8 x 8 has 8! = 40320 outcome classes and far more states. */
  static final int MAX_T = 8;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--max", paramLabel = "T", defaultValue = "6",
      description = "Largest T, 2.." + MAX_T + " (default: ${DEFAULT-VALUE}).")
  int max;

  @Option(names = "--time-budget", paramLabel = "DURATION", defaultValue = "10m",
      description = "Wall-clock budget of each exploration (default: ${DEFAULT-VALUE}).")
  String timeBudget;

  /**
   * The target of a pattern size, from the exploration issue.
   *
   * @param t the size
   * @return seconds, or -1 when T has no target
   */
  static double targetSeconds(int t) {
    return switch (t) {
      case 4 -> 1;
      case 5 -> 10;
      case 6 -> 120;
      default -> -1;
    };
  }

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (max < 2 || max > MAX_T) {
      return Cli.badInput(err, "--max must be in 2.." + MAX_T + ", got " + max);
    }
    Duration time;
    try {
      time = Durations.parse(timeBudget);
    } catch (IllegalArgumentException e) {
      return Cli.badInput(err, "--time-budget: " + e.getMessage());
    }
    plan(Patterns.matchedProbe(3), time).explore(ProgressListener.NONE);
    out.println("Exhaustive exploration (strategy exhaustive: stateful depth-first search with persistent sets,");
    out.println("sleep sets and a visited-state set); time budget " + Durations.format(time) + " each; 3x3 warm-up "
        + "first.");
    out.println(String.format(Locale.ROOT, "%-16s %10s %10s %12s %9s %9s %6s %-10s %8s %s", "scenario", "states",
        "schedules", "transitions", "seconds", "outcomes", "T!", "search", "B/state", "target"));
    for (int t = 2; t <= max; t++) {
      ExplorationReport r = plan(Patterns.matchedProbe(t), time).explore(ProgressListener.NONE);
      double seconds = r.elapsedMillis() / 1000.0;
      double target = targetSeconds(t);
      String verdict = target < 0 ? "-" : String.format(Locale.ROOT, "< %.0f s: %s", target,
          r.exhaustive() && seconds < target ? "met" : "NOT MET");
      out.println(row(Patterns.matchedProbe(t).name(), r, Long.toString(factorial(t))) + " " + verdict);
      out.flush();
    }
    Scenario race = Library.load("probe-race-2x2");
    ExplorePlan plan = new ExplorePlan(race.name(), race, ExplorePlan.defaults(race, Strategy.EXHAUSTIVE)
        .withTimeBudget(time), true, Outcomes.OBSERVABLE);
    ExplorationReport r = plan.explore(ProgressListener.NONE);
    out.println(row(race.name(), r, "-") + " " + (r.violationFound() ? "violation found" : "NO VIOLATION FOUND"));
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

  private static ExplorePlan plan(Scenario s, Duration time) {
    ExploreOptions o = ExplorePlan.defaults(s, Strategy.EXHAUSTIVE).withTimeBudget(time);
    return new ExplorePlan(s.name(), s, o, true, Outcomes.OBSERVABLE);
  }

  private static String row(String name, ExplorationReport r, String expectedOutcomes) {
    return String.format(Locale.ROOT, "%-16s %10d %10d %12d %9.2f %9d %6s %-10s %8.1f", name, r.states(),
        r.schedules(), r.transitions(), r.elapsedMillis() / 1000.0, r.outcomes().size(), expectedOutcomes,
        r.exhaustive() ? "complete" : "CUT SHORT", r.bytesPerState());
  }

  private static long factorial(int t) {
    long f = 1;
    for (int i = 2; i <= t; i++) {
      f *= i;
    }
    return f;
  }
}
