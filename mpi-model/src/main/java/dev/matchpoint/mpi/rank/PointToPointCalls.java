package dev.matchpoint.mpi.rank;

import dev.matchpoint.mpi.ErrorClass;
import dev.matchpoint.mpi.Mpi;
import dev.matchpoint.mpi.RequestIds;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.program.Instr;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.PointToPointOps;

/**
 * MPI_Sendrecv_replace (MPI-3.1 §3.10), MPI_Isendrecv and MPI_Isendrecv_replace (MPI-4.0 §3.10),
 * and MPI_Request_get_status (MPI-3.1 §3.7.3).
 *
 * <p>MPI_Sendrecv_replace is the MPI_Sendrecv of its one buffer, and the nonblocking forms run as
 * it does ({@link Sendrecvs}): in logical mode the send and the receive are two halves, separate
 * steps in either order, and the call returns once both have run, without waiting for them to
 * complete; in timed mode, and with invalid arguments or an MPI_PROC_NULL peer, both start in the
 * call's one step ({@link #start}), the send first. The request the program holds is the
 * receive's; the send's is freed at once, so that it goes when it completes. While the send is
 * pending the two are linked ({@link Request#exchangeHalf}) and Wait and Test find the program's
 * request incomplete ({@link Completions#ready}): it completes when both halves have, with the
 * receive's status.
 */
final class PointToPointCalls {
  private PointToPointCalls() {}

  /**
   * The send-receive a call performs: an MPI_Sendrecv, and the exchange of MPI_Sendrecv_replace,
   * MPI_Isendrecv or MPI_Isendrecv_replace.
   *
   * @return the exchange, or null for any other call
   */
  static MpiOp.Sendrecv exchange(MpiOp op) {
    if (op instanceof MpiOp.Sendrecv s) {
      return s;
    } else if (op instanceof PointToPointOps.SendrecvReplace x) {
      return x.exchange();
    } else if (op instanceof PointToPointOps.Isendrecv x) {
      return x.exchange();
    }
    return null;
  }

  static boolean exec(World w, ThreadState t, Instr.Call c, MpiOp.PointToPointCall op, int variant)
      throws ProgramError {
    if (op instanceof PointToPointOps.SendrecvReplace x) {
      return x.request() == null ? Sendrecvs.whole(w, t, c, x.exchange(), variant)
          : start(w, t, c, x.exchange(), x.request(), variant);
    } else if (op instanceof PointToPointOps.Isendrecv x) {
      return start(w, t, c, x.exchange(), x.request(), variant);
    } else if (op instanceof PointToPointOps.RequestGetStatus x) {
      return getStatus(w, t, c, x);
    }
    throw new AssertionError(op);
  }

  /** A nonblocking send-receive in one step: starts the send, posts the receive, returns the receive's request. */
  private static boolean start(World w, ThreadState t, Instr.Call c, MpiOp.Sendrecv s, String request, int variant)
      throws ProgramError {
    int dest = Vars.eval(s.dest(), t, w.size);
    int stag = Vars.eval(s.sendTag(), t, w.size);
    int scount = Vars.eval(s.sendCount(), t, w.size);
    int src = Vars.eval(s.source(), t, w.size);
    int rtag = Vars.eval(s.recvTag(), t, w.size);
    int rcount = Vars.eval(s.recvCount(), t, w.size);
    ErrorClass e = Sendrecvs.check(w, t, c, s, dest, stag, scount, src, rtag, rcount);
    if (e != ErrorClass.MPI_SUCCESS) {
      Vars.setRequest(t, request, Vars.REQUEST_NULL);
      return true;
    }
    int ctx = Communicators.context(w, t, s.comm());
    dest = w.calls.world(t, s.comm(), dest);
    src = w.calls.world(t, s.comm(), src);
    Request sr = null;
    if (dest != Mpi.PROC_NULL) {
      sr = t.newRequest(RequestKind.SEND, false);
      Protocols.startSend(w, t, sr, dest, stag, ctx, scount * Datatypes.sizeBytes(t, s.sendType()),
          Datatypes.basic(t, s.sendType()), SendMode.STANDARD, c.at());
    }
    Request r = t.newRequest(RequestKind.RECV, true);
    if (src == Mpi.PROC_NULL) {
      r.complete(Mpi.PROC_NULL, Mpi.ANY_TAG, 0, ErrorClass.MPI_SUCCESS);
      w.requestDone(r);
    } else {
      w.calls.post(t, r, src, rtag, ctx, rcount * Datatypes.sizeBytes(t, s.recvType()),
          Datatypes.basic(t, s.recvType()), variant);
    }
    adopt(w, t, sr, r, request);
    return true;
  }

  /**
   * Hands a started nonblocking send-receive to the program: the receive's request is the one its
   * variable holds; the send's, if any, is freed (it goes once complete) and, while pending, linked
   * to the receive's so that Wait and Test wait for both.
   */
  static void adopt(World w, ThreadState t, Request send, Request receive, String request) {
    receive.userVisible = true;
    Vars.setRequest(t, request, RequestIds.index(receive.id) + 1);
    if (send == null) {
      return;
    }
    if (send.done()) {
      t.dropRequest(send);
    } else {
      send.freed = true;
      send.exchangeHalf = receive.id;
      receive.exchangeHalf = send.id;
    }
  }

  /**
   * The send half of a nonblocking send-receive completed ({@link World#requestDone}): the
   * program's request no longer waits for it.
   */
  static void sendHalfDone(World w, ThreadState t, Request send) {
    Request r = t.requests.get(RequestIds.index(send.exchangeHalf));
    send.exchangeHalf = -1;
    if (r != null && r.exchangeHalf == send.id) {
      r.exchangeHalf = -1;
      w.touchRequest(t, r);
    }
  }

  /**
   * MPI_Request_get_status (MPI-3.1 §3.7.3): the flag, and the status of a complete request, as
   * MPI_Test would set them, but the request is neither deallocated nor made inactive and its
   * variable is unchanged. A null or inactive handle gives true and the empty status.
   */
  private static boolean getStatus(World w, ThreadState t, Instr.Call c, PointToPointOps.RequestGetStatus x)
      throws ProgramError {
    Request r = Calls.lookup(t, x.request());
    if (r == Calls.INVALID || (r != null && r.kind == RequestKind.CHANNEL)) {
      w.error(t, c.op().mpiName(), ErrorClass.MPI_ERR_REQUEST, "'" + x.request() + "' "
          + (r == Calls.INVALID ? "names no live request" : "is a channel endpoint (seed 003), which this call does not "
          + "take"), c.at());
      return true;
    }
    if (r == null || (r.persistent && !r.active)) {
      Vars.setFlag(t, x.flag(), true);
      Vars.setEmptyStatus(t, x.status());
      return true;
    }
    boolean done = Completions.ready(r);
    Vars.setFlag(t, x.flag(), done);
    if (done) {
      Vars.setStatus(t, x.status(), r);
    }
    return true;
  }
}
