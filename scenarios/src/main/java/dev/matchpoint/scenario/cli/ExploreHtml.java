package dev.matchpoint.scenario.cli;

import com.google.common.escape.Escaper;
import com.google.common.html.HtmlEscapers;
import dev.matchpoint.core.explore.Counterexample;
import dev.matchpoint.core.explore.ExplorationReport;
import dev.matchpoint.core.sched.Schedule;
import dev.matchpoint.scenario.Scenario;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * The page of {@code matchpoint explore --html}: one self-contained HTML document (no script, no
 * fetch of any kind, the styles inline) with the search's extent, the outcome classes and their
 * counts, the message sequence chart of the shortest violating schedule as inline SVG ({@link
 * ExploreChart}) and the command that replays it. Every text from the scenario or the model is
 * HTML-escaped. The page shows no elapsed time or heap figure: an exploration
 * that is deterministic (every strategy but the exhaustive one on several threads, whose states and
 * example schedules vary) gives the same page every time.
 */
final class ExploreHtml {
  /** The most outcome classes listed; the rest are counted. */
  static final int CLASS_ROWS = 1000;

  private static final Escaper HTML = HtmlEscapers.htmlEscaper();

  private static final String STYLE = """
      body{font-family:sans-serif;margin:1.5em;color:#1a1a1a;max-width:100%}
      h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.6em}
      table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.25em .6em;text-align:left;vertical-align:top}
      th{background:#f2f2f2}tr.violation td{background:#fff0f0}td.verdict{font-weight:bold}
      tr.violation td.verdict,.violated{color:#c00000}code,pre{font-family:monospace}
      pre{background:#f6f6f6;padding:.6em;overflow-x:auto}figure{margin:0;overflow-x:auto}
      ul.outcome{margin:0;padding-left:1.1em}""";

  private ExploreHtml() {}

  /**
   * Renders the page.
   *
   * @param plan the exploration that ran
   * @param r its report
   * @param exit the exit code it maps to
   * @param svg the chart of the report's counterexample ({@link ExploreChart#svg}), or null when
   *     there is none
   * @return the document, UTF-8
   */
  static byte[] render(ExplorePlan plan, ExplorationReport r, ExitCode exit, byte[] svg) {
    Scenario s = plan.scenario();
    StringBuilder sb = new StringBuilder();
    sb.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>matchpoint explore: ")
        .append(esc(s.name())).append("</title>\n<style>\n").append(STYLE).append("\n</style>\n</head>\n<body>\n");
    sb.append("<h1>matchpoint explore: ").append(esc(s.name())).append("</h1>\n<table id=\"summary\">\n");
    row(sb, "scenario", s.name() + (s.expect() != null ? " (expect " + s.expect().configName() + ")" : ""));
    if (!s.source().isEmpty()) {
      row(sb, "source", s.source());
    }
    row(sb, "strategy", plan.options().strategy().configName() + " (reduction: " + plan.reductionName()
        + ", outcomes: " + plan.outcomes().configName() + ")");
    row(sb, "model", RunPlan.modelOptions(s) + RunPlan.cfgBanner(plan.cfg()));
    row(sb, "search", ExploreText.search(plan, r));
    row(sb, "schedules", Long.toString(r.schedules()));
    row(sb, "states", r.states() == 0 ? "not stored by this strategy" : r.states() + " stored");
    row(sb, "result", ExploreText.result(plan, r) + " (exit " + exit.code() + ")");
    sb.append("</table>\n");
    Counterexample cex = r.counterexample();
    if (cex == null) {
      sb.append("<h2>Counterexample</h2>\n<p id=\"no-counterexample\">No schedule violates a check: there is no "
          + "counterexample to draw.</p>\n");
    } else {
      String phrase = ExploreText.lengthPhrase(cex);
      sb.append("<h2>").append(esc(Character.toUpperCase(phrase.charAt(0)) + phrase.substring(1))).append(" (")
          .append(cex.steps().size()).append(" steps)</h2>\n<p>").append(esc(cex.note())).append("</p>\n");
      if (svg != null) {
        String doc = new String(svg, StandardCharsets.UTF_8);
        int at = doc.indexOf("<svg");
        sb.append("<figure id=\"chart\">\n").append(at < 0 ? doc : doc.substring(at)).append("\n</figure>\n");
      }
      sb.append("<p class=\"violated\">Violated:</p>\n<ul class=\"violated\">\n");
      cex.verdict().details().forEach(d -> sb.append("<li>").append(esc(d)).append("</li>\n"));
      sb.append("</ul>\n<h2>Replay</h2>\n<pre id=\"replay\"><code>").append(esc(plan.replayCommand(cex)))
          .append("</code></pre>\n");
    }
    outcomes(sb, plan, r);
    sb.append("</body>\n</html>\n");
    return sb.toString().getBytes(StandardCharsets.UTF_8);
  }

  private static void outcomes(StringBuilder sb, ExplorePlan plan, ExplorationReport r) {
    long violating = r.outcomes().values().stream().filter(o -> o.verdict().violation()).count();
    sb.append("<h2>Outcome classes</h2>\n<p>").append(r.outcomes().size()).append(" distinct, ").append(violating)
        .append(" violating a check.</p>\n<table id=\"outcomes\">\n<tr><th>verdict</th><th>count</th>"
            + "<th>outcome</th><th>example schedule</th></tr>\n");
    Map<String, Schedule> schedules = plan.schedules(r);
    int shown = 0;
    for (Map.Entry<String, ExplorationReport.OutcomeClass> e : r.outcomes().entrySet()) {
      if (shown++ == CLASS_ROWS) {
        sb.append("<tr><td colspan=\"4\">... ").append(r.outcomes().size() - CLASS_ROWS)
            .append(" more (all of them: --json)</td></tr>\n");
        break;
      }
      boolean bad = e.getValue().verdict().violation();
      sb.append(bad ? "<tr class=\"violation\">" : "<tr>").append("<td class=\"verdict\">")
          .append(bad ? "VIOLATION" : "ok").append("</td><td>").append(e.getValue().count())
          .append("</td><td><ul class=\"outcome\">");
      for (String part : e.getKey().split(" \\| ")) {
        sb.append("<li>").append(esc(part)).append("</li>");
      }
      sb.append("</ul></td><td><code>").append(esc(schedules.get(e.getKey()).toString())).append("</code></td></tr>\n");
    }
    sb.append("</table>\n");
  }

  private static void row(StringBuilder sb, String name, String value) {
    sb.append("<tr><th>").append(esc(name)).append("</th><td>").append(esc(value)).append("</td></tr>\n");
  }

  private static String esc(String text) {
    return HTML.escape(text);
  }
}
