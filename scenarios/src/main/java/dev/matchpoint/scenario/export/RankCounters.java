package dev.matchpoint.scenario.export;

import dev.matchpoint.mpi.trace.MatchKind;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

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
 *   <li>{@code in-flight}: bytes of the packets the rank sent (on the wire, every packet kind)
 *       that are not yet delivered.
 * </ul>
 *
 * <p>Queue events are stamped on their rank's clock and come in its order. Packet events are not:
 * a packet is stamped on its sender's clock when sent and on the receiver's when delivered, and a
 * rank's progress engine stamps what it sends at the end of its receive overhead, ahead of other
 * events. But the kernel stamps nothing before its current time, and stamps each delivery with it;
 * so in-flight changes wait, sorted by time, until a delivery shows that no earlier change can
 * come, and the writer holds only changes ahead of the latest delivery.
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
  /** Per rank: the in-flight bytes given out; per time and rank, the changes not yet given out. */
  private final long[] inFlight;
  private final TreeMap<Long, TreeMap<Integer, Long>> inFlightChanges = new TreeMap<>();
  /** Per rank and queue: the last depths given out, and the pending ones with their time. */
  private final long[][] written;
  private final long[][] pending;
  private final long[] pendingNs;

  RankCounters(int ranks) {
    for (int r = 0; r < ranks; r++) {
      posted.add(new LinkedHashSet<>());
      unexpected.add(new LinkedHashSet<>());
    }
    inFlight = new long[ranks];
    written = new long[ranks][2];
    pending = new long[ranks][2];
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
      inFlightChanges.computeIfAbsent(s.timeNs(), k -> new TreeMap<>()).merge(s.rank(), s.sizeBytes(), Long::sum);
      return out;
    } else if (e instanceof TraceEvent.PacketDelivered d) {
      inFlightChanges.computeIfAbsent(d.timeNs(), k -> new TreeMap<>()).merge(d.source(), -d.sizeBytes(), Long::sum);
      settleInFlight(d.timeNs(), out);
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
    settleInFlight(Long.MAX_VALUE, out);
    return out;
  }

  private void change(int rank, long timeNs, List<Sample> out) {
    if (pendingNs[rank] != timeNs) {
      settle(rank, out);
      pendingNs[rank] = timeNs;
    }
    pending[rank][0] = posted.get(rank).size();
    pending[rank][1] = unexpected.get(rank).size();
  }

  /** Gives out the in-flight changes before {@code untilNs}, one sample per rank and time. */
  private void settleInFlight(long untilNs, List<Sample> out) {
    while (!inFlightChanges.isEmpty() && inFlightChanges.firstKey() < untilNs) {
      Map.Entry<Long, TreeMap<Integer, Long>> at = inFlightChanges.pollFirstEntry();
      at.getValue().forEach((rank, delta) -> {
        if (delta != 0) {
          inFlight[rank] += delta;
          out.add(new Sample(rank, "in-flight", at.getKey(), BYTES, new long[] {inFlight[rank]}));
        }
      });
    }
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
    System.arraycopy(p, 0, w, 0, p.length);
    pendingNs[rank] = -1;
  }
}
