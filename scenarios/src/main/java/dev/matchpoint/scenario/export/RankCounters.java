package dev.matchpoint.scenario.export;

import dev.matchpoint.mpi.trace.MatchKind;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Each rank's queue depths and in-flight bytes over a run, as the trace's events change them, for
 * the counter tracks of {@link PerfettoTraceWriter}:
 *
 * <ul>
 *   <li>{@code posted}: receives in the rank's posted receive queue (MPI-3.1 §3.5, §3.8.2). A
 *       receive joins it at {@code receive_posted} and leaves it when a {@code matched} event names
 *       its request or a {@code cancel} event cancels it; a receive matched at once from the
 *       unexpected message queue joins and leaves at the same time, so its depth does not change.
 *   <li>{@code unexpected}: messages in the rank's unexpected message queue. A message joins it at
 *       {@code queued_unexpected} and leaves when a receive or MPI_Mprobe matches it (MPI_Probe
 *       leaves it queued) or its send is cancelled.
 *   <li>{@code in_flight_bytes}: bytes of the packets the rank sent (on the wire, every packet kind)
 *       that are not yet delivered.
 * </ul>
 *
 * <p>The counter tracks are {@code queue depth} (series {@code posted} and {@code unexpected}) and
 * {@code in-flight} (series {@code bytes}). Changes at one simulated time are merged: a sample holds the values after the last event of
 * that time, and a sample equal to the previous one is not written. Sets are insertion-ordered, so
 * nothing here depends on hash order.
 */
final class RankCounters {
  /**
   * One rank's counter {@code name} from {@code timeNs} on: its series and their values.
   *
   * @param rank the rank
   * @param name {@code queue depth} (series {@code posted}, {@code unexpected}) or {@code in-flight}
   *     (series {@code bytes})
   * @param timeNs simulated time, ns
   * @param series the series' names
   * @param values their values, in the same order
   */
  record Sample(int rank, String name, long timeNs, List<String> series, long[] values) {}

  private static final List<String> QUEUES = List.of("posted", "unexpected");
  private static final List<String> BYTES = List.of("bytes");

  private final List<Set<Long>> posted = new ArrayList<>();
  private final List<Set<Long>> unexpected = new ArrayList<>();
  private final long[] inFlight;
  /** Per rank and counter: the last value given out, and the pending one with its time. */
  private final long[][] written;
  private final long[][] pending;
  private final long[] pendingNs;

  RankCounters(int ranks) {
    for (int r = 0; r < ranks; r++) {
      posted.add(new LinkedHashSet<>());
      unexpected.add(new LinkedHashSet<>());
    }
    inFlight = new long[ranks];
    written = new long[ranks][3];
    pending = new long[ranks][3];
    pendingNs = new long[ranks];
    Arrays.fill(pendingNs, -1);
  }

  /**
   * Applies an event, returning the samples of earlier times it settles.
   *
   * @param e the next event of the run
   * @return samples to write (empty when the event changes nothing or its time is still open)
   */
  List<Sample> apply(TraceEvent e) {
    List<Sample> out = new ArrayList<>();
    if (e instanceof TraceEvent.ReceivePosted p) {
      posted.get(p.rank()).add(p.requestId());
    } else if (e instanceof TraceEvent.Matched m) {
      posted.get(m.rank()).remove(m.requestId());
      if (m.match() != MatchKind.PROBE) {
        unexpected.get(m.rank()).remove(m.messageKey());
      }
    } else if (e instanceof TraceEvent.QueuedUnexpected q) {
      unexpected.get(q.rank()).add(q.messageKey());
    } else if (e instanceof TraceEvent.CancelDecided c && c.cancelled()) {
      posted.get(c.rank()).remove(c.requestId());
      if (c.messageKey() >= 0) {
        unexpected.get(c.rank()).remove(c.messageKey());
      }
    } else if (e instanceof TraceEvent.PacketSent s) {
      inFlight[s.rank()] += s.sizeBytes();
    } else if (e instanceof TraceEvent.PacketDelivered d) {
      inFlight[d.source()] -= d.sizeBytes();
      change(d.source(), d.timeNs(), out);
      return out;
    } else {
      return out;
    }
    change(e.rank(), e.timeNs(), out);
    return out;
  }

  /**
   * The samples still pending at the end of the run.
   *
   * @return them, by rank
   */
  List<Sample> finish() {
    List<Sample> out = new ArrayList<>();
    for (int r = 0; r < inFlight.length; r++) {
      settle(r, out);
    }
    return out;
  }

  private void change(int rank, long timeNs, List<Sample> out) {
    if (pendingNs[rank] != timeNs) {
      settle(rank, out);
      pendingNs[rank] = timeNs;
    }
    pending[rank][0] = posted.get(rank).size();
    pending[rank][1] = unexpected.get(rank).size();
    pending[rank][2] = inFlight[rank];
  }

  private void settle(int rank, List<Sample> out) {
    if (pendingNs[rank] < 0) {
      return;
    }
    long[] p = pending[rank];
    long[] w = written[rank];
    if (p[0] != w[0] || p[1] != w[1]) {
      out.add(new Sample(rank, "queue depth", pendingNs[rank], QUEUES, new long[] {p[0], p[1]}));
    }
    if (p[2] != w[2]) {
      out.add(new Sample(rank, "in-flight", pendingNs[rank], BYTES, new long[] {p[2]}));
    }
    System.arraycopy(p, 0, w, 0, p.length);
    pendingNs[rank] = -1;
  }
}
