package dev.matchpoint.mpi.rank;

import dev.matchpoint.mpi.DatatypeRef;
import dev.matchpoint.mpi.ErrorClass;
import dev.matchpoint.mpi.Mpi;
import dev.matchpoint.mpi.RequestIds;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.match.Envelopes;
import dev.matchpoint.mpi.match.Message;
import dev.matchpoint.mpi.program.Expr;
import dev.matchpoint.mpi.program.Instr;
import dev.matchpoint.mpi.trace.MatchKind;
import dev.matchpoint.mpi.trace.TraceEvent;

/**
 * Probe, Iprobe (MPI-3.1 §3.8.1; seed 001), the matched probe Mprobe/Improbe (MPI-3.1 §3.8.2; seed
 * 000 §3.2) and the matched receive Mrecv/Imrecv (MPI-3.1 §3.8.3; seed 000 §3.3).
 */
final class Probes {
  private Probes() {}

  /**
   * Probe (blocking when {@code flag} is null) or Iprobe: reports the message a receive posted now
   * would match, without removing it. "The call matches the same message that would have been
   * received by a call to MPI_RECV(..., source, tag, comm, status) executed at the same point in the
   * program" (seed 001).
   *
   * @return whether the call completed (false: blocked until a match is queued)
   */
  static boolean probe(World w, ThreadState t, Instr.Call c, Expr sourceExpr, Expr tagExpr, String comm,
      String flag, String status, int variant) throws ProgramError {
    int src = Vars.eval(sourceExpr, t, w.size);
    int tag = Vars.eval(tagExpr, t, w.size);
    ErrorClass e = w.calls.check(t, c, sourceExpr, src, tagExpr, tag, 0, true);
    if (e != ErrorClass.MPI_SUCCESS) {
      Vars.setStatus(t, status, Mpi.ANY_SOURCE, Mpi.ANY_TAG, 0, e, false);
      if (flag != null) {
        Vars.setFlag(t, flag, false);
      }
      return true;
    }
    if (src == Mpi.PROC_NULL) {
      Vars.setProcNullStatus(t, status);
      if (flag != null) {
        Vars.setFlag(t, flag, true);
      }
      return true;
    }
    src = w.calls.world(t, comm, src);
    RankState rank = w.rank(t.rank);
    Message m = rank.engine.select(src, tag, Communicators.context(w, t, comm), variant, true);
    // A probe only reads the queues; under round-robin a wildcard match moves the pointer.
    w.touchQueue(t.rank, src, false);
    if (m != null && src == Envelopes.ANY) {
      w.touchRoundRobin(t.rank);
    }
    if (m == null) {
      if (flag != null) {
        Vars.setFlag(t, flag, false);
        return true;
      }
      t.block = BlockKind.PROBE;
      return false;
    }
    w.emit(new TraceEvent.Matched(w.step, w.now(), t.rank, t.thread, MatchKind.PROBE, RequestIds.NONE, m.key(),
        -1, src, tag, m.tag(), m.sizeBytes(), rank.engine.postedDepth(), rank.engine.unexpectedDepth(),
          rank.engine.lastSearchLength()));
    Vars.setStatus(t, status, Communicators.rankIn(w, t.rank, m.context(), m.source()), m.tag(), m.sizeBytes(), ErrorClass.MPI_SUCCESS, false);
    if (flag != null) {
      Vars.setFlag(t, flag, true);
    }
    return true;
  }

  /**
   * Mprobe (blocking when {@code flag} is null) or Improbe: matches the message a receive posted now
   * would match and removes it from the unexpected queue into a message handle; "no other probe or
   * receive operation may match the message" (seed 000 §3.2). With MPI_PROC_NULL the handle is
   * MPI_MESSAGE_NO_PROC (MPI-3.1 §3.8.2). A ready-mode message taken by a matched probe is
   * erroneous: "a matched probe is not a receive" (seed 000, revision 3).
   */
  static boolean mprobe(World w, ThreadState t, Instr.Call c, Expr sourceExpr, Expr tagExpr, String comm,
      String flag, String message, String status, int variant) throws ProgramError {
    int src = Vars.eval(sourceExpr, t, w.size);
    int tag = Vars.eval(tagExpr, t, w.size);
    ErrorClass e = w.calls.check(t, c, sourceExpr, src, tagExpr, tag, 0, true);
    if (e != ErrorClass.MPI_SUCCESS) {
      Vars.setStatus(t, status, Mpi.ANY_SOURCE, Mpi.ANY_TAG, 0, e, false);
      Vars.setMessage(t, message, Vars.MESSAGE_NULL);
      if (flag != null) {
        Vars.setFlag(t, flag, false);
      }
      return true;
    }
    if (src == Mpi.PROC_NULL) {
      Vars.setMessage(t, message, Vars.MESSAGE_NO_PROC);
      Vars.setProcNullStatus(t, status);
      if (flag != null) {
        Vars.setFlag(t, flag, true);
      }
      return true;
    }
    src = w.calls.world(t, comm, src);
    RankState rank = w.rank(t.rank);
    Message m = rank.engine.select(src, tag, Communicators.context(w, t, comm), variant, true);
    w.touchQueue(t.rank, src, false);
    if (m != null) {
      w.touchQueue(t.rank, m.source(), true);
      if (src == Envelopes.ANY) {
        w.touchRoundRobin(t.rank);
      }
    }
    if (m == null) {
      if (flag != null) {
        Vars.setFlag(t, flag, false);
        return true;
      }
      t.block = BlockKind.PROBE;
      return false;
    }
    rank.engine.takeUnexpected(m);
    t.handlesForWrite().put(m.key(), m);
    t.handleAtForWrite().put(m.key(), c.at());
    w.emit(new TraceEvent.Matched(w.step, w.now(), t.rank, t.thread, MatchKind.MPROBE, RequestIds.NONE, m.key(),
        -1, src, tag, m.tag(), m.sizeBytes(), rank.engine.postedDepth(), rank.engine.unexpectedDepth(),
          rank.engine.lastSearchLength()));
    Vars.setMessage(t, message, m.key() + 2);
    Vars.setStatus(t, status, Communicators.rankIn(w, t.rank, m.context(), m.source()), m.tag(), m.sizeBytes(), ErrorClass.MPI_SUCCESS, false);
    if (flag != null) {
      Vars.setFlag(t, flag, true);
    }
    if (m.mode() == SendMode.READY) {
      w.erroneous(t.rank, t.thread, "ready-mode send matched by a matched probe (seed 000, revision 3)",
          "a matched probe is not a receive: message " + dev.matchpoint.mpi.match.MessageIds.format(m.key())
              + " was sent with MPI_Rsend", c.at());
    }
    return true;
  }

  /**
   * Mrecv (blocking when {@code request} is null) or Imrecv of a message handle. MPI_MESSAGE_NO_PROC
   * receives nothing and returns the status (MPI_PROC_NULL, MPI_ANY_TAG, 0) (MPI-3.1 §3.8.3);
   * MPI_MESSAGE_NULL, including a handle already received, is MPI_ERR_MESSAGE (seed 000 §3.4). The
   * handle becomes MPI_MESSAGE_NULL. A rendezvous message sends its CTS now, and a synchronous eager
   * message its acknowledgement: the matched receive has started (seed 000, revision 3).
   */
  static boolean mrecv(World w, ThreadState t, Instr.Call c, String message, Expr countExpr, DatatypeRef type,
      String status, String request) throws ProgramError {
    long h = Vars.message(t, message);
    if (h < 0) {
      throw new ProgramError("message handle '" + message + "' is read before any call set it");
    }
    int count = Vars.eval(countExpr, t, w.size);
    ErrorClass e = ErrorClass.MPI_SUCCESS;
    String detail = null;
    if (count < 0) {
      e = ErrorClass.MPI_ERR_COUNT;
      detail = "count " + count + " is negative";
    } else if (h == Vars.MESSAGE_NULL
        || (h != Vars.MESSAGE_NO_PROC && !SharedState.handleHolder(t, h - 2).handles.containsKey(h - 2))) {
      e = ErrorClass.MPI_ERR_MESSAGE;
      detail = "'" + message + "' is MPI_MESSAGE_NULL: no matched probe set it, or its message was received already";
    } else if (Datatypes.problem(t, type, true) != null) {
      e = ErrorClass.MPI_ERR_TYPE;
      detail = Datatypes.problem(t, type, true);
    }
    if (e != ErrorClass.MPI_SUCCESS) {
      w.error(t, c.op().mpiName(), e, detail, c.at());
      Vars.setStatus(t, status, Mpi.ANY_SOURCE, Mpi.ANY_TAG, 0, e, false);
      if (request != null) {
        Vars.setRequest(t, request, Vars.REQUEST_NULL);
      }
      return true;
    }
    Vars.setMessage(t, message, Vars.MESSAGE_NULL);
    if (h == Vars.MESSAGE_NO_PROC) {
      if (request == null) {
        Vars.setProcNullStatus(t, status);
      } else {
        Request r = t.newRequest(RequestKind.MRECV, true);
        Vars.setRequest(t, request, RequestIds.index(r.id) + 1);
        r.complete(Mpi.PROC_NULL, Mpi.ANY_TAG, 0, ErrorClass.MPI_SUCCESS);
        w.requestDone(r);
      }
      return true;
    }
    ThreadState holder = SharedState.handleHolder(t, h - 2);
    Message m = holder.handles.remove(h - 2);
    holder.handleAt.remove(h - 2);
    Request r = t.newRequest(RequestKind.MRECV, request != null);
    r.capacityBytes = count * Datatypes.sizeBytes(t, type);
    r.type = Datatypes.basic(t, type);
    r.sourcePattern = m.source();
    r.tagPattern = m.tag();
    r.context = m.context();
    RankState rank = w.rank(t.rank);
    w.emit(new TraceEvent.Matched(w.step, w.now(), t.rank, t.thread, MatchKind.MRECV, r.id, m.key(), -1, m.source(),
        m.tag(), m.tag(),
        m.sizeBytes(), rank.engine.postedDepth(), rank.engine.unexpectedDepth(),
          0));
    if (request != null) {
      Vars.setRequest(t, request, RequestIds.index(r.id) + 1);
      Protocols.receiveMatched(w, t, r, m);
      return true;
    }
    Protocols.receiveMatched(w, t, r, m);
    if (r.done()) {
      Vars.setStatus(t, status, r);
      t.dropRequest(r);
      return true;
    }
    t.internal = new int[] {RequestIds.index(r.id)};
    t.block = BlockKind.REQUESTS;
    return false;
  }
}
