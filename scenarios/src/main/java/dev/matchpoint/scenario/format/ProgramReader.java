package dev.matchpoint.scenario.format;

import dev.matchpoint.mpi.program.Cond;
import dev.matchpoint.mpi.program.Expr;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.program.SourceLocation;
import dev.matchpoint.mpi.program.Stmt;
import dev.matchpoint.scenario.ScenarioException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.snakeyaml.engine.v2.common.FlowStyle;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.Tag;

/**
 * Reads a program: a list of one-key mappings ({@code - send: {...}}, {@code - repeat: {...}},
 * {@code - if: {...}}, {@code - while: {...}}, {@code - until: {...}}). Every statement gets the location of its name in the file.
 */
final class ProgramReader {
  private static final List<String> REPEAT_KEYS = List.of("times", "index", "do");
  private static final List<String> IF_KEYS = List.of("cond", "then", "else");
  private static final List<String> LOOP_KEYS = List.of("cond", "do");
  private final String file;
  private final int worldSize;
  private final Set<String> communicators;
  private final Problems problems;
  /** The datatype variables bound so far in the program being read ({@link CallArgs#type}). */
  private final Set<String> datatypes = new HashSet<>();

  /**
   * Creates a reader.
   *
   * @param file the file name for locations
   * @param worldSize number of ranks, for checking literal ranks
   * @param communicators {@code world} and the declared communicators
   * @param problems where a statement's problem is recorded (the statement is then left out), or
   *     null to throw at the first
   */
  ProgramReader(String file, int worldSize, Set<String> communicators, Problems problems) {
    this.file = file;
    this.worldSize = worldSize;
    this.communicators = communicators;
    this.problems = problems;
  }

  /**
   * Reads a program.
   *
   * @param node the list of statements
   * @return the program
   * @throws ScenarioException at the first bad statement, or (with problems recorded) when the
   *     node is not a list
   */
  Program program(Node node) {
    datatypes.clear();
    return new Program(body(node));
  }

  private List<Stmt> body(Node node) {
    List<Stmt> out = new ArrayList<>();
    for (Node s : YamlNodes.list(file, node, "statements (e.g. '- send: {dest: 1, tag: 0}')")) {
      Stmt st = problems == null ? statement(s) : problems.attempt(() -> statement(s), null);
      if (st != null) {
        out.add(st);
      }
    }
    return out;
  }

  private Stmt statement(Node node) {
    String name;
    Node nameNode;
    Node args;
    if (node instanceof ScalarNode s && !s.getValue().isEmpty()) {
      name = s.getValue();
      nameNode = s;
      args = null;
    } else if (node instanceof MappingNode m && m.getValue().size() == 1) {
      NodeTuple t = m.getValue().get(0);
      nameNode = YamlNodes.scalar(file, t.getKeyNode(), "a statement name");
      name = ((ScalarNode) nameNode).getValue();
      args = t.getValueNode();
    } else {
      throw YamlNodes.error(file, node, "expected a statement: a mapping with one key such as 'send', 'recv', "
          + "'repeat' or 'if', got " + (node instanceof MappingNode m ? "a mapping with " + m.getValue().size()
          + " keys" : YamlNodes.describe(node)));
    }
    SourceLocation at = YamlNodes.at(file, nameNode);
    if (name.equals("repeat")) {
      return repeat(requireArgs(name, nameNode, args), at);
    }
    if (name.equals("if")) {
      return conditional(requireArgs(name, nameNode, args), at);
    }
    if (name.equals("while") || name.equals("until")) {
      return loop(name, requireArgs(name, nameNode, args), at);
    }
    List<String> keys = CallReader.KEYS.get(name);
    if (keys == null) {
      throw YamlNodes.error(file, nameNode, "unknown statement '" + name + "' (expected one of: "
          + String.join(", ", CallReader.KEYS.keySet()) + ", repeat, if, while, until)");
    }
    Node argNode = args;
    if (args == null || (args instanceof ScalarNode sc && sc.getValue().isEmpty())) {
      argNode = new MappingNode(Tag.MAP, false, new ArrayList<>(), FlowStyle.FLOW, nameNode.getStartMark(),
          nameNode.getEndMark());
    }
    YamlMap map = YamlMap.of(file, name, argNode, keys);
    return new Stmt.Call(CallReader.read(name, new CallArgs(map, name, worldSize, communicators, datatypes)), at);
  }

  private Node requireArgs(String name, Node nameNode, Node args) {
    if (args == null) {
      throw YamlNodes.error(file, nameNode, "'" + name + "' needs a mapping of arguments");
    }
    return args;
  }

  private Stmt repeat(Node args, SourceLocation at) {
    YamlMap map = YamlMap.of(file, "repeat", args, REPEAT_KEYS);
    CallArgs a = new CallArgs(map, "repeat", worldSize, communicators);
    Expr times = a.expr("times", Role.VALUE, null, null);
    String index = a.var("index", false);
    return new Stmt.Repeat(times, index, body(map.require("do", "a list of statements")), at);
  }

  private Stmt conditional(Node args, SourceLocation at) {
    YamlMap map = YamlMap.of(file, "if", args, IF_KEYS);
    Cond cond = cond("if", map);
    List<Stmt> then = map.has("then") ? body(map.get("then")) : List.of();
    List<Stmt> orElse = map.has("else") ? body(map.get("else")) : List.of();
    return new Stmt.If(cond, then, orElse, at);
  }

  /** {@code while: {cond, do}} tests before each iteration; {@code until: {cond, do}} after, ending when true. */
  private Stmt loop(String name, Node args, SourceLocation at) {
    YamlMap map = YamlMap.of(file, name, args, LOOP_KEYS);
    Cond cond = cond(name, map);
    return new Stmt.While(cond, name.equals("until"), body(map.require("do", "a list of statements")), at);
  }

  private Cond cond(String statement, YamlMap map) {
    ScalarNode c = YamlNodes.scalar(file, map.require("cond", "a condition such as 'st.source == 0'"),
        "a condition such as 'st.source == 0'");
    try {
      return ExprParser.cond(c.getValue());
    } catch (ExprLexer.ParseError e) {
      throw new ScenarioException(YamlNodes.at(file, c, e.offset),
          "in the condition of " + statement + ": " + e.getMessage());
    }
  }
}
