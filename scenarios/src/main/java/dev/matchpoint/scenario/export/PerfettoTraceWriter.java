package dev.matchpoint.scenario.export;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.matchpoint.mpi.match.MessageIds;
import dev.matchpoint.mpi.trace.Trace;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Writes a run as Chrome trace-event JSON, which Perfetto (ui.perfetto.dev) and chrome://tracing
 * open. Layout:
 *
 * <ul>
 *   <li>one process per rank ({@code pid} = rank) with one track per thread ({@code tid} = thread,
 *       named {@code r2.t0}) and a {@code progress} track for events of the rank's matching engine
 *       (arrivals, unexpected messages);
 *   <li>a {@code network} process ({@code pid} = number of ranks) with one track per link and
 *       lane ({@code link 0->2}; overlapping packets take further lanes), packets as slices from
 *       injection to delivery;
 *   <li>MPI calls as complete ({@code "X"}) slices from the call to its return (calls still blocked
 *       at the end reach the end of the run);
 *   <li>a zero-length marker slice at each send ({@code send 0#0}) and each match ({@code RECEIVE
 *       0#0}, {@code PROBE}, {@code MPROBE}, {@code MRECV});
 *   <li>one flow arrow per received message, from its send marker ({@code "s"}) to the marker of
 *       the receive or matched receive that received it ({@code "f"}, bound to the enclosing slice).
 * </ul>
 *
 * <p>Times are microseconds with nanosecond precision ({@code ts = ns / 1000}); in logical mode one
 * step counts as one nanosecond.
 */
public final class PerfettoTraceWriter {
  private static final String CALL = "call";
  private static final String MESSAGE = "message";
  private final JsonGenerator g;
  private final int[] threadsPerRank;
  private final long endNs;

  private PerfettoTraceWriter(JsonGenerator g, int[] threadsPerRank, long endNs) {
    this.g = g;
    this.threadsPerRank = threadsPerRank.clone();
    this.endNs = endNs;
  }

  /**
   * Writes the trace.
   *
   * @param out the stream (left open)
   * @param header the run's identity, written under {@code otherData}
   * @param trace the events
   * @param threadsPerRank number of threads of each rank
   * @param endNs the run's end time (where unfinished calls and packets end)
   * @throws IOException when writing fails
   */
  public static void write(OutputStream out, TraceHeader header, Trace trace, int[] threadsPerRank, long endNs)
      throws IOException {
    try (JsonGenerator g = JsonFields.generator(out)) {
      g.writeStartObject();
      g.writeStringField("displayTimeUnit", "ns");
      g.writeObjectFieldStart("otherData");
      g.writeStringField("schema", "matchpoint-perfetto");
      g.writeNumberField("version", 1);
      g.writeStringField("scenario", header.scenario());
      g.writeNumberField("seed", header.seed());
      g.writeStringField("mode", header.mode());
      g.writeStringField("schedule", header.schedule());
      g.writeEndObject();
      g.writeArrayFieldStart("traceEvents");
      PerfettoTraceWriter w = new PerfettoTraceWriter(g, threadsPerRank, endNs);
      w.metadata();
      w.events(trace.events());
      g.writeEndArray();
      g.writeEndObject();
      g.writeRaw('\n');
    }
  }

  private int progressTid(int rank) {
    return threadsPerRank[rank];
  }

  private int networkPid() {
    return threadsPerRank.length;
  }

  private void metadata() throws IOException {
    for (int r = 0; r < threadsPerRank.length; r++) {
      meta("process_name", r, null, "rank " + r);
      meta("process_sort_index", r, null, null);
      for (int t = 0; t < threadsPerRank[r]; t++) {
        meta("thread_name", r, t, "r" + r + ".t" + t);
      }
      meta("thread_name", r, progressTid(r), "r" + r + " progress");
    }
    meta("process_name", networkPid(), null, "network");
    meta("process_sort_index", networkPid(), null, null);
  }

  private void meta(String name, int pid, Integer tid, String value) throws IOException {
    g.writeStartObject();
    g.writeStringField("name", name);
    g.writeStringField("ph", "M");
    g.writeNumberField("pid", pid);
    if (tid != null) {
      g.writeNumberField("tid", tid);
    }
    g.writeObjectFieldStart("args");
    if (value != null) {
      g.writeStringField("name", value);
    } else {
      g.writeNumberField("sort_index", pid);
    }
    g.writeEndObject();
    g.writeEndObject();
  }

  private void events(List<TraceEvent> events) throws IOException {
    // Pass 1: call ends, packet deliveries and received messages.
    Map<Integer, Long> callEnd = new HashMap<>();
    Map<String, Integer> openCall = new HashMap<>();
    Map<String, Long> delivered = new HashMap<>();
    Set<Long> received = new HashSet<>();
    for (int i = 0; i < events.size(); i++) {
      TraceEvent e = events.get(i);
      String thread = e.rank() + "." + e.thread();
      if (e instanceof TraceEvent.CallStarted) {
        openCall.put(thread, i);
      } else if (e instanceof TraceEvent.CallReturned) {
        Integer start = openCall.remove(thread);
        if (start != null) {
          callEnd.put(start, e.timeNs());
        }
      } else if (e instanceof TraceEvent.PacketDelivered p) {
        delivered.put(p.source() + ">" + p.rank() + "#" + p.linkSeq(), p.timeNs());
      } else if (e instanceof TraceEvent.Matched m && m.match().receives()) {
        received.add(m.messageKey());
      }
    }
    // Pass 2: slices, markers and flows in trace order.
    Map<Long, Integer> flowIds = new HashMap<>();
    Map<String, List<Long>> lanes = new HashMap<>();
    Map<String, Integer> laneTids = new HashMap<>();
    for (int i = 0; i < events.size(); i++) {
      TraceEvent e = events.get(i);
      if (e instanceof TraceEvent.CallStarted c) {
        Long end = callEnd.get(i);
        slice(c.call() + (end == null ? " (blocked)" : ""), CALL, c.rank(), c.thread(), c.timeNs(),
            (end == null ? endNs : end) - c.timeNs(), e);
      } else if (e instanceof TraceEvent.MessageSent s) {
        int tid = s.thread() >= 0 ? s.thread() : progressTid(s.rank());
        String name = "send " + MessageIds.format(s.messageKey());
        slice(name, MESSAGE, s.rank(), tid, s.timeNs(), 0, e);
        if (received.contains(s.messageKey())) {
          int id = flowIds.size() + 1;
          flowIds.put(s.messageKey(), id);
          flow("s", id, s.rank(), tid, s.timeNs());
        }
      } else if (e instanceof TraceEvent.Matched m) {
        int tid = m.thread() >= 0 ? m.thread() : progressTid(m.rank());
        slice(m.match().name() + " " + MessageIds.format(m.messageKey()), MESSAGE, m.rank(), tid, m.timeNs(), 0, e);
        Integer id = flowIds.get(m.messageKey());
        if (m.match().receives() && id != null) {
          flow("f", id, m.rank(), tid, m.timeNs());
        }
      } else if (e instanceof TraceEvent.PacketSent p) {
        Long end = delivered.get(p.rank() + ">" + p.dest() + "#" + p.linkSeq());
        long stop = end == null ? Math.max(endNs, p.timeNs()) : end;
        String link = "link " + p.rank() + "->" + p.dest();
        int lane = lane(lanes, link, p.timeNs(), stop);
        String laneKey = link + "/" + lane;
        Integer tid = laneTids.get(laneKey);
        if (tid == null) {
          tid = laneTids.size();
          laneTids.put(laneKey, tid);
          meta("thread_name", networkPid(), tid, link + (lane == 0 ? "" : " (lane " + (lane + 1) + ")"));
        }
        slice(p.packet() + " #" + p.linkSeq() + (end == null ? " (not delivered)" : ""), "packet", networkPid(), tid,
            p.timeNs(), stop - p.timeNs(), e);
      } else if (e.thread() < 0 && !(e instanceof TraceEvent.PacketDelivered)) {
        instant(e.kind(), e.rank(), progressTid(e.rank()), e);
      }
    }
  }

  /** The first lane of the link free at {@code start}; records the packet's end there. */
  private static int lane(Map<String, List<Long>> lanes, String link, long start, long end) {
    List<Long> ends = lanes.computeIfAbsent(link, k -> new ArrayList<>());
    for (int i = 0; i < ends.size(); i++) {
      if (ends.get(i) <= start) {
        ends.set(i, end);
        return i;
      }
    }
    ends.add(end);
    return ends.size() - 1;
  }

  private static BigDecimal micros(long ns) {
    return BigDecimal.valueOf(ns, 3);
  }

  private void slice(String name, String cat, int pid, int tid, long startNs, long durNs, TraceEvent e)
      throws IOException {
    g.writeStartObject();
    g.writeStringField("name", name);
    g.writeStringField("cat", cat);
    g.writeStringField("ph", "X");
    g.writeNumberField("ts", micros(startNs));
    g.writeNumberField("dur", micros(Math.max(durNs, 0)));
    g.writeNumberField("pid", pid);
    g.writeNumberField("tid", tid);
    args(e);
    g.writeEndObject();
  }

  private void instant(String name, int pid, int tid, TraceEvent e) throws IOException {
    g.writeStartObject();
    g.writeStringField("name", name);
    g.writeStringField("cat", "progress");
    g.writeStringField("ph", "i");
    g.writeStringField("s", "t");
    g.writeNumberField("ts", micros(e.timeNs()));
    g.writeNumberField("pid", pid);
    g.writeNumberField("tid", tid);
    args(e);
    g.writeEndObject();
  }

  private void flow(String phase, int id, int pid, int tid, long ns) throws IOException {
    g.writeStartObject();
    g.writeStringField("name", MESSAGE);
    g.writeStringField("cat", MESSAGE);
    g.writeStringField("ph", phase);
    g.writeNumberField("id", id);
    g.writeNumberField("ts", micros(ns));
    g.writeNumberField("pid", pid);
    g.writeNumberField("tid", tid);
    if (phase.equals("f")) {
      g.writeStringField("bp", "e");
    }
    g.writeEndObject();
  }

  private void args(TraceEvent e) throws IOException {
    g.writeObjectFieldStart("args");
    g.writeNumberField("step", e.step());
    g.writeNumberField("time_ns", e.timeNs());
    g.writeStringField("kind", e.kind());
    e.writeFields(new JsonFields(g));
    g.writeEndObject();
  }
}
