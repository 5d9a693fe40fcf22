package dev.matchpoint.scenario.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.matchpoint.core.explore.Verdict;
import java.io.IOException;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The structured fields of an outcome class and of a counterexample's steps in {@code explore
 * --json} (schema {@code docs/schemas/explore-report.schema.json}), written from the parts the
 * model gives each class ({@link Verdict#parts()}) and from each step's text, whose forms are the
 * model's ({@code World.describe}): {@code r2.t0 MPI_Recv(...) at FILE:LINE:COL [alternative]} for a
 * thread's call, {@code deliver EAGER 0->2 #0 (message 0#0, tag 0)} for a packet's delivery.
 */
final class OutcomeFields {
  /** A thread's call: thread, call, optional location, optional alternative in brackets. */
  private static final Pattern CALL = Pattern.compile("(r\\d+\\.t\\d+) (.*?)(?: at (\\S+:\\d+:\\d+))?(?: \\[(.*)])?");
  /** A packet's delivery: kind, link, link sequence number, optional message and tag. */
  private static final Pattern DELIVERY =
      Pattern.compile("deliver (\\S+) (\\d+)->(\\d+) #(\\d+)(?: \\(message (\\S+), tag (-?\\d+)\\))?");
  /** A thread name at the start of a receipt or probe item: {@code r2.t0} or {@code r2.t0#3}. */
  private static final Pattern RECEIVER = Pattern.compile("(r\\d+\\.t\\d+)(#\\d+)?");

  private OutcomeFields() {}

  /**
   * Writes {@code result} and the arrays {@code receipts}, {@code probes}, {@code blocked},
   * {@code problems} and {@code violations} (each present, empty when the class has none).
   *
   * @param g the generator, inside the class's object
   * @param v the class's verdict
   * @throws IOException from the generator
   */
  static void write(JsonGenerator g, Verdict v) throws IOException {
    g.writeStringField("result", items(v, "result").isEmpty() ? null : items(v, "result").get(0));
    g.writeArrayFieldStart("receipts");
    for (String item : items(v, "receipts")) {
      received(g, item, true);
    }
    g.writeEndArray();
    g.writeArrayFieldStart("probes");
    for (String item : items(v, "probes")) {
      received(g, item, false);
    }
    g.writeEndArray();
    g.writeArrayFieldStart("blocked");
    for (String item : items(v, "blocked")) {
      g.writeStartObject();
      Matcher m = CALL.matcher(item);
      if (m.matches()) {
        g.writeStringField("thread", m.group(1));
        g.writeStringField("call", m.group(2));
        g.writeStringField("location", m.group(3));
      } else {
        g.writeStringField("thread", null);
        g.writeStringField("call", item);
        g.writeStringField("location", null);
      }
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeArrayFieldStart("problems");
    for (String item : items(v, "problems")) {
      g.writeString(item);
    }
    g.writeEndArray();
    g.writeArrayFieldStart("violations");
    for (String item : items(v, "violations")) {
      int colon = item.indexOf(": ");
      g.writeStartObject();
      g.writeStringField("check", colon < 0 ? null : item.substring(0, colon));
      g.writeStringField("message", colon < 0 ? item : item.substring(colon + 2));
      g.writeEndObject();
    }
    g.writeEndArray();
  }

  /**
   * Writes one step of a counterexample as an object: {@code step} (from 1), {@code kind}
   * ({@code call}, {@code delivery} or {@code other}), {@code text}, the kind's fields, and
   * {@code notes} (what the step did, empty when nothing to say).
   *
   * @param g the generator, inside the steps array
   * @param step the step's number, from 1
   * @param text the step as the explorer describes it
   * @param notes what the replay says the step did
   * @throws IOException from the generator
   */
  static void step(JsonGenerator g, int step, String text, String notes) throws IOException {
    g.writeStartObject();
    g.writeNumberField("step", step);
    Matcher delivery = DELIVERY.matcher(text);
    Matcher call = CALL.matcher(text);
    if (delivery.matches()) {
      g.writeStringField("kind", "delivery");
      g.writeStringField("text", text);
      g.writeStringField("packet", delivery.group(1));
      g.writeNumberField("source", Integer.parseInt(delivery.group(2)));
      g.writeNumberField("dest", Integer.parseInt(delivery.group(3)));
      g.writeNumberField("link_seq", Long.parseLong(delivery.group(4)));
      g.writeStringField("message", delivery.group(5));
      if (delivery.group(6) == null) {
        g.writeNullField("tag");
      } else {
        g.writeNumberField("tag", Integer.parseInt(delivery.group(6)));
      }
    } else if (call.matches()) {
      g.writeStringField("kind", "call");
      g.writeStringField("text", text);
      g.writeStringField("thread", call.group(1));
      g.writeStringField("call", call.group(2));
      g.writeStringField("location", call.group(3));
      g.writeStringField("alternative", call.group(4));
    } else {
      g.writeStringField("kind", "other");
      g.writeStringField("text", text);
    }
    g.writeStringField("notes", notes);
    g.writeEndObject();
  }

  /**
   * A receipt item {@code r2.t0#0<-0#0,1#0} as {thread, request, messages} (request null under
   * fine outcome classes, whose items name threads), or a probe item {@code r2.t0<-0#0} as
   * {thread, messages}.
   */
  private static void received(JsonGenerator g, String item, boolean receipt) throws IOException {
    int arrow = item.indexOf("<-");
    String who = arrow < 0 ? item : item.substring(0, arrow);
    Matcher m = RECEIVER.matcher(who);
    g.writeStartObject();
    g.writeStringField("thread", m.matches() ? m.group(1) : who);
    if (receipt) {
      g.writeStringField("request", m.matches() && m.group(2) != null ? who : null);
    }
    g.writeArrayFieldStart("messages");
    if (arrow >= 0) {
      for (String message : item.substring(arrow + 2).split(",")) {
        g.writeString(message);
      }
    }
    g.writeEndArray();
    g.writeEndObject();
  }

  private static List<String> items(Verdict v, String part) {
    for (Verdict.Part p : v.parts()) {
      if (p.name().equals(part)) {
        return p.items();
      }
    }
    return List.of();
  }
}
