package dev.matchpoint.scenario.format;

import dev.matchpoint.mpi.program.VarType;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;

/**
 * A rank entry's {@code shared} key: the variables every thread of each of its ranks shares (one
 * copy per rank), by name, with their types: {@code shared: {req: request, done: flag}}
 * ({@link dev.matchpoint.mpi.program.Program#shared()}; docs/scenario-format.md, "Sharing between
 * threads").
 */
final class SharedVars {
  private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

  private SharedVars() {}

  /**
   * Reads the {@code shared} key of a rank entry.
   *
   * @param m the rank entry
   * @return the declared variables, empty when the key is absent
   * @throws dev.matchpoint.scenario.ScenarioException naming the key or value that is wrong
   */
  static Map<String, VarType> read(YamlMap m) {
    Map<String, VarType> out = new TreeMap<>();
    if (!m.has("shared")) {
      return out;
    }
    if (!(m.get("shared") instanceof MappingNode map)) {
      throw m.error("shared", "expected a mapping of variable names to types, e.g. {req: request, done: flag}, got "
          + YamlNodes.describe(m.get("shared")));
    }
    for (NodeTuple t : map.getValue()) {
      ScalarNode key = YamlNodes.scalar(m.file(), t.getKeyNode(), "a variable name in 'shared'");
      String name = key.getValue();
      if (!NAME.matcher(name).matches() || ExprParser.RESERVED.contains(name)) {
        throw YamlNodes.error(m.file(), key, "'" + name + "' cannot name a variable (expected letters, digits and _, "
            + "starting with a letter, and not a keyword such as rank, any or proc-null)");
      }
      if (out.containsKey(name)) {
        throw YamlNodes.error(m.file(), key, "shared variable '" + name + "' is declared twice");
      }
      ScalarNode type = YamlNodes.scalar(m.file(), t.getValueNode(), "a variable type for '" + name + "'");
      out.put(name, type(m.file(), type));
    }
    return out;
  }

  private static VarType type(String file, ScalarNode node) {
    for (VarType t : VarType.values()) {
      if (t.name().toLowerCase(Locale.ROOT).equals(node.getValue())) {
        return t;
      }
    }
    throw YamlNodes.error(file, node, "unknown variable type '" + node.getValue()
        + "' (expected request, message, flag, int or status)");
  }

  /**
   * The {@code shared} value for declared variables.
   *
   * @param shared the variables
   * @return a flow mapping, name order
   */
  static Node write(Map<String, VarType> shared) {
    YamlBuild.Map out = YamlBuild.flow();
    shared.forEach((name, type) -> out.put(name, type.name().toLowerCase(Locale.ROOT)));
    return out.node();
  }
}
