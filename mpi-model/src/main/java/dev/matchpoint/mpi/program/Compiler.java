package dev.matchpoint.mpi.program;

import dev.matchpoint.mpi.DatatypeRef;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Checks a {@link Program} and lowers it to {@link Code}: every variable has one type, every
 * variable read is written somewhere in the program or is one of the rank-shared variables it
 * declares ({@link Program#shared()}, laid out in the rank's slots and read nowhere before the
 * thread's first MPI call), every communicator exists (a name that is not a communicator of the
 * scenario is a communicator variable). Variables are typed by the calls that bind them (a status
 * by Recv or Probe, a request by Isend, a message by Mprobe, a flag by Iprobe or Test, an int by
 * Get_count, Waitany, Comm_rank or a loop index, a communicator by Comm_dup or Comm_split, a
 * datatype by Type_contiguous or Type_vector).
 */
public final class Compiler {
  private final Set<String> communicators;
  private final Map<String, VarType> types = new TreeMap<>();
  private final Map<String, SourceLocation> firstUse = new TreeMap<>();
  private final Map<String, Boolean> defined = new TreeMap<>();
  private final List<Object> pending = new ArrayList<>();
  private int hiddenCounters;
  /** The rank-shared variables, with their bit in {@link SharedAccess} masks. */
  private final Map<String, Integer> sharedBits = new TreeMap<>();
  /** What the statement being scanned does to shared variables: reads, writes, handles (0 or 1). */
  private long[] access;
  /** Per statement (by identity), its {@link #access}. */
  private final Map<Object, long[]> accesses = new java.util.IdentityHashMap<>();
  /** Per instruction emitted, its statement's access (null: none). */
  private final List<long[]> instrAccess = new ArrayList<>();

  private Compiler(Set<String> communicators) {
    this.communicators = communicators;
  }

  /**
   * Compiles a program.
   *
   * @param program the program
   * @param communicators names of the scenario's communicators ({@code world} always exists)
   * @return the compiled code
   * @throws ProgramException at the first problem, naming its location
   */
  public static Code compile(Program program, Set<String> communicators) {
    Compiler c = new Compiler(communicators);
    int bit = 0;
    for (Map.Entry<String, VarType> e : program.shared().entrySet()) {
      c.types.put(e.getKey(), e.getValue());
      c.defined.put(e.getKey(), true); // another thread of the rank may bind it
      c.sharedBits.put(e.getKey(), bit++ % 64);
    }
    c.scan(program.body());
    for (Map.Entry<String, SourceLocation> use : c.firstUse.entrySet()) {
      if (!c.defined.getOrDefault(use.getKey(), false) && c.types.get(use.getKey()) == VarType.COMM) {
        throw new ProgramException(use.getValue(), "unknown communicator '" + use.getKey() + "' (expected one of "
            + communicators + ", or a communicator variable that comm-dup or comm-split binds: undefined variable '"
            + use.getKey() + "')");
      } else if (!c.defined.getOrDefault(use.getKey(), false)) {
        throw new ProgramException(use.getValue(), "undefined variable '" + use.getKey()
            + "': no call in this program binds it (expected a " + c.types.get(use.getKey()).name().toLowerCase()
            + " bound by an earlier call)");
      }
    }
    Map<String, VarLayout.Var> vars = new TreeMap<>();
    int slot = 0;
    int sharedSlot = 0;
    for (Map.Entry<String, VarType> e : program.shared().entrySet()) {
      vars.put(e.getKey(), new VarLayout.Var(e.getKey(), e.getValue(), sharedSlot, true));
      sharedSlot += VarLayout.slotsOf(e.getValue());
    }
    for (Map.Entry<String, VarType> e : c.types.entrySet()) {
      if (!vars.containsKey(e.getKey())) {
        vars.put(e.getKey(), new VarLayout.Var(e.getKey(), e.getValue(), slot));
        slot += VarLayout.slotsOf(e.getValue());
      }
    }
    int counterBase = slot;
    slot += 2 * c.hiddenCounters;
    List<Instr> instrs = new ArrayList<>();
    int[] counterNext = {counterBase};
    c.emit(program.body(), instrs, vars, counterNext);
    SharedAccess shared = c.sharedAccess(instrs.size());
    shared.refuseReadsBeforeFirstCall(instrs);
    return new Code(instrs, new VarLayout(vars, slot, sharedSlot), shared);
  }

  private SharedAccess sharedAccess(int n) {
    if (sharedBits.isEmpty()) {
      return SharedAccess.NONE;
    }
    long[] reads = new long[n];
    long[] writes = new long[n];
    boolean[] handles = new boolean[n];
    for (int pc = 0; pc < n; pc++) {
      long[] a = pc < instrAccess.size() ? instrAccess.get(pc) : null;
      if (a != null) {
        reads[pc] = a[0];
        writes[pc] = a[1];
        handles[pc] = a[2] != 0;
      }
    }
    return new SharedAccess(reads, writes, handles);
  }

  /** Starts recording what the statement {@code s} does to shared variables. */
  private void accessOf(Object s) {
    access = new long[3];
    accesses.put(s, access);
  }

  /** Notes that the instruction at {@code pc} is statement {@code s}'s. */
  private void instrOf(int pc, Object s) {
    while (instrAccess.size() <= pc) {
      instrAccess.add(null);
    }
    instrAccess.set(pc, accesses.get(s));
  }

  /** Records a mention of a variable by the statement being scanned (see {@link SharedAccess}). */
  private void touch(String name, VarType type, boolean write) {
    Integer bit = sharedBits.get(name);
    if (bit == null || access == null) {
      return;
    }
    if (type == VarType.REQUEST || type == VarType.MESSAGE) {
      access[2] = 1;
      access[1] |= 1L << bit;
    } else if (write) {
      access[1] |= 1L << bit;
    } else {
      access[0] |= 1L << bit;
    }
  }

  // ---- pass 1: types and definitions -------------------------------------------------------

  private void scan(List<Stmt> body) {
    for (Stmt s : body) {
      if (s instanceof Stmt.Call call) {
        accessOf(call);
        scanOp(call.op(), call.at());
        access = null;
      } else if (s instanceof Stmt.Repeat r) {
        accessOf(r);
        useExpr(r.times(), r.at());
        access = null;
        hiddenCounters++;
        if (r.index() != null) {
          if (sharedBits.containsKey(r.index())) {
            throw new ProgramException(r.at(), "loop index '" + r.index() + "' is a shared variable: a loop index"
                + " is its thread's own");
          }
          def(r.index(), VarType.INT, r.at());
        }
        scan(r.body());
      } else if (s instanceof Stmt.If i) {
        accessOf(i);
        useCond(i.cond(), i.at());
        access = null;
        scan(i.then());
        scan(i.orElse());
      } else if (s instanceof Stmt.While l) {
        accessOf(l);
        useCond(l.cond(), l.at());
        access = null;
        scan(l.body());
      } else {
        throw new AssertionError(s);
      }
    }
  }

  private void scanOp(MpiOp op, SourceLocation at) {
    for (DatatypeRef d : TypeOps.datatypes(op)) {
      if (d instanceof DatatypeRef.Variable v) {
        use(v.name(), VarType.DATATYPE, at);
      }
    }
    if (op instanceof MpiOp.Send s) {
      comm(s.comm(), at);
      useExpr(s.dest(), at);
      useExpr(s.tag(), at);
      useExpr(s.count(), at);
    } else if (op instanceof MpiOp.Isend s) {
      comm(s.comm(), at);
      useExpr(s.dest(), at);
      useExpr(s.tag(), at);
      useExpr(s.count(), at);
      def(s.request(), VarType.REQUEST, at);
    } else if (op instanceof MpiOp.Recv r) {
      comm(r.comm(), at);
      useExpr(r.source(), at);
      useExpr(r.tag(), at);
      useExpr(r.count(), at);
      defOpt(r.status(), VarType.STATUS, at);
    } else if (op instanceof MpiOp.Irecv r) {
      comm(r.comm(), at);
      useExpr(r.source(), at);
      useExpr(r.tag(), at);
      useExpr(r.count(), at);
      def(r.request(), VarType.REQUEST, at);
    } else if (op instanceof MpiOp.Probe p) {
      comm(p.comm(), at);
      useExpr(p.source(), at);
      useExpr(p.tag(), at);
      defOpt(p.status(), VarType.STATUS, at);
    } else if (op instanceof MpiOp.Iprobe p) {
      comm(p.comm(), at);
      useExpr(p.source(), at);
      useExpr(p.tag(), at);
      def(p.flag(), VarType.FLAG, at);
      defOpt(p.status(), VarType.STATUS, at);
    } else if (op instanceof MpiOp.Mprobe p) {
      comm(p.comm(), at);
      useExpr(p.source(), at);
      useExpr(p.tag(), at);
      def(p.message(), VarType.MESSAGE, at);
      defOpt(p.status(), VarType.STATUS, at);
    } else if (op instanceof MpiOp.Improbe p) {
      comm(p.comm(), at);
      useExpr(p.source(), at);
      useExpr(p.tag(), at);
      def(p.flag(), VarType.FLAG, at);
      def(p.message(), VarType.MESSAGE, at);
      defOpt(p.status(), VarType.STATUS, at);
    } else if (op instanceof MpiOp.Mrecv m) {
      use(m.message(), VarType.MESSAGE, at);
      useExpr(m.count(), at);
      defOpt(m.status(), VarType.STATUS, at);
    } else if (op instanceof MpiOp.Imrecv m) {
      use(m.message(), VarType.MESSAGE, at);
      useExpr(m.count(), at);
      def(m.request(), VarType.REQUEST, at);
    } else if (op instanceof MpiOp.Wait w) {
      use(w.request(), VarType.REQUEST, at);
      defOpt(w.status(), VarType.STATUS, at);
    } else if (op instanceof MpiOp.Test t) {
      use(t.request(), VarType.REQUEST, at);
      def(t.flag(), VarType.FLAG, at);
      defOpt(t.status(), VarType.STATUS, at);
    } else if (op instanceof MpiOp.Waitall w) {
      w.requests().forEach(r -> use(r, VarType.REQUEST, at));
      w.statuses().forEach(st -> def(st, VarType.STATUS, at));
    } else if (op instanceof MpiOp.Waitany w) {
      w.requests().forEach(r -> use(r, VarType.REQUEST, at));
      def(w.index(), VarType.INT, at);
      defOpt(w.status(), VarType.STATUS, at);
    } else if (op instanceof MpiOp.Waitsome w) {
      w.requests().forEach(r -> use(r, VarType.REQUEST, at));
      def(w.outcount(), VarType.INT, at);
      w.indices().forEach(i -> def(i, VarType.INT, at));
      w.statuses().forEach(st -> def(st, VarType.STATUS, at));
    } else if (op instanceof MpiOp.Testall t) {
      t.requests().forEach(r -> use(r, VarType.REQUEST, at));
      def(t.flag(), VarType.FLAG, at);
    } else if (op instanceof MpiOp.Testany t) {
      t.requests().forEach(r -> use(r, VarType.REQUEST, at));
      def(t.flag(), VarType.FLAG, at);
      def(t.index(), VarType.INT, at);
      defOpt(t.status(), VarType.STATUS, at);
    } else if (op instanceof MpiOp.Testsome t) {
      t.requests().forEach(r -> use(r, VarType.REQUEST, at));
      def(t.outcount(), VarType.INT, at);
      t.indices().forEach(i -> def(i, VarType.INT, at));
      t.statuses().forEach(st -> def(st, VarType.STATUS, at));
    } else if (op instanceof MpiOp.RequestFree f) {
      use(f.request(), VarType.REQUEST, at);
    } else if (op instanceof MpiOp.GetCount g) {
      use(g.status(), VarType.STATUS, at);
      def(g.into(), VarType.INT, at);
    } else if (op instanceof MpiOp.Sendrecv s) {
      comm(s.comm(), at);
      useExpr(s.dest(), at);
      useExpr(s.sendTag(), at);
      useExpr(s.sendCount(), at);
      useExpr(s.source(), at);
      useExpr(s.recvTag(), at);
      useExpr(s.recvCount(), at);
      defOpt(s.status(), VarType.STATUS, at);
    } else if (op instanceof MpiOp.BufferAttach b) {
      useExpr(b.sizeBytes(), at);
    } else if (op instanceof MpiOp.BufferDetach) {
      // MPI_Buffer_detach reads and binds no variable.
    } else if (op instanceof MpiOp.Compute c) {
      useExpr(c.durationNs(), at);
    } else if (op instanceof MpiOp.Cancel c) {
      use(c.request(), VarType.REQUEST, at);
    } else if (op instanceof MpiOp.TestCancelled c) {
      use(c.status(), VarType.STATUS, at);
      def(c.flag(), VarType.FLAG, at);
    } else if (op instanceof MpiOp.MessageCancel c) {
      use(c.message(), VarType.MESSAGE, at);
    } else if (op instanceof MpiOp.SendInit s) {
      comm(s.comm(), at);
      useExpr(s.dest(), at);
      useExpr(s.tag(), at);
      useExpr(s.count(), at);
      def(s.request(), VarType.REQUEST, at);
    } else if (op instanceof MpiOp.RecvInit r) {
      comm(r.comm(), at);
      useExpr(r.source(), at);
      useExpr(r.tag(), at);
      useExpr(r.count(), at);
      def(r.request(), VarType.REQUEST, at);
    } else if (op instanceof MpiOp.Start s) {
      s.requests().forEach(r -> use(r, VarType.REQUEST, at));
    } else if (op instanceof MpiOp.BindChannel b) {
      b.requests().forEach(r -> use(r, VarType.REQUEST, at));
      b.channels().forEach(ch -> def(ch, VarType.REQUEST, at));
      for (int k : b.slackness()) {
        if (k < 1) {
          throw new ProgramException(at, "channel slackness must be at least 1, got " + k);
        }
      }
    } else if (op instanceof MpiOp.UnbindChannel u) {
      u.channels().forEach(ch -> use(ch, VarType.REQUEST, at));
    } else if (op instanceof MpiOp.PartitionCall p) {
      if (p.comm() != null) {
        comm(p.comm(), at);
      }
      p.exprs().forEach(e -> useExpr(e, at));
      if (p.requestUsed() != null) {
        use(p.requestUsed(), VarType.REQUEST, at);
      }
      if (p.requestDefined() != null) {
        def(p.requestDefined(), VarType.REQUEST, at);
      }
      if (p.flag() != null) {
        def(p.flag(), VarType.FLAG, at);
      }
    } else if (op instanceof MpiOp.Collective x) {
      comm(x.comm(), at);
      if (x.request() != null) {
        def(x.request(), VarType.REQUEST, at);
      }
      if (x.root() != null) {
        useExpr(x.root(), at);
      }
      useExpr(x.count(), at);
      if (x.counts() != null) {
        x.counts().forEach(e -> useExpr(e, at));
      }
    } else if (op instanceof TypeOps.Contiguous x) {
      useExpr(x.count(), at);
      def(x.into(), VarType.DATATYPE, at);
    } else if (op instanceof TypeOps.Vector x) {
      useExpr(x.count(), at);
      useExpr(x.blocklength(), at);
      useExpr(x.stride(), at);
      def(x.into(), VarType.DATATYPE, at);
    } else if (op instanceof TypeOps.Commit x) {
      use(x.type(), VarType.DATATYPE, at);
    } else if (op instanceof TypeOps.Free x) {
      use(x.type(), VarType.DATATYPE, at);
    } else if (op instanceof TypeOps.GetElements g) {
      use(g.status(), VarType.STATUS, at);
      def(g.into(), VarType.INT, at);
    } else if (op instanceof PointToPointOps.SendrecvReplace x) {
      scanOp(x.exchange(), at);
      if (x.request() != null) {
        def(x.request(), VarType.REQUEST, at);
      }
    } else if (op instanceof PointToPointOps.Isendrecv x) {
      scanOp(x.exchange(), at);
      def(x.request(), VarType.REQUEST, at);
    } else if (op instanceof PointToPointOps.RequestGetStatus x) {
      use(x.request(), VarType.REQUEST, at);
      def(x.flag(), VarType.FLAG, at);
      defOpt(x.status(), VarType.STATUS, at);
    } else if (op instanceof MpiOp.Comm x) {
      comm(x.comm(), at);
      if (x instanceof CommOp.Split s) {
        if (s.color() != null) {
          useExpr(s.color(), at);
        }
        useExpr(s.key(), at);
      }
      if (x instanceof CommOp.Dup d) {
        def(d.into(), VarType.COMM, at);
      } else if (x instanceof CommOp.Split s) {
        def(s.into(), VarType.COMM, at);
      } else if (x instanceof CommOp.Rank r) {
        def(r.into(), VarType.INT, at);
      } else if (x instanceof CommOp.Size z) {
        def(z.into(), VarType.INT, at);
      }
    } else {
      throw new AssertionError(op);
    }
  }

  /** A communicator argument: one of the scenario's, MPI_COMM_NULL, or a communicator variable. */
  private void comm(String name, SourceLocation at) {
    if (!communicators.contains(name) && !name.equals(CommOp.NULL)) {
      use(name, VarType.COMM, at);
    }
  }

  private void typeOf(String name, VarType type, SourceLocation at) {
    VarType known = types.putIfAbsent(name, type);
    if (known != null && known != type) {
      throw new ProgramException(at, "variable '" + name + "' is used as a " + type.name().toLowerCase()
          + " here but as a " + known.name().toLowerCase() + " elsewhere");
    }
  }

  private void def(String name, VarType type, SourceLocation at) {
    typeOf(name, type, at);
    touch(name, type, true);
    defined.put(name, true);
  }

  private void defOpt(String name, VarType type, SourceLocation at) {
    if (name != null) {
      def(name, type, at);
    }
  }

  private void use(String name, VarType type, SourceLocation at) {
    typeOf(name, type, at);
    touch(name, type, false);
    firstUse.putIfAbsent(name, at);
  }

  private void useExpr(Expr e, SourceLocation at) {
    if (e instanceof Expr.IntVar v) {
      use(v.name(), VarType.INT, at);
    } else if (e instanceof Expr.Status s) {
      use(s.status(), VarType.STATUS, at);
    } else if (e instanceof Expr.StatusCount s) {
      use(s.status(), VarType.STATUS, at);
    } else if (e instanceof Expr.Binary b) {
      useExpr(b.left(), at);
      useExpr(b.right(), at);
    }
    // Literals, MPI constants, rank, size and thread read no variable.
  }

  private void useCond(Cond c, SourceLocation at) {
    if (c instanceof Cond.Compare cmp) {
      useExpr(cmp.left(), at);
      useExpr(cmp.right(), at);
    } else if (c instanceof Cond.Flag f) {
      use(f.flag(), VarType.FLAG, at);
    } else if (c instanceof Cond.Not n) {
      useCond(n.cond(), at);
    } else if (c instanceof Cond.And a) {
      a.all().forEach(x -> useCond(x, at));
    } else if (c instanceof Cond.Or o) {
      o.any().forEach(x -> useCond(x, at));
    } else {
      throw new AssertionError(c);
    }
  }

  // ---- pass 2: instructions ------------------------------------------------------------------

  private void emit(List<Stmt> body, List<Instr> out, Map<String, VarLayout.Var> vars, int[] counterNext) {
    for (Stmt s : body) {
      if (s instanceof Stmt.Call call) {
        instrOf(out.size(), call);
        out.add(new Instr.Call(call.op(), call.at()));
      } else if (s instanceof Stmt.Repeat r) {
        int counter = counterNext[0];
        counterNext[0] += 2;
        int index = r.index() == null ? -1 : vars.get(r.index()).slot();
        int enter = out.size();
        instrOf(enter, r);
        out.add(null);
        int bodyStart = out.size();
        emit(r.body(), out, vars, counterNext);
        out.add(new Instr.LoopNext(counter, index, bodyStart));
        out.set(enter, new Instr.LoopEnter(counter, index, r.times(), out.size(), r.at()));
      } else if (s instanceof Stmt.If i) {
        int branch = out.size();
        instrOf(branch, i);
        out.add(null);
        emit(i.then(), out, vars, counterNext);
        if (i.orElse().isEmpty()) {
          out.set(branch, new Instr.BranchIfFalse(i.cond(), out.size(), i.at()));
        } else {
          int jump = out.size();
          out.add(null);
          out.set(branch, new Instr.BranchIfFalse(i.cond(), out.size(), i.at()));
          emit(i.orElse(), out, vars, counterNext);
          out.set(jump, new Instr.Jump(out.size()));
        }
      } else if (s instanceof Stmt.While l && l.until()) {
        // head: body; if not cond goto head
        int head = out.size();
        emit(l.body(), out, vars, counterNext);
        instrOf(out.size(), l);
        out.add(new Instr.BranchIfFalse(l.cond(), head, l.at()));
      } else if (s instanceof Stmt.While l) {
        // head: if not cond goto exit; body; goto head
        int head = out.size();
        instrOf(head, l);
        out.add(null);
        emit(l.body(), out, vars, counterNext);
        out.add(new Instr.Jump(head));
        out.set(head, new Instr.BranchIfFalse(l.cond(), out.size(), l.at()));
      } else {
        throw new AssertionError(s);
      }
    }
  }
}
