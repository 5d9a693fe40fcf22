package dev.matchpoint.mpi.rank;

import dev.matchpoint.core.net.InFlight;
import dev.matchpoint.core.net.Packet;
import dev.matchpoint.mpi.ErrorClass;
import dev.matchpoint.mpi.Mpi;
import dev.matchpoint.mpi.RequestIds;
import dev.matchpoint.mpi.SendCancelPolicy;
import dev.matchpoint.mpi.match.MatchingEngine;
import dev.matchpoint.mpi.match.Message;
import dev.matchpoint.mpi.match.MessageIds;
import dev.matchpoint.mpi.match.PostedReceive;
import dev.matchpoint.mpi.program.Instr;
import dev.matchpoint.mpi.trace.TraceEvent;

/**
 * MPI_Cancel and MPI_Test_cancelled (MPI-3.1 §3.8.4; seed 001), and MPI_Message_cancel of the
 * matched-probe proposal (seed 000 §3.1).
 *
 * <p>"Either the cancellation succeeds, or the communication succeeds, but not both." A receive can
 * be cancelled while it waits in the posted receive queue. A send, under the {@code until-matched}
 * policy, while it is unmatched at the receiver: Cancel sends a CANCEL packet there; the receiver
 * removes the message (eager data or RTS) if it is still unmatched, drops it on arrival if it has
 * not arrived, or refuses if a receive or matched probe took it, and answers with CANCEL_ACK. Until
 * the answer arrives, Wait does not return the send. Under {@code never}, cancelling a send fails.
 * A successful cancellation frees a buffered send's attached space and an eager message's buffer
 * at the receiver; a persistent request becomes inactive and reusable.
 */
final class Cancels {
  private Cancels() {}

  static boolean cancel(World w, ThreadState t, Instr.Call c, String var) throws ProgramError {
    Request r = Calls.lookup(t, var);
    if (r == null || r == Calls.INVALID) {
      w.error(t, "MPI_Cancel", ErrorClass.MPI_ERR_REQUEST, "'" + var + "' is "
          + (r == null ? "MPI_REQUEST_NULL" : "not a live request"), c.at());
      return true;
    }
    if (r.kind == RequestKind.CHANNEL || r.kind == RequestKind.COLLECTIVE || (r.persistent && !r.active)) {
      w.error(t, "MPI_Cancel", ErrorClass.MPI_ERR_REQUEST, r.kind == RequestKind.CHANNEL
          ? "a channel endpoint has no cancel (seed 003)" : r.kind == RequestKind.COLLECTIVE
          ? "MPI_Cancel marks a pending send or receive for cancellation (MPI-3.1 §3.8.4), not a nonblocking "
              + "collective" : "the persistent request is inactive", c.at());
      return true;
    }
    if (Partitions.activeNotCompleted(r)) {
      w.erroneous(t.rank, t.thread, Partitions.FREE_ACTIVE, "MPI_Cancel of '" + var + "', started at " + r.at
          + " and not completed", c.at());
      return true;
    } else if (r.kind == RequestKind.PARTITIONED) {
      return true; // its operation is complete: nothing to cancel
    }
    // A shared request variable may name another thread's request: it is cancelled where it is.
    ThreadState owner = SharedState.holder(t, r);
    if (r.transferId >= 0) {
      // An Ibsend: cancel its buffered transfer, or, once the transfer has left the buffer, its message
      // through the Ibsend's own request (which cancelSend then marks).
      Request transfer = owner.request(r.transferId);
      if (transfer != null) {
        r.cancelPending = true;
      }
      cancelSend(w, owner, transfer != null ? transfer : r, r);
      return true;
    }
    switch (r.kind) {
      case RECV -> cancelReceive(w, owner, r);
      case MRECV -> decided(w, owner, r, -1, false, "a matched receive has matched already");
      case SEND -> cancelSend(w, owner, r, null);
      default -> throw new AssertionError(r.kind);
    }
    return true;
  }

  private static void cancelReceive(World w, ThreadState t, Request r) {
    RankState rank = w.rank(t.rank);
    PostedReceive posted = r.state == RequestState.POSTED ? rank.engine.postedReceive(r.id) : null;
    if (posted == null) {
      decided(w, t, r, -1, false, r.finished() ? "the receive completed already" : "the receive has matched already");
      return;
    }
    w.touchPosted(t.rank, true);
    rank.engine.unpost(posted);
    rank.readySends.postedLeft(posted.requestId());
    r.state = RequestState.CANCELLED;
    r.statusCancelled = true;
    r.statusSource = Mpi.ANY_SOURCE;
    r.statusTag = Mpi.ANY_TAG;
    r.statusBytes = 0;
    decided(w, t, r, -1, true, "the receive was still in the posted receive queue");
    w.requestDone(r);
  }

  /** Starts cancelling a send; {@code user} is an Ibsend's request when {@code transfer} is its buffered transfer. */
  private static void cancelSend(World w, ThreadState t, Request transfer, Request user) {
    Request shown = user != null ? user : transfer;
    if (transfer.seq < 0) {
      decided(w, t, shown, -1, false, "a send to MPI_PROC_NULL completes at once");
      return;
    }
    long key = MessageIds.key(t.rank, transfer.context, transfer.seq);
    if (w.spec.options().sendCancel() == SendCancelPolicy.NEVER) {
      if (user != null) {
        user.cancelPending = false;
      }
      decided(w, t, shown, key, false, "send cancellation is not supported (send-cancel policy never)");
      return;
    }
    if (transfer.cancelPending) {
      return;
    }
    if (transfer.rendezvous && transfer.state == RequestState.MATCHED) {
      if (user != null) {
        user.cancelPending = false;
      }
      decided(w, t, shown, key, false, "the receiver's CTS arrived: the message has matched");
      return;
    }
    transfer.cancelPending = true;
    w.send(new Packet(Payloads.CANCEL, t.rank, transfer.dest, w.protocol.headerBytes(),
        new Payloads.CancelRequest(t.rank, transfer.context, transfer.seq, transfer.id)));
  }

  static void testCancelled(ThreadState t, String status, String flag) throws ProgramError {
    Vars.setFlag(t, flag, Vars.statusField(t, status, 5) == 1);
  }

  /**
   * MPI_Message_cancel (seed 000 §3.1): "cancels the receipt of a message matched by a matching
   * probe. A cancelled message cannot be received." Modelled as the proposal's valid
   * implementation: the message is received into scratch space and discarded, so its sender
   * completes as if received. With MPI_MESSAGE_NULL it returns at once.
   */
  static boolean messageCancel(World w, ThreadState t, Instr.Call c, String message) {
    if (!w.spec.options().messageCancel()) {
      w.erroneous(t.rank, t.thread, "MPI_Message_cancel is a proposal (seed 000 §3.1), not MPI-3",
          "enable the seed000-message-cancel option to model it", c.at());
      return true;
    }
    long h = Vars.message(t, message);
    if (h <= Vars.MESSAGE_NO_PROC) {
      Vars.setMessage(t, message, Vars.MESSAGE_NULL);
      return true;
    }
    ThreadState holder = SharedState.handleHolder(t, h - 2);
    Message m = holder.handles.remove(h - 2);
    holder.handleAt.remove(h - 2);
    Vars.setMessage(t, message, Vars.MESSAGE_NULL);
    if (m == null) {
      w.error(t, "MPI_Message_cancel", ErrorClass.MPI_ERR_MESSAGE, "'" + message + "' holds no matched message",
          c.at());
      return true;
    }
    Request scratch = t.newRequest(RequestKind.MRECV, false);
    scratch.freed = true;
    scratch.capacityBytes = m.sizeBytes();
    scratch.type = m.type();
    w.emit(new TraceEvent.CancelDecided(w.step, w.now(), t.rank, t.thread, RequestIds.NONE, m.key(), true,
        "MPI_Message_cancel: the matched message is discarded and will never be received"));
    Protocols.receiveMatched(w, t, scratch, m);
    return true;
  }

  /** A CANCEL packet reached the receiver: withdraw the message if it is still unmatched, and answer. */
  static void cancelArrived(World w, InFlight f) {
    Payloads.CancelRequest q = (Payloads.CancelRequest) f.packet().payload();
    int me = f.dest();
    RankState rank = w.rank(me);
    w.touchQueue(me, q.source(), true);
    MatchingEngine.CancelOutcome outcome = rank.engine.cancelMessage(q.source(), q.context(), q.seq());
    long key = MessageIds.key(q.source(), q.context(), q.seq());
    if (outcome.result() == MatchingEngine.CancelResult.REMOVED) {
      rank.readySends.withdrawn(key);
    }
    boolean cancelled = outcome.result() != MatchingEngine.CancelResult.TOO_LATE;
    if (outcome.removed() != null && !outcome.removed().rendezvous()) {
      w.returnEagerCredit(me, q.source(), outcome.removed().sizeBytes() + w.protocol.headerBytes());
    }
    String detail = switch (outcome.result()) {
      case REMOVED -> "the message was unmatched at the receiver and is removed";
      case WILL_DROP -> "the message has not arrived; it will be dropped on arrival";
      case TOO_LATE -> "the message has matched a receive or a matched probe already";
    };
    w.emit(new TraceEvent.CancelDecided(w.step, w.now(), me, -1, q.sendRequestId(), key, cancelled, detail));
    w.send(new Packet(Payloads.CANCEL_ACK, me, q.source(), w.protocol.headerBytes(),
        new Payloads.CancelAnswer(q.sendRequestId(), cancelled)));
  }

  /** A message dropped on arrival because its send was cancelled first: free its eager buffer. */
  static void dropped(World w, int me, Message m) {
    w.rank(me).readySends.withdrawn(m.key());
    if (!m.rendezvous()) {
      w.returnEagerCredit(me, m.source(), m.sizeBytes() + w.protocol.headerBytes());
    }
  }

  /** The receiver's answer reached the sender. */
  static void answered(World w, InFlight f) {
    Payloads.CancelAnswer a = (Payloads.CancelAnswer) f.packet().payload();
    ThreadState owner = w.owner(a.sendRequestId());
    Request r = owner.request(a.sendRequestId());
    Request user = null;
    for (Request x : owner.requests.values()) {
      if (x.transferId == a.sendRequestId()) {
        user = x;
      }
    }
    w.touchThread(owner);
    if (r == null) {
      // The buffered transfer left the buffer and is gone; only the Ibsend's request remains.
      if (user != null) {
        user.cancelPending = false;
        user.statusCancelled = a.cancelled();
        w.requestDone(user);
      }
      return;
    }
    r.cancelPending = false;
    if (a.cancelled()) {
      Buffers.release(w, r);
      r.state = RequestState.CANCELLED;
      r.statusCancelled = true;
      r.statusSource = Mpi.ANY_SOURCE;
      r.statusTag = Mpi.ANY_TAG;
      r.statusBytes = 0;
    }
    if (user != null) {
      user.cancelPending = false;
      user.statusCancelled = a.cancelled();
      w.requestDone(user);
    }
    if (r.finished()) {
      w.requestDone(r);
    }
  }

  private static void decided(World w, ThreadState t, Request r, long key, boolean cancelled, String detail) {
    w.emit(new TraceEvent.CancelDecided(w.step, w.now(), t.rank, t.thread, r.id, key, cancelled, detail));
  }
}
