package dev.matchpoint.scenario.format;

import dev.matchpoint.mpi.program.CommOp;
import dev.matchpoint.mpi.program.Expr;
import dev.matchpoint.mpi.program.MpiOp;
import java.util.List;
import java.util.Map;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.ScalarNode;

/**
 * The communicator statements (MPI-3.1 chapter 6): {@code comm-dup}, {@code comm-split}, {@code
 * comm-free}, {@code comm-rank} and {@code comm-size}. Reads them ({@link CallReader} owns the
 * table; this class adds its rows) and writes them back, so that reading the written statement
 * gives an equal call.
 */
final class CommCalls {
  /** The value of {@code color} that stands for MPI_UNDEFINED. */
  static final String UNDEFINED = "undefined";
  private static final Expr ZERO = new Expr.Lit(0);

  private CommCalls() {}

  /**
   * Adds the communicator statements to the table of accepted keys, in documentation order.
   *
   * @param keys statement name to accepted argument keys
   */
  static void keys(Map<String, List<String>> keys) {
    keys.put("comm-dup", List.of("comm", "into"));
    keys.put("comm-split", List.of("comm", "color", "key", "into"));
    keys.put("comm-free", List.of("comm"));
    keys.put("comm-rank", List.of("comm", "into"));
    keys.put("comm-size", List.of("comm", "into"));
  }

  /**
   * Builds a communicator call, or returns null when {@code name} is no communicator statement.
   * {@code comm} defaults to {@code world} except for {@code comm-free}, where it is required;
   * {@code key} defaults to 0; {@code color} is required, an expression or {@code undefined}.
   *
   * @param name the statement name
   * @param a its arguments
   * @return the call, or null
   * @throws dev.matchpoint.scenario.ScenarioException at a bad argument
   */
  static MpiOp read(String name, CallArgs a) {
    switch (name) {
      case "comm-dup":
        return new CommOp.Dup(a.comm(), into(a));
      case "comm-split": {
        Node c = a.map().get("color");
        Expr color;
        if (c == null) {
          throw a.map().error("color", "missing key 'color' in comm-split (expected a colour: an expression of at "
              + "least 0, or undefined for MPI_UNDEFINED)");
        } else if (c instanceof ScalarNode s && s.getValue().equals(UNDEFINED)) {
          color = null;
        } else {
          color = a.expr("color", Role.VALUE, null, null);
        }
        return new CommOp.Split(a.comm(), color, a.expr("key", Role.VALUE, null, ZERO), into(a));
      }
      case "comm-free":
        if (a.map().get("comm") == null) {
          throw a.map().error("comm", "missing key 'comm' in comm-free (expected the communicator to free)");
        }
        return new CommOp.Free(a.comm());
      case "comm-rank":
        return new CommOp.Rank(a.comm(), a.var("into", true));
      case "comm-size":
        return new CommOp.Size(a.comm(), a.var("into", true));
      default:
        return null;
    }
  }

  /** The communicator variable a call binds: a variable name, not one of the scenario's communicators. */
  private static String into(CallArgs a) {
    String into = a.var("into", true);
    if (a.isCommunicator(into)) {
      throw a.map().error("into", "'" + into + "' names a communicator of the scenario (expected a new variable name "
          + "for the communicator the call binds)");
    }
    return into;
  }

  /**
   * Fills the arguments of a communicator call and returns its statement name.
   *
   * @param x the call
   * @param m the argument mapping to fill
   * @return the statement name
   */
  static String write(MpiOp.Comm x, YamlBuild.Map m) {
    if (!x.comm().equals(MpiOp.WORLD) || x instanceof CommOp.Free) {
      m.put("comm", x.comm());
    }
    if (x instanceof CommOp.Dup d) {
      m.put("into", d.into());
      return "comm-dup";
    } else if (x instanceof CommOp.Split s) {
      m.put("color", s.color() == null ? UNDEFINED : ExprWriter.expr(s.color(), null));
      m.put("key", ExprWriter.expr(s.key(), null));
      m.put("into", s.into());
      return "comm-split";
    } else if (x instanceof CommOp.Rank r) {
      m.put("into", r.into());
      return "comm-rank";
    } else if (x instanceof CommOp.Size s) {
      m.put("into", s.into());
      return "comm-size";
    }
    return "comm-free";
  }
}
