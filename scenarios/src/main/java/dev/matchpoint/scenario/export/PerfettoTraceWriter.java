package dev.matchpoint.scenario.export;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.matchpoint.mpi.match.MessageIds;
import dev.matchpoint.mpi.trace.Trace;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import dev.matchpoint.mpi.trace.TraceSink;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

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
 *       the receive or matched receive that received it ({@code "f"}, bound to the enclosing slice),
 *       with an id of its own. A flow event binds to the slice of its thread at its time, and
 *       Chrome's trace engine also requires the same category ({@code cat}): the two markers of a
 *       message and its flow events share the category {@code message,SOURCE#SEQ>DEST}, so sends
 *       or matches at one instant on one thread (MPI_Startall, MPI_Waitall) each keep their own;
 *   <li>counter ({@code "C"}) tracks per rank for its posted receive queue depth, unexpected
 *       message queue depth and in-flight bytes ({@link RankCounters}).
 * </ul>
 *
 * <p>Times are microseconds with nanosecond precision ({@code ts = ns / 1000}); in logical mode one
 * step counts as one nanosecond.
 *
 * <p>The writer is a {@link TraceSink}: it writes each event as the run produces it, and holds only
 * what is still open: each thread's current call, each packet in flight (with its lane) and each
 * message sent and not yet received, cancelled or left queued. A call's slice is written when it
 * returns and a packet's when it is delivered; a flow's start is written with its end, when the
 * message is received. The run's identity ({@code otherData}) and what is still open at the end
 * come last ({@link #finish}). Viewers sort events by time, so file order does not matter.
 */
public final class PerfettoTraceWriter implements TraceSink {
  private static final String CALL = "call";
  private static final String MESSAGE = "message";
  /** A send not yet received: where its flow starts. */
  private record Send(int pid, int tid, long timeNs) {}

  /** A packet in flight, and the lane it took. */
  private record Flight(TraceEvent.PacketSent packet, String link, int lane) {}

  private final JsonGenerator g;
  private final int[] threadsPerRank;
  /** Each thread's ({@code rank.thread}) call in progress. */
  private final Map<String, TraceEvent.CallStarted> openCalls = new LinkedHashMap<>();
  /** Packets in flight, by {@code source>dest#linkSeq}. */
  private final Map<String, Flight> inFlight = new LinkedHashMap<>();
  /** Messages sent and not received, by their flow category (message and destination). */
  private final Map<String, Send> unreceived = new LinkedHashMap<>();
  /** Per link, each lane's {end, link_seq} of its last packet. */
  private final Map<String, List<long[]>> lanes = new TreeMap<>();
  private final Map<String, Integer> laneTids = new TreeMap<>();
  private final RankCounters counters;
  private int flows;

  /**
   * Starts writing: the opening of the JSON object and the process and thread names.
   *
   * @param out the stream (left open)
   * @param threadsPerRank number of threads of each rank
   * @throws IOException when writing fails
   */
  public PerfettoTraceWriter(OutputStream out, int[] threadsPerRank) throws IOException {
    this.g = JsonFields.generator(out);
    this.threadsPerRank = threadsPerRank.clone();
    this.counters = new RankCounters();
    g.writeStartObject();
    g.writeStringField("displayTimeUnit", "ns");
    g.writeArrayFieldStart("traceEvents");
    metadata();
  }

  /**
   * Writes a stored trace in one go.
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
    PerfettoTraceWriter w = new PerfettoTraceWriter(out, threadsPerRank);
    try {
      trace.events().forEach(w::emit);
    } catch (UncheckedIOException x) {
      throw x.getCause();
    }
    w.finish(header, endNs);
  }

  @Override
  public void emit(TraceEvent e) {
    try {
      event(e);
    } catch (IOException x) {
      throw new UncheckedIOException(x);
    }
  }

  /**
   * Ends the file: calls still blocked reach {@code endNs}, packets not delivered too, then the
   * run's identity under {@code otherData}; flushes the stream.
   *
   * @param header the run's identity
   * @param endNs the run's end time
   * @throws IOException when writing fails
   */
  public void finish(TraceHeader header, long endNs) throws IOException {
    for (TraceEvent.CallStarted c : openCalls.values()) {
      slice(c.call() + " (blocked)", CALL, c.rank(), c.thread(), c.timeNs(), endNs - c.timeNs(), c);
    }
    for (Flight f : inFlight.values()) {
      TraceEvent.PacketSent p = f.packet();
      long stop = Math.max(endNs, p.timeNs());
      packet(p, f, " (not delivered)", stop);
    }
    counters(counters.finish());
    g.writeEndArray();
    g.writeObjectFieldStart("otherData");
    g.writeStringField("schema", "matchpoint-perfetto");
    g.writeNumberField("version", 1);
    g.writeStringField("scenario", header.scenario());
    g.writeNumberField("seed", header.seed());
    g.writeStringField("mode", header.mode());
    g.writeStringField("schedule", header.schedule());
    g.writeEndObject();
    g.writeEndObject();
    g.writeRaw('\n');
    g.close();
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

  private void event(TraceEvent e) throws IOException {
    counters(counters.apply(e));
    if (e instanceof TraceEvent.CallStarted c) {
      openCalls.put(c.rank() + "." + c.thread(), c);
    } else if (e instanceof TraceEvent.CallReturned r) {
      TraceEvent.CallStarted c = openCalls.remove(r.rank() + "." + r.thread());
      if (c != null) {
        slice(c.call(), CALL, c.rank(), c.thread(), c.timeNs(), r.timeNs() - c.timeNs(), c);
      }
    } else if (e instanceof TraceEvent.MessageSent s) {
      int tid = s.thread() >= 0 ? s.thread() : progressTid(s.rank());
      String cat = flowCategory(s.messageKey(), s.dest());
      slice("send " + MessageIds.format(s.messageKey()), cat, s.rank(), tid, s.timeNs(), 0, e);
      unreceived.put(cat, new Send(s.rank(), tid, s.timeNs()));
    } else if (e instanceof TraceEvent.Matched m) {
      int tid = m.thread() >= 0 ? m.thread() : progressTid(m.rank());
      String cat = m.match().receives() ? flowCategory(m.messageKey(), m.rank()) : MESSAGE;
      slice(m.match().name() + " " + MessageIds.format(m.messageKey()), cat, m.rank(), tid, m.timeNs(), 0, e);
      Send send = m.match().receives() ? unreceived.remove(cat) : null;
      if (send != null) {
        int id = ++flows;
        flow("s", cat, id, send.pid(), send.tid(), send.timeNs());
        flow("f", cat, id, m.rank(), tid, m.timeNs());
      }
    } else if (e instanceof TraceEvent.PacketSent p) {
      String link = "link " + p.rank() + "->" + p.dest();
      int lane = lane(link, p);
      String laneKey = link + "/" + lane;
      if (!laneTids.containsKey(laneKey)) {
        laneTids.put(laneKey, laneTids.size());
        meta("thread_name", networkPid(), laneTids.get(laneKey), link + (lane == 0 ? "" : " (lane " + (lane + 1)
            + ")"));
      }
      inFlight.put(p.rank() + ">" + p.dest() + "#" + p.linkSeq(), new Flight(p, link, lane));
    } else if (e instanceof TraceEvent.PacketDelivered d) {
      Flight f = inFlight.remove(d.source() + ">" + d.rank() + "#" + d.linkSeq());
      if (f != null) {
        long[] last = lanes.get(f.link()).get(f.lane());
        if (last[1] == d.linkSeq()) {
          last[0] = Math.max(last[0], d.timeNs());
        }
        packet(f.packet(), f, "", d.timeNs());
      }
    } else {
      if (e instanceof TraceEvent.CancelDecided c && c.cancelled() && c.messageKey() >= 0 && c.thread() < 0) {
        unreceived.remove(flowCategory(c.messageKey(), c.rank()));
      }
      if (e.thread() < 0) {
        instant(e.kind(), e.rank(), progressTid(e.rank()), e);
      }
    }
  }

  private void packet(TraceEvent.PacketSent p, Flight f, String note, long stop) throws IOException {
    int tid = laneTids.get(f.link() + "/" + f.lane());
    slice(p.packet() + " #" + p.linkSeq() + note, "packet", networkPid(), tid, p.timeNs(), stop - p.timeNs(), p);
  }

  /**
   * The first lane of the link free at {@code start}: its last packet is delivered by then, as its
   * {@code available_ns} announced (or later, once its delivery showed it). Each lane holds {end,
   * link_seq of its last packet}.
   */
  private int lane(String link, TraceEvent.PacketSent p) {
    List<long[]> ends = lanes.computeIfAbsent(link, k -> new ArrayList<>());
    long[] taken = {Math.max(p.availableNs(), p.timeNs()), p.linkSeq()};
    for (int i = 0; i < ends.size(); i++) {
      if (ends.get(i)[0] <= p.timeNs()) {
        ends.set(i, taken);
        return i;
      }
    }
    ends.add(taken);
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

  /**
   * The category a message's markers and flow events share: unique per message (the key names
   * source, context and sequence number; the sequence counts per destination), so that a flow binds
   * to its own marker when others sit on the same thread at the same time.
   */
  private static String flowCategory(long messageKey, int dest) {
    return MESSAGE + "," + MessageIds.format(messageKey) + ">" + dest;
  }

  private void counters(List<RankCounters.Sample> samples) throws IOException {
    for (RankCounters.Sample c : samples) {
      g.writeStartObject();
      g.writeStringField("name", c.name());
      g.writeStringField("cat", "counter");
      g.writeStringField("ph", "C");
      g.writeNumberField("ts", micros(c.timeNs()));
      g.writeNumberField("pid", c.rank());
      g.writeObjectFieldStart("args");
      for (int i = 0; i < c.values().length; i++) {
        g.writeNumberField(c.series().get(i), c.values()[i]);
      }
      g.writeEndObject();
      g.writeEndObject();
    }
  }

  private void flow(String phase, String cat, int id, int pid, int tid, long ns) throws IOException {
    g.writeStartObject();
    g.writeStringField("name", MESSAGE);
    g.writeStringField("cat", cat);
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
