package dev.matchpoint.mpi.rank;

import dev.matchpoint.mpi.ErrorClass;
import dev.matchpoint.mpi.Mpi;
import dev.matchpoint.mpi.match.Envelopes;
import dev.matchpoint.mpi.program.Cond;
import dev.matchpoint.mpi.program.Expr;
import dev.matchpoint.mpi.program.VarLayout;

/**
 * A thread's variables: reads, writes and expression evaluation over the slot encoding of {@link
 * VarLayout}. A rank-shared variable lives in its rank's slots ({@link RankState#shared}), reached
 * through {@link ThreadState#home}.
 */
final class Vars {
  static final long REQUEST_NULL = 0;
  static final long MESSAGE_NULL = 0;
  static final long MESSAGE_NO_PROC = 1;

  private Vars() {}

  private static VarLayout.Var var(ThreadState t, String name) {
    return t.code.layout().var(name);
  }

  /** Where a variable's slots are: the thread's, or its rank's for a shared variable. */
  private static long[] slots(ThreadState t, VarLayout.Var v) {
    return v.shared() ? t.home.shared : t.vars;
  }

  // ---- statuses --------------------------------------------------------------------------

  static void setStatus(ThreadState t, String name, int source, int tag, long bytes, ErrorClass error,
      boolean cancelled) {
    if (name == null) {
      return;
    }
    VarLayout.Var v = var(t, name);
    long[] a = slots(t, v);
    int s = v.slot();
    a[s] = 1;
    a[s + 1] = source;
    a[s + 2] = tag;
    a[s + 3] = bytes;
    a[s + 4] = error.ordinal();
    a[s + 5] = cancelled ? 1 : 0;
  }

  static void setStatus(ThreadState t, String name, Request r) {
    setStatus(t, name, r.statusSource, r.statusTag, r.statusBytes, r.statusError, r.statusCancelled);
  }

  /** The empty status of MPI-3.1 §3.7.3: source MPI_ANY_SOURCE, tag MPI_ANY_TAG, count 0. */
  static void setEmptyStatus(ThreadState t, String name) {
    setStatus(t, name, Mpi.ANY_SOURCE, Mpi.ANY_TAG, 0, ErrorClass.MPI_SUCCESS, false);
  }

  /** The status of a receive from MPI_PROC_NULL (MPI-3.1 §3.11). */
  static void setProcNullStatus(ThreadState t, String name) {
    setStatus(t, name, Mpi.PROC_NULL, Mpi.ANY_TAG, 0, ErrorClass.MPI_SUCCESS, false);
  }

  static long statusField(ThreadState t, String name, int offset) throws ProgramError {
    VarLayout.Var v = var(t, name);
    long[] a = slots(t, v);
    if (a[v.slot()] != 1) {
      throw new ProgramError("status '" + name + "' is read before any call set it");
    }
    return a[v.slot() + offset];
  }

  static boolean statusSet(ThreadState t, String name) {
    return get(t, name, 0) == 1;
  }

  static long statusRaw(ThreadState t, String name, int offset) {
    return get(t, name, offset);
  }

  static long flagValue(ThreadState t, String name) {
    return get(t, name, 0);
  }

  static long intValue(ThreadState t, String name) {
    return get(t, name, 1);
  }

  private static long get(ThreadState t, String name, int offset) {
    VarLayout.Var v = var(t, name);
    return slots(t, v)[v.slot() + offset];
  }

  private static void put(ThreadState t, String name, long value) {
    VarLayout.Var v = var(t, name);
    slots(t, v)[v.slot()] = value;
  }

  // ---- handles, flags, ints ---------------------------------------------------------------

  /**
   * Sets a request variable.
   *
   * @param value -1 unset, {@link #REQUEST_NULL}, or k+1 for the calling thread's request k (a
   *     shared variable records the thread too: see {@link VarLayout})
   */
  static void setRequest(ThreadState t, String name, long value) {
    VarLayout.Var v = var(t, name);
    slots(t, v)[v.slot()] = v.shared() && value > 0 ? ((long) t.thread << 24 | (value - 1)) + 1 : value;
  }

  /**
   * A request variable's raw value: -1 unset, 0 MPI_REQUEST_NULL, k+1 for the thread's request k
   * (for a shared variable, (thread &lt;&lt; 24 | k) + 1: see {@link #isShared}).
   */
  static long request(ThreadState t, String name) {
    return get(t, name, 0);
  }

  /** Whether a variable is shared by the threads of the rank. */
  static boolean isShared(ThreadState t, String name) {
    return var(t, name).shared();
  }

  static void setMessage(ThreadState t, String name, long value) {
    put(t, name, value);
  }

  /** -1 unset, 0 MPI_MESSAGE_NULL, 1 MPI_MESSAGE_NO_PROC, key+2 for a matched message. */
  static long message(ThreadState t, String name) {
    return get(t, name, 0);
  }

  static void setFlag(ThreadState t, String name, boolean value) {
    put(t, name, value ? 1 : 0);
  }

  static void setInt(ThreadState t, String name, long value) {
    VarLayout.Var v = var(t, name);
    long[] a = slots(t, v);
    a[v.slot()] = 1;
    a[v.slot() + 1] = value;
  }

  static void setIntSlot(ThreadState t, int slot, long value) {
    t.vars[slot] = 1;
    t.vars[slot + 1] = value;
  }

  static long intSlot(ThreadState t, int slot) {
    return t.vars[slot + 1];
  }

  // ---- evaluation ------------------------------------------------------------------------

  /**
   * Whether a rank argument may stand for MPI_ANY_SOURCE or MPI_PROC_NULL: when it is the name
   * ({@link Expr.AnySource}, {@link Expr.ProcNull}), or a status's source read as it is, which holds
   * the constant MPI stored there (MPI-3.1 §3.7.3, §3.11). A literal or arithmetic is a number even
   * when it equals the model's code of a constant, so a computed rank outside the communicator is
   * MPI_ERR_RANK (MPI-3.1 §3.2.3) and never a wildcard.
   *
   * @param e the argument
   * @return true when the argument names a constant or passes one on
   */
  static boolean namesSource(Expr e) {
    return e instanceof Expr.AnySource || e instanceof Expr.ProcNull
        || (e instanceof Expr.Status s && s.field() == Expr.StatusField.SOURCE);
  }

  /**
   * Whether a tag argument may stand for MPI_ANY_TAG: the name, or a status's tag read as it is; a
   * computed -1 is MPI_ERR_TAG (MPI-3.1 §3.2.3). See {@link #namesSource}.
   *
   * @param e the argument
   * @return true when the argument names MPI_ANY_TAG or passes it on
   */
  static boolean namesTag(Expr e) {
    return e instanceof Expr.AnyTag || (e instanceof Expr.Status s && s.field() == Expr.StatusField.TAG);
  }

  static int eval(Expr e, ThreadState t, int worldSize) throws ProgramError {
    if (e instanceof Expr.Lit l) {
      return l.value();
    } else if (e instanceof Expr.AnySource) {
      return Envelopes.ANY;
    } else if (e instanceof Expr.AnyTag) {
      return Envelopes.ANY;
    } else if (e instanceof Expr.ProcNull) {
      return Mpi.PROC_NULL;
    } else if (e instanceof Expr.MyRank) {
      return t.rank;
    } else if (e instanceof Expr.WorldSize) {
      return worldSize;
    } else if (e instanceof Expr.ThreadIndex) {
      return t.thread;
    } else if (e instanceof Expr.IntVar v) {
      if (get(t, v.name(), 0) != 1) {
        throw new ProgramError("variable '" + v.name() + "' is read before any call set it");
      }
      return (int) get(t, v.name(), 1);
    } else if (e instanceof Expr.Status st) {
      int offset = switch (st.field()) {
        case SOURCE -> 1;
        case TAG -> 2;
        case BYTES -> 3;
        case ERROR -> 4;
      };
      return (int) statusField(t, st.status(), offset);
    } else if (e instanceof Expr.StatusCount c) {
      long bytes = statusField(t, c.status(), 3);
      int size = c.type().sizeBytes();
      return bytes % size == 0 ? (int) (bytes / size) : Mpi.UNDEFINED;
    } else if (e instanceof Expr.Binary b) {
      int x = eval(b.left(), t, worldSize);
      int y = eval(b.right(), t, worldSize);
      switch (b.op()) {
        case ADD:
          return x + y;
        case SUB:
          return x - y;
        case MUL:
          return x * y;
        case DIV:
        case MOD:
          if (y == 0) {
            throw new ProgramError("division by zero in " + b);
          }
          return b.op() == Expr.BinaryOp.DIV ? x / y : Math.floorMod(x, y);
        default:
          throw new AssertionError(b.op());
      }
    }
    throw new AssertionError(e);
  }

  static boolean test(Cond c, ThreadState t, int worldSize) throws ProgramError {
    if (c instanceof Cond.Compare cmp) {
      return cmp.op().test(eval(cmp.left(), t, worldSize), eval(cmp.right(), t, worldSize));
    } else if (c instanceof Cond.Flag f) {
      long v = get(t, f.flag(), 0);
      if (v < 0) {
        throw new ProgramError("flag '" + f.flag() + "' is read before any call set it");
      }
      return v == 1;
    } else if (c instanceof Cond.Not n) {
      return !test(n.cond(), t, worldSize);
    } else if (c instanceof Cond.And a) {
      for (Cond x : a.all()) {
        if (!test(x, t, worldSize)) {
          return false;
        }
      }
      return true;
    } else if (c instanceof Cond.Or o) {
      for (Cond x : o.any()) {
        if (test(x, t, worldSize)) {
          return true;
        }
      }
      return false;
    }
    throw new AssertionError(c);
  }
}
