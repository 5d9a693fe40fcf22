package dev.matchpoint.scenario.cli;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.matchpoint.core.explore.Counterexample;
import dev.matchpoint.core.explore.ExplorationReport;
import dev.matchpoint.core.explore.ExploreOptions;
import dev.matchpoint.core.explore.Verdict;
import dev.matchpoint.core.sched.Schedule;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * The report of {@code explore --json}: one JSON object on one line, every outcome class listed.
 * Fields are documented in {@code docs/cli.md}; only {@code elapsed_ms}, {@code search_ms}, {@code states_per_second},
 * {@code peak_heap_bytes}, {@code memory_budget_bytes} (a share of the heap by default) and, with
 * {@code --engine spark}, the {@code engine} object's seconds and bytes depend on the machine.
 */
final class ExploreJson {
  /** The schema name in the report ({@code docs/schemas/explore-report.schema.json}). */
  static final String SCHEMA = "matchpoint-explore-report";
  /** The schema version; raised on any incompatible change. */
  static final int VERSION = 1;

  private ExploreJson() {}

  /**
   * Renders the report.
   *
   * @param plan the exploration that ran
   * @param r its report
   * @param exit the exit code it maps to
   * @param engine {@code --engine}'s name, or null for this process's searches
   * @param figures the engine's figures, the {@code engine} field ({@link EngineReport}), or null for none
   * @return one line of JSON, newline-terminated
   */
  static String render(ExplorePlan plan, ExplorationReport r, ExitCode exit, String engine,
      ExploreEngine.Figures figures) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ExploreOptions o = plan.options();
    try (JsonGenerator g = new JsonFactory().createGenerator(out, JsonEncoding.UTF8)) {
      g.writeStartObject();
      g.writeStringField("schema", SCHEMA);
      g.writeNumberField("version", VERSION);
      g.writeStringField("scenario", plan.scenario().name());
      g.writeStringField("file", plan.file());
      g.writeStringField("expect", plan.scenario().expect() == null ? null : plan.scenario().expect().configName());
      g.writeNumberField("seed", o.seed());
      g.writeStringField("strategy", o.strategy().configName());
      g.writeNumberField("schedule_budget", o.scheduleBudget());
      g.writeNumberField("time_budget_ms", o.timeBudget().toMillis());
      if (o.maxStates() == Long.MAX_VALUE) {
        g.writeNullField("max_states");
      } else {
        g.writeNumberField("max_states", o.maxStates());
      }
      g.writeNumberField("memory_budget_bytes", o.memoryBudgetBytes());
      g.writeNumberField("pct_depth", o.pctDepth());
      g.writeNumberField("max_steps", o.maxSteps());
      g.writeStringField("reduction", plan.reductionName());
      g.writeStringField("banner", plan.banner());
      g.writeBooleanField("exhaustive", r.exhaustive());
      g.writeStringField("stop_reason", r.stopReason());
      g.writeStringField("stopped_by", r.stoppedBy() == null ? null : r.stoppedBy().configName());
      g.writeNumberField("schedules", r.schedules());
      g.writeNumberField("states", r.states());
      g.writeNumberField("transitions", r.transitions());
      g.writeNumberField("max_depth", r.maxDepth());
      if (r.frontier() < 0) {
        g.writeNullField("frontier");
      } else {
        g.writeNumberField("frontier", r.frontier());
      }
      g.writeNumberField("elapsed_ms", r.elapsedMillis());
      g.writeNumberField("search_ms", r.searchMillis());
      g.writeNumberField("states_per_second", r.statesPerSecond());
      g.writeNumberField("peak_heap_bytes", r.peakHeapBytes());
      g.writeBooleanField("violation_found", r.violationFound());
      if (figures != null) {
        EngineReport.json(g, engine, figures);
      }
      outcomes(g, r, plan.schedules(r));
      counterexample(g, plan, r.counterexample());
      g.writeNumberField("exit_code", exit.code());
      g.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString(StandardCharsets.UTF_8) + "\n";
  }

  private static void outcomes(JsonGenerator g, ExplorationReport r, Map<String, Schedule> schedules)
      throws IOException {
    g.writeArrayFieldStart("outcomes");
    for (Map.Entry<String, ExplorationReport.OutcomeClass> e : r.outcomes().entrySet()) {
      ExplorationReport.OutcomeClass c = e.getValue();
      g.writeStartObject();
      outcomeClass(g, c.verdict());
      g.writeNumberField("count", c.count());
      g.writeStringField("schedule", schedules.get(e.getKey()).toString());
      g.writeEndObject();
    }
    g.writeEndArray();
  }

  /**
   * An outcome class's fields: {@code class} (its one-line text, the class's identity),
   * {@code violation}, and its parts as structured fields ({@link OutcomeFields}).
   */
  private static void outcomeClass(JsonGenerator g, Verdict v) throws IOException {
    g.writeStringField("class", v.outcome());
    g.writeBooleanField("violation", v.violation());
    OutcomeFields.write(g, v);
  }

  private static void counterexample(JsonGenerator g, ExplorePlan plan, Counterexample cex) throws IOException {
    if (cex == null) {
      g.writeNullField("counterexample");
      g.writeNullField("replay");
      return;
    }
    g.writeObjectFieldStart("counterexample");
    g.writeBooleanField("shortest", cex.shortest());
    g.writeStringField("length", cex.length().configName());
    g.writeStringField("length_note", cex.note());
    g.writeStringField("schedule", cex.schedule().trimmed().toString());
    outcomeClass(g, cex.verdict());
    List<String> notes = StepNotes.of(plan.replay(cex).trace(), cex.steps().size());
    g.writeArrayFieldStart("steps");
    for (int i = 0; i < cex.steps().size(); i++) {
      OutcomeFields.step(g, i + 1, cex.steps().get(i), notes.get(i));
    }
    g.writeEndArray();
    g.writeEndObject();
    g.writeStringField("replay", plan.replayCommand(cex));
  }

}
