package dev.matchpoint.mpi.rank;

import dev.matchpoint.mpi.ErrorClass;
import dev.matchpoint.mpi.Mpi;
import dev.matchpoint.mpi.RequestIds;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.program.Instr;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.PointToPointOps;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.ArrayList;
import java.util.List;

/**
 * MPI_Sendrecv (MPI-3.1 §3.10): "The semantics of a send-receive operation is what would be
 * obtained if the caller forked two concurrent threads, one to execute the send, and one to execute
 * the receive, followed by a join of these two threads."
 *
 * <p><b>Logical mode</b> runs the call as two halves, separate actions ({@link Action.Half}): the
 * send half starts a standard-mode send, the receive half posts the receive (or takes the queued
 * message it matches). Either may run first, and the rank's other threads and the network may act
 * between them. Each half has its own internal request at a fixed index ({@link
 * ThreadState#halfIndex}) and writes only its own object ({@link ObjectIds#sendrecvHalf}), reading
 * the thread's; so the halves are independent unless what they do conflicts (for example a credit
 * the receive returns on the link the send uses). Once both have run and both requests are complete,
 * the thread's next step is the join: the call returns with the receive's status. The first half
 * traces the call and the join its return, so a trace shows one call and one return with both
 * halves' events between.
 *
 * <p>A call whose arguments are invalid, or whose destination or source is MPI_PROC_NULL (one half
 * does nothing), runs whole in one step, as does every call in <b>timed mode</b>: the send half,
 * then the receive half, at the same simulated time, so timed runs stay deterministic and make no
 * extra choice.
 */
final class Sendrecvs {
  private Sendrecvs() {}

  private static MpiOp.Sendrecv op(ThreadState t) {
    return t.pc < t.code.size() && t.code.at(t.pc) instanceof Instr.Call c ? PointToPointCalls.exchange(c.op())
        : null;
  }

  /** The request variable of the thread's MPI_Isendrecv or MPI_Isendrecv_replace, else null (a blocking call). */
  private static String request(ThreadState t) {
    MpiOp op = ((Instr.Call) t.code.at(t.pc)).op();
    return op instanceof PointToPointOps.Isendrecv x ? x.request()
        : op instanceof PointToPointOps.SendrecvReplace x ? x.request() : null;
  }

  /**
   * The blocking send-receive a call is: an MPI_Sendrecv, or an MPI_Sendrecv_replace as the
   * send-receive of its one buffer ({@link PointToPointOps.SendrecvReplace#exchange}).
   *
   * @return the exchange, or null for any other call
   */
  static MpiOp.Sendrecv blocking(MpiOp op) {
    if (op instanceof MpiOp.Sendrecv s) {
      return s;
    }
    return op instanceof PointToPointOps.SendrecvReplace x && x.request() == null ? x.exchange() : null;
  }

  /**
   * Whether the thread's next call is an MPI_Sendrecv that runs as two halves: logical mode, valid
   * arguments, and neither peer MPI_PROC_NULL. A function of the state (the call's arguments cannot
   * change while it runs).
   */
  static boolean splits(World w, ThreadState t) {
    MpiOp.Sendrecv s = op(t);
    if (s == null || w.timed()) {
      return false;
    }
    if (started(t)) {
      return true;
    }
    try {
      int dest = Vars.eval(s.dest(), t, w.size);
      int src = Vars.eval(s.source(), t, w.size);
      return Communicators.invalid(w, t, s.comm()) == null && dest != Mpi.PROC_NULL && src != Mpi.PROC_NULL
          && w.calls.valid(t, s.comm(), s.dest(), dest, s.sendTag(), Vars.eval(s.sendTag(), t, w.size),
              Vars.eval(s.sendCount(), t, w.size), false)
          && w.calls.valid(t, s.comm(), s.source(), src, s.recvTag(), Vars.eval(s.recvTag(), t, w.size),
              Vars.eval(s.recvCount(), t, w.size), true)
          && Datatypes.problem(t, s.sendType(), true) == null && Datatypes.problem(t, s.recvType(), true) == null;
    } catch (ProgramError e) {
      return false;
    }
  }

  /** Whether a half of the thread's MPI_Sendrecv has run. */
  static boolean started(ThreadState t) {
    return t.halfRan(Action.Half.SEND) || t.halfRan(Action.Half.RECEIVE);
  }

  private static boolean joinable(ThreadState t) {
    Request send = t.requests.get(t.halfIndex(Action.Half.SEND));
    Request receive = t.requests.get(t.halfIndex(Action.Half.RECEIVE));
    return send != null && receive != null && send.done() && receive.done();
  }

  /**
   * Whether a splitting thread can step: a half has not run, or both have and completed (the join).
   */
  static boolean enabled(ThreadState t) {
    return !t.halfRan(Action.Half.SEND) || !t.halfRan(Action.Half.RECEIVE) || request(t) != null || joinable(t);
  }

  /**
   * Logical mode: the actions of an enabled splitting thread, in canonical order: the send half,
   * then the receive half (once per permitted source under the {@code any} policy), each if it has
   * not run; or, once both have, the join.
   */
  static void actions(World w, ThreadState t, List<Action> out) {
    if (!t.halfRan(Action.Half.SEND)) {
      out.add(Action.half(t.rank, t.thread, Action.Half.SEND, -1));
    }
    if (!t.halfRan(Action.Half.RECEIVE)) {
      int[] sources = w.calls.variants(t);
      if (sources.length == 0) {
        out.add(Action.half(t.rank, t.thread, Action.Half.RECEIVE, -1));
      }
      for (int source : sources) {
        out.add(Action.half(t.rank, t.thread, Action.Half.RECEIVE, source));
      }
    }
    if (t.halfRan(Action.Half.SEND) && t.halfRan(Action.Half.RECEIVE)) {
      out.add(Action.step(t.rank, t.thread, -1));
    }
  }

  /** Runs one half; the first half to run traces the call. */
  static void half(World w, ThreadState t, Action.Half half, int variant) {
    Instr.Call c = (Instr.Call) t.code.at(t.pc);
    MpiOp.Sendrecv s = PointToPointCalls.exchange(c.op());
    if (w.fullTrace && !started(t)) {
      w.emit(new TraceEvent.CallStarted(w.step, w.now(), t.rank, t.thread, c.op().mpiName(),
          OpText.arguments(c.op(), t, w.size), c.at()));
    }
    try {
      int ctx = Communicators.context(w, t, s.comm());
      if (half == Action.Half.SEND) {
        Request r = t.newHalfRequest(Action.Half.SEND, RequestKind.SEND);
        Protocols.startSend(w, t, r, w.calls.world(t, s.comm(), Vars.eval(s.dest(), t, w.size)),
            Vars.eval(s.sendTag(), t, w.size), ctx,
            Vars.eval(s.sendCount(), t, w.size) * Datatypes.sizeBytes(t, s.sendType()),
            Datatypes.basic(t, s.sendType()), SendMode.STANDARD, c.at());
      } else {
        Request r = t.newHalfRequest(Action.Half.RECEIVE, RequestKind.RECV);
        w.calls.post(t, r, w.calls.world(t, s.comm(), Vars.eval(s.source(), t, w.size)),
            Vars.eval(s.recvTag(), t, w.size), ctx,
            Vars.eval(s.recvCount(), t, w.size) * Datatypes.sizeBytes(t, s.recvType()),
            Datatypes.basic(t, s.recvType()), variant);
      }
    } catch (ProgramError e) {
      w.abort(t, e.getMessage());
    }
  }

  /**
   * The join: both halves ran and, for a blocking call, completed; the call returns with the
   * receive's status. A nonblocking call returns at once, keeping both requests: the receive's
   * becomes the program's, linked to the send's until that completes ({@link PointToPointCalls}).
   */
  static void join(World w, ThreadState t) {
    w.touchHalf(t, Action.Half.SEND);
    w.touchHalf(t, Action.Half.RECEIVE);
    String request = request(t);
    if (request == null) {
      Vars.setStatus(t, op(t).status(), t.requests.get(t.halfIndex(Action.Half.RECEIVE)));
      t.endHalves();
    } else {
      Request send = t.requests.get(t.halfIndex(Action.Half.SEND));
      Request receive = t.requests.get(t.halfIndex(Action.Half.RECEIVE));
      t.keepHalves();
      PointToPointCalls.adopt(w, t, send, receive, request);
    }
    w.returnFromCall(t);
  }

  /**
   * Checks a send-receive's arguments, the send's first (MPI-3.1 §3.2.3, §3.2.4, §3.11, and the
   * datatypes, MPI-3.1 §4.1.9); reports the first problem.
   *
   * @return its error class, or MPI_SUCCESS
   */
  static ErrorClass check(World w, ThreadState t, Instr.Call c, MpiOp.Sendrecv s, int dest, int stag, int scount,
      int src, int rtag, int rcount) throws ProgramError {
    ErrorClass e = w.calls.check(t, c, s.dest(), dest, s.sendTag(), stag, scount, false);
    if (e == ErrorClass.MPI_SUCCESS) {
      e = w.calls.check(t, c, s.source(), src, s.recvTag(), rtag, rcount, true);
    }
    if (e == ErrorClass.MPI_SUCCESS) {
      e = Datatypes.check(w, t, c, s.sendType(), true);
    }
    if (e == ErrorClass.MPI_SUCCESS) {
      e = Datatypes.check(w, t, c, s.recvType(), true);
    }
    return e;
  }

  /**
   * The whole call in one step (timed mode, invalid arguments, an MPI_PROC_NULL peer): the send
   * starts, then the receive is posted; the thread blocks until both complete.
   *
   * @return whether the call completed
   */
  static boolean whole(World w, ThreadState t, Instr.Call c, MpiOp.Sendrecv s, int variant) throws ProgramError {
    int dest = Vars.eval(s.dest(), t, w.size);
    int stag = Vars.eval(s.sendTag(), t, w.size);
    int scount = Vars.eval(s.sendCount(), t, w.size);
    int src = Vars.eval(s.source(), t, w.size);
    int rtag = Vars.eval(s.recvTag(), t, w.size);
    int rcount = Vars.eval(s.recvCount(), t, w.size);
    ErrorClass e = check(w, t, c, s, dest, stag, scount, src, rtag, rcount);
    if (e != ErrorClass.MPI_SUCCESS) {
      Vars.setStatus(t, s.status(), Mpi.ANY_SOURCE, Mpi.ANY_TAG, 0, e, false);
      return true;
    }
    int ctx = Communicators.context(w, t, s.comm());
    dest = w.calls.world(t, s.comm(), dest);
    src = w.calls.world(t, s.comm(), src);
    List<Integer> internal = new ArrayList<>();
    if (dest != Mpi.PROC_NULL) {
      Request sr = t.newRequest(RequestKind.SEND, false);
      Protocols.startSend(w, t, sr, dest, stag, ctx, scount * Datatypes.sizeBytes(t, s.sendType()),
          Datatypes.basic(t, s.sendType()), SendMode.STANDARD, c.at());
      internal.add(RequestIds.index(sr.id));
    }
    if (src == Mpi.PROC_NULL) {
      Vars.setProcNullStatus(t, s.status());
    } else {
      Request rr = t.newRequest(RequestKind.RECV, false);
      w.calls.post(t, rr, src, rtag, ctx, rcount * Datatypes.sizeBytes(t, s.recvType()),
          Datatypes.basic(t, s.recvType()), variant);
      internal.add(RequestIds.index(rr.id));
    }
    t.internal = internal.stream().mapToInt(Integer::intValue).toArray();
    t.block = BlockKind.REQUESTS;
    if (w.calls.tryFinish(t)) {
      t.block = BlockKind.NONE;
      return true;
    }
    return false;
  }
}
