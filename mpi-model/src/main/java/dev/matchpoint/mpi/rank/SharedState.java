package dev.matchpoint.mpi.rank;

import dev.matchpoint.mpi.RequestIds;
import dev.matchpoint.mpi.program.Instr;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.SharedAccess;
import java.util.List;

/**
 * Rank-shared variables ({@link dev.matchpoint.mpi.program.Program#shared()}): one copy per rank
 * ({@link RankState#shared}), visible to every thread of the rank, so that one thread can complete
 * a request another started or receive a message another's matched probe took.
 *
 * <p>A request stays with the thread that started it (its id names that thread, and the network
 * finds it there); a shared request variable records that thread, and a call of another thread
 * acts on the request where it is. Likewise a matched message stays in the handles of the thread
 * whose Mprobe or Improbe took it.
 *
 * <p>MPI-3.1 §12.4.2, "Multiple threads completing the same request": "A program where two threads
 * block, waiting on the same request, is erroneous. Similarly, the same request cannot appear in the
 * array of requests of two concurrent MPI_{WAIT|TEST}{ANY|SOME|ALL} calls. In MPI, a request can
 * only be completed once. Any combination of wait or test which violates this rule is erroneous."
 * Calls of the model's threads interleave, so two calls on the same request are concurrent when
 * nothing orders them: when a thread starts a Wait- or Test-family call or MPI_Request_free on a
 * request while another thread of the rank is in such a call on it (blocked in it, or about to make
 * it: its next statement), the program is erroneous ({@link #RULE}), reported at that call with both
 * calls' locations, and the call returns at once and does nothing else; likewise when a thread
 * blocked in such a call would be let go while another is about to make one on the same request.
 *
 * <p>For the explorer (see {@link ObjectIds#sharedVar}): a step records, as reads and writes of the
 * shared variables, what its instructions' {@link SharedAccess} says; an instruction naming a shared
 * request or message handle writes every thread of the rank (it may act on another thread's request
 * or message, and the rule above reads where the other threads are). While a thread may still touch
 * a shared variable, {@link PersistentSets} computes no persistent sets.
 */
final class SharedState {
  /** The rule broken by two threads completing one request. */
  static final String RULE = "two threads complete the same request (MPI-3.1 §12.4.2)";

  private SharedState() {}

  /**
   * The request a shared request variable's value names, where it is.
   *
   * @param t the thread reading the variable
   * @param value its value, above {@link Vars#REQUEST_NULL}
   * @return the request, or {@link Calls#INVALID} when it names no live request
   */
  static Request request(ThreadState t, long value) {
    int owner = (int) ((value - 1) >>> 24);
    int index = (int) ((value - 1) & 0xffffff);
    if (owner >= t.home.threads.length) {
      return Calls.INVALID;
    }
    Request r = t.home.threads[owner].requests.get(index);
    return r == null ? Calls.INVALID : r;
  }

  /**
   * The thread whose table holds a request: {@code t}, or the sibling that started it.
   *
   * @param t a thread of the request's rank
   * @param r the request
   * @return its owner
   */
  static ThreadState holder(ThreadState t, Request r) {
    int owner = RequestIds.thread(r.id);
    return owner == t.thread || t.home == null || t.home.shared == null ? t : t.home.threads[owner];
  }

  /**
   * The thread whose handles hold the matched message a message variable names: {@code t}, or for
   * a shared variable the sibling whose matched probe took it.
   *
   * @param t the thread reading the variable
   * @param key the message's key
   * @return the holder ({@code t} when none holds it)
   */
  static ThreadState handleHolder(ThreadState t, long key) {
    if (t.handles.containsKey(key) || t.home == null || t.home.shared == null) {
      return t;
    }
    for (ThreadState s : t.home.threads) {
      if (s.handles.containsKey(key)) {
        return s;
      }
    }
    return t;
  }

  /** The request variables a call completes or frees, or null for any other call. */
  private static List<String> completes(MpiOp op) {
    if (op instanceof MpiOp.Wait x) {
      return List.of(x.request());
    } else if (op instanceof MpiOp.Test x) {
      return List.of(x.request());
    } else if (op instanceof MpiOp.RequestFree x) {
      return List.of(x.request());
    } else if (op instanceof MpiOp.Waitall x) {
      return x.requests();
    } else if (op instanceof MpiOp.Waitany x) {
      return x.requests();
    } else if (op instanceof MpiOp.Waitsome x) {
      return x.requests();
    } else if (op instanceof MpiOp.Testall x) {
      return x.requests();
    } else if (op instanceof MpiOp.Testany x) {
      return x.requests();
    } else if (op instanceof MpiOp.Testsome x) {
      return x.requests();
    }
    return null;
  }

  /**
   * Reports {@link #RULE} when another thread of the rank is in, or about to make, a Wait- or
   * Test-family call or MPI_Request_free on a request that {@code t}'s call {@code c} names.
   *
   * @param w the world
   * @param t the calling thread
   * @param c its call, a Wait- or Test-family call or MPI_Request_free
   * @return true when the rule was broken (the call must then return at once)
   */
  static boolean completedConcurrently(World w, ThreadState t, Instr.Call c) {
    if (t.home == null || t.home.shared == null || !t.code.shared().handles(t.pc)) {
      return false;
    }
    List<String> mine = completes(c.op());
    if (mine == null) {
      return false;
    }
    for (String var : mine) {
      long id = liveShared(t, var);
      if (id == RequestIds.NONE) {
        continue;
      }
      for (ThreadState o : t.home.threads) {
        if (o == t || !o.running() || o.pc >= o.code.size() || !(o.code.at(o.pc) instanceof Instr.Call oc)) {
          continue;
        }
        List<String> theirs = completes(oc.op());
        if (theirs == null) {
          continue;
        }
        for (String v : theirs) {
          if (liveShared(o, v) == id) {
            w.erroneous(t.rank, t.thread, RULE, c.op().mpiName() + " of " + t.name() + " at " + c.at() + " and "
                + oc.op().mpiName() + " of " + o.name() + " at " + oc.at() + " (" + (o.block == BlockKind.REQUESTS
                ? "blocked in it" : "its next call") + ") both name request " + RequestIds.format(id) + " ('" + var
                + "'): \"In MPI, a request can only be completed once\"", c.at());
            return true;
          }
        }
      }
    }
    return false;
  }

  /**
   * {@link #completedConcurrently} for a thread blocked in its call, when an event may let the call
   * return: another thread may have come to a call on the same request meanwhile. Records, as reads,
   * every thread of the rank (where they are decides it).
   *
   * @param w the world
   * @param t a thread blocked on requests
   * @return true when the rule was broken (the call must then return at once)
   */
  static boolean blockedConcurrently(World w, ThreadState t) {
    if (t.home == null || t.home.shared == null || !t.code.shared().handles(t.pc)) {
      return false;
    }
    for (int i = 0; i < t.home.threads.length; i++) {
      w.touchObject(ObjectIds.thread(t.rank, i), false);
    }
    return completedConcurrently(w, t, (Instr.Call) t.code.at(t.pc));
  }

  /** The id of the live request a shared variable names, or {@link RequestIds#NONE}. */
  private static long liveShared(ThreadState t, String var) {
    if (!Vars.isShared(t, var)) {
      return RequestIds.NONE;
    }
    long v = Vars.request(t, var);
    if (v <= Vars.REQUEST_NULL) {
      return RequestIds.NONE;
    }
    Request r = request(t, v);
    return r == Calls.INVALID ? RequestIds.NONE : r.id;
  }

  /**
   * A request of {@code rank}'s thread {@code owner} completed: resumes the rank's other threads
   * blocked in a call on a shared request variable (one of them may wait for it).
   */
  static void resumeWaiters(World w, int rank, int owner) {
    RankState rs = w.ranks[rank];
    if (rs.shared == null) {
      return;
    }
    for (int i = 0; i < rs.threads.length; i++) {
      ThreadState s = rs.threads[i];
      if (i != owner && s.running() && s.block == BlockKind.REQUESTS && s.code.shared().handles(s.pc)) {
        ThreadState writable = w.thread(rank, i);
        w.touchThread(writable);
        w.resume(writable);
      }
    }
  }

  /**
   * Records what the instruction at {@code pc} of {@code t} does to shared state (see the class
   * comment).
   */
  static void touch(World w, ThreadState t, int pc) {
    SharedAccess a = t.code.shared();
    if (!a.any() || pc >= t.code.size()) {
      return;
    }
    long reads = a.reads(pc);
    long writes = a.writes(pc);
    for (int bit = 0; bit < 64; bit++) {
      if ((writes & (1L << bit)) != 0) {
        w.touchObject(ObjectIds.sharedVar(t.rank, bit), true);
      } else if ((reads & (1L << bit)) != 0) {
        w.touchObject(ObjectIds.sharedVar(t.rank, bit), false);
      }
    }
    if (a.handles(pc)) {
      for (int i = 0; i < w.ranks[t.rank].threads.length; i++) {
        w.touchObject(ObjectIds.thread(t.rank, i), true);
      }
    }
  }

  /**
   * A fingerprint of what a step of {@code t} may write through shared variables: its rank's shared
   * slots and its rank's other threads (empty when the rank shares no variable).
   */
  static List<Long> siblingsFingerprint(World w, ThreadState t) {
    RankState r = w.ranks[t.rank];
    if (r.shared == null) {
      return List.of();
    }
    dev.matchpoint.core.explore.FingerprintSink sink = new dev.matchpoint.core.explore.FingerprintSink();
    for (long v : r.shared) {
      sink.putLong(v);
    }
    for (ThreadState s : r.threads) {
      if (s.thread != t.thread) {
        s.hashInto(sink);
      }
    }
    return List.of(sink.high(), sink.low());
  }

  /** Whether an object is a shared variable or a thread of {@code rank} ({@link ObjectIds}). */
  static boolean rankObject(long object, int rank) {
    for (int bit = 0; bit < 64; bit++) {
      if (object == ObjectIds.sharedVar(rank, bit)) {
        return true;
      }
    }
    return (object >>> 56) == 2 && (object >>> 20 & 0xfffffffL) == rank;
  }

  /** Whether some thread may still touch a shared variable (then no persistent sets). */
  static boolean anyReachable(World w) {
    for (RankState r : w.ranks) {
      if (r.shared == null) {
        continue;
      }
      for (ThreadState t : r.threads) {
        if (t.running() && w.reach(t).shared) {
          return true;
        }
      }
    }
    return false;
  }
}
