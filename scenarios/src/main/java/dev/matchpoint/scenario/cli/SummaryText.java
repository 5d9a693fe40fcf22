package dev.matchpoint.scenario.cli;

import dev.matchpoint.mpi.RequestIds;
import dev.matchpoint.mpi.check.Violation;
import dev.matchpoint.mpi.match.MessageIds;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.trace.TraceEvent;
import dev.matchpoint.scenario.Mode;
import dev.matchpoint.scenario.Scenario;
import java.util.List;
import java.util.Map;

/**
 * The human-readable summary of a run: outcome, steps, simulated end time, every match (capped at
 * {@value #MATCH_LINES} lines), cancel decisions (when there were any), problems, violations, the
 * deadlock report, queue-depth maxima, packet counts, the schedule and, on failure, the replay
 * command.
 */
final class SummaryText {
  /** The most match lines printed; the rest are counted. */
  static final int MATCH_LINES = 50;

  private SummaryText() {}

  /**
   * Renders the summary.
   *
   * @param plan the plan that ran
   * @param r its result
   * @param events what the run's events showed (at least {@link #MATCH_LINES} matches kept)
   * @param exit the exit code it maps to
   * @return the text, newline-terminated lines
   */
  static String render(RunPlan plan, RunResult r, SummaryEvents events, ExitCode exit) {
    Scenario s = plan.scenario();
    StringBuilder sb = new StringBuilder();
    sb.append("scenario:   ").append(s.name());
    if (s.expect() != null) {
      sb.append(" (expect ").append(s.expect().configName()).append(')');
    }
    sb.append('\n');
    if (!s.source().isEmpty()) {
      sb.append("source:     ").append(s.source()).append('\n');
    }
    sb.append("outcome:    ").append(r.outcome()).append(r.violations().isEmpty() ? "" : " with "
        + r.violations().size() + " violation(s)").append("  (exit ").append(exit.code()).append(")\n");
    sb.append("steps:      ").append(r.steps()).append('\n');
    sb.append("end time:   ").append(r.endTimeNs()).append(plan.mode() == Mode.TIMED ? " ns (simulated)\n"
        : " (logical: one unit per step)\n");
    sb.append("last recv:  ").append(r.lastReceiveNs() < 0 ? "none" : r.lastReceiveNs()
        + (plan.mode() == Mode.TIMED ? " ns (simulated; the last receive completed)" : " (logical: its step)"))
        .append('\n');
    List<TraceEvent.Matched> matches = events.matches();
    sb.append("matches:    ").append(events.matchCount()).append('\n');
    for (int i = 0; i < Math.min(matches.size(), MATCH_LINES); i++) {
      sb.append("  ").append(match(matches.get(i))).append('\n');
    }
    if (events.matchCount() > MATCH_LINES) {
      sb.append("  ... ").append(events.matchCount() - MATCH_LINES).append(" more\n");
    }
    List<TraceEvent.CancelDecided> cancels = events.cancels();
    if (!cancels.isEmpty()) {
      sb.append("cancels:    ").append(cancels.size()).append('\n');
      cancels.forEach(c -> sb.append("  ").append(cancel(c)).append('\n'));
    }
    sb.append("problems:   ").append(r.problems().isEmpty() ? "none" : r.problems().size()).append('\n');
    r.problems().forEach(p -> sb.append("  ").append(p).append('\n'));
    sb.append("violations: ").append(r.violations().isEmpty() ? "none" : r.violations().size()).append('\n');
    for (Violation v : r.violations()) {
      sb.append("  ").append(v).append('\n');
    }
    String report = r.report().toText();
    if (!report.isEmpty()) {
      sb.append(r.outcome() == dev.matchpoint.mpi.run.Outcome.DEADLOCK ? "deadlock:\n" : "state at the end:\n")
          .append(report);
    }
    sb.append("queue maxima (posted receives / unexpected messages):\n");
    int[][] q = r.queueMaxima();
    int shown = 0;
    for (int rank = 0; rank < q.length; rank++) {
      if (q.length <= 8 || q[rank][0] > 0 || q[rank][1] > 0) {
        sb.append("  rank ").append(rank).append(": ").append(q[rank][0]).append(" / ").append(q[rank][1])
            .append('\n');
        shown++;
      }
    }
    if (shown < q.length) {
      sb.append("  (").append(q.length - shown).append(" other ranks: 0 / 0)\n");
    }
    sb.append("packets:    ").append(packets(r.packetCounts())).append('\n');
    sb.append("schedule:   ").append(r.schedule().trimmed()).append('\n');
    if (exit != ExitCode.OK) {
      sb.append("replay:     ").append(plan.replayCommand(r)).append('\n');
    }
    return sb.toString();
  }

  /**
   * One match as a line.
   *
   * @param m the match event
   * @return e.g. {@code r2.t0 <- 1#0 via RECEIVE (tag 0, 4 B, step 9, t=2400)}
   */
  static String match(TraceEvent.Matched m) {
    return "r" + m.rank() + (m.thread() >= 0 ? ".t" + m.thread() : "") + " <- " + MessageIds.format(m.messageKey())
        + " via " + m.match() + " (tag " + m.tag() + ", " + m.sizeBytes() + " B, step " + m.step() + ", t="
        + m.timeNs() + ")";
  }

  /**
   * One cancel decision as a line.
   *
   * @param c the decision
   * @return e.g. {@code cancel of r0.t0#0 (message 0#0) succeeded at r1: ... (step 7, t=2800)}
   */
  static String cancel(TraceEvent.CancelDecided c) {
    return "cancel of " + RequestIds.format(c.requestId()) + (c.messageKey() < 0 ? "" : " (message "
        + MessageIds.format(c.messageKey()) + ")") + (c.cancelled() ? " succeeded" : " failed") + " at r" + c.rank()
        + (c.thread() >= 0 ? ".t" + c.thread() : "") + ": " + c.detail() + " (step " + c.step() + ", t="
        + c.timeNs() + ")";
  }

  private static String packets(Map<String, Long> counts) {
    if (counts.isEmpty()) {
      return "none";
    }
    StringBuilder sb = new StringBuilder();
    counts.forEach((k, v) -> sb.append(sb.length() == 0 ? "" : " ").append(k).append('=').append(v));
    return sb.toString();
  }
}
