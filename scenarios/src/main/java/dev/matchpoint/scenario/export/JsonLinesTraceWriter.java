package dev.matchpoint.scenario.export;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.MinimalPrettyPrinter;
import dev.matchpoint.mpi.trace.Trace;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;

/**
 * Writes a run's events as JSON Lines, schema {@value #SCHEMA} version {@value #VERSION} ({@code
 * docs/trace-format.md}): a header object, then one object per event with {@code step}, {@code
 * time_ns}, {@code rank}, {@code thread}, {@code kind} and the event's own fields, in a fixed
 * order. The same run always gives the same bytes.
 */
public final class JsonLinesTraceWriter {
  /** The schema name in the header. */
  public static final String SCHEMA = "matchpoint-trace";
  /** The schema version in the header; raised on any incompatible change. */
  public static final int VERSION = 1;

  private JsonLinesTraceWriter() {}

  /**
   * Writes the trace.
   *
   * @param out the stream (left open)
   * @param header the run's identity
   * @param trace the events
   * @throws IOException when writing fails
   */
  public static void write(OutputStream out, TraceHeader header, Trace trace) throws IOException {
    try (JsonGenerator g = JsonFields.generator(out)) {
      g.setPrettyPrinter(new MinimalPrettyPrinter("\n"));
      g.writeStartObject();
      g.writeStringField("schema", SCHEMA);
      g.writeNumberField("version", VERSION);
      g.writeStringField("scenario", header.scenario());
      g.writeNumberField("seed", header.seed());
      g.writeStringField("mode", header.mode());
      g.writeStringField("schedule", header.schedule());
      g.writeEndObject();
      JsonFields fields = new JsonFields(g);
      for (TraceEvent e : trace.events()) {
        g.writeStartObject();
        g.writeNumberField("step", e.step());
        g.writeNumberField("time_ns", e.timeNs());
        g.writeNumberField("rank", e.rank());
        g.writeNumberField("thread", e.thread());
        g.writeStringField("kind", e.kind());
        try {
          e.writeFields(fields);
        } catch (UncheckedIOException x) {
          throw x.getCause();
        }
        g.writeEndObject();
      }
      g.writeRaw('\n');
    }
  }
}
