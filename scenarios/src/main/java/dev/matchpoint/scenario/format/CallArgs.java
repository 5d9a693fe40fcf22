package dev.matchpoint.scenario.format;

import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.DatatypeRef;
import dev.matchpoint.mpi.Mpi;
import dev.matchpoint.mpi.program.CommOp;
import dev.matchpoint.mpi.program.Expr;
import dev.matchpoint.mpi.program.MpiOp;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.ScalarNode;

/**
 * The arguments of one statement: a {@link YamlMap} read as expressions, variable names, datatypes
 * and communicators, with the static checks the file can make before anything runs (ranks inside
 * the world, tags inside {@code [0, MPI_TAG_UB]}, counts not negative, for literals and for
 * arithmetic on literals and {@code size}; known communicators). A number is never an MPI constant:
 * {@code -1} is not MPI_ANY_SOURCE, only {@code any} is.
 */
final class CallArgs {
  private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
  private final YamlMap map;
  private final String call;
  private final int worldSize;
  private final Set<String> communicators;

  /** Datatype variables bound so far in the program being read (by type-contiguous and type-vector). */
  private final Set<String> datatypes;

  CallArgs(YamlMap map, String call, int worldSize, Set<String> communicators) {
    this(map, call, worldSize, communicators, new java.util.HashSet<>());
  }

  CallArgs(YamlMap map, String call, int worldSize, Set<String> communicators, Set<String> datatypes) {
    this.map = map;
    this.call = call;
    this.worldSize = worldSize;
    this.communicators = communicators;
    this.datatypes = datatypes;
  }

  /**
   * An expression argument.
   *
   * @param key the key
   * @param role what it is for
   * @param countType the call's datatype for {@code st.count}, or null
   * @param fallback the value when absent, or null when required
   * @return the expression
   */
  Expr expr(String key, Role role, DatatypeRef countType, Expr fallback) {
    Node v = map.get(key);
    if (v == null) {
      if (fallback == null) {
        throw map.error(key, "missing key '" + key + "' in " + call + " (expected " + expected(role) + ")");
      }
      return fallback;
    }
    ScalarNode s = YamlNodes.scalar(map.file(), v, expected(role) + " for '" + key + "'");
    Expr e;
    try {
      e = ExprParser.expr(s.getValue(), role, countType instanceof Datatype d ? d : null);
    } catch (ExprLexer.ParseError err) {
      throw new dev.matchpoint.scenario.ScenarioException(YamlNodes.at(map.file(), s, err.offset),
          "in '" + key + "' of " + call + ": " + err.getMessage());
    }
    Integer value = constant(e);
    if (value != null) {
      checkLiteral(s, key, role, value, e instanceof Expr.Lit ? "" : " (the value of '" + s.getValue() + "')");
    }
    return e;
  }

  /** The value of an expression the file fixes: literals, {@code size} and arithmetic on them; else null. */
  private Integer constant(Expr e) {
    if (e instanceof Expr.Lit l) {
      return l.value();
    } else if (e instanceof Expr.WorldSize) {
      return worldSize;
    } else if (e instanceof Expr.Binary b) {
      Integer x = constant(b.left());
      Integer y = constant(b.right());
      if (x == null || y == null || (y == 0 && (b.op() == Expr.BinaryOp.DIV || b.op() == Expr.BinaryOp.MOD))) {
        return null;
      }
      return switch (b.op()) {
        case ADD -> x + y;
        case SUB -> x - y;
        case MUL -> x * y;
        case DIV -> x / y;
        case MOD -> Math.floorMod(x, y);
      };
    }
    return null;
  }

  private void checkLiteral(ScalarNode s, String key, Role role, int value, String of) {
    boolean rank = role == Role.SOURCE || role == Role.DEST;
    boolean tag = role == Role.SEND_TAG || role == Role.RECEIVE_TAG;
    if (rank && (value < 0 || value >= worldSize)) {
      throw YamlNodes.error(map.file(), s, "rank " + value + of + " in '" + key + "' of " + call + " is out of range: "
          + "the world has ranks 0.." + (worldSize - 1) + (role == Role.SOURCE ? " (or use any or proc-null: a number "
          + "is never MPI_ANY_SOURCE or MPI_PROC_NULL)" : " (or use proc-null: a number is never MPI_PROC_NULL)"));
    }
    if (tag && (value < 0 || value > Mpi.TAG_UB)) {
      throw YamlNodes.error(map.file(), s, "tag " + value + of + " in '" + key + "' of " + call + " is out of range "
          + "(expected a tag in [0, " + Mpi.TAG_UB + "]" + (role == Role.RECEIVE_TAG ? " or any: a number is never "
          + "MPI_ANY_TAG)" : ")"));
    }
    if (role == Role.VALUE && value < 0) {
      throw YamlNodes.error(map.file(), s, "'" + key + "' of " + call + " must not be negative, got " + value + of);
    }
  }

  private static String expected(Role role) {
    return role == Role.VALUE || role == Role.SIGNED ? "an integer expression" : role.expected();
  }

  /**
   * A datatype argument: a predefined datatype, {@code datatype-null}, or a datatype variable that
   * an earlier type-contiguous or type-vector of the program binds.
   *
   * @param key the key
   * @return the datatype; {@code int} when absent
   */
  DatatypeRef type(String key) {
    Node v = map.get(key);
    if (v == null) {
      return Datatype.INT;
    }
    ScalarNode s = YamlNodes.scalar(map.file(), v, "a datatype for '" + key + "'");
    Datatype d = Datatype.named(s.getValue());
    if (d != null) {
      return d;
    } else if (s.getValue().equals(DatatypeRef.NULL.configName()) || s.getValue().equals(DatatypeRef.NULL.mpiName())) {
      return DatatypeRef.NULL;
    } else if (datatypes.contains(s.getValue())) {
      return new DatatypeRef.Variable(s.getValue());
    }
    throw YamlNodes.error(map.file(), s, "unknown datatype '" + s.getValue() + "' in " + call + " (expected one of "
        + FormatNames.datatypes() + ", datatype-null, or a datatype variable bound earlier by type-contiguous or "
        + "type-vector)");
  }

  /**
   * A datatype argument that must be a predefined datatype (the partitioned calls take no derived
   * type or MPI_DATATYPE_NULL in this model).
   *
   * @param key the key
   * @return the datatype; {@code int} when absent
   * @throws dev.matchpoint.scenario.ScenarioException naming the value's file:line:column otherwise
   */
  Datatype predefinedType(String key) {
    DatatypeRef t = type(key);
    if (t instanceof Datatype d) {
      return d;
    }
    throw map.error(key, "'" + t.configName() + "' is not a predefined datatype: " + call
        + " takes one of " + FormatNames.datatypes());
  }

  /**
   * Binds a datatype variable: later statements may name it as a datatype.
   *
   * @param key the key holding the variable's name
   * @return the name
   */
  String datatypeVar(String key) {
    String name = var(key, true);
    if (Datatype.named(name) != null || name.equals(DatatypeRef.NULL.configName())) {
      throw map.error(key, "'" + name + "' names a predefined datatype and cannot be a datatype variable in " + call);
    }
    datatypes.add(name);
    return name;
  }

  /**
   * The communicator argument {@code comm}: {@code world}, one declared under {@code
   * communicators}, {@code comm-null} (MPI_COMM_NULL) or a communicator variable (bound by
   * comm-dup or comm-split; the compiler checks that one is).
   *
   * @return its name; {@code world} when absent
   */
  String comm() {
    Node v = map.get("comm");
    if (v == null) {
      return MpiOp.WORLD;
    }
    ScalarNode s = YamlNodes.scalar(map.file(), v, "a communicator name for 'comm'");
    String n = s.getValue();
    if (communicators.contains(n) || n.equals(CommOp.NULL)) {
      return n;
    }
    if (!NAME.matcher(n).matches() || ExprParser.RESERVED.contains(n)) {
      throw YamlNodes.error(map.file(), s, "unknown communicator '" + n + "' in " + call
          + " (expected world, one declared under 'communicators': " + communicators + ", comm-null, or a "
          + "communicator variable bound by comm-dup or comm-split)");
    }
    return n;
  }

  /** Whether {@code name} is one of the scenario's communicators ({@code world} included). */
  boolean isCommunicator(String name) {
    return communicators.contains(name);
  }

  /**
   * A variable name argument.
   *
   * @param key the key
   * @param required whether it must be present
   * @return the name, or null when absent and not required
   */
  String var(String key, boolean required) {
    Node v = map.get(key);
    if (v == null) {
      if (required) {
        throw map.error(key, "missing key '" + key + "' in " + call + " (expected a variable name)");
      }
      return null;
    }
    return name(YamlNodes.scalar(map.file(), v, "a variable name for '" + key + "'"));
  }

  /**
   * A list of variable names.
   *
   * @param key the key
   * @param required whether it must be present
   * @return the names; empty when absent and not required
   */
  List<String> vars(String key, boolean required) {
    Node v = map.get(key);
    if (v == null) {
      if (required) {
        throw map.error(key, "missing key '" + key + "' in " + call + " (expected a list of variable names)");
      }
      return List.of();
    }
    List<String> out = new ArrayList<>();
    for (Node n : YamlNodes.list(map.file(), v, "variable names for '" + key + "'")) {
      out.add(name(YamlNodes.scalar(map.file(), n, "a variable name")));
    }
    return out;
  }

  private String name(ScalarNode s) {
    String n = s.getValue();
    if (!NAME.matcher(n).matches() || ExprParser.RESERVED.contains(n)) {
      throw YamlNodes.error(map.file(), s, "'" + n + "' cannot name a variable (expected letters, digits and _, "
          + "starting with a letter, and not a keyword such as rank, any or proc-null)");
    }
    return n;
  }

  /**
   * The map itself.
   *
   * @return the arguments' mapping
   */
  /** The number of ranks, for range checks. */
  int worldSize() {
    return worldSize;
  }

  YamlMap map() {
    return map;
  }
}
