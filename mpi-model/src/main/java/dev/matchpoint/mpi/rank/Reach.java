package dev.matchpoint.mpi.rank;

import dev.matchpoint.mpi.Mpi;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.program.Code;
import dev.matchpoint.mpi.program.Expr;
import dev.matchpoint.mpi.program.Instr;
import dev.matchpoint.mpi.program.MpiOp;
import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.Deque;

/**
 * What a thread may still do from a program counter: the MPI calls reachable in its code from there
 * (the call at the counter included), summarised as the peers and objects they can touch. Peers are
 * evaluated when they are constants for this thread (literals, its rank, the world size, its thread
 * index, arithmetic on those); anything else means "any peer".
 */
final class Reach {
  /** Destinations of reachable sends (bit per rank); {@code sendAny} when one is not constant. */
  final BitSet sendDests = new BitSet();
  boolean sendAny;
  /** Some reachable send is buffered (Bsend, Ibsend). */
  boolean buffered;
  /**
   * Destinations of reachable ready sends, which read the destination's posted receive queue when
   * they start (MPI-3.1 §3.4); {@code readyAny} when one is not constant or may be a persistent one.
   */
  final BitSet readyDests = new BitSet();
  boolean readyAny;
  /** Sources of reachable receives and matched probes, which take messages; {@code takeAny} for wildcards. */
  final BitSet takeSources = new BitSet();
  boolean takeAny;
  /** Some reachable call may queue a posted receive (Recv, Irecv, Sendrecv). */
  boolean posts;
  /** Sources of reachable probes, which only read. */
  final BitSet probeSources = new BitSet();
  boolean probeAny;
  /** Some reachable call is a matched receive (Mrecv, Imrecv). */
  boolean mrecv;
  /** Some reachable call attaches or detaches a buffer. */
  boolean bufferOps;
  /**
   * Some reachable call sends control packets to peers not known statically: MPI_Cancel (a cancel
   * request to the send's destination), MPI_Start of a request whose kind is not known here,
   * channel binds and unbinds. Touches any link tail of the rank, its posted queue, its binding
   * state and any of its threads, and reads any rank's channel state (a channel send start reads
   * the receive end's starts).
   */
  boolean control;
  /** Some reachable call is a blocking collective (MPI-3.1 chapter 5) or a communicator call (chapter 6). */
  boolean collectives;
  /** Some reachable call is a partitioned communication call (MPI-4.0 chapter 4). */
  boolean partitioned;
  /**
   * The instruction lies in a {@code while} or {@code until} loop (between a backward jump's target
   * and the jump): the thread may come back to it with nothing changed ({@link Polling}).
   */
  boolean inConditionalLoop;
  /** Some reachable instruction reads or writes a rank-shared variable ({@link SharedState}). */
  boolean shared;

  /**
   * The summary for every program counter of a thread.
   *
   * @param code the thread's code
   * @param rank its rank
   * @param thread its index
   * @param size the world size
   * @return one summary per instruction, plus an empty one past the end
   */
  static Reach[] of(Code code, int rank, int thread, int size) {
    int n = code.size();
    Reach[] out = new Reach[n + 1];
    for (int pc = 0; pc <= n; pc++) {
      Reach r = new Reach();
      BitSet seen = new BitSet();
      Deque<Integer> work = new ArrayDeque<>();
      work.push(pc);
      while (!work.isEmpty()) {
        int i = work.pop();
        if (i >= n || seen.get(i)) {
          continue;
        }
        seen.set(i);
        r.shared |= code.shared().reads(i) != 0 || code.shared().writes(i) != 0 || code.shared().handles(i);
        Instr in = code.at(i);
        if (in instanceof Instr.Call c) {
          // A communicator variable may be a split one, whose ranks are not world ranks: any peer.
          r.add(c.op(), rank, thread, Communicators.onVariable(code, c.op()) ? -1 : size);
          work.push(i + 1);
        } else if (in instanceof Instr.Jump j) {
          work.push(j.target());
        } else if (in instanceof Instr.BranchIfFalse b) {
          work.push(i + 1);
          work.push(b.target());
        } else if (in instanceof Instr.LoopEnter l) {
          work.push(i + 1);
          work.push(l.exit());
        } else if (in instanceof Instr.LoopNext l) {
          work.push(l.bodyStart());
          work.push(i + 1);
        }
      }
      out[pc] = r;
    }
    for (int i = 0; i < n; i++) {
      Instr in = code.at(i);
      int target = in instanceof Instr.Jump j ? j.target() : in instanceof Instr.BranchIfFalse b ? b.target() : n;
      for (int pc = target; pc <= i; pc++) {
        out[pc].inConditionalLoop = true;
      }
    }
    return out;
  }

  private void add(MpiOp op, int rank, int thread, int size) {
    if (op instanceof MpiOp.Send s) {
      send(s.dest(), s.mode(), rank, thread, size);
    } else if (op instanceof MpiOp.Isend s) {
      send(s.dest(), s.mode(), rank, thread, size);
    } else if (op instanceof dev.matchpoint.mpi.program.PointToPointOps.SendrecvReplace s) {
      add(s.exchange(), rank, thread, size);
    } else if (op instanceof dev.matchpoint.mpi.program.PointToPointOps.Isendrecv s) {
      add(s.exchange(), rank, thread, size);
    } else if (op instanceof MpiOp.Sendrecv s) {
      send(s.dest(), SendMode.STANDARD, rank, thread, size);
      take(s.source(), rank, thread, size);
      posts = true;
    } else if (op instanceof MpiOp.Recv r) {
      take(r.source(), rank, thread, size);
      posts = true;
    } else if (op instanceof MpiOp.Irecv r) {
      take(r.source(), rank, thread, size);
      posts = true;
    } else if (op instanceof MpiOp.Mprobe p) {
      take(p.source(), rank, thread, size);
    } else if (op instanceof MpiOp.Improbe p) {
      take(p.source(), rank, thread, size);
    } else if (op instanceof MpiOp.Probe p) {
      probe(p.source(), rank, thread, size);
    } else if (op instanceof MpiOp.Iprobe p) {
      probe(p.source(), rank, thread, size);
    } else if (op instanceof MpiOp.Mrecv || op instanceof MpiOp.Imrecv) {
      mrecv = true;
    } else if (op instanceof MpiOp.BufferAttach || op instanceof MpiOp.BufferDetach) {
      bufferOps = true;
    } else if (op instanceof MpiOp.Start) {
      sendAny = true;
      readyAny = true;
      takeAny = true;
      posts = true;
      buffered = true;
      control = true;
    } else if (op instanceof MpiOp.Cancel || op instanceof MpiOp.BindChannel || op instanceof MpiOp.UnbindChannel) {
      control = true;
    } else if (op instanceof MpiOp.MessageCancel) {
      mrecv = true;
    } else if (op instanceof MpiOp.Collective || op instanceof MpiOp.Comm) {
      collectives = true;
    } else if (op instanceof MpiOp.PartitionCall) {
      partitioned = true;
    }
  }

  private void send(Expr dest, SendMode mode, int rank, int thread, int size) {
    Integer d = constant(dest, rank, thread, size);
    boolean ready = mode == SendMode.READY;
    if (d == null) {
      sendAny = true;
      readyAny |= ready;
    } else if (d >= 0 && d < size) {
      sendDests.set(d);
      if (ready) {
        readyDests.set(d);
      }
    }
    buffered |= mode == SendMode.BUFFERED;
  }

  private void take(Expr source, int rank, int thread, int size) {
    Integer s = constant(source, rank, thread, size);
    if (s == null) {
      takeAny = true;
    } else if (s >= 0 && s < size) {
      takeSources.set(s);
    }
  }

  private void probe(Expr source, int rank, int thread, int size) {
    Integer s = constant(source, rank, thread, size);
    if (s == null) {
      probeAny = true;
    } else if (s >= 0 && s < size) {
      probeSources.set(s);
    }
  }

  /** The value of a peer expression when it is a constant for this thread; null otherwise or for MPI_ANY_SOURCE. */
  static Integer constant(Expr e, int rank, int thread, int size) {
    if (size < 0) {
      return null; // peers of a communicator created at run time
    } else if (e instanceof Expr.Lit l) {
      return l.value();
    } else if (e instanceof Expr.ProcNull) {
      return Mpi.PROC_NULL;
    } else if (e instanceof Expr.MyRank) {
      return rank;
    } else if (e instanceof Expr.WorldSize) {
      return size;
    } else if (e instanceof Expr.ThreadIndex) {
      return thread;
    } else if (e instanceof Expr.Binary b) {
      Integer x = constant(b.left(), rank, thread, size);
      Integer y = constant(b.right(), rank, thread, size);
      if (x == null || y == null) {
        return null;
      }
      switch (b.op()) {
        case ADD:
          return x + y;
        case SUB:
          return x - y;
        case MUL:
          return x * y;
        case DIV:
          return y == 0 ? null : x / y;
        case MOD:
          return y == 0 ? null : Math.floorMod(x, y);
        default:
          return null;
      }
    }
    return null;
  }

  boolean maySendTo(int dest) {
    return sendAny || sendDests.get(dest);
  }

  boolean mayReadySendTo(int dest) {
    return readyAny || readyDests.get(dest);
  }

  boolean mayTakeFrom(int source) {
    return takeAny || takeSources.get(source);
  }

  boolean mayProbe(int source) {
    return probeAny || probeSources.get(source);
  }
}
