package dev.matchpoint.mpi.rank;

import com.google.common.hash.PrimitiveSink;
import dev.matchpoint.mpi.RequestIds;
import dev.matchpoint.mpi.match.Message;
import dev.matchpoint.mpi.match.MessageIds;
import dev.matchpoint.mpi.match.PostedReceive;
import dev.matchpoint.mpi.program.SourceLocation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Ready mode (MPI-3.1 §3.4): "A send that uses the ready communication mode may be started only if
 * the matching receive is already posted. Otherwise, the operation is erroneous and its outcome is
 * undefined." Read here as: the receive that matches the ready send's message must have been in
 * the destination's posted receive queue, without a break, since the moment the send started.
 *
 * <ul>
 *   <li>When the send starts (MPI_Rsend, MPI_Irsend, MPI_Start of an MPI_Rsend_init request), the
 *       model looks at the destination's posted receive queue. With no posted receive matching the
 *       envelope (MPI_ANY_SOURCE and MPI_ANY_TAG receives included), the send is erroneous there and
 *       then. A receiver blocked in MPI_Probe or MPI_Mprobe has posted nothing; a matched probe is
 *       not a receive, and MPI_Mrecv receives a message matched already, so it is never posted.
 *   <li>Otherwise the destination remembers, for the message, the posted receives that matched it
 *       at the start; a receive that leaves the queue (taken by another message, or cancelled) is
 *       forgotten, so a persistent receive started again is a new posting. When the message
 *       arrives, the receive it matches must be one of those. It is not when an earlier message of
 *       the same sender that matches the same receive takes it first (non-overtaking, §3.5), or
 *       another sender's message takes an MPI_ANY_SOURCE receive first; the send is then erroneous
 *       too, reported on arrival, when it becomes known.
 * </ul>
 *
 * <p>Either way the problem names the rule and the sending thread (its trace event, the send's
 * statement), so an outcome does not depend on when the violation became known. State of the
 * destination rank: copied and hashed.
 */
final class ReadySends {
  static final String RULE = "ready-mode send started before its matching receive was posted (MPI-3.1 §3.4)";

  /**
   * Message key to the receives posted when its send started (ascending), for ready messages not yet
   * arrived; null until the first (most ranks of a large world never see a ready send).
   */
  TreeMap<Long, long[]> pending;

  ReadySends() {}

  private ReadySends(ReadySends o) {
    this.pending = o.pending == null ? null : new TreeMap<>(o.pending);
  }

  ReadySends copy() {
    return new ReadySends(this);
  }

  /**
   * A ready send starts: judged against the destination's posted receive queue (the action reads
   * it). Reports the send erroneous when no posted receive matches; otherwise remembers them.
   */
  static void started(World w, ThreadState t, long sendRequestId, int dest, int tag, int ctx, long messageKey,
      SourceLocation at) {
    RankState d = w.rank(dest);
    w.touchPosted(dest, false);
    List<Long> ids = new ArrayList<>();
    for (PostedReceive pr : d.engine.postedReceives()) {
      if (pr.matches(t.rank, tag, ctx)) {
        ids.add(pr.requestId());
      }
    }
    if (ids.isEmpty()) {
      w.erroneous(t.rank, t.thread, RULE, detail(messageKey, sendRequestId), at);
      return;
    }
    long[] receives = ids.stream().mapToLong(Long::longValue).sorted().toArray();
    if (d.readySends.pending == null) {
      d.readySends.pending = new TreeMap<>();
    }
    d.readySends.pending.put(messageKey, receives);
  }

  /**
   * A receive left this rank's posted receive queue: it no longer counts as posted before any
   * pending ready send.
   */
  void postedLeft(long requestId) {
    if (pending == null) {
      return;
    }
    for (Map.Entry<Long, long[]> e : pending.entrySet()) {
      long[] r = e.getValue();
      int i = Arrays.binarySearch(r, requestId);
      if (i >= 0) {
        long[] rest = new long[r.length - 1];
        System.arraycopy(r, 0, rest, 0, i);
        System.arraycopy(r, i + 1, rest, i, rest.length - i);
        e.setValue(rest);
      }
    }
  }

  /**
   * A ready message arrived and matched {@code matched} (null: it was queued as unexpected). Reports
   * the send erroneous unless that receive was posted when the send started.
   */
  static void arrived(World w, RankState rank, Message m, PostedReceive matched) {
    long[] postedAtStart = rank.readySends.pending == null ? null : rank.readySends.pending.remove(m.key());
    if (postedAtStart == null) {
      return; // judged erroneous at its start
    }
    if (matched != null && Arrays.binarySearch(postedAtStart, matched.requestId()) >= 0) {
      return;
    }
    w.erroneous(m.source(), RequestIds.thread(m.sendRequestId()), RULE, detail(m.key(), m.sendRequestId()),
        m.sentAt());
  }

  /**
   * The same words whenever and however the violation becomes known (no receive posted at the start,
   * or the receives posted then taken by other messages or cancelled first), so that it does not
   * split outcomes.
   */
  private static String detail(long messageKey, long sendRequestId) {
    return "message " + MessageIds.format(messageKey) + " sent by " + RequestIds.format(sendRequestId)
        + ": its matching receive was not posted when the send started";
  }

  /** A ready message will never arrive (its send was cancelled): nothing more to judge. */
  void withdrawn(long messageKey) {
    if (pending != null) {
      pending.remove(messageKey);
    }
  }

  void hashInto(PrimitiveSink sink) {
    if (pending == null) {
      sink.putInt(0);
      return;
    }
    sink.putInt(pending.size());
    for (Map.Entry<Long, long[]> e : pending.entrySet()) {
      sink.putLong(e.getKey()).putInt(e.getValue().length);
      for (long r : e.getValue()) {
        sink.putLong(r);
      }
    }
  }
}
