package dev.matchpoint.mpi.rank;

import dev.matchpoint.mpi.ErrorClass;
import dev.matchpoint.mpi.Mpi;
import dev.matchpoint.mpi.program.Instr;
import dev.matchpoint.mpi.program.MpiOp;
import java.util.ArrayList;
import java.util.List;

/**
 * The Wait and Test families and MPI_Request_free (MPI-3.1 §3.7.3–3.7.5). A completed request
 * returned by Wait or Test is deallocated and its variable set to MPI_REQUEST_NULL; MPI_REQUEST_NULL
 * in a list is ignored. Waitany, Testany, Waitsome and Testsome also ignore inactive persistent
 * requests (they act on the active requests), and return at once with MPI_UNDEFINED (and the empty
 * status) when no handle in the list is active; Wait, Test, Waitall and Testall return the empty
 * status for a null or inactive handle.
 */
final class Completions {
  private Completions() {}

  /** Runs a Wait/Test call; Wait-family calls that cannot complete block the thread on requests. */
  static boolean exec(World w, ThreadState t, Instr.Call c, MpiOp op, int variant) throws ProgramError {
    if (SharedState.completedConcurrently(w, t, c)) {
      return true;
    }
    if (op instanceof MpiOp.Test test) {
      Request r = Calls.lookup(t, test.request());
      if (r == Calls.INVALID) {
        return invalid(w, t, c, test.request());
      }
      boolean done = r == null || ready(r);
      Vars.setFlag(t, test.flag(), done);
      if (done) {
        returnOne(w, t, test.request(), r, test.status());
      }
      return true;
    } else if (op instanceof MpiOp.Testall ta) {
      boolean all = true;
      for (String v : ta.requests()) {
        Request r = Calls.lookup(t, v);
        if (r == Calls.INVALID) {
          return invalid(w, t, c, v);
        }
        all &= r == null || ready(r);
      }
      Vars.setFlag(t, ta.flag(), all);
      if (all) {
        returnAll(w, t, c, ta.requests(), List.of());
      }
      return true;
    } else if (op instanceof MpiOp.Testany ta) {
      int picked = pickAny(w, t, c, ta.requests(), variant);
      if (picked == ERROR) {
        return true;
      }
      Vars.setFlag(t, ta.flag(), picked != NONE_COMPLETED);
      Vars.setInt(t, ta.index(), picked >= 0 ? picked : Mpi.UNDEFINED);
      if (picked >= 0) {
        returnOne(w, t, ta.requests().get(picked), Calls.lookup(t, ta.requests().get(picked)), ta.status());
      } else if (picked == NONE_ACTIVE) {
        Vars.setEmptyStatus(t, ta.status());
      }
      return true;
    } else if (op instanceof MpiOp.Testsome ts) {
      someDone(w, t, c, ts.requests(), ts.outcount(), ts.indices(), ts.statuses(), true);
      return true;
    }
    boolean done = finish(w, t, c, op, variant);
    if (!done) {
      t.block = BlockKind.REQUESTS;
    }
    return done;
  }

  /**
   * Completes a Wait-family call if its requests allow: Wait on a completed or null request,
   * Waitall when all are, Waitany when one is, Waitsome when at least one is.
   */
  static boolean finish(World w, ThreadState t, Instr.Call c, MpiOp op, int variant) throws ProgramError {
    if (op instanceof MpiOp.Wait wait) {
      Request r = Calls.lookup(t, wait.request());
      if (r == Calls.INVALID) {
        return invalid(w, t, c, wait.request());
      }
      if (r != null && !ready(r)) {
        return false;
      }
      returnOne(w, t, wait.request(), r, wait.status());
      return true;
    } else if (op instanceof MpiOp.Waitall wa) {
      for (String v : wa.requests()) {
        Request r = Calls.lookup(t, v);
        if (r == Calls.INVALID) {
          return invalid(w, t, c, v);
        }
        if (r != null && !ready(r)) {
          return false;
        }
      }
      returnAll(w, t, c, wa.requests(), wa.statuses());
      return true;
    } else if (op instanceof MpiOp.Waitany wa) {
      int picked = pickAny(w, t, c, wa.requests(), variant);
      if (picked == ERROR) {
        return true;
      } else if (picked == NONE_COMPLETED) {
        return false;
      }
      Vars.setInt(t, wa.index(), picked >= 0 ? picked : Mpi.UNDEFINED);
      if (picked >= 0) {
        returnOne(w, t, wa.requests().get(picked), Calls.lookup(t, wa.requests().get(picked)), wa.status());
      } else {
        Vars.setEmptyStatus(t, wa.status());
      }
      return true;
    } else if (op instanceof MpiOp.Waitsome ws) {
      return someDone(w, t, c, ws.requests(), ws.outcount(), ws.indices(), ws.statuses(), false);
    }
    throw new AssertionError(op);
  }

  /** MPI_Request_free: a completed request goes at once; an active one when it completes. */
  static boolean free(World w, ThreadState t, Instr.Call c, String var) throws ProgramError {
    if (SharedState.completedConcurrently(w, t, c)) {
      return true;
    }
    Request r = Calls.lookup(t, var);
    if (r == null || r == Calls.INVALID) {
      w.error(t, "MPI_Request_free", ErrorClass.MPI_ERR_REQUEST, "'" + var + "' is "
          + (r == null ? "MPI_REQUEST_NULL" : "not a live request"), c.at());
      return true;
    }
    if (r.kind == RequestKind.CHANNEL) {
      w.erroneous(t.rank, t.thread, "MPI_Request_free on a channel endpoint (seed 003)",
          "\"Using MPI_Request_free() on a persistent channel type request is erroneous\": unbind '" + var + "'", c.at());
      return true;
    }
    if (Partitions.activeNotCompleted(r)) {
      w.erroneous(t.rank, t.thread, Partitions.FREE_ACTIVE, "MPI_Request_free of '" + var + "', started at " + r.at
          + " and not completed: \"Freeing or canceling a partitioned communication request that is active [...] "
          + "and not completed is erroneous\"", c.at());
      return true;
    }
    if (r.done()) {
      // Completed, or an inactive persistent request (always complete: Persistent#inactive).
      SharedState.holder(t, r).dropRequest(r);
    } else {
      r.freed = true;
    }
    Vars.setRequest(t, var, Vars.REQUEST_NULL);
    return true;
  }

  private static boolean invalid(World w, ThreadState t, Instr.Call c, String var) {
    w.error(t, c.op().mpiName(), ErrorClass.MPI_ERR_REQUEST, "'" + var + "' names no live request", c.at());
    return true;
  }

  /**
   * Whether a request is active in the sense of MPI-3.1 §3.7.5, where Waitany, Testany, Waitsome
   * and Testsome act "on the active requests" and ignore null and inactive handles: every request
   * but an inactive persistent one. A persistent request whose Ibind_channel is pending counts as
   * active (its Wait completes the binding); a channel endpoint always does.
   */
  static boolean active(Request r) {
    return !r.persistent || r.active || r.bindPending >= 0;
  }

  /**
   * Whether Wait or Test can return a request now: a completed operation; an inactive persistent
   * request (at once, with the empty status); a channel endpoint with a completed start, or one
   * whose nonblocking unbind has completed; never a persistent request whose Ibind_channel has not
   * completed.
   */
  static boolean ready(Request r) {
    if (r.kind == RequestKind.CHANNEL) {
      return r.channel.phase == Channel.Phase.UNBOUND
          || (r.channel.phase == Channel.Phase.BOUND && Channels.ready(r));
    }
    if (r.bindPending >= 0 || r.exchangeHalf >= 0) {
      return false;
    }
    // An inactive persistent request is complete (Persistent#inactive): done.
    return r.done();
  }

  /**
   * Returns one request to the program: its status, then deallocation and MPI_REQUEST_NULL, except
   * for persistent requests, which become inactive and stay (MPI-3.1 §3.9), and channel endpoints,
   * whose oldest completed start is returned.
   */
  private static void returnOne(World w, ThreadState t, String var, Request r, String status) throws ProgramError {
    if (r == null) {
      Vars.setEmptyStatus(t, status);
      return;
    }
    if (r.kind == RequestKind.CHANNEL) {
      if (r.channel.phase == Channel.Phase.UNBOUND) {
        Vars.setEmptyStatus(t, status);
        Channels.dropIfUnbound(t, var);
      } else {
        Channels.returnStart(t, r, status);
      }
      return;
    }
    if (r.persistent) {
      if (!r.active) {
        Vars.setEmptyStatus(t, status);
        return;
      }
      // (A freed persistent request is never returned: MPI_Request_free set its variable to
      // MPI_REQUEST_NULL, and World#requestDone deallocates it when its operation completes.)
      Vars.setStatus(t, status, r);
      Persistent.inactive(r);
      return;
    }
    Vars.setStatus(t, status, r);
    ThreadState holder = SharedState.holder(t, r);
    holder.dropRequest(r);
    Vars.setRequest(t, var, Vars.REQUEST_NULL);
    if (w.timed()) {
      holder.recycle(r);
    }
  }

  private static void returnAll(World w, ThreadState t, Instr.Call c, List<String> vars, List<String> statuses)
      throws ProgramError {
    boolean anyError = false;
    for (int i = 0; i < vars.size(); i++) {
      Request r = Calls.lookup(t, vars.get(i));
      String status = statuses.isEmpty() ? null : statuses.get(i);
      anyError |= r != null && r.statusError != ErrorClass.MPI_SUCCESS;
      returnOne(w, t, vars.get(i), r, status);
    }
    if (anyError) {
      w.error(t, c.op().mpiName(), ErrorClass.MPI_ERR_IN_STATUS, "a request completed with an error; see its status",
          c.at());
    }
  }

  /** {@link #pickAny}: an invalid handle was reported. */
  private static final int ERROR = -3;
  /** {@link #pickAny}: no handle in the list is active. */
  private static final int NONE_ACTIVE = -2;
  /** {@link #pickAny}: some handle is active, and none has completed. */
  private static final int NONE_COMPLETED = -1;

  /**
   * The position Waitany/Testany returns (MPI-3.1 §3.7.5): the alternative {@code variant} chosen by
   * the scheduler, else the only completed active request; or {@link #NONE_ACTIVE}, {@link
   * #NONE_COMPLETED}, or {@link #ERROR} after reporting a handle that names no live request. With
   * several completed, the position is a choice ({@link Calls#variants}) and must be given.
   *
   * @throws IllegalStateException when several requests are complete and no variant chose one
   */
  private static int pickAny(World w, ThreadState t, Instr.Call c, List<String> vars, int variant)
      throws ProgramError {
    int first = NONE_ACTIVE;
    int completed = 0;
    for (int i = 0; i < vars.size(); i++) {
      Request r = Calls.lookup(t, vars.get(i));
      if (r == Calls.INVALID) {
        invalid(w, t, c, vars.get(i));
        return ERROR;
      }
      if (r != null && active(r)) {
        if (ready(r)) {
          completed++;
          if (first < 0) {
            first = i;
          }
        } else if (first == NONE_ACTIVE) {
          first = NONE_COMPLETED;
        }
      }
    }
    if (variant >= 0) {
      return variant;
    }
    if (completed > 1) {
      throw new IllegalStateException(c.op().mpiName() + " at " + c.at() + " has several completed requests and "
          + "none was chosen: the choice must come from the scheduler");
    }
    return first;
  }

  /**
   * Waitsome and Testsome (MPI-3.1 §3.7.5): returns every completed active request, writing the
   * first outcount entries of {@code indices} and {@code statuses} (each empty, or one per request;
   * later entries are left as they were); outcount 0 for Testsome when none has completed, and
   * MPI_UNDEFINED at once when no handle is active.
   *
   * @return false when Waitsome must block
   */
  private static boolean someDone(World w, ThreadState t, Instr.Call c, List<String> vars, String outcount,
      List<String> indices, List<String> statuses, boolean test) throws ProgramError {
    List<Integer> done = new ArrayList<>();
    boolean anyActive = false;
    for (int i = 0; i < vars.size(); i++) {
      Request r = Calls.lookup(t, vars.get(i));
      if (r == Calls.INVALID) {
        return invalid(w, t, c, vars.get(i));
      }
      if (r != null && active(r)) {
        anyActive = true;
        if (ready(r)) {
          done.add(i);
        }
      }
    }
    if (!anyActive) {
      Vars.setInt(t, outcount, Mpi.UNDEFINED);
      return true;
    }
    if (done.isEmpty() && !test) {
      return false;
    }
    for (int k = 0; k < done.size(); k++) {
      int i = done.get(k);
      if (!indices.isEmpty()) {
        Vars.setInt(t, indices.get(k), i);
      }
      returnOne(w, t, vars.get(i), Calls.lookup(t, vars.get(i)), statuses.isEmpty() ? null : statuses.get(k));
    }
    Vars.setInt(t, outcount, done.size());
    return true;
  }
}
