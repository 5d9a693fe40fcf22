package dev.matchpoint.mpi.rank;

import com.google.common.hash.PrimitiveSink;
import dev.matchpoint.core.kernel.Kernel;
import dev.matchpoint.core.net.LatencyModel;
import dev.matchpoint.mpi.CollectiveKind;
import dev.matchpoint.mpi.CollectiveSync;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.ErrorClass;
import dev.matchpoint.mpi.Mpi;
import dev.matchpoint.mpi.RequestIds;
import dev.matchpoint.mpi.ReduceOp;
import dev.matchpoint.mpi.program.Instr;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.SourceLocation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Collective operations (MPI-3.1 chapter 5), blocking and nonblocking (§5.12). Each rank keeps a {@link Log} of the
 * collectives its threads called on each communicator; the k-th call of every member is one
 * operation, in a context of its own (no point-to-point message ever matches it).
 *
 * <ul>
 *   <li>Matching (MPI-3.1 §5.1, §5.12): "All processes must call collective operations (blocking
 *       and nonblocking) in the same order per communicator", "with matching arguments": the same
 *       root, type signature (count and datatype here) and operator (§5.4-§5.9). A
 *       call that differs from the same operation's call at a lower-numbered rank is an erroneous
 *       use, rule {@link #RULE}, reported at the later call naming both locations; the call still
 *       counts as the member's arrival, so the others are not left blocked by it.
 *       Gatherv and Scatterv, whose counts differ per member, match each member's signature with
 *       its entry of the root's counts instead ({@link VectorCounts}).
 *   <li>Returning: a member's own part is done when the calls it needs have been made ({@link
 *       CollectiveKind#needsAll}, {@link CollectiveKind#needsRoot}); a synchronising call also waits
 *       for every member. Under {@link CollectiveSync#ANY} each call where the two differ has two
 *       alternatives (variant 0: not synchronising, 1: synchronising), listed by {@link #variants},
 *       so exploration covers both; the choice is kept in the thread's {@link Pending}, which is
 *       hashed. A blocked member's return is a step of its own, enabled once the calls it needs
 *       exist.
 *   <li>Timed mode: once a member may return it takes the algorithm's time more: rounds of {@link
 *       CollectiveKind#algorithm} times one message's cost ({@link #messageNs}), then returns; the
 *       algorithm is named in the call's returned event. No packets are simulated.
 *   <li>Nonblocking (MPI-3.1 §5.12): MPI_Ibarrier, MPI_Ibcast, ... are matched and ordered with the
 *       blocking calls by call order ("All processes must call collective operations (blocking and
 *       nonblocking) in the same order per communicator"), never match a blocking call, and return
 *       at once with a request; the request completes when the member's part would let the blocking
 *       call return (timed mode: after the algorithm's time), and Wait or Test completes it. The
 *       synchronising choice is made at the call, as for a blocking one.
 * </ul>
 */
final class Collectives {
  /** The rule a mismatched collective breaks. */
  static final String RULE = "collective calls do not match (MPI-3.1 §5.1, §5.12)";

  private Collectives() {}

  /**
   * One member's call of a collective operation, with the arguments that must match.
   *
   * @param kind the operation
   * @param nonblocking whether the call is the nonblocking form (MPI-3.1 §5.12)
   * @param root the root, or -1 for unrooted operations
   * @param count elements
   * @param type datatype
   * @param op the reduction operator, or null
   * @param at the statement
   * @param comm for MPI_Comm_dup, MPI_Comm_split and MPI_Comm_free ({@link Communicators}) their
   *     arguments, logged as a synchronising Barrier; else null
   * @param counts the root's per-member counts of a Gatherv or Scatterv, in basic elements of
   *     {@code type} and communicator rank order ({@link VectorCounts}); else null
   */
  record Call(CollectiveKind kind, boolean nonblocking, int root, int count, Datatype type, ReduceOp op,
      SourceLocation at, Communicators.CommCall comm, List<Integer> counts) {
    Call(CollectiveKind kind, boolean nonblocking, int root, int count, Datatype type, ReduceOp op, SourceLocation at) {
      this(kind, nonblocking, root, count, type, op, at, null, null);
    }

    /** A communicator call, timed as a Barrier. */
    static Call of(Communicators.CommCall comm, SourceLocation at) {
      return new Call(CollectiveKind.BARRIER, false, -1, 0, Datatype.BYTE, null, at, comm, null);
    }

    void hashInto(PrimitiveSink sink) {
      sink.putInt(kind.ordinal()).putBoolean(nonblocking).putInt(root).putInt(count).putInt(type.ordinal())
          .putInt(op == null ? -1 : op.ordinal());
      at.hashInto(sink);
      if (comm == null) {
        sink.putInt(-1);
      } else {
        comm.hashInto(sink);
      }
      sink.putInt(counts == null ? -1 : counts.size());
      if (counts != null) {
        counts.forEach(sink::putInt);
      }
    }

    String mpiName() {
      return comm != null ? comm.kind().mpiName : nonblocking ? kind.nonblockingName() : kind.mpiName();
    }

    /**
     * Whether {@code count} elements of the basic type {@code type} have the type signature of
     * {@code otherCount} of {@code otherType}: the same count of the same type, or zero of any type
     * (both the empty signature; MPI-3.1 §4.1: a type signature is the sequence of basic types).
     */
    static boolean sameSignature(int count, Datatype type, int otherCount, Datatype otherType) {
      return count == otherCount && (count == 0 || type == otherType);
    }

    /** The largest block the call sends or receives, in elements: a v-form root's largest count (timed mode). */
    int blockElements() {
      return counts == null ? count : Math.max(count, counts.stream().mapToInt(Integer::intValue).max().orElse(0));
    }

    /**
     * What differs from {@code o}, or null when the calls match. A nonblocking call never matches
     * a blocking one (MPI-3.1 §5.12). The counts of a Gatherv or Scatterv differ per member and are
     * matched against the root's ({@link VectorCounts}). Zero elements of any type are the empty
     * type signature, so they match zero elements of another type, except in a reduction, whose
     * members pass "the same arguments for count, datatype, op, root and comm" (§5.9.1).
     */
    String difference(Call o) {
      if (kind != o.kind || nonblocking != o.nonblocking || (comm == null ? null : comm.kind())
          != (o.comm == null ? null : o.comm.kind())) {
        return mpiName() + " here but " + o.mpiName();
      } else if (root != o.root) {
        return "root " + root + " here but root " + o.root;
      } else if (!kind.perMemberCounts() && (kind.reduces() ? count != o.count || type != o.type
          : !sameSignature(count, type, o.count, o.type))) {
        return "type signature " + count + " x " + type.mpiName() + " here but " + o.count + " x "
            + o.type.mpiName();
      } else if (op != o.op) {
        return "operator " + op.mpiName() + " here but " + o.op.mpiName();
      }
      return null;
    }
  }

  /**
   * The collective a thread is in.
   *
   * @param context the communicator's context id
   * @param index which of the communicator's collectives (from 0)
   * @param sync whether this call synchronises (waits for every member)
   * @param result the text of the call's return event, once known (timed mode)
   */
  record Pending(int context, int index, boolean sync, String result) {
    void hashInto(PrimitiveSink sink) {
      sink.putInt(context).putInt(index).putBoolean(sync);
    }
  }

  /** A rank's collective calls, per communicator context, in call order. Copied with its rank. */
  static final class Log {
    /** Shared by every log with no call yet (most ranks of a point-to-point run); never written. */
    private static final TreeMap<Integer, ArrayList<Call>> NONE = new TreeMap<>();
    /** Per context, the calls; {@link #NONE} until the first, read freely, written only by {@link #add}. */
    TreeMap<Integer, ArrayList<Call>> calls = NONE;
    /** The rank's nonblocking collective requests whose operation has not completed yet. */
    int nonblockingPending;

    Log copy() {
      Log c = new Log();
      c.nonblockingPending = nonblockingPending;
      if (calls == NONE) {
        return c; // the common case: no collective yet, nothing to walk
      }
      for (Map.Entry<Integer, ArrayList<Call>> e : calls.entrySet()) {
        for (Call call : e.getValue()) {
          c.add(e.getKey(), call);
        }
      }
      return c;
    }

    int count(int context) {
      List<Call> l = calls.get(context);
      return l == null ? 0 : l.size();
    }

    Call get(int context, int index) {
      return calls.get(context).get(index);
    }

    void add(int context, Call c) {
      if (calls == NONE) {
        calls = new TreeMap<>();
      }
      calls.computeIfAbsent(context, k -> new ArrayList<>()).add(c);
    }

    void hashInto(PrimitiveSink sink) {
      sink.putInt(nonblockingPending).putInt(calls.size());
      for (Map.Entry<Integer, ArrayList<Call>> e : calls.entrySet()) {
        sink.putInt(e.getKey()).putInt(e.getValue().size());
        for (Call c : e.getValue()) {
          c.hashInto(sink);
        }
      }
    }
  }

  /**
   * The alternatives of a collective call about to start: {@code {0, 1}} (not synchronising,
   * synchronising) under {@link CollectiveSync#ANY} where the two differ, else none.
   */
  static int[] variants(World w, ThreadState t, MpiOp.Collective x) {
    if (t.block == BlockKind.COLLECTIVE || w.spec.options().collectiveSync() != CollectiveSync.ANY) {
      return Calls.NO_INTERNAL;
    }
    try {
      int root = x.root() == null ? -1 : Vars.eval(x.root(), t, w.size);
      int me = Communicators.rankIn(w, t.rank, Communicators.context(w, t, x.comm()), t.rank);
      return x.kind().needsAll(root == me) ? Calls.NO_INTERNAL : new int[] {0, 1};
    } catch (ProgramError e) {
      return Calls.NO_INTERNAL;
    }
  }

  static String describeVariant(int variant) {
    return variant == 1 ? "synchronising" : "not synchronising";
  }

  /**
   * Runs a step of a collective call: its start (arguments checked, matched against the other
   * members' calls, logged), or the return of a blocked call.
   *
   * @return whether the call returns now
   */
  static boolean exec(World w, ThreadState t, Instr.Call c, MpiOp.Collective x, int variant) throws ProgramError {
    if (t.collective != null) {
      return returnIfReady(w, t);
    }
    int index = log(w, t, c, x);
    if (index < 0) {
      if (x.nonblocking()) {
        Vars.setRequest(t, x.request(), Vars.REQUEST_NULL);
      }
      return true;
    }
    int ctx = Communicators.context(w, t, x.comm());
    CollectiveSync policy = w.spec.options().collectiveSync();
    boolean sync = policy == CollectiveSync.ALWAYS || (policy == CollectiveSync.ANY && variant == 1);
    if (x.nonblocking()) {
      // MPI-3.1 §5.12: the call returns at once; the request completes when the operation does.
      Request r = t.newRequest(RequestKind.COLLECTIVE, true);
      r.context = ctx;
      r.seq = index;
      r.collectiveSync = sync;
      Vars.setRequest(t, x.request(), RequestIds.index(r.id) + 1);
      w.rank(t.rank).collectives.nonblockingPending++;
      completeReady(w, ctx);
      return true;
    }
    return await(w, t, ctx, index, sync, null);
  }

  /**
   * Waits in a blocking collective just logged: returns at once when the calls it needs have been
   * made, else blocks the thread until they are.
   *
   * @param onReady run once the call may return (before timed mode's algorithm time), or null
   * @return whether the call returns now
   */
  static boolean await(World w, ThreadState t, int ctx, int index, boolean sync, Runnable onReady) {
    t.collective = new Pending(ctx, index, sync, null);
    if (w.timed()) {
      for (RankState r : w.ranks) {
        for (ThreadState o : r.threads) {
          if (o.block == BlockKind.COLLECTIVE) {
            w.wake(o);
          }
        }
      }
    }
    completeReady(w, ctx);
    if (resume(w, t, onReady)) {
      return true;
    }
    if (t.block == BlockKind.NONE) {
      t.block = BlockKind.COLLECTIVE;
    }
    return false;
  }

  /**
   * The step of a blocked collective: returns when the calls it needs have been made.
   *
   * @param onReady run once the call may return (before timed mode's algorithm time), or null
   * @return whether the call returns now
   */
  static boolean resume(World w, ThreadState t, Runnable onReady) {
    if (onReady != null && ready(w, t)) {
      onReady.run();
    }
    return returnIfReady(w, t);
  }

  /**
   * Starts a member's part of a collective operation: checks the arguments, matches the call
   * against the same operation's call at a lower-numbered rank (a mismatch is an erroneous use,
   * {@link #RULE}) and logs it.
   *
   * @return the operation's index on the communicator, or -1 after an MPI error (the call returns)
   */
  private static int log(World w, ThreadState t, Instr.Call c, MpiOp.Collective x) throws ProgramError {
    int root = x.root() == null ? -1 : Vars.eval(x.root(), t, w.size);
    int count = Vars.eval(x.count(), t, w.size);
    if (count < 0) {
      w.error(t, x.mpiName(), ErrorClass.MPI_ERR_COUNT, "count " + count + " is negative", c.at());
      return -1;
    }
    int ctx = Communicators.context(w, t, x.comm());
    int size = Communicators.size(w, t.rank, ctx);
    if (x.kind().rooted() && (root < 0 || root >= size)) {
      w.error(t, x.mpiName(), ErrorClass.MPI_ERR_ROOT, "root " + root + " is outside the communicator of size "
          + size, c.at());
      return -1;
    }
    if (Datatypes.check(w, t, c, x.type(), true) != ErrorClass.MPI_SUCCESS) {
      return -1;
    }
    // Signatures are compared as basic type and element count (Datatypes): 2 x contiguous(3, int) is 6 int.
    long elements = count * Datatypes.sizeBytes(t, x.type()) / Datatypes.basic(t, x.type()).sizeBytes();
    if (elements > Integer.MAX_VALUE) {
      w.error(t, x.mpiName(), ErrorClass.MPI_ERR_COUNT, elements + " basic elements are too many for the model",
          c.at());
      return -1;
    }
    List<Integer> counts = VectorCounts.atRoot(w, t, c, x, ctx, root);
    if (counts == VectorCounts.ERROR) {
      return -1;
    }
    Call call = new Call(x.kind(), x.nonblocking(), root, (int) elements, Datatypes.basic(t, x.type()), x.op(),
        c.at(), null, counts);
    int index = append(w, t, c, x.comm(), ctx, call);
    VectorCounts.match(w, t, c, x.comm(), ctx, index, call);
    return index;
  }

  /**
   * Logs a member's call of the next operation on a communicator, matching it against the same
   * operation's call at the lowest-ranked member that made it (a mismatch is an erroneous use,
   * {@link #RULE}, naming both locations).
   *
   * @param comm the communicator's name in the program
   * @param ctx its context id
   * @return the operation's index on the communicator
   */
  static int append(World w, ThreadState t, Instr.Call c, String comm, int ctx, Call call) {
    RankState me = w.rank(t.rank);
    int index = me.collectives.count(ctx);
    touch(w, ctx, true);
    for (int m : Communicators.all(w, t.rank, ctx)) {
      RankState other = w.ranks[m];
      if (other != me && other.collectives.count(ctx) > index) {
        Call first = other.collectives.get(ctx, index);
        String diff = call.difference(first);
        if (diff != null) {
          w.erroneous(t.rank, t.thread, RULE, "collective #" + index + " on " + comm + ": " + diff + " at rank "
              + other.rank + " (" + c.at() + " vs " + first.at() + ")", c.at());
        }
        break;
      }
    }
    me.collectives.add(ctx, call);
    return index;
  }

  /**
   * Completes the nonblocking collective requests on {@code context} whose operation's part is now
   * done (as {@link #ready} says for a blocking call): at once in logical mode, after the
   * algorithm's time in timed mode. Called whenever a member's call is logged.
   */
  private static void completeReady(World w, int context) {
    List<Long> ready = new ArrayList<>();
    for (RankState r : w.ranks) {
      if (r.collectives.nonblockingPending == 0) {
        continue;
      }
      for (ThreadState t : r.threads) {
        for (Request q : t.requests.values()) {
          if (q.kind == RequestKind.COLLECTIVE && q.state == RequestState.POSTED && q.context == context
              && ready(w, r.rank, context, (int) q.seq, q.collectiveSync)) {
            ready.add(q.id);
          }
        }
      }
    }
    for (long id : ready) {
      Request q = w.owner(id).requests.get(RequestIds.index(id));
      w.rank(RequestIds.rank(id)).collectives.nonblockingPending--;
      if (!w.timed()) {
        q.complete(Mpi.ANY_SOURCE, Mpi.ANY_TAG, 0, ErrorClass.MPI_SUCCESS);
        w.requestDone(q);
        continue;
      }
      q.state = RequestState.MATCHED;
      Call mine = w.ranks[RequestIds.rank(id)].collectives.get(context, (int) q.seq);
      long ns = algorithmNs(w, mine, Communicators.size(w, RequestIds.rank(id), context));
      Runnable done = () -> {
        Request z = w.owner(id).requests.get(RequestIds.index(id));
        z.complete(Mpi.ANY_SOURCE, Mpi.ANY_TAG, 0, ErrorClass.MPI_SUCCESS);
        w.requestDone(z);
      };
      if (ns == 0) {
        done.run();
      } else {
        w.after(w.now() + ns, done, () -> RequestIds.format(id) + " " + mine.mpiName() + " ("
            + mine.kind().algorithm() + ")");
      }
    }
  }

  /** The time an operation's algorithm takes over the network (timed mode), saturated at the horizon. */
  private static long algorithmNs(World w, Call mine, int size) {
    int rounds = mine.kind().rounds(size);
    long one = messageNs(w, (long) mine.blockElements() * mine.type().sizeBytes());
    // Saturated past the kernel's horizon (e.g. G: 1e300), where the run ends, instead of overflowing.
    return rounds > 0 && one > Kernel.HORIZON_NS / rounds ? Kernel.HORIZON_NS + 1 : rounds * one;
  }

  /** Whether the calls a blocked collective waits for have been made. */
  static boolean ready(World w, ThreadState t) {
    Pending p = t.collective;
    return ready(w, t.rank, p.context(), p.index(), p.sync());
  }

  /**
   * Whether a member's part of an operation is done: the calls it needs have been made ({@link
   * CollectiveKind#needsAll}, {@link CollectiveKind#needsRoot}), every member's when it synchronises.
   */
  private static boolean ready(World w, int rank, int context, int index, boolean sync) {
    Call mine = w.ranks[rank].collectives.get(context, index);
    boolean isRoot = mine.root() >= 0 && Communicators.worldRank(w, rank, context, mine.root()) == rank;
    touch(w, context, false);
    if (sync || mine.kind().needsAll(isRoot)) {
      for (int m : Communicators.all(w, rank, context)) {
        if (w.ranks[m].collectives.count(context) <= index) {
          return false;
        }
      }
      return true;
    }
    return !mine.kind().needsRoot(isRoot)
        || w.ranks[Communicators.worldRank(w, rank, context, mine.root())].collectives.count(context) > index;
  }

  /**
   * Returns the call if it may: at once in logical mode; in timed mode after the algorithm's time
   * (the thread waits as in local computation meanwhile).
   */
  private static boolean returnIfReady(World w, ThreadState t) {
    if (!ready(w, t)) {
      return false;
    }
    Pending p = t.collective;
    if (!w.timed()) {
      t.collective = new Pending(p.context(), p.index(), p.sync(), p.sync() ? "synchronising" : "not synchronising");
      return true;
    }
    Call mine = w.ranks[t.rank].collectives.get(p.context(), p.index());
    int size = Communicators.size(w, t.rank, p.context());
    int rounds = mine.kind().rounds(size);
    long ns = algorithmNs(w, mine, size);
    t.collective = new Pending(p.context(), p.index(), p.sync(),
        "algorithm " + mine.kind().algorithm() + ", " + rounds + " rounds, " + ns + " ns");
    if (ns == 0) {
      return true;
    }
    t.block = BlockKind.COMPUTE;
    w.after(w.now() + ns, () -> {
      w.returnFromCall(t);
      w.wake(t);
    }, () -> t.name() + " " + mine.mpiName() + " (" + mine.kind().algorithm() + ")");
    return false;
  }

  /**
   * Timed mode: one round's message of {@code bytes} bytes. Under {@code loggp} {@code 2o + L +
   * (n-1)·G + 2·(n-1)·O} (sender and receiver overhead, wire, serialisation); under the other
   * models their mean latency, so that no random draw is spent.
   */
  static long messageNs(World w, long bytes) {
    LatencyModel m = w.spec.options().network().latency();
    if (m instanceof LatencyModel.LogGP g) {
      return 2 * g.overheadNs() + g.latencyNs() + g.bytesNs(bytes) + 2 * g.cpuBytesNs(bytes);
    } else if (m instanceof LatencyModel.Constant k) {
      return k.latencyNs();
    } else if (m instanceof LatencyModel.Uniform u) {
      return (u.minNs() + u.maxNs()) / 2;
    } else if (m instanceof LatencyModel.Exponential e) {
      return Math.round(e.meanNs());
    } else if (m instanceof LatencyModel.Lognormal l) {
      return Math.round(Math.exp(l.mu() + l.sigma() * l.sigma() / 2));
    }
    throw new AssertionError(m);
  }

  /** The call's return text for the trace, and forgets the collective once the thread returned. */
  static String result(ThreadState t) {
    return t.collective == null || t.collective.result() == null ? "" : t.collective.result();
  }

  static void returned(ThreadState t) {
    t.collective = null;
  }

  /** What a blocked collective waits for, for deadlock reports. */
  static String waitingFor(World w, ThreadState t) {
    Pending p = t.collective;
    if (p == null) {
      return "its collective";
    }
    return "collective #" + p.index() + (p.sync() ? " (synchronising)" : "") + ": "
        + missing(w, t.rank, p.context(), p.index());
  }

  /** Which members of a communicator of {@code rank} have not called its {@code index}-th collective yet, as text. */
  static String missing(World w, int rank, int context, int index) {
    List<Integer> missing = new ArrayList<>();
    for (int m : Communicators.all(w, rank, context)) {
      if (w.ranks[m].collectives.count(context) <= index) {
        missing.add(m);
      }
    }
    return "ranks " + missing + " have not called it";
  }

  private static void touch(World w, int context, boolean write) {
    w.touchCollective(context, write);
  }

  /** Whether any running thread may still call a collective (persistent sets then give up). */
  static boolean anyReachable(World w) {
    for (RankState r : w.ranks) {
      for (ThreadState t : r.threads) {
        if (t.running() && w.reach(t).collectives) {
          return true;
        }
      }
    }
    return false;
  }
}
