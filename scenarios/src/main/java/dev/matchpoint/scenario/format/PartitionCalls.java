package dev.matchpoint.scenario.format;

import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.program.Expr;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.PartitionCalls.Parrived;
import dev.matchpoint.mpi.program.PartitionCalls.Pready;
import dev.matchpoint.mpi.program.PartitionCalls.PrecvInit;
import dev.matchpoint.mpi.program.PartitionCalls.PsendInit;
import dev.matchpoint.mpi.program.PartitionCalls.ReadyForm;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.ScalarNode;

/**
 * The statements of partitioned communication (MPI-4.0 chapter 4): {@code psend-init}, {@code
 * precv-init}, {@code pready}, {@code pready-range}, {@code pready-list} and {@code parrived}
 * (MPI_Start, MPI_Startall, Wait and Test are the usual {@code start}, {@code startall}, {@code
 * wait}, {@code test}). Reads them ({@link CallReader} owns the table; this class adds its rows) and
 * writes them back, so that reading the written statement gives an equal call.
 */
final class PartitionCalls {
  private static final Expr ZERO = new Expr.Lit(0);
  private static final Expr ONE = new Expr.Lit(1);

  private PartitionCalls() {}

  /**
   * Adds the statements to the table of accepted keys, in documentation order.
   *
   * @param keys statement name to accepted argument keys
   */
  static void keys(Map<String, List<String>> keys) {
    keys.put("psend-init", List.of("dest", "tag", "partitions", "count", "type", "comm", "request"));
    keys.put("precv-init", List.of("source", "tag", "partitions", "count", "type", "comm", "request"));
    keys.put("pready", List.of("partition", "request"));
    keys.put("pready-range", List.of("low", "high", "request"));
    keys.put("pready-list", List.of("partitions", "request"));
    keys.put("parrived", List.of("request", "partition", "flag"));
  }

  /**
   * Whether a statement is one of this class's.
   *
   * @param name a statement name
   * @return true for the names {@link #keys} adds
   */
  static boolean reads(String name) {
    return switch (name) {
      case "psend-init", "precv-init", "pready", "pready-range", "pready-list", "parrived" -> true;
      default -> false;
    };
  }

  /**
   * Builds the call: {@code tag} default 0, {@code partitions} default 1, {@code count} (elements
   * per partition) default 1, {@code type} default {@code int}.
   *
   * @param name one of the names {@link #keys} adds
   * @param a its arguments
   * @return the call
   * @throws dev.matchpoint.scenario.ScenarioException at a bad argument
   */
  static MpiOp read(String name, CallArgs a) {
    switch (name) {
      case "psend-init": {
        Datatype type = a.predefinedType("type");
        return new PsendInit(a.expr("dest", Role.DEST, type, null), a.expr("tag", Role.SEND_TAG, type, ZERO),
            a.expr("partitions", Role.VALUE, type, ONE), a.expr("count", Role.VALUE, type, ONE), type, a.comm(),
            a.var("request", true));
      }
      case "precv-init": {
        Datatype type = a.predefinedType("type");
        return new PrecvInit(a.expr("source", Role.SOURCE, type, null), a.expr("tag", Role.RECEIVE_TAG, type, ZERO),
            a.expr("partitions", Role.VALUE, type, ONE), a.expr("count", Role.VALUE, type, ONE), type, a.comm(),
            a.var("request", true));
      }
      case "pready":
        return new Pready(ReadyForm.ONE, List.of(a.expr("partition", Role.VALUE, null, null)), a.var("request", true));
      case "pready-range":
        return new Pready(ReadyForm.RANGE, List.of(a.expr("low", Role.VALUE, null, null),
            a.expr("high", Role.VALUE, null, null)), a.var("request", true));
      case "pready-list":
        return new Pready(ReadyForm.LIST, list(a), a.var("request", true));
      case "parrived":
        return new Parrived(a.var("request", true), a.expr("partition", Role.VALUE, null, null), a.var("flag", true));
      default:
        throw new AssertionError(name);
    }
  }

  /** The {@code partitions} of pready-list: a non-empty list of integer expressions. */
  private static List<Expr> list(CallArgs a) {
    Node v = a.map().get("partitions");
    if (v == null) {
      throw a.map().error("partitions", "missing key 'partitions' in pready-list (expected a list of partition "
          + "numbers, e.g. [0, 2])");
    }
    List<Node> items = YamlNodes.list(a.map().file(), v, "a list of partition numbers (e.g. [0, 2])");
    if (items.isEmpty()) {
      throw a.map().error("partitions", "'partitions' of pready-list is empty (expected at least one partition)");
    }
    List<Expr> out = new ArrayList<>();
    for (Node n : items) {
      ScalarNode s = YamlNodes.scalar(a.map().file(), n, "a partition number");
      Expr e;
      try {
        e = ExprParser.expr(s.getValue(), Role.VALUE, null);
      } catch (ExprLexer.ParseError err) {
        throw new dev.matchpoint.scenario.ScenarioException(YamlNodes.at(a.map().file(), s, err.offset),
            "in 'partitions' of pready-list: " + err.getMessage());
      }
      if (e instanceof Expr.Lit l && l.value() < 0) {
        throw YamlNodes.error(a.map().file(), s, "partition " + l.value() + " in pready-list must not be negative");
      }
      out.add(e);
    }
    return out;
  }

  /**
   * Fills the arguments of a call and returns its statement name.
   *
   * @param op the call
   * @param m the argument mapping to fill
   * @return the statement name, or null when the call is not one of this class's
   */
  static String write(MpiOp op, YamlBuild.Map m) {
    if (op instanceof PsendInit s) {
      m.put("dest", ExprWriter.expr(s.dest(), s.type()));
      m.put("tag", ExprWriter.expr(s.tag(), s.type()));
      init(m, s.partitions(), s.count(), s.type(), s.comm(), s.request());
      return "psend-init";
    } else if (op instanceof PrecvInit r) {
      m.put("source", ExprWriter.expr(r.source(), r.type()));
      m.put("tag", ExprWriter.expr(r.tag(), r.type()));
      init(m, r.partitions(), r.count(), r.type(), r.comm(), r.request());
      return "precv-init";
    } else if (op instanceof Pready p) {
      switch (p.form()) {
        case ONE -> m.put("partition", ExprWriter.expr(p.partitions().get(0), null));
        case RANGE -> {
          m.put("low", ExprWriter.expr(p.partitions().get(0), null));
          m.put("high", ExprWriter.expr(p.partitions().get(1), null));
        }
        case LIST -> {
          List<String> parts = new ArrayList<>();
          p.partitions().forEach(e -> parts.add(ExprWriter.expr(e, null)));
          m.put("partitions", YamlBuild.flowSeq(parts));
        }
      }
      m.put("request", p.request());
      return switch (p.form()) {
        case ONE -> "pready";
        case RANGE -> "pready-range";
        case LIST -> "pready-list";
      };
    } else if (op instanceof Parrived p) {
      m.put("request", p.request());
      m.put("partition", ExprWriter.expr(p.partition(), null));
      m.put("flag", p.flag());
      return "parrived";
    }
    return null;
  }

  private static void init(YamlBuild.Map m, Expr partitions, Expr count, Datatype type, String comm, String request) {
    m.put("partitions", ExprWriter.expr(partitions, type));
    m.put("count", ExprWriter.expr(count, type));
    m.put("type", type.configName());
    if (!comm.equals(MpiOp.WORLD)) {
      m.put("comm", comm);
    }
    m.put("request", request);
  }
}
