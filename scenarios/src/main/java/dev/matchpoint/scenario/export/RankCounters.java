package dev.matchpoint.scenario.export;

import dev.matchpoint.mpi.trace.MatchKind;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.ArrayList;
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
 * {@code in-flight} (series {@code bytes}). Changes at one simulated time are merged: a sample
 * holds the values after the last event of that time, and a sample equal to the previous one is
 * not written. Only ranks that use their queues or send packets take memory; sets are
 * insertion-ordered and maps sorted, so nothing here depends on hash order.
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

  /** One rank's queues, and its depths given out and pending (with their time, -1 for none). */
  private static final class Queues {
    final Set<Long> postedReceives = new LinkedHashSet<>();
    final Set<Long> unexpectedMessages = new LinkedHashSet<>();
    long writtenPosted;
    long writtenUnexpected;
    long pendingPosted;
    long pendingUnexpected;
    long pendingNs = -1;
  }

  /** The ranks whose queues were used, by rank (a world may have millions of ranks). */
  private final TreeMap<Integer, Queues> queues = new TreeMap<>();
  /** Per rank: the in-flight bytes given out; per time and rank, the changes not yet given out. */
  private final TreeMap<Integer, Long> inFlight = new TreeMap<>();
  private final TreeMap<Long, TreeMap<Integer, Long>> inFlightChanges = new TreeMap<>();

  /**
   * Applies an event, returning the samples it settles.
   *
   * @param e the next event of the run
   * @return samples to write (empty when the event changes nothing or its time is still open)
   */
  List<Sample> apply(TraceEvent e) {
    List<Sample> out = new ArrayList<>();
    if (e instanceof TraceEvent.PacketSent s) {
      inFlightChanges.computeIfAbsent(s.timeNs(), k -> new TreeMap<>()).merge(s.rank(), s.sizeBytes(), Long::sum);
      return out;
    } else if (e instanceof TraceEvent.PacketDelivered d) {
      inFlightChanges.computeIfAbsent(d.timeNs(), k -> new TreeMap<>()).merge(d.source(), -d.sizeBytes(), Long::sum);
      settleInFlight(d.timeNs(), out);
      return out;
    }
    if (!(e instanceof TraceEvent.ReceivePosted || e instanceof TraceEvent.Matched
        || e instanceof TraceEvent.QueuedUnexpected || e instanceof TraceEvent.CancelDecided c && c.cancelled())) {
      return out;
    }
    Queues q = queues.computeIfAbsent(e.rank(), k -> new Queues());
    if (e instanceof TraceEvent.ReceivePosted p) {
      q.postedReceives.add(p.requestId());
    } else if (e instanceof TraceEvent.Matched m) {
      q.postedReceives.remove(m.requestId());
      if (m.match() != MatchKind.PROBE) {
        q.unexpectedMessages.remove(m.messageKey());
      }
    } else if (e instanceof TraceEvent.QueuedUnexpected u) {
      q.unexpectedMessages.add(u.messageKey());
    } else if (e instanceof TraceEvent.CancelDecided c) {
      q.postedReceives.remove(c.requestId());
      if (c.messageKey() >= 0) {
        q.unexpectedMessages.remove(c.messageKey());
      }
    }
    if (q.pendingNs != e.timeNs()) {
      settle(e.rank(), q, out);
      q.pendingNs = e.timeNs();
    }
    q.pendingPosted = q.postedReceives.size();
    q.pendingUnexpected = q.unexpectedMessages.size();
    return out;
  }

  /**
   * The samples still pending at the end of the run.
   *
   * @return them, queue depths by rank, then in-flight bytes by time
   */
  List<Sample> finish() {
    List<Sample> out = new ArrayList<>();
    queues.forEach((rank, q) -> settle(rank, q, out));
    settleInFlight(Long.MAX_VALUE, out);
    return out;
  }

  /** Gives out the in-flight changes before {@code untilNs}, one sample per rank and time. */
  private void settleInFlight(long untilNs, List<Sample> out) {
    while (!inFlightChanges.isEmpty() && inFlightChanges.firstKey() < untilNs) {
      Map.Entry<Long, TreeMap<Integer, Long>> at = inFlightChanges.pollFirstEntry();
      at.getValue().forEach((rank, delta) -> {
        if (delta != 0) {
          long bytes = inFlight.merge(rank, delta, Long::sum);
          out.add(new Sample(rank, "in-flight", at.getKey(), BYTES, new long[] {bytes}));
        }
      });
    }
  }

  private static void settle(int rank, Queues q, List<Sample> out) {
    if (q.pendingNs < 0) {
      return;
    }
    if (q.pendingPosted != q.writtenPosted || q.pendingUnexpected != q.writtenUnexpected) {
      out.add(new Sample(rank, "queue depth", q.pendingNs, QUEUES, new long[] {q.pendingPosted, q.pendingUnexpected}));
    }
    q.writtenPosted = q.pendingPosted;
    q.writtenUnexpected = q.pendingUnexpected;
    q.pendingNs = -1;
  }
}
