package dev.matchpoint.scenario.importer;

import dev.matchpoint.mpi.program.Expr;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.program.SourceLocation;
import dev.matchpoint.mpi.program.Stmt;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Shares one program among the ranks of an import that follow one pattern, with their peers
 * written relative to {@code rank}: in a binomial broadcast every rank whose highest set bit is
 * {@code 2^h} receives from {@code rank - 2^h} and sends to {@code rank + 2^(h+1)}, ... so all of
 * them run one program.
 *
 * <p>Each rank's program (a list of calls; the importers make no loops or conditionals) is put in a
 * canonical form where every literal peer {@code p} of a point-to-point send or receive (the {@code
 * dest} of send and isend, the {@code source} of recv and irecv) on rank {@code r} becomes {@code
 * (rank + d) % size} with {@code d = p - r} taken modulo the world size {@code N} into {@code
 * (-N/2, N/2]}; ranks with equal forms are grouped by hashing, so grouping is linear in the
 * programs' total length. Every communicator of a conversion is world-sized and uses world ranks,
 * so the same expression serves all of them. A group's form is simplified to {@code rank + e}, with
 * {@code e} one of {@code d} and {@code d -/+ N}, when every member keeps {@code 0 <= r + e < N}.
 *
 * <p>Soundness: a rank joins a group only after the group's program, evaluated with {@code rank =
 * r} (arithmetic as the interpreter does it: 32-bit ints, {@code %} as {@code Math.floorMod}),
 * gives exactly the rank's own calls; the simplified form is evaluated again for every member.
 * Ranks that fail either check, ranks whose program has anything but calls, and groups of one rank
 * keep their literal programs. Statements of a shared program keep the trace operation index as
 * their line and 0 as their column (no single rank).
 */
final class RankPatterns {
  private final int size;
  private final Map<List<Program>, Group> groups = new HashMap<>();
  private final Group[] groupOf;
  private final List<List<Program>> literal = new ArrayList<>();

  /** Ranks of one canonical form, in increasing rank order. */
  private static final class Group {
    final List<Program> form;
    final List<Program> firstLiteral;
    final List<Integer> members = new ArrayList<>();
    List<Program> shared;

    Group(List<Program> form, List<Program> firstLiteral) {
      this.form = form;
      this.firstLiteral = firstLiteral;
    }
  }

  /**
   * Starts an empty collection.
   *
   * @param size the world size N, at least 1
   */
  RankPatterns(int size) {
    this.size = size;
    this.groupOf = new Group[size];
  }

  /**
   * Adds the next rank's threads, literal peers as converted; ranks come in order 0, 1, ...
   *
   * @param threads the rank's programs, one per thread
   */
  void add(List<Program> threads) {
    int r = literal.size();
    List<Program> form = canonical(threads, r);
    Group g = form == null ? null : groups.get(form);
    if (form != null && g == null) {
      g = new Group(form, threads);
      groups.put(form, g);
    }
    if (g != null && instantiate(g.form, r).equals(calls(threads))) {
      g.members.add(r);
      groupOf[r] = g;
      literal.add(null);
    } else {
      literal.add(threads);
    }
  }

  /**
   * The ranks' programs: members of a group of two or more share one rank-relative program
   * instance, every other rank keeps its literal one.
   *
   * @return the threads of rank 0, 1, ... in order
   */
  List<List<Program>> ranks() {
    for (Group g : groups.values()) {
      g.shared = g.members.size() < 2 ? null : simplified(g);
    }
    List<List<Program>> out = new ArrayList<>(size);
    for (int r = 0; r < literal.size(); r++) {
      Group g = groupOf[r];
      out.add(g == null ? literal.get(r) : g.shared != null ? g.shared : g.firstLiteral);
    }
    return out;
  }

  /** The form with {@code (rank + d) % size} written {@code rank + d} or {@code rank + d -/+ size} where no member wraps, re-verified. */
  private List<Program> simplified(Group g) {
    int lo = g.members.get(0);
    int hi = g.members.get(g.members.size() - 1);
    List<Program> out = new ArrayList<>();
    for (Program p : g.form) {
      List<Stmt> body = new ArrayList<>();
      for (Stmt s : p.body()) {
        Stmt.Call c = (Stmt.Call) s;
        body.add(new Stmt.Call(mapPeer(c.op(), e -> unwrapped(e, lo, hi)), c.at()));
      }
      out.add(new Program(body));
    }
    for (int r : g.members) {
      if (!instantiate(out, r).equals(instantiate(g.form, r))) {
        return g.form;
      }
    }
    return out;
  }

  private Expr unwrapped(Expr e, int lo, int hi) {
    if (e instanceof Expr.Binary mod && mod.op() == Expr.BinaryOp.MOD && mod.left() instanceof Expr.Binary sum) {
      int d = ((Expr.Lit) sum.right()).value() * (sum.op() == Expr.BinaryOp.SUB ? -1 : 1);
      for (int shift : new int[] {d, d < 0 ? d + size : d - size}) {
        if (lo + shift >= 0 && hi + shift < size) {
          return offset(shift);
        }
      }
    }
    return e;
  }

  /** The canonical form of a rank's threads, or null when a program has anything but calls. */
  private List<Program> canonical(List<Program> threads, int r) {
    List<Program> out = new ArrayList<>(threads.size());
    for (Program p : threads) {
      List<Stmt> body = new ArrayList<>(p.body().size());
      for (Stmt s : p.body()) {
        if (!(s instanceof Stmt.Call c)) {
          return null;
        }
        SourceLocation at = new SourceLocation(c.at().file(), c.at().line(), 0);
        body.add(new Stmt.Call(mapPeer(c.op(), e -> relative(e, r)), at));
      }
      out.add(new Program(body));
    }
    return out;
  }

  private Expr relative(Expr e, int r) {
    if (!(e instanceof Expr.Lit l)) {
      return e;
    }
    int d = Math.floorMod(l.value() - r, size);
    if (d > size / 2) {
      d -= size;
    }
    return new Expr.Binary(Expr.BinaryOp.MOD, offset(d), new Expr.WorldSize());
  }

  /** {@code rank + d}, or {@code rank - |d|} for a negative {@code d}. */
  private static Expr offset(int d) {
    return new Expr.Binary(d < 0 ? Expr.BinaryOp.SUB : Expr.BinaryOp.ADD, new Expr.MyRank(), new Expr.Lit(Math.abs(d)));
  }

  /** The calls of the threads with every peer evaluated for rank {@code r}. */
  private List<List<MpiOp>> instantiate(List<Program> threads, int r) {
    List<List<MpiOp>> out = new ArrayList<>(threads.size());
    for (Program p : threads) {
      List<MpiOp> ops = new ArrayList<>(p.body().size());
      for (Stmt s : p.body()) {
        ops.add(mapPeer(((Stmt.Call) s).op(), e -> new Expr.Lit(eval(e, r))));
      }
      out.add(ops);
    }
    return out;
  }

  private static List<List<MpiOp>> calls(List<Program> threads) {
    List<List<MpiOp>> out = new ArrayList<>(threads.size());
    for (Program p : threads) {
      List<MpiOp> ops = new ArrayList<>(p.body().size());
      for (Stmt s : p.body()) {
        if (!(s instanceof Stmt.Call c)) {
          return null;
        }
        ops.add(c.op());
      }
      out.add(ops);
    }
    return out;
  }

  /** Evaluates a peer expression for rank {@code r} as the interpreter does: 32-bit ints, floorMod. */
  private int eval(Expr e, int r) {
    if (e instanceof Expr.Lit l) {
      return l.value();
    } else if (e instanceof Expr.MyRank) {
      return r;
    } else if (e instanceof Expr.WorldSize) {
      return size;
    } else if (e instanceof Expr.Binary b) {
      int x = eval(b.left(), r);
      int y = eval(b.right(), r);
      return switch (b.op()) {
        case ADD -> x + y;
        case SUB -> x - y;
        case MOD -> Math.floorMod(x, y);
        default -> throw new AssertionError(b);
      };
    }
    throw new AssertionError(e);
  }

  /** The call with its peer (send dest, receive source) mapped, when that peer is a number or expression. */
  private static MpiOp mapPeer(MpiOp op, java.util.function.UnaryOperator<Expr> f) {
    if (op instanceof MpiOp.Send s && isPeer(s.dest())) {
      return new MpiOp.Send(s.mode(), f.apply(s.dest()), s.tag(), s.count(), s.type(), s.comm());
    } else if (op instanceof MpiOp.Isend s && isPeer(s.dest())) {
      return new MpiOp.Isend(s.mode(), f.apply(s.dest()), s.tag(), s.count(), s.type(), s.comm(), s.request());
    } else if (op instanceof MpiOp.Recv v && isPeer(v.source())) {
      return new MpiOp.Recv(f.apply(v.source()), v.tag(), v.count(), v.type(), v.comm(), v.status());
    } else if (op instanceof MpiOp.Irecv v && isPeer(v.source())) {
      return new MpiOp.Irecv(f.apply(v.source()), v.tag(), v.count(), v.type(), v.comm(), v.request());
    }
    return op;
  }

  private static boolean isPeer(Expr e) {
    return e instanceof Expr.Lit || e instanceof Expr.Binary;
  }
}
