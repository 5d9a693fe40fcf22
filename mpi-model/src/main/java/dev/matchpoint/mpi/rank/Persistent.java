package dev.matchpoint.mpi.rank;

import dev.matchpoint.mpi.ErrorClass;
import dev.matchpoint.mpi.Mpi;
import dev.matchpoint.mpi.RequestIds;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.program.Instr;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.SourceLocation;
import java.util.ArrayList;
import java.util.List;

/**
 * Persistent requests (MPI-3.1 §3.9): Send_init in the four modes and Recv_init create an inactive
 * request with its arguments fixed; MPI_Start makes it active and starts one communication as the
 * matching nonblocking call would; Wait and Test complete it and leave it inactive, still allocated,
 * ready to start again; Wait and Test on an inactive request return at once with the empty status.
 * Starting an active request is erroneous. MPI_Startall starts its requests in some order, and a
 * started MPI_ANY_SOURCE receive takes some source's message: both are choices ({@link StartPlans}).
 */
final class Persistent {
  private Persistent() {}

  static boolean sendInit(World w, ThreadState t, Instr.Call c, MpiOp.SendInit op) throws ProgramError {
    int dest = Vars.eval(op.dest(), t, w.size);
    int tag = Vars.eval(op.tag(), t, w.size);
    int count = Vars.eval(op.count(), t, w.size);
    if (w.calls.check(t, c, op.dest(), dest, op.tag(), tag, count, false) != ErrorClass.MPI_SUCCESS
        || Datatypes.check(w, t, c, op.type(), true) != ErrorClass.MPI_SUCCESS) {
      Vars.setRequest(t, op.request(), Vars.REQUEST_NULL);
      return true;
    }
    Request r = t.newRequest(RequestKind.SEND, true);
    r.persistent = true;
    r.active = false;
    r.dest = w.calls.world(t, op.comm(), dest);
    r.tag = tag;
    r.context = Communicators.context(w, t, op.comm());
    r.sizeBytes = count * Datatypes.sizeBytes(t, op.type());
    r.type = Datatypes.basic(t, op.type());
    r.mode = op.mode();
    inactive(r);
    Vars.setRequest(t, op.request(), RequestIds.index(r.id) + 1);
    return true;
  }

  static boolean recvInit(World w, ThreadState t, Instr.Call c, MpiOp.RecvInit op) throws ProgramError {
    int src = Vars.eval(op.source(), t, w.size);
    int tag = Vars.eval(op.tag(), t, w.size);
    int count = Vars.eval(op.count(), t, w.size);
    if (w.calls.check(t, c, op.source(), src, op.tag(), tag, count, true) != ErrorClass.MPI_SUCCESS
        || Datatypes.check(w, t, c, op.type(), true) != ErrorClass.MPI_SUCCESS) {
      Vars.setRequest(t, op.request(), Vars.REQUEST_NULL);
      return true;
    }
    Request r = t.newRequest(RequestKind.RECV, true);
    r.persistent = true;
    r.active = false;
    r.sourcePattern = w.calls.world(t, op.comm(), src);
    r.tagPattern = tag;
    r.context = Communicators.context(w, t, op.comm());
    r.capacityBytes = count * Datatypes.sizeBytes(t, op.type());
    r.type = Datatypes.basic(t, op.type());
    inactive(r);
    Vars.setRequest(t, op.request(), RequestIds.index(r.id) + 1);
    return true;
  }

  /**
   * MPI_Start or MPI_Startall: reports the requests that cannot be started, then starts the others
   * as the chosen plan says (MPI-3.1 §3.9: "in some arbitrary order"; a started MPI_ANY_SOURCE
   * receive takes the source the plan names, as MPI_Irecv would under the {@code any} policy).
   *
   * @param variant the index of the plan in {@link #plans}, or -1 when there is only one
   * @throws IllegalStateException when several plans exist and no variant chose one
   */
  static boolean start(World w, ThreadState t, Instr.Call c, MpiOp.Start op, int variant) throws ProgramError {
    List<Startable> starts = startable(w, t, c, op);
    List<StartPlans.Plan> plans = StartPlans.of(w, t, requests(starts));
    if (variant < 0 && plans.size() > 1) {
      throw new IllegalStateException(op.mpiName() + " at " + c.at() + " has " + plans.size()
          + " plans and none was chosen: the choice must come from the scheduler");
    }
    StartPlans.Plan plan = plans.get(Math.max(variant, 0));
    for (int k = 0; k < plan.order().length; k++) {
      Request r = starts.get(plan.order()[k]).request();
      if (r.kind == RequestKind.CHANNEL) {
        Channels.start(w, t, c, r);
      } else if (r.kind == RequestKind.PARTITIONED) {
        Partitions.start(w, t, c, r);
      } else {
        activate(w, t, r, c.at(), plan.sources()[k]);
      }
    }
    return true;
  }

  /** A request an MPI_Start or MPI_Startall can start, with the variable naming it. */
  record Startable(String var, Request request) {}

  /**
   * The requests of an MPI_Start or MPI_Startall that can be started, in array order. With {@code c}
   * given, reports the others: MPI_REQUEST_NULL, a dead or non-persistent request (MPI_ERR_REQUEST),
   * an active request, one named twice in the call, or one being bound (erroneous). Channel
   * endpoints are always returned (their start reports its own errors).
   *
   * @param c the call, or null to report nothing
   * @throws ProgramError when a request variable was never set
   */
  static List<Startable> startable(World w, ThreadState t, Instr.Call c, MpiOp.Start op) throws ProgramError {
    List<Startable> out = new ArrayList<>();
    for (String var : op.requests()) {
      Request r = Calls.lookup(t, var);
      boolean twice = false;
      for (Startable s : out) {
        twice |= s.request() == r && r.kind != RequestKind.CHANNEL;
      }
      if (r == null || r == Calls.INVALID || !(r.persistent || r.kind == RequestKind.CHANNEL)) {
        if (c != null) {
          w.error(t, op.mpiName(), ErrorClass.MPI_ERR_REQUEST, "'" + var + "' is "
              + (r == null ? "MPI_REQUEST_NULL" : r == Calls.INVALID ? "not a live request" : "not a persistent request"),
              c.at());
        }
      } else if (r.kind != RequestKind.CHANNEL && (r.active || twice)) {
        if (c != null) {
          w.erroneous(t.rank, t.thread, "MPI_Start of an active persistent request (MPI-3.1 §3.9)",
              "'" + var + "' (" + RequestIds.format(r.id) + ") was started and not yet completed", c.at());
        }
      } else if (r.kind != RequestKind.CHANNEL && r.bindPending >= 0) {
        if (c != null) {
          w.erroneous(t.rank, t.thread, "MPI_Start of a request being bound to a channel (seed 003)",
              "'" + var + "' is bound with Ibind_channel; start the channel endpoint instead", c.at());
        }
      } else {
        out.add(new Startable(var, r));
      }
    }
    return out;
  }

  static List<Request> requests(List<Startable> starts) {
    List<Request> out = new ArrayList<>(starts.size());
    starts.forEach(s -> out.add(s.request()));
    return out;
  }

  /**
   * The plans of the thread's MPI_Start or MPI_Startall in the current state (see {@link StartPlans}).
   *
   * @throws ProgramError when a request variable was never set
   */
  static List<StartPlans.Plan> plans(World w, ThreadState t, MpiOp.Start op) throws ProgramError {
    return StartPlans.of(w, t, requests(startable(w, t, null, op)));
  }

  /** A label for plan {@code variant}, e.g. {@code "start b, a; a (r2.t0#1) takes source 1"}. */
  static String describe(World w, ThreadState t, MpiOp.Start op, int variant) throws ProgramError {
    List<Startable> starts = startable(w, t, null, op);
    List<String> names = new ArrayList<>();
    starts.forEach(s -> names.add(s.var()));
    return StartPlans.describe(requests(starts), names, StartPlans.of(w, t, requests(starts)).get(variant));
  }

  private static void activate(World w, ThreadState t, Request r, SourceLocation at, int source) {
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
      w.calls.post(t, r, r.sourcePattern, r.tagPattern, r.context, r.capacityBytes, r.type, source);
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
