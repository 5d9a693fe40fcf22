package dev.matchpoint.mpi.rank;

import dev.matchpoint.mpi.ErrorClass;
import dev.matchpoint.mpi.Mpi;
import dev.matchpoint.mpi.RequestIds;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.program.Instr;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.SourceLocation;

/**
 * Persistent requests (MPI-3.1 §3.9): Send_init in the four modes and Recv_init create an inactive
 * request with its arguments fixed; MPI_Start makes it active and starts one communication as the
 * matching nonblocking call would; Wait and Test complete it and leave it inactive, still allocated,
 * ready to start again; Wait and Test on an inactive request return at once with the empty status.
 * Starting an active request is erroneous.
 */
final class Persistent {
  private Persistent() {}

  static boolean sendInit(World w, ThreadState t, Instr.Call c, MpiOp.SendInit op) throws ProgramError {
    int dest = Vars.eval(op.dest(), t, w.size);
    int tag = Vars.eval(op.tag(), t, w.size);
    int count = Vars.eval(op.count(), t, w.size);
    if (w.calls.check(t, c, op.dest(), dest, op.tag(), tag, count, false) != ErrorClass.MPI_SUCCESS) {
      Vars.setRequest(t, op.request(), Vars.REQUEST_NULL);
      return true;
    }
    Request r = t.newRequest(RequestKind.SEND, true);
    r.persistent = true;
    r.active = false;
    r.dest = dest;
    r.tag = tag;
    r.context = w.spec.communicators().get(op.comm());
    r.sizeBytes = (long) count * op.type().sizeBytes();
    r.type = op.type();
    r.mode = op.mode();
    inactive(r);
    Vars.setRequest(t, op.request(), RequestIds.index(r.id) + 1);
    return true;
  }

  static boolean recvInit(World w, ThreadState t, Instr.Call c, MpiOp.RecvInit op) throws ProgramError {
    int src = Vars.eval(op.source(), t, w.size);
    int tag = Vars.eval(op.tag(), t, w.size);
    int count = Vars.eval(op.count(), t, w.size);
    if (w.calls.check(t, c, op.source(), src, op.tag(), tag, count, true) != ErrorClass.MPI_SUCCESS) {
      Vars.setRequest(t, op.request(), Vars.REQUEST_NULL);
      return true;
    }
    Request r = t.newRequest(RequestKind.RECV, true);
    r.persistent = true;
    r.active = false;
    r.sourcePattern = src;
    r.tagPattern = tag;
    r.context = w.spec.communicators().get(op.comm());
    r.capacityBytes = (long) count * op.type().sizeBytes();
    r.type = op.type();
    inactive(r);
    Vars.setRequest(t, op.request(), RequestIds.index(r.id) + 1);
    return true;
  }

  /** MPI_Start or MPI_Startall: starts each request in order. */
  static boolean start(World w, ThreadState t, Instr.Call c, MpiOp.Start op) throws ProgramError {
    for (String var : op.requests()) {
      Request r = Calls.lookup(t, var);
      if (r == null || r == Calls.INVALID || !(r.persistent || r.kind == RequestKind.CHANNEL)) {
        w.error(t, op.mpiName(), ErrorClass.MPI_ERR_REQUEST, "'" + var + "' is "
            + (r == null ? "MPI_REQUEST_NULL" : r == Calls.INVALID ? "not a live request" : "not a persistent request"),
            c.at());
        continue;
      }
      if (r.kind == RequestKind.CHANNEL) {
        Channels.start(w, t, c, r);
      } else if (r.active) {
        w.erroneous(t.rank, t.thread, "MPI_Start of an active persistent request (MPI-3.1 §3.9)",
            "'" + var + "' (" + RequestIds.format(r.id) + ") was started and not yet completed", c.at());
      } else if (r.bindPending >= 0) {
        w.erroneous(t.rank, t.thread, "MPI_Start of a request being bound to a channel (seed 003)",
            "'" + var + "' is bound with Ibind_channel; start the channel endpoint instead", c.at());
      } else {
        activate(w, t, r, c.at());
      }
    }
    return true;
  }

  private static void activate(World w, ThreadState t, Request r, SourceLocation at) {
    r.active = true;
    r.state = RequestState.POSTED;
    r.cancelPending = false;
    r.matchedMessage = -1;
    r.statusError = ErrorClass.MPI_SUCCESS;
    r.statusCancelled = false;
    r.at = at;
    if (r.kind == RequestKind.SEND) {
      if (r.dest == Mpi.PROC_NULL) {
        r.complete(Mpi.PROC_NULL, Mpi.ANY_TAG, 0, ErrorClass.MPI_SUCCESS);
        w.requestDone(r);
      } else if (r.mode == SendMode.BUFFERED) {
        ErrorClass e = Buffers.bufferedSend(w, t, (Instr.Call) t.code.at(t.pc), r.dest, r.tag, r.context, r.sizeBytes,
            r.type, r);
        r.complete(Mpi.ANY_SOURCE, Mpi.ANY_TAG, 0, e);
        w.requestDone(r);
      } else {
        Protocols.startSend(w, t, r, r.dest, r.tag, r.context, r.sizeBytes, r.type, r.mode, at);
      }
    } else if (r.sourcePattern == Mpi.PROC_NULL) {
      r.complete(Mpi.PROC_NULL, Mpi.ANY_TAG, 0, ErrorClass.MPI_SUCCESS);
      w.requestDone(r);
    } else {
      w.calls.post(t, r, r.sourcePattern, r.tagPattern, r.context, r.capacityBytes, r.type, -1);
    }
  }

  /** Returns a completed persistent request to the inactive state, keeping its arguments. */
  static void inactive(Request r) {
    r.active = false;
    r.state = RequestState.COMPLETE;
    r.seq = -1;
    r.transferId = -1;
    r.statusSource = Mpi.ANY_SOURCE;
    r.statusTag = Mpi.ANY_TAG;
    r.statusBytes = 0;
    r.statusError = ErrorClass.MPI_SUCCESS;
    r.statusCancelled = false;
  }
}
