package dev.matchpoint.scenario.cli;

import dev.matchpoint.core.explore.Counterexample;
import dev.matchpoint.core.explore.ExplorationReport;
import dev.matchpoint.core.explore.Strategy;
import dev.matchpoint.core.sched.Schedule;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.scenario.Scenario;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The human-readable report of {@code matchpoint explore}: how far the search got, the distinct
 * outcome classes with their counts (violating ones marked, the first {@value #CLASS_LINES}
 * listed), and, when a check can be violated, the shortest violating schedule as numbered MPI
 * steps with the command that replays it. Only the {@code elapsed:} line (seconds, states per second,
 * peak heap) and, with {@code --engine spark}, the engine's seconds and megabytes per level and
 * executor ({@link EngineReport}) depend on the machine, unless the time or memory budget stopped a phase (or the memory
 * budget is the default share of the heap, which the banner shows).
 */
final class ExploreText {
  /** The most outcome classes listed; the rest are counted. */
  static final int CLASS_LINES = 50;

  private ExploreText() {}

  /**
   * Renders the report (without the banner, which is printed before the search starts).
   *
   * @param plan the exploration that ran
   * @param r its report
   * @param exit the exit code it maps to
   * @param engine {@code --engine}'s name, or null for this process's searches
   * @param figures the engine's figures, added after {@code elapsed:} ({@link EngineReport}), or null
   * @return newline-terminated lines
   */
  static String render(ExplorePlan plan, ExplorationReport r, ExitCode exit, String engine,
      ExploreEngine.Figures figures) {
    Scenario s = plan.scenario();
    StringBuilder sb = new StringBuilder();
    sb.append("scenario:    ").append(s.name());
    if (s.expect() != null) {
      sb.append(" (expect ").append(s.expect().configName()).append(')');
    }
    sb.append('\n');
    if (!s.source().isEmpty()) {
      sb.append("source:      ").append(s.source()).append('\n');
    }
    sb.append("search:      ").append(search(plan, r)).append('\n');
    String parallel = parallel(plan) ? " [" + plan.options().threads() + " threads: varies from run to run]" : "";
    sb.append("schedules:   ").append(r.schedules()).append(plan.options().strategy() == Strategy.EXHAUSTIVE
        ? " (leaves of the search: final states, states already explored, fully sleeping states)" : "")
        .append(parallel).append('\n');
    sb.append("states:      ").append(r.states() == 0 ? "not stored by this strategy" : r.states() + " stored")
        .append(parallel).append('\n');
    sb.append("transitions: ").append(r.transitions()).append(parallel).append('\n');
    sb.append("depth:       ").append(r.maxDepth()).append(" steps at most").append(parallel).append('\n');
    if (r.stoppedBy() != null) {
      sb.append("stopped by:  ").append(r.stoppedBy().configName()).append(" budget");
      if (r.frontier() >= 0) {
        sb.append(", with ").append(r.frontier()).append(" transitions left unexplored on the search stack");
      }
      sb.append('\n');
    }
    sb.append("elapsed:     ").append(String.format(Locale.ROOT, "%.2f s (search %.2f s", r.elapsedMillis() / 1000.0,
        r.searchMillis() / 1000.0));
    if (r.states() > 0) {
      sb.append(", ").append(r.statesPerSecond()).append(" states/s");
    }
    sb.append(String.format(Locale.ROOT, "); heap in use at most %d MB, garbage included (memory budget: %d MB "
        + "live)%n", r.peakHeapBytes() >> 20, plan.options().memoryBudgetBytes() >> 20));
    if (figures != null) {
      EngineReport.text(sb, engine, figures);
    }
    long violating = r.outcomes().values().stream().filter(o -> o.verdict().violation()).count();
    sb.append("outcomes:    ").append(r.outcomes().size()).append(" distinct, ").append(violating)
        .append(" violating a check (count = ").append(stateful(plan) ? "distinct final states" : "schedules")
        .append(" reaching it)").append(parallel.isEmpty() ? "" : "; the example schedules" + parallel)
        .append('\n');
    Map<String, Schedule> schedules = plan.schedules(r);
    int shown = 0;
    for (Map.Entry<String, ExplorationReport.OutcomeClass> e : r.outcomes().entrySet()) {
      if (shown++ == CLASS_LINES) {
        sb.append("  ... ").append(r.outcomes().size() - CLASS_LINES).append(" more (all of them: --json)\n");
        break;
      }
      ExplorationReport.OutcomeClass c = e.getValue();
      sb.append(String.format(Locale.ROOT, "  %-9s x%-6d schedule %s%n", c.verdict().violation() ? "VIOLATION" : "ok",
          c.count(), schedules.get(e.getKey())));
      for (String part : e.getKey().split(" \\| ")) {
        sb.append("      ").append(part).append('\n');
      }
    }
    Counterexample cex = r.counterexample();
    if (cex != null) {
      sb.append(lengthPhrase(cex)).append(" (").append(cex.steps().size()).append(" steps):\n");
      RunResult replay = plan.replay(cex);
      steps(sb, cex.steps(), StepNotes.of(replay.trace(), cex.steps().size()));
      sb.append("length:      ").append(cex.note()).append('\n');
      sb.append("violated:\n");
      for (String d : cex.verdict().details()) {
        sb.append("  ").append(d).append('\n');
      }
      sb.append("replay:      ").append(plan.replayCommand(cex)).append('\n');
      sb.append("             (the replay ends ").append(replay.outcome()).append(" with ")
          .append(replay.violations().size()).append(" violation(s): exit ").append(ExitCode.of(replay).code())
          .append(")\n");
    }
    sb.append("result:      ").append(result(plan, r)).append("  (exit ").append(exit.code()).append(")\n");
    return sb.toString();
  }

  /**
   * What is known of a counterexample's length, in one phrase.
   *
   * @param cex the counterexample
   * @return e.g. {@code shortest violating schedule}
   */
  static String lengthPhrase(Counterexample cex) {
    return switch (cex.length()) {
      case SHORTEST -> "shortest violating schedule";
      case SHORTENED -> "shortened violating schedule (not proven shortest)";
      case AS_FOUND -> "a violating schedule (not proven shortest)";
    };
  }

  private static boolean stateful(ExplorePlan plan) {
    return plan.options().strategy() == Strategy.EXHAUSTIVE;
  }

  /**
   * The numbered step list of a schedule, each step followed by its effect when it had one.
   *
   * @param sb where to append
   * @param steps the step labels in MPI terms
   * @param notes one note per step ({@link StepNotes}), empty when there is nothing to say
   */
  static void steps(StringBuilder sb, List<String> steps, List<String> notes) {
    int width = Integer.toString(steps.size()).length();
    String indent = " ".repeat(width + 4);
    for (int i = 0; i < steps.size(); i++) {
      sb.append("  ").append(String.format(Locale.ROOT, "%" + width + "d", i + 1)).append(". ").append(steps.get(i))
          .append('\n');
      if (!notes.get(i).isEmpty()) {
        sb.append(indent).append("=> ").append(notes.get(i)).append('\n');
      }
    }
  }

  /**
   * Whether the depth-first exhaustive search ran on several threads: then the states stored, the
   * schedules (leaves) and transitions it counts and the example schedule of each outcome class
   * depend on the threads' interleaving (see ParallelStatefulSearch); outcome classes, their counts
   * and verdicts do not. The level-by-level search ({@code --levels}) prints one report on any
   * number of threads.
   *
   * @param plan the plan
   * @return true for the parallel depth-first exhaustive search
   */
  static boolean parallel(ExplorePlan plan) {
    return plan.options().strategy() == Strategy.EXHAUSTIVE && plan.options().threads() > 1
        && !plan.options().levels();
  }

  /**
   * How far the search got, in one phrase.
   *
   * @param plan the plan
   * @param r the report
   * @return e.g. {@code exhaustive (search complete)}
   */
  static String search(ExplorePlan plan, ExplorationReport r) {
    if (r.exhaustive()) {
      return "exhaustive (" + r.stopReason() + "): every outcome the scenario can reach is listed below";
    }
    if (ExplorePlan.sampling(plan.options().strategy())) {
      return "sampled, not exhaustive (" + r.stopReason() + "): " + plan.options().strategy().configName()
          + " sampling never proves an outcome unreachable";
    }
    return "NOT exhaustive (" + r.stopReason() + "): outcomes beyond the budget may be missing";
  }

  /**
   * The verdict in one phrase.
   *
   * @param plan the plan
   * @param r the report
   * @return e.g. {@code no violation in any schedule}
   */
  static String result(ExplorePlan plan, ExplorationReport r) {
    if (r.violationFound()) {
      return "violation found";
    }
    if (r.exhaustive()) {
      return "no violation in any schedule (exhaustive)";
    }
    return plan.cutShort(r) ? "no violation found before the budget ran out (not exhaustive)"
        : "no violation found in " + r.schedules() + " sampled schedules (not exhaustive)";
  }
}
