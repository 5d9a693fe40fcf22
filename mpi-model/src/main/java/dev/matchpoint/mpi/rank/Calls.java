package dev.matchpoint.mpi.rank;

import dev.matchpoint.core.sched.ChoiceKind;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.ErrorClass;
import dev.matchpoint.mpi.Mpi;
import dev.matchpoint.mpi.RequestIds;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.WildcardPolicy;
import dev.matchpoint.mpi.match.Envelopes;
import dev.matchpoint.mpi.match.Message;
import dev.matchpoint.mpi.program.Expr;
import dev.matchpoint.mpi.program.Instr;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.trace.MatchKind;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.ArrayList;
import java.util.List;

/**
 * The semantics of each MPI call (MPI-3.1 chapter 3; seed 000 for the matched probe; seed 001 for
 * Probe). A call either completes in its step, or blocks the thread: on its requests (resumed by
 * the event that completes them, {@link #tryFinish}), on a probe (retried as a new step once a
 * matching message is queued), on buffer detach, or on local computation.
 */
final class Calls {
  static final int[] NO_INTERNAL = new int[0];
  private final World w;

  Calls(World w) {
    this.w = w;
  }

  // ---- helpers -----------------------------------------------------------------------------

  private int eval(Expr e, ThreadState t) throws ProgramError {
    return Vars.eval(e, t, w.size);
  }

  /** The context id of a call's communicator ({@link Communicators#context}, which caches the scenario's). */
  private int context(ThreadState t, String comm) throws ProgramError {
    return Communicators.context(w, t, comm);
  }

  private static Instr.Call call(ThreadState t) {
    return (Instr.Call) t.code.at(t.pc);
  }

  private static int index(Request r) {
    return RequestIds.index(r.id);
  }

  boolean isLocal(MpiOp op) {
    return op instanceof MpiOp.GetCount || op instanceof MpiOp.TestCancelled || op instanceof MpiOp.TypeCall
        || op instanceof dev.matchpoint.mpi.program.CommOp.Rank || op instanceof dev.matchpoint.mpi.program.CommOp.Size
        || (op instanceof MpiOp.Compute && !w.timed());
  }

  void local(ThreadState t, MpiOp op) throws ProgramError {
    if (op instanceof MpiOp.TestCancelled x) {
      Cancels.testCancelled(t, x.status(), x.flag());
    } else if (op instanceof MpiOp.GetCount g) {
      Vars.setInt(t, g.into(), Datatypes.count(w, t, call(t), Vars.statusField(t, g.status(), 3), g.type()));
    } else if (op instanceof MpiOp.TypeCall x) {
      Datatypes.local(w, t, call(t), x);
    } else if (op instanceof MpiOp.Comm x) {
      Communicators.local(w, t, x, call(t).at());
    }
  }

  /**
   * A rank argument is a rank of the communicator, or MPI_PROC_NULL (or, for a receive or probe,
   * MPI_ANY_SOURCE) as {@link Vars#namesSource} allows: a computed number that happens to equal
   * the model's code of a constant is still a number out of range.
   */
  private static boolean validPeer(Expr e, int peer, boolean receive, int size) {
    return (peer >= 0 && peer < size)
        || (Vars.namesSource(e) && (peer == Mpi.PROC_NULL || (receive && peer == Envelopes.ANY)));
  }

  /** The size of the communicator {@code comm} names, for a valid one (the world's for a scenario's). */
  int size(ThreadState t, String comm) throws ProgramError {
    return w.runtimeComms() ? Communicators.size(w, t.rank, context(t, comm)) : w.size;
  }

  /**
   * A valid peer argument of a call on {@code comm} as a world rank: ranks of a communicator
   * created by Comm_split are ranks in its group (MPI-3.1 §6.4); MPI_PROC_NULL and MPI_ANY_SOURCE
   * stay as they are.
   */
  int world(ThreadState t, String comm, int peer) throws ProgramError {
    return peer < 0 || !w.runtimeComms() ? peer : Communicators.worldRank(w, t.rank, context(t, comm), peer);
  }

  private static boolean validTag(Expr e, int tag, boolean receive) {
    return (tag >= 0 && tag <= Mpi.TAG_UB) || (receive && tag == Envelopes.ANY && Vars.namesTag(e));
  }

  /** Whether arguments are valid (MPI-3.1 §3.2.3, §3.2.4, §3.11), without reporting anything. */
  boolean valid(ThreadState t, String comm, Expr peerExpr, int peer, Expr tagExpr, int tag, int count,
      boolean receive) throws ProgramError {
    return count >= 0 && validTag(tagExpr, tag, receive) && validPeer(peerExpr, peer, receive, size(t, comm));
  }

  /**
   * Checks arguments (MPI-3.1 §3.2.3, §3.2.4, §3.11); reports and returns the error class, or
   * success. The expressions decide whether a value may be a constant ({@link #validPeer}).
   */
  ErrorClass check(ThreadState t, Instr.Call c, Expr peerExpr, int peer, Expr tagExpr, int tag, int count,
      boolean receive) throws ProgramError {
    int size = w.runtimeComms() ? size(t, Communicators.commOf(c.op())) : w.size;
    String detail = null;
    ErrorClass error = ErrorClass.MPI_SUCCESS;
    String computed = " (a computed value is a number, never MPI_ANY_SOURCE, MPI_ANY_TAG or MPI_PROC_NULL)";
    if (count < 0) {
      error = ErrorClass.MPI_ERR_COUNT;
      detail = "count " + count + " is negative";
    } else if (!validTag(tagExpr, tag, receive)) {
      error = ErrorClass.MPI_ERR_TAG;
      detail = "tag " + tag + " is outside [0, MPI_TAG_UB=" + Mpi.TAG_UB + "]" + (receive ? " and not MPI_ANY_TAG" : "")
          + (tag == Envelopes.ANY ? computed : "");
    } else if (!validPeer(peerExpr, peer, receive, size)) {
      error = ErrorClass.MPI_ERR_RANK;
      detail = "rank " + peer + " is outside the communicator of size " + size
          + (peer == Envelopes.ANY || peer == Mpi.PROC_NULL ? computed : "");
    }
    if (error != ErrorClass.MPI_SUCCESS) {
      w.error(t, c.op().mpiName(), error, detail, c.at());
    }
    return error;
  }

  // ---- enabled-set support -----------------------------------------------------------------

  /**
   * The permitted alternatives of the thread's next call: sources for an MPI_ANY_SOURCE receive or
   * probe under the {@code any} policy, the positions of the completed active requests for
   * Waitany/Testany (MPI-3.1 §3.7.5), or plan indices for MPI_Start/MPI_Startall ({@link
   * StartPlans}: start orders and the sources of the MPI_ANY_SOURCE receives they start); empty
   * when the call has at most one way to go. Every alternative is a function of state that {@link
   * World#hashInto} covers; the call then executes the alternative it is given and decides nothing
   * itself.
   */
  int[] variants(ThreadState t) {
    MpiOp op = call(t).op();
    try {
      if (op instanceof MpiOp.Start s) {
        int n = Persistent.plans(w, t, s).size();
        return n >= 2 ? java.util.stream.IntStream.range(0, n).toArray() : NO_INTERNAL;
      } else if (op instanceof MpiOp.Waitany wa) {
        return completedPositions(t, wa.requests());
      } else if (op instanceof MpiOp.Testany ta) {
        return completedPositions(t, ta.requests());
      } else if (op instanceof MpiOp.Collective x) {
        return Collectives.variants(w, t, x);
      }
      Expr source = null;
      Expr tag = null;
      String comm = null;
      if (op instanceof MpiOp.Recv r) {
        source = r.source();
        tag = r.tag();
        comm = r.comm();
      } else if (op instanceof MpiOp.Irecv r) {
        source = r.source();
        tag = r.tag();
        comm = r.comm();
      } else if (op instanceof MpiOp.Probe p) {
        source = p.source();
        tag = p.tag();
        comm = p.comm();
      } else if (op instanceof MpiOp.Iprobe p) {
        source = p.source();
        tag = p.tag();
        comm = p.comm();
      } else if (op instanceof MpiOp.Mprobe p) {
        source = p.source();
        tag = p.tag();
        comm = p.comm();
      } else if (op instanceof MpiOp.Improbe p) {
        source = p.source();
        tag = p.tag();
        comm = p.comm();
      } else if (PointToPointCalls.exchange(op) != null) {
        MpiOp.Sendrecv s = PointToPointCalls.exchange(op);
        source = s.source();
        tag = s.recvTag();
        comm = s.comm();
      }
      if (source == null || w.spec.options().wildcard() != WildcardPolicy.ANY) {
        return NO_INTERNAL;
      }
      int src = eval(source, t);
      int tg = eval(tag, t);
      if (src != Envelopes.ANY || !validPeer(source, src, true, size(t, comm)) || !validTag(tag, tg, true)) {
        return NO_INTERNAL;
      }
      int[] sources = w.ranks[t.rank].engine.wildcardSources(tg, context(t, comm));
      return sources.length >= 2 ? sources : NO_INTERNAL;
    } catch (ProgramError e) {
      return NO_INTERNAL;
    }
  }

  ChoiceKind variantKind(ThreadState t) {
    MpiOp op = call(t).op();
    if (op instanceof MpiOp.Start s) {
      try {
        List<StartPlans.Plan> plans = Persistent.plans(w, t, s);
        return plans.stream().allMatch(p -> p.sameOrder(plans.get(0))) ? ChoiceKind.WILDCARD : ChoiceKind.ORDER;
      } catch (ProgramError e) {
        return ChoiceKind.ORDER;
      }
    }
    return op instanceof MpiOp.Waitany || op instanceof MpiOp.Testany || op instanceof MpiOp.Collective
        ? ChoiceKind.COMPLETION : ChoiceKind.WILDCARD;
  }

  String describeVariant(ThreadState t, int variant) {
    if (call(t).op() instanceof MpiOp.Start s) {
      try {
        return Persistent.describe(w, t, s, variant);
      } catch (ProgramError e) {
        return "plan " + variant;
      }
    } else if (call(t).op() instanceof MpiOp.Collective) {
      return Collectives.describeVariant(variant);
    }
    return variantKind(t) == ChoiceKind.COMPLETION ? "index " + variant : "source " + variant;
  }

  private int[] completedPositions(ThreadState t, List<String> vars) throws ProgramError {
    List<Integer> done = new ArrayList<>();
    for (int i = 0; i < vars.size(); i++) {
      Request r = lookup(t, vars.get(i));
      if (r == INVALID) {
        return NO_INTERNAL;
      }
      if (r != null && Completions.active(r) && Completions.ready(r)) {
        done.add(i);
      }
    }
    return done.size() >= 2 ? done.stream().mapToInt(Integer::intValue).toArray() : NO_INTERNAL;
  }

  /** Whether the thread's next call is a blocking Probe or Mprobe. */
  boolean isBlockingProbe(ThreadState t) {
    MpiOp op = call(t).op();
    return op instanceof MpiOp.Probe || op instanceof MpiOp.Mprobe;
  }

  /** Whether a thread blocked in Probe or Mprobe would find a message now. */
  boolean probeReady(ThreadState t) {
    MpiOp op = call(t).op();
    try {
      if (op instanceof MpiOp.Probe p) {
        return ready(t, p.source(), p.tag(), p.comm());
      } else if (op instanceof MpiOp.Mprobe p) {
        return ready(t, p.source(), p.tag(), p.comm());
      }
      return false;
    } catch (ProgramError e) {
      return true;
    }
  }

  /**
   * Records, as reads, what decides whether a thread blocked in Probe or Mprobe becomes enabled: the
   * queue of the source it probes (every source's for MPI_ANY_SOURCE, see {@link World#touchQueue}).
   */
  void probeWaits(ThreadState t) {
    MpiOp op = call(t).op();
    Expr source = op instanceof MpiOp.Probe p ? p.source() : ((MpiOp.Mprobe) op).source();
    try {
      w.touchQueue(t.rank, world(t, Communicators.commOf(op), eval(source, t)), false);
    } catch (ProgramError e) {
      // Not reached: a probe with invalid arguments is enabled (it returns the error at once).
    }
  }

  /** A probe returns at once for MPI_PROC_NULL and for invalid arguments; otherwise when a message matches. */
  private boolean ready(ThreadState t, Expr source, Expr tag, String comm) throws ProgramError {
    int src = eval(source, t);
    int tg = eval(tag, t);
    if (!validPeer(source, src, true, size(t, comm)) || !validTag(tag, tg, true) || src == Mpi.PROC_NULL) {
      return true;
    }
    return w.ranks[t.rank].engine.hasMatch(world(t, comm, src), tg, context(t, comm));
  }

  String describeNext(ThreadState t) {
    if (t.pc >= t.code.size()) {
      return "(finished)";
    }
    Instr.Call c = call(t);
    return OpText.describe(c.op()) + " at " + c.at();
  }

  // ---- stepping ----------------------------------------------------------------------------

  void step(ThreadState t, int variant) {
    Instr.Call c = call(t);
    if (w.fullTrace && t.block == BlockKind.NONE) {
      w.emit(new TraceEvent.CallStarted(w.step, w.now(), t.rank, t.thread, c.op().mpiName(),
          OpText.arguments(c.op(), t, w.size), c.at()));
    }
    boolean done;
    try {
      done = exec(t, c, variant);
    } catch (ProgramError e) {
      w.abort(t, e.getMessage());
      return;
    }
    if (done) {
      w.returnFromCall(t);
    }
  }

  private boolean exec(ThreadState t, Instr.Call c, int variant) throws ProgramError {
    MpiOp op = c.op();
    if (w.runtimeComms() && Communicators.rejects(w, t, c)) {
      return true;
    }
    if (op instanceof MpiOp.Send s) {
      return send(t, c, s);
    } else if (op instanceof MpiOp.Isend s) {
      return isend(t, c, s);
    } else if (op instanceof MpiOp.Recv r) {
      return recv(t, c, r, variant);
    } else if (op instanceof MpiOp.Irecv r) {
      return irecv(t, c, r, variant);
    } else if (op instanceof MpiOp.Probe p) {
      return Probes.probe(w, t, c, p.source(), p.tag(), p.comm(), null, p.status(), variant);
    } else if (op instanceof MpiOp.Iprobe p) {
      return Probes.probe(w, t, c, p.source(), p.tag(), p.comm(), p.flag(), p.status(), variant);
    } else if (op instanceof MpiOp.Mprobe p) {
      return Probes.mprobe(w, t, c, p.source(), p.tag(), p.comm(), null, p.message(), p.status(), variant);
    } else if (op instanceof MpiOp.Improbe p) {
      return Probes.mprobe(w, t, c, p.source(), p.tag(), p.comm(), p.flag(), p.message(), p.status(), variant);
    } else if (op instanceof MpiOp.Mrecv m) {
      return Probes.mrecv(w, t, c, m.message(), m.count(), m.type(), m.status(), null);
    } else if (op instanceof MpiOp.Imrecv m) {
      return Probes.mrecv(w, t, c, m.message(), m.count(), m.type(), null, m.request());
    } else if (op instanceof MpiOp.Sendrecv s) {
      return Sendrecvs.whole(w, t, c, s, variant);
    } else if (op instanceof MpiOp.BufferAttach b) {
      return Buffers.attach(w, t, c, eval(b.sizeBytes(), t));
    } else if (op instanceof MpiOp.BufferDetach) {
      return Buffers.detach(w, t, c);
    } else if (op instanceof MpiOp.Compute cp) {
      long ns = eval(cp.durationNs(), t);
      t.block = BlockKind.COMPUTE;
      w.computeFor(t, Math.max(0, ns));
      return false;
    } else if (op instanceof MpiOp.RequestFree f) {
      return Completions.free(w, t, c, f.request());
    } else if (op instanceof MpiOp.Cancel x) {
      return Cancels.cancel(w, t, c, x.request());
    } else if (op instanceof MpiOp.MessageCancel x) {
      return Cancels.messageCancel(w, t, c, x.message());
    } else if (op instanceof MpiOp.SendInit x) {
      return Persistent.sendInit(w, t, c, x);
    } else if (op instanceof MpiOp.RecvInit x) {
      return Persistent.recvInit(w, t, c, x);
    } else if (op instanceof MpiOp.Start x) {
      return Persistent.start(w, t, c, x, variant);
    } else if (op instanceof MpiOp.BindChannel x) {
      return Channels.bind(w, t, c, x);
    } else if (op instanceof MpiOp.UnbindChannel x) {
      return Channels.unbind(w, t, c, x);
    } else if (op instanceof MpiOp.Collective x) {
      return Collectives.exec(w, t, c, x, variant);
    } else if (op instanceof MpiOp.PartitionCall x) {
      return Partitions.exec(w, t, c, x);
    } else if (op instanceof MpiOp.PointToPointCall x) {
      return PointToPointCalls.exec(w, t, c, x, variant);
    } else if (op instanceof MpiOp.Comm x) {
      return Communicators.exec(w, t, c, x);
    }
    return Completions.exec(w, t, c, op, variant);
  }

  /** Re-checks a thread blocked on requests; completes its call when the requests allow. */
  boolean tryFinish(ThreadState t) {
    MpiOp op = call(t).op();
    MpiOp.Sendrecv exchange = Sendrecvs.blocking(op);
    if (op instanceof MpiOp.Send || op instanceof MpiOp.Recv || op instanceof MpiOp.Mrecv || exchange != null) {
      for (int i : t.internal) {
        Request r = t.requests.get(i);
        if (r != null && !r.done()) {
          return false;
        }
      }
      String status = op instanceof MpiOp.Recv r ? r.status()
          : op instanceof MpiOp.Mrecv m ? m.status()
          : exchange != null ? exchange.status() : null;
      for (int i : t.internal) {
        Request r = t.requests.remove(i);
        if (r != null && r.kind != RequestKind.SEND) {
          Vars.setStatus(t, status, r);
        }
        if (r != null && w.timed()) {
          t.recycle(r);
        }
      }
      return true;
    }
    try {
      if (op instanceof MpiOp.BindChannel b) {
        for (String ch : b.channels()) {
          Request e = lookup(t, ch);
          if (e != null && e != INVALID && e.kind == RequestKind.CHANNEL && e.channel.phase == Channel.Phase.BINDING) {
            return false;
          }
        }
        return true;
      } else if (op instanceof MpiOp.UnbindChannel u) {
        for (String ch : u.channels()) {
          Request e = lookup(t, ch);
          if (e != null && e != INVALID && e.kind == RequestKind.CHANNEL && e.channel.phase == Channel.Phase.UNBINDING) {
            return false;
          }
        }
        for (String ch : u.channels()) {
          Channels.dropIfUnbound(t, ch);
        }
        return true;
      }
      return Completions.finish(w, t, call(t), op, -1);
    } catch (ProgramError e) {
      w.abort(t, e.getMessage());
      return false;
    }
  }

  // ---- sends -------------------------------------------------------------------------------

  private boolean send(ThreadState t, Instr.Call c, MpiOp.Send s) throws ProgramError {
    int dest = eval(s.dest(), t);
    int tag = eval(s.tag(), t);
    int count = eval(s.count(), t);
    if (check(t, c, s.dest(), dest, s.tag(), tag, count, false) != ErrorClass.MPI_SUCCESS
        || Datatypes.check(w, t, c, s.type(), true) != ErrorClass.MPI_SUCCESS || dest == Mpi.PROC_NULL) {
      return true;
    }
    dest = world(t, s.comm(), dest);
    int ctx = context(t, s.comm());
    long bytes = count * Datatypes.sizeBytes(t, s.type());
    Datatype type = Datatypes.basic(t, s.type());
    if (s.mode() == SendMode.BUFFERED) {
      Buffers.bufferedSend(w, t, c, dest, tag, ctx, bytes, type);
      return true;
    }
    Request r = t.newRequest(RequestKind.SEND, false);
    Protocols.startSend(w, t, r, dest, tag, ctx, bytes, type, s.mode(), c.at());
    if (r.done()) {
      release(t, r);
      return true;
    }
    t.internal = w.timed() ? t.oneInternal(index(r)) : new int[] {index(r)};
    t.block = BlockKind.REQUESTS;
    return false;
  }

  private boolean isend(ThreadState t, Instr.Call c, MpiOp.Isend s) throws ProgramError {
    int dest = eval(s.dest(), t);
    int tag = eval(s.tag(), t);
    int count = eval(s.count(), t);
    if (check(t, c, s.dest(), dest, s.tag(), tag, count, false) != ErrorClass.MPI_SUCCESS
        || Datatypes.check(w, t, c, s.type(), true) != ErrorClass.MPI_SUCCESS) {
      Vars.setRequest(t, s.request(), Vars.REQUEST_NULL);
      return true;
    }
    dest = world(t, s.comm(), dest);
    Request r = t.newRequest(RequestKind.SEND, true);
    Vars.setRequest(t, s.request(), index(r) + 1);
    int ctx = context(t, s.comm());
    long bytes = count * Datatypes.sizeBytes(t, s.type());
    Datatype type = Datatypes.basic(t, s.type());
    if (dest == Mpi.PROC_NULL) {
      r.complete(Mpi.PROC_NULL, Mpi.ANY_TAG, 0, ErrorClass.MPI_SUCCESS);
      w.requestDone(r);
    } else if (s.mode() == SendMode.BUFFERED) {
      // Ibsend completes locally once the message is in the attached buffer (MPI-3.1 §3.7.2).
      ErrorClass e = Buffers.bufferedSend(w, t, c, dest, tag, ctx, bytes, type, r);
      r.complete(Mpi.ANY_SOURCE, Mpi.ANY_TAG, 0, e);
      w.requestDone(r);
    } else {
      Protocols.startSend(w, t, r, dest, tag, ctx, bytes, type, s.mode(), c.at());
    }
    return true;
  }

  /** A blocking call's own request is over: dropped, and in timed mode kept for reuse. */
  private void release(ThreadState t, Request r) {
    t.dropRequest(r);
    if (w.timed()) {
      t.recycle(r);
    }
  }

  // ---- receives ----------------------------------------------------------------------------

  private boolean recv(ThreadState t, Instr.Call c, MpiOp.Recv op, int variant) throws ProgramError {
    int src = eval(op.source(), t);
    int tag = eval(op.tag(), t);
    int count = eval(op.count(), t);
    ErrorClass e = check(t, c, op.source(), src, op.tag(), tag, count, true);
    if (e == ErrorClass.MPI_SUCCESS) {
      e = Datatypes.check(w, t, c, op.type(), true);
    }
    if (e != ErrorClass.MPI_SUCCESS) {
      Vars.setStatus(t, op.status(), Mpi.ANY_SOURCE, Mpi.ANY_TAG, 0, e, false);
      return true;
    }
    if (src == Mpi.PROC_NULL) {
      Vars.setProcNullStatus(t, op.status());
      return true;
    }
    Request r = t.newRequest(RequestKind.RECV, false);
    post(t, r, world(t, op.comm(), src), tag, context(t, op.comm()), count * Datatypes.sizeBytes(t, op.type()),
        Datatypes.basic(t, op.type()), variant);
    if (r.done()) {
      Vars.setStatus(t, op.status(), r);
      release(t, r);
      return true;
    }
    t.internal = w.timed() ? t.oneInternal(index(r)) : new int[] {index(r)};
    t.block = BlockKind.REQUESTS;
    return false;
  }

  private boolean irecv(ThreadState t, Instr.Call c, MpiOp.Irecv op, int variant) throws ProgramError {
    int src = eval(op.source(), t);
    int tag = eval(op.tag(), t);
    int count = eval(op.count(), t);
    if (check(t, c, op.source(), src, op.tag(), tag, count, true) != ErrorClass.MPI_SUCCESS
        || Datatypes.check(w, t, c, op.type(), true) != ErrorClass.MPI_SUCCESS) {
      Vars.setRequest(t, op.request(), Vars.REQUEST_NULL);
      return true;
    }
    Request r = t.newRequest(RequestKind.RECV, true);
    Vars.setRequest(t, op.request(), index(r) + 1);
    if (src == Mpi.PROC_NULL) {
      r.complete(Mpi.PROC_NULL, Mpi.ANY_TAG, 0, ErrorClass.MPI_SUCCESS);
      w.requestDone(r);
      return true;
    }
    post(t, r, world(t, op.comm(), src), tag, context(t, op.comm()), count * Datatypes.sizeBytes(t, op.type()),
        Datatypes.basic(t, op.type()), variant);
    return true;
  }

  /**
   * Posts a receive: it takes the unexpected message the policy selects, or joins the posted
   * receive queue (MPI-3.1 §3.5).
   */
  void post(ThreadState t, Request r, int src, int tag, int ctx, long capacityBytes, Datatype type, int variant) {
    RankState rank = w.rank(t.rank);
    r.sourcePattern = src;
    r.tagPattern = tag;
    r.context = ctx;
    r.capacityBytes = capacityBytes;
    r.type = type;
    if (w.listened) {
      w.emit(new TraceEvent.ReceivePosted(w.step, w.now(), t.rank, t.thread, r.id, src, tag, ctx, capacityBytes));
    }
    w.touchQueue(t.rank, src, false);
    Message m = rank.engine.select(src, tag, ctx, variant, true);
    if (m != null && src == Envelopes.ANY) {
      w.touchRoundRobin(t.rank);
    }
    if (m != null) {
      w.touchQueue(t.rank, m.source(), true);
      rank.engine.takeUnexpected(m);
      if (w.listened) {
        w.emit(new TraceEvent.Matched(w.step, w.now(), t.rank, t.thread, MatchKind.RECEIVE, r.id, m.key(), -1,
            src, tag, m.tag(), m.sizeBytes(), rank.engine.postedDepth(), rank.engine.unexpectedDepth(),
            rank.engine.lastSearchLength()));
      }
      Protocols.receiveMatched(w, t, r, m);
    } else {
      w.touchPosted(t.rank, true);
      rank.engine.post(r.id, src, tag, ctx, capacityBytes);
    }
  }

  // ---- request lookup ----------------------------------------------------------------------

  /** Marks a request variable that names no live request. */
  static final Request INVALID = new Request(-1, RequestKind.SEND, false);

  /**
   * The request a variable holds: null for MPI_REQUEST_NULL, {@link #INVALID} when it names no live
   * request.
   *
   * @throws ProgramError when the variable was never set
   */
  static Request lookup(ThreadState t, String var) throws ProgramError {
    long v = Vars.request(t, var);
    if (v < 0) {
      throw new ProgramError("request '" + var + "' is read before any call set it");
    }
    if (v == Vars.REQUEST_NULL) {
      return null;
    }
    if (Vars.isShared(t, var)) {
      return SharedState.request(t, v);
    }
    Request r = t.requests.get((int) (v - 1));
    return r == null ? INVALID : r;
  }
}
