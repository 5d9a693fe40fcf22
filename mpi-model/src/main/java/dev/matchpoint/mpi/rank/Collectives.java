package dev.matchpoint.mpi.rank;

import com.google.common.hash.PrimitiveSink;
import dev.matchpoint.core.kernel.Kernel;
import dev.matchpoint.core.net.LatencyModel;
import dev.matchpoint.mpi.CollectiveKind;
import dev.matchpoint.mpi.CollectiveSync;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.ErrorClass;
import dev.matchpoint.mpi.ReduceOp;
import dev.matchpoint.mpi.program.Instr;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.SourceLocation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Blocking collective operations (MPI-3.1 chapter 5). Each rank keeps a {@link Log} of the
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
   * @param root the root, or -1 for unrooted operations
   * @param count elements
   * @param type datatype
   * @param op the reduction operator, or null
   * @param at the statement
   */
  record Call(CollectiveKind kind, int root, int count, Datatype type, ReduceOp op, SourceLocation at) {
    void hashInto(PrimitiveSink sink) {
      sink.putInt(kind.ordinal()).putInt(root).putInt(count).putInt(type.ordinal())
          .putInt(op == null ? -1 : op.ordinal());
      at.hashInto(sink);
    }

    /** What differs from {@code o}, or null when the calls match. */
    String difference(Call o) {
      if (kind != o.kind) {
        return kind.mpiName() + " here but " + o.kind.mpiName();
      } else if (root != o.root) {
        return "root " + root + " here but root " + o.root;
      } else if (count != o.count || type != o.type) {
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
    private final TreeMap<Integer, ArrayList<Call>> calls = new TreeMap<>();

    Log copy() {
      Log c = new Log();
      for (Map.Entry<Integer, ArrayList<Call>> e : calls.entrySet()) {
        c.calls.put(e.getKey(), new ArrayList<>(e.getValue()));
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
      calls.computeIfAbsent(context, k -> new ArrayList<>()).add(c);
    }

    void hashInto(PrimitiveSink sink) {
      sink.putInt(calls.size());
      for (Map.Entry<Integer, ArrayList<Call>> e : calls.entrySet()) {
        sink.putInt(e.getKey()).putInt(e.getValue().size());
        for (Call c : e.getValue()) {
          c.hashInto(sink);
        }
      }
    }
  }

  private static MpiOp.Collective op(ThreadState t) {
    return (MpiOp.Collective) ((Instr.Call) t.code.at(t.pc)).op();
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
      return x.kind().needsAll(root == t.rank) ? Calls.NO_INTERNAL : new int[] {0, 1};
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
      return returnIfReady(w, t, x);
    }
    int root = x.root() == null ? -1 : Vars.eval(x.root(), t, w.size);
    int count = Vars.eval(x.count(), t, w.size);
    if (count < 0) {
      w.error(t, x.mpiName(), ErrorClass.MPI_ERR_COUNT, "count " + count + " is negative", c.at());
      return true;
    }
    if (x.kind().rooted() && (root < 0 || root >= w.size)) {
      w.error(t, x.mpiName(), ErrorClass.MPI_ERR_ROOT, "root " + root + " is outside the communicator of size "
          + w.size, c.at());
      return true;
    }
    int ctx = w.spec.communicators().get(x.comm());
    Call call = new Call(x.kind(), root, count, x.type(), x.op(), c.at());
    RankState me = w.rank(t.rank);
    int index = me.collectives.count(ctx);
    touch(w, ctx, true);
    for (RankState other : w.ranks) {
      if (other != me && other.collectives.count(ctx) > index) {
        Call first = other.collectives.get(ctx, index);
        String diff = call.difference(first);
        if (diff != null) {
          w.erroneous(t.rank, t.thread, RULE, "collective #" + index + " on " + x.comm() + ": " + diff + " at rank "
              + other.rank + " (" + c.at() + " vs " + first.at() + ")", c.at());
        }
        break;
      }
    }
    me.collectives.add(ctx, call);
    CollectiveSync policy = w.spec.options().collectiveSync();
    boolean sync = policy == CollectiveSync.ALWAYS || (policy == CollectiveSync.ANY && variant == 1);
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
    if (returnIfReady(w, t, x)) {
      return true;
    }
    if (t.block == BlockKind.NONE) {
      t.block = BlockKind.COLLECTIVE;
    }
    return false;
  }

  /** Whether the calls a blocked collective waits for have been made. */
  static boolean ready(World w, ThreadState t) {
    Pending p = t.collective;
    Call mine = w.ranks[t.rank].collectives.get(p.context(), p.index());
    boolean isRoot = mine.root() == t.rank;
    touch(w, p.context(), false);
    if (p.sync() || mine.kind().needsAll(isRoot)) {
      for (RankState r : w.ranks) {
        if (r.collectives.count(p.context()) <= p.index()) {
          return false;
        }
      }
      return true;
    }
    return !mine.kind().needsRoot(isRoot) || w.ranks[mine.root()].collectives.count(p.context()) > p.index();
  }

  /**
   * Returns the call if it may: at once in logical mode; in timed mode after the algorithm's time
   * (the thread waits as in local computation meanwhile).
   */
  private static boolean returnIfReady(World w, ThreadState t, MpiOp.Collective x) {
    if (!ready(w, t)) {
      return false;
    }
    Pending p = t.collective;
    if (!w.timed()) {
      t.collective = new Pending(p.context(), p.index(), p.sync(), p.sync() ? "synchronising" : "not synchronising");
      return true;
    }
    Call mine = w.ranks[t.rank].collectives.get(p.context(), p.index());
    int rounds = x.kind().rounds(w.size);
    long one = messageNs(w, (long) mine.count() * mine.type().sizeBytes());
    // Saturated past the kernel's horizon (e.g. G: 1e300), where the run ends, instead of overflowing.
    long ns = rounds > 0 && one > Kernel.HORIZON_NS / rounds ? Kernel.HORIZON_NS + 1 : rounds * one;
    t.collective = new Pending(p.context(), p.index(), p.sync(),
        "algorithm " + x.kind().algorithm() + ", " + rounds + " rounds, " + ns + " ns");
    if (ns == 0) {
      return true;
    }
    t.block = BlockKind.COMPUTE;
    w.after(w.now() + ns, () -> {
      w.returnFromCall(t);
      w.wake(t);
    }, () -> t.name() + " " + x.mpiName() + " (" + x.kind().algorithm() + ")");
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
    List<Integer> missing = new ArrayList<>();
    for (RankState r : w.ranks) {
      if (r.collectives.count(p.context()) <= p.index()) {
        missing.add(r.rank);
      }
    }
    return "collective #" + p.index() + (p.sync() ? " (synchronising)" : "") + ": ranks " + missing
        + " have not called it";
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
