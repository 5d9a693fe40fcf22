package dev.matchpoint.scenario.export;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.MinimalPrettyPrinter;
import dev.matchpoint.mpi.trace.Trace;
import dev.matchpoint.mpi.trace.TraceEvent;
import dev.matchpoint.mpi.trace.TraceSink;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;

/**
 * Writes a run's events as JSON Lines, schema {@value #SCHEMA} version {@value #VERSION} ({@code
 * docs/trace-format.md}): a header object, then one object per event with {@code step}, {@code
 * time_ns}, {@code rank}, {@code thread}, {@code kind} and the event's own fields, in a fixed
 * order. The same run always gives the same bytes.
 *
 * <p>The events are written as the run produces them ({@link Events}, a {@link TraceSink}), and
 * the header, which names the run's schedule, once it has ended ({@link #writeHeader}); {@link
 * AtomicFileWriter.Staged} puts the header before the events on disk. Neither holds events.
 */
public final class JsonLinesTraceWriter {
  /** The schema name in the header. */
  public static final String SCHEMA = "matchpoint-trace";
  /** The schema version in the header; raised on any incompatible change. */
  public static final int VERSION = 1;

  private JsonLinesTraceWriter() {}

  /**
   * Writes a stored trace: the header line, then one line per event.
   *
   * @param out the stream (left open)
   * @param header the run's identity
   * @param trace the events
   * @throws IOException when writing fails
   */
  public static void write(OutputStream out, TraceHeader header, Trace trace) throws IOException {
    writeHeader(out, header);
    Events events = new Events(out);
    try {
      trace.events().forEach(events::emit);
      events.flush();
    } catch (UncheckedIOException x) {
      throw x.getCause();
    }
  }

  /**
   * Writes the header line (newline-terminated).
   *
   * @param out the stream (left open, flushed)
   * @param header the run's identity
   * @throws IOException when writing fails
   */
  public static void writeHeader(OutputStream out, TraceHeader header) throws IOException {
    try (JsonGenerator g = JsonFields.generator(out)) {
      g.writeStartObject();
      g.writeStringField("schema", SCHEMA);
      g.writeNumberField("version", VERSION);
      g.writeStringField("scenario", header.scenario());
      g.writeNumberField("seed", header.seed());
      g.writeStringField("mode", header.mode());
      g.writeStringField("schedule", header.schedule());
      g.writeEndObject();
      g.writeRaw('\n');
    }
  }

  /**
   * Writes each event it receives as one line, at once; keeps nothing but the generator's buffer.
   * Write errors surface as {@link UncheckedIOException} from {@link #emit}.
   */
  public static final class Events implements TraceSink {
    private final JsonGenerator g;
    private final JsonFields fields;

    /**
     * Starts writing events to {@code out}.
     *
     * @param out the stream (left open)
     * @throws IOException when the generator cannot be created
     */
    public Events(OutputStream out) throws IOException {
      this.g = JsonFields.generator(out);
      g.setPrettyPrinter(new MinimalPrettyPrinter(""));
      this.fields = new JsonFields(g);
    }

    @Override
    public void emit(TraceEvent e) {
      try {
        g.writeStartObject();
        g.writeNumberField("step", e.step());
        g.writeNumberField("time_ns", e.timeNs());
        g.writeNumberField("rank", e.rank());
        g.writeNumberField("thread", e.thread());
        g.writeStringField("kind", e.kind());
        e.writeFields(fields);
        g.writeEndObject();
        g.writeRaw('\n');
      } catch (IOException x) {
        throw new UncheckedIOException(x);
      }
    }

    /**
     * Writes out what the generator buffers.
     *
     * @throws IOException when writing fails
     */
    public void flush() throws IOException {
      g.flush();
    }
  }
}
