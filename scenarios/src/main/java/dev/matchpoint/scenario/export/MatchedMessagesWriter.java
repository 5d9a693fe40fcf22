package dev.matchpoint.scenario.export;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.MinimalPrettyPrinter;
import dev.matchpoint.mpi.trace.TraceEvent;
import dev.matchpoint.scenario.importer.TraceReplay;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Writes a trace replay's matched message list as JSON Lines (schema {@value #SCHEMA}, version
 * {@value #VERSION}; documented in {@code docs/trace-format.md}): a header line, one {@code message}
 * line per message the model delivered (send and receive operations, ranks, tag, bytes, simulated
 * send and match times, the queue depths after the match and the match search length, and whether
 * the trace recorded the same pairing), one {@code queue} line whenever a rank's posted receive or
 * unexpected message queue depth changed (depths over time), and a closing {@code summary} line with
 * per-rank maxima and the mean search length, in the spirit of the queue statistics of Ferreira,
 * Levy, Pedretti and Grant (EuroMPI 2017).
 */
public final class MatchedMessagesWriter {
  /** The schema name in the header. */
  public static final String SCHEMA = "matchpoint-messages";
  /** The schema version; raised on any incompatible change. */
  public static final int VERSION = 1;

  private MatchedMessagesWriter() {}

  /**
   * Writes the list.
   *
   * @param out where to write (not closed)
   * @param traceFile the trace's file name
   * @param format the trace format's name
   * @param report the replay's report
   * @throws IOException when writing fails
   */
  public static void write(OutputStream out, String traceFile, String format, TraceReplay.Report report)
      throws IOException {
    try (JsonGenerator g = JsonFields.generator(out)) {
      g.setPrettyPrinter(new MinimalPrettyPrinter("\n"));
      g.writeStartObject();
      g.writeStringField("schema", SCHEMA);
      g.writeNumberField("version", VERSION);
      g.writeStringField("trace", traceFile);
      g.writeStringField("format", format);
      g.writeBooleanField("recorded_matching", !report.recordedPairs().isEmpty());
      g.writeEndObject();
      for (TraceReplay.Delivered d : report.delivered()) {
        g.writeStartObject();
        g.writeStringField("kind", "message");
        g.writeStringField("send_location", Long.toUnsignedString(d.send().location()));
        g.writeNumberField("send_op", d.send().op() + 1);
        g.writeNumberField("sender_rank", d.senderRank());
        g.writeStringField("receive_location", Long.toUnsignedString(d.receive().location()));
        g.writeNumberField("receive_op", d.receive().op() + 1);
        g.writeNumberField("receiver_rank", d.receiverRank());
        g.writeNumberField("tag", d.tag());
        g.writeNumberField("bytes", d.bytes());
        g.writeNumberField("send_time_ns", d.sendTimeNs());
        g.writeNumberField("match_time_ns", d.matchTimeNs());
        g.writeNumberField("posted_depth", d.postedDepth());
        g.writeNumberField("unexpected_depth", d.unexpectedDepth());
        g.writeNumberField("search_length", d.searchLength());
        g.writeStringField("recorded_pairing", d.recorded());
        g.writeEndObject();
      }
      Map<Integer, int[]> maxima = new TreeMap<>();
      Map<Integer, int[]> current = new TreeMap<>();
      long searches = 0;
      long searched = 0;
      List<TraceEvent> events = report.run().trace().events();
      for (int i = 0; i < events.size(); i++) {
        TraceEvent e = events.get(i);
        int posted = -1;
        int unexpected = -1;
        if (e instanceof TraceEvent.Matched m) {
          posted = m.postedDepth();
          unexpected = m.unexpectedDepth();
          if (m.searchLength() > 0) {
            searches++;
            searched += m.searchLength();
          }
        } else if (e instanceof TraceEvent.QueuedUnexpected q) {
          unexpected = q.unexpectedDepth();
          posted = current.getOrDefault(e.rank(), new int[2])[0];
        } else if (e instanceof TraceEvent.ReceivePosted p) {
          if (i + 1 < events.size() && events.get(i + 1) instanceof TraceEvent.Matched m
              && m.requestId() == p.requestId()) {
            continue; // matched at once from the unexpected queue: it never joined the posted queue
          }
          int[] c = current.getOrDefault(e.rank(), new int[2]);
          posted = c[0] + 1;
          unexpected = c[1];
        } else {
          continue;
        }
        int[] c = current.computeIfAbsent(e.rank(), k -> new int[2]);
        if (c[0] == posted && c[1] == unexpected) {
          continue;
        }
        c[0] = posted;
        c[1] = unexpected;
        int[] mx = maxima.computeIfAbsent(e.rank(), k -> new int[2]);
        mx[0] = Math.max(mx[0], posted);
        mx[1] = Math.max(mx[1], unexpected);
        g.writeStartObject();
        g.writeStringField("kind", "queue");
        g.writeNumberField("time_ns", e.timeNs());
        g.writeNumberField("rank", e.rank());
        g.writeNumberField("posted", posted);
        g.writeNumberField("unexpected", unexpected);
        g.writeEndObject();
      }
      g.writeStartObject();
      g.writeStringField("kind", "summary");
      g.writeNumberField("messages", report.delivered().size());
      g.writeNumberField("recorded_pairs", report.recordedPairs().size());
      g.writeNumberField("different_pairs", report.differences().size());
      g.writeNumberField("mean_search_length", searches == 0 ? 0.0 : (double) searched / searches);
      g.writeArrayFieldStart("queue_maxima");
      for (Map.Entry<Integer, int[]> e : maxima.entrySet()) {
        g.writeStartObject();
        g.writeNumberField("rank", e.getKey());
        g.writeNumberField("posted", e.getValue()[0]);
        g.writeNumberField("unexpected", e.getValue()[1]);
        g.writeEndObject();
      }
      g.writeEndArray();
      g.writeEndObject();
      g.writeRaw('\n');
    }
  }
}
