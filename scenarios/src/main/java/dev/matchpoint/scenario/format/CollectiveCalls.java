package dev.matchpoint.scenario.format;

import dev.matchpoint.mpi.CollectiveKind;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.DatatypeRef;
import dev.matchpoint.mpi.ReduceOp;
import dev.matchpoint.mpi.program.Expr;
import dev.matchpoint.mpi.program.MpiOp;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.ScalarNode;

/**
 * The collective statements (MPI-3.1 chapter 5): {@code barrier}, {@code bcast}, {@code
 * reduce}, {@code allreduce}, {@code reduce-scatter-block}, {@code gather}, {@code gatherv}, {@code
 * scatter}, {@code scatterv}, {@code allgather}, {@code alltoall}, and their nonblocking forms with
 * a {@code request} (MPI-3.1 §5.12): {@code ibarrier}, ...
 * Reads them ({@link CallReader} owns the table; this class adds its rows) and writes them back, so
 * that reading the written statement gives an equal call.
 */
final class CollectiveCalls {
  private static final Expr ONE = new Expr.Lit(1);
  private static final Expr ZERO = new Expr.Lit(0);

  private CollectiveCalls() {}

  /**
   * Adds the collective statements to the table of accepted keys, in documentation order.
   *
   * @param keys statement name to accepted argument keys
   */
  static void keys(Map<String, List<String>> keys) {
    for (CollectiveKind k : CollectiveKind.values()) {
      List<String> args = new ArrayList<>();
      if (k.rooted()) {
        args.add("root");
      }
      if (k.carriesData()) {
        args.add("count");
      }
      if (k.perMemberCounts()) {
        args.add("counts");
      }
      if (k.carriesData()) {
        args.add("type");
      }
      if (k.reduces()) {
        args.add("op");
      }
      args.add("comm");
      keys.put(k.statement(), List.copyOf(args));
    }
    for (CollectiveKind k : CollectiveKind.values()) {
      List<String> args = new ArrayList<>(keys.get(k.statement()));
      args.add("request");
      keys.put(k.nonblockingStatement(), List.copyOf(args));
    }
  }

  /**
   * The operation a collective statement names, blocking or nonblocking.
   *
   * @param statement e.g. {@code bcast} or {@code ibcast}
   * @return the kind, or null when the statement is no collective
   */
  static CollectiveKind kind(String statement) {
    CollectiveKind k = CollectiveKind.ofStatement(statement);
    if (k == null && statement.startsWith("i")) {
      k = CollectiveKind.ofStatement(statement.substring(1));
    }
    return k;
  }

  /**
   * Builds a collective call: {@code root} required for rooted operations (a literal must be a
   * rank of the world), {@code count} default 1, {@code type} default {@code int}, {@code op}
   * required for reductions, {@code counts} (Gatherv, Scatterv) optional: a list of count
   * expressions (a literal must not be negative), one per member, whose length must be the world's
   * size on {@code world} or a declared communicator (each a duplicate of the world); on a
   * communicator variable its length is checked when the root calls.
   *
   * @param kind the operation
   * @param a its arguments
   * @return the call
   * @throws dev.matchpoint.scenario.ScenarioException at a bad argument
   */
  static MpiOp read(CollectiveKind kind, boolean nonblocking, CallArgs a) {
    int worldSize = a.worldSize();
    Expr root = null;
    if (kind.rooted()) {
      root = a.expr("root", Role.VALUE, null, null);
      if (root instanceof Expr.Lit l && l.value() >= worldSize) {
        throw a.map().error("root", "root " + l.value() + " of " + kind.statement()
            + " is out of range: the world has ranks 0.." + (worldSize - 1));
      }
    }
    DatatypeRef type = kind.carriesData() ? a.type("type") : Datatype.BYTE;
    Expr count = kind.carriesData() ? a.expr("count", Role.VALUE, type, ONE) : ZERO;
    ReduceOp op = null;
    if (kind.reduces()) {
      Node n = a.map().get("op");
      if (n == null) {
        throw a.map().error("op", "missing key 'op' in " + kind.statement() + " (expected an operator: "
            + names() + ")");
      }
      ScalarNode s = YamlNodes.scalar(a.map().file(), n, "an operator for 'op'");
      op = ReduceOp.named(s.getValue());
      if (op == null) {
        throw YamlNodes.error(a.map().file(), s, "unknown operator '" + s.getValue() + "' in " + kind.statement()
            + " (expected one of " + names() + ")");
      }
    }
    String comm = a.comm();
    List<Expr> counts = kind.perMemberCounts() ? counts(kind, a, comm, type) : null;
    String request = nonblocking ? a.var("request", true) : null;
    return new MpiOp.Collective(kind, root, count, type, op, comm, request, counts);
  }

  /** The {@code counts} of gatherv and scatterv, or null when absent. */
  private static List<Expr> counts(CollectiveKind kind, CallArgs a, String comm, DatatypeRef type) {
    Node v = a.map().get("counts");
    if (v == null) {
      return null;
    }
    List<Node> items = YamlNodes.list(a.map().file(), v, "a list of counts, one per member (e.g. [1, 2, 0])");
    if (a.isCommunicator(comm) && items.size() != a.worldSize()) {
      throw a.map().error("counts", "'counts' of " + kind.statement() + " has " + items.size() + " entries but "
          + comm + " has " + a.worldSize() + " members (one count per member, in rank order)");
    }
    List<Expr> out = new ArrayList<>();
    for (Node n : items) {
      ScalarNode s = YamlNodes.scalar(a.map().file(), n, "a count");
      Expr e;
      try {
        e = ExprParser.expr(s.getValue(), Role.VALUE, type instanceof Datatype d ? d : null);
      } catch (ExprLexer.ParseError err) {
        throw new dev.matchpoint.scenario.ScenarioException(YamlNodes.at(a.map().file(), s, err.offset),
            "in 'counts' of " + kind.statement() + ": " + err.getMessage());
      }
      if (e instanceof Expr.Lit l && l.value() < 0) {
        throw YamlNodes.error(a.map().file(), s, "count " + l.value() + " in 'counts' of " + kind.statement()
            + " must not be negative");
      }
      out.add(e);
    }
    return out;
  }

  private static String names() {
    List<String> out = new ArrayList<>();
    for (ReduceOp o : ReduceOp.values()) {
      out.add(o.configName());
    }
    return String.join(", ", out);
  }

  /**
   * Fills the arguments of a collective call and returns its statement name.
   *
   * @param x the call
   * @param m the argument mapping to fill
   * @return the statement name
   */
  static String write(MpiOp.Collective x, YamlBuild.Map m) {
    CollectiveKind k = x.kind();
    if (k.rooted()) {
      m.put("root", ExprWriter.expr(x.root(), null));
    }
    if (k.carriesData()) {
      m.put("count", ExprWriter.expr(x.count(), x.type()));
    }
    if (x.counts() != null) {
      List<String> counts = new ArrayList<>();
      x.counts().forEach(e -> counts.add(ExprWriter.expr(e, x.type())));
      m.put("counts", YamlBuild.flowSeq(counts));
    }
    if (k.carriesData()) {
      m.put("type", x.type().configName());
    }
    if (k.reduces()) {
      m.put("op", x.op().configName());
    }
    if (!x.comm().equals(MpiOp.WORLD)) {
      m.put("comm", x.comm());
    }
    if (x.nonblocking()) {
      m.put("request", x.request());
      return k.nonblockingStatement();
    }
    return k.statement();
  }
}
