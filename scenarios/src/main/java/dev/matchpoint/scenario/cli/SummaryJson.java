package dev.matchpoint.scenario.cli;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.matchpoint.mpi.RequestIds;
import dev.matchpoint.mpi.check.Violation;
import dev.matchpoint.mpi.match.MessageIds;
import dev.matchpoint.mpi.rank.StateReport;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * The summary as one JSON object for programs ({@code run --json}); fields are documented in
 * {@code docs/cli.md}, schema {@code docs/schemas/run-summary.schema.json}. Matches are all listed,
 * without the text summary's cap.
 */
final class SummaryJson {
  /** The schema name in the summary. */
  static final String SCHEMA = "matchpoint-run-summary";
  /** The schema version; raised on any incompatible change. */
  static final int VERSION = 1;

  private SummaryJson() {}

  /**
   * Renders the summary.
   *
   * @param plan the plan that ran
   * @param r its result
   * @param events what the run's events showed (every match kept)
   * @param exit the exit code it maps to
   * @return one line of JSON, newline-terminated
   */
  static String render(RunPlan plan, RunResult r, SummaryEvents events, ExitCode exit) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (JsonGenerator g = new JsonFactory().createGenerator(out, JsonEncoding.UTF8)) {
      g.writeStartObject();
      g.writeStringField("schema", SCHEMA);
      g.writeNumberField("version", VERSION);
      g.writeStringField("scenario", plan.scenario().name());
      g.writeStringField("file", plan.file());
      g.writeStringField("expect", plan.scenario().expect() == null ? null : plan.scenario().expect().configName());
      g.writeNumberField("seed", plan.seed());
      g.writeStringField("mode", plan.mode().configName());
      g.writeStringField("scheduler", plan.newScheduler().describe());
      g.writeStringField("banner", plan.banner());
      g.writeStringField("outcome", r.outcome().name());
      g.writeNumberField("exit_code", exit.code());
      g.writeNumberField("steps", r.steps());
      g.writeNumberField("end_time_ns", r.endTimeNs());
      if (r.lastReceiveNs() < 0) {
        g.writeNullField("last_receive_ns");
      } else {
        g.writeNumberField("last_receive_ns", r.lastReceiveNs());
      }
      g.writeStringField("schedule", r.schedule().trimmed().toString());
      g.writeStringField("replay", exit == ExitCode.OK ? null : plan.replayCommand(r));
      matches(g, events.matches());
      cancels(g, events.cancels());
      g.writeArrayFieldStart("problems");
      for (String p : r.problems()) {
        g.writeString(p);
      }
      g.writeEndArray();
      g.writeArrayFieldStart("violations");
      for (Violation v : r.violations()) {
        g.writeStartObject();
        g.writeStringField("check", v.check());
        g.writeStringField("message", v.message());
        g.writeNumberField("step", v.step());
        g.writeNumberField("rank", v.rank());
        g.writeNumberField("thread", v.thread());
        g.writeEndObject();
      }
      g.writeEndArray();
      report(g, r.report());
      g.writeArrayFieldStart("queue_maxima");
      int[][] q = r.queueMaxima();
      for (int rank = 0; rank < q.length; rank++) {
        g.writeStartObject();
        g.writeNumberField("rank", rank);
        g.writeNumberField("posted", q[rank][0]);
        g.writeNumberField("unexpected", q[rank][1]);
        g.writeEndObject();
      }
      g.writeEndArray();
      g.writeObjectFieldStart("packets");
      for (Map.Entry<String, Long> e : r.packetCounts().entrySet()) {
        g.writeNumberField(e.getKey(), e.getValue());
      }
      g.writeEndObject();
      g.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString(StandardCharsets.UTF_8) + "\n";
  }

  private static void matches(JsonGenerator g, List<TraceEvent.Matched> matches) throws IOException {
    g.writeArrayFieldStart("matches");
    for (TraceEvent.Matched m : matches) {
      g.writeStartObject();
      g.writeNumberField("rank", m.rank());
      g.writeNumberField("thread", m.thread());
      g.writeStringField("match", m.match().name());
      g.writeStringField("message", MessageIds.format(m.messageKey()));
      g.writeNumberField("source", m.source());
      g.writeNumberField("seq", MessageIds.seq(m.messageKey()));
      g.writeNumberField("tag", m.tag());
      g.writeNumberField("bytes", m.sizeBytes());
      g.writeNumberField("step", m.step());
      g.writeNumberField("time_ns", m.timeNs());
      g.writeEndObject();
    }
    g.writeEndArray();
  }

  private static void cancels(JsonGenerator g, List<TraceEvent.CancelDecided> cancels) throws IOException {
    g.writeArrayFieldStart("cancels");
    for (TraceEvent.CancelDecided c : cancels) {
      g.writeStartObject();
      g.writeStringField("request", RequestIds.format(c.requestId()));
      g.writeStringField("message", c.messageKey() < 0 ? null : MessageIds.format(c.messageKey()));
      g.writeBooleanField("cancelled", c.cancelled());
      g.writeNumberField("rank", c.rank());
      g.writeNumberField("thread", c.thread());
      g.writeStringField("detail", c.detail());
      g.writeNumberField("step", c.step());
      g.writeNumberField("time_ns", c.timeNs());
      g.writeEndObject();
    }
    g.writeEndArray();
  }

  private static void report(JsonGenerator g, StateReport report) throws IOException {
    g.writeObjectFieldStart("end_state");
    g.writeArrayFieldStart("blocked_threads");
    for (StateReport.BlockedThread t : report.threads()) {
      g.writeStartObject();
      g.writeStringField("thread", t.thread());
      g.writeStringField("call", t.call());
      g.writeStringField("waiting_for", t.waitingFor());
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeArrayFieldStart("ranks");
    for (StateReport.RankQueues q : report.ranks()) {
      g.writeStartObject();
      g.writeNumberField("rank", q.rank());
      strings(g, "posted_receives", q.postedReceives());
      strings(g, "unexpected_messages", q.unexpectedMessages());
      strings(g, "held_back", q.heldBack());
      g.writeEndObject();
    }
    g.writeEndArray();
    strings(g, "network", report.network());
    g.writeEndObject();
  }

  private static void strings(JsonGenerator g, String name, List<String> values) throws IOException {
    g.writeArrayFieldStart(name);
    for (String v : values) {
      g.writeString(v);
    }
    g.writeEndArray();
  }
}
