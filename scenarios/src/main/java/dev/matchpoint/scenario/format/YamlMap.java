package dev.matchpoint.scenario.format;

import dev.matchpoint.scenario.ScenarioException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;

/**
 * One YAML mapping of a scenario file with typed, located accessors. Keys keep their file order;
 * a repeated key and a key outside the accepted set are errors that name the accepted keys.
 */
final class YamlMap {
  /**
   * The longest duration a key may give, in ns: 2^31-1 (about 2.1 s), as for a {@code compute}
   * statement, so that simulated time (a long of ns) cannot overflow in any run a step budget allows.
   */
  static final long MAX_NS = Integer.MAX_VALUE;
  /** The largest per-message or per-call size a key may give, in bytes: 2^31-1, for the same reason. */
  static final long MAX_BYTES = Integer.MAX_VALUE;
  private final String file;
  private final String what;
  private final Node node;
  private final Map<String, Node> values = new LinkedHashMap<>();
  private final Map<String, Node> keys = new LinkedHashMap<>();

  private YamlMap(String file, String what, MappingNode node) {
    this.file = file;
    this.what = what;
    this.node = node;
    for (NodeTuple t : node.getValue()) {
      ScalarNode key = YamlNodes.scalar(file, t.getKeyNode(), "a key name in " + what);
      if (values.containsKey(key.getValue())) {
        throw YamlNodes.error(file, key, "key '" + key.getValue() + "' appears twice in " + what);
      }
      values.put(key.getValue(), t.getValueNode());
      keys.put(key.getValue(), key);
    }
  }

  /**
   * Reads a node as a mapping.
   *
   * @param file the file name
   * @param what what the mapping describes, for messages, e.g. {@code network}
   * @param node the node
   * @param accepted the keys it may have
   * @return the mapping
   * @throws ScenarioException when the node is not a mapping or has a key not in {@code accepted}
   */
  static YamlMap of(String file, String what, Node node, List<String> accepted) {
    return of(file, what, node, accepted, null);
  }

  /**
   * Reads a node as a mapping, recording every unknown key (each with its location) in {@code
   * problems} and leaving it out, instead of throwing at the first.
   *
   * @param file the file name
   * @param what what the mapping describes, for messages
   * @param node the node
   * @param accepted the keys it may have
   * @param problems where unknown keys are recorded; null to throw at the first
   * @return the mapping, without its unknown keys
   * @throws ScenarioException when the node is not a mapping, a key repeats, or (without {@code
   *     problems}) a key is not in {@code accepted}
   */
  static YamlMap of(String file, String what, Node node, List<String> accepted, Problems problems) {
    if (!(node instanceof MappingNode m)) {
      throw YamlNodes.error(file, node, "expected a mapping for " + what + " (keys: " + String.join(", ", accepted)
          + "), got " + YamlNodes.describe(node));
    }
    YamlMap map = new YamlMap(file, what, m);
    for (Map.Entry<String, Node> k : List.copyOf(map.keys.entrySet())) {
      if (!accepted.contains(k.getKey())) {
        ScenarioException e = YamlNodes.error(file, k.getValue(), "unknown key '" + k.getKey() + "' in " + what
            + " (expected one of: " + String.join(", ", accepted) + ")");
        if (problems == null) {
          throw e;
        }
        problems.add(e);
        map.keys.remove(k.getKey());
        map.values.remove(k.getKey());
      }
    }
    return map;
  }

  /**
   * The file name.
   *
   * @return as given to the loader
   */
  String file() {
    return file;
  }

  /**
   * The mapping's own node.
   *
   * @return the node
   */
  Node node() {
    return node;
  }

  /**
   * Whether a key is present.
   *
   * @param key the key
   * @return true when present (even with an empty value)
   */
  boolean has(String key) {
    return values.containsKey(key);
  }

  /**
   * A value node.
   *
   * @param key the key
   * @return the node, or null when absent
   */
  Node get(String key) {
    return values.get(key);
  }

  /**
   * A key's own node (for locating errors about the key).
   *
   * @param key the key
   * @return the node, or the mapping's node when absent
   */
  Node keyNode(String key) {
    Node k = keys.get(key);
    return k == null ? node : k;
  }

  /**
   * The keys in file order.
   *
   * @return the keys
   */
  List<String> keys() {
    return List.copyOf(values.keySet());
  }

  /**
   * A required value.
   *
   * @param key the key
   * @param expected what the value should be, for the message
   * @return the node
   * @throws ScenarioException when absent
   */
  Node require(String key, String expected) {
    Node v = values.get(key);
    if (v == null) {
      throw YamlNodes.error(file, node, "missing key '" + key + "' in " + what + " (expected " + expected + ")");
    }
    return v;
  }

  /**
   * A text value.
   *
   * @param key the key
   * @param fallback the value when absent
   * @return the text
   * @throws ScenarioException when the value is not a scalar
   */
  String text(String key, String fallback) {
    Node v = values.get(key);
    return v == null ? fallback : YamlNodes.scalar(file, v, "text for '" + key + "'").getValue();
  }

  /**
   * An integer value within bounds, the only way the format reads an integer key: the value is
   * range-checked as written (beyond 64 bits too) before any caller narrows it.
   *
   * @param key the key
   * @param fallback the value when absent
   * @param min smallest accepted value
   * @param max largest accepted value
   * @param unit unit or meaning for the message, e.g. {@code bytes}
   * @return the value, in {@code [min, max]}
   * @throws ScenarioException when not an integer or outside {@code [min, max]}; the message gives the range
   */
  long integer(String key, long fallback, long min, long max, String unit) {
    Node v = values.get(key);
    return v == null ? fallback : integer(file, v, key, min, max, unit);
  }

  /**
   * Reads an integer node, range-checked as written before any caller narrows it.
   *
   * @param file the file name
   * @param v the node
   * @param key the key or role, for the message
   * @param min smallest accepted value
   * @param max largest accepted value
   * @param unit unit or meaning for the message
   * @return the value, in {@code [min, max]}
   * @throws ScenarioException when not an integer or outside {@code [min, max]}; the message gives the range
   */
  static long integer(String file, Node v, String key, long min, long max, String unit) {
    String range = max == Long.MAX_VALUE ? ">= " + min : "from " + min + " to " + max;
    String expected = "an integer " + range + " (" + unit + ") for '" + key + "'";
    ScalarNode s = YamlNodes.scalar(file, v, expected);
    String text = s.getValue().strip();
    if (!text.matches("[+-]?[0-9]+")) {
      throw YamlNodes.error(file, v, "expected " + expected + ", got " + YamlNodes.describe(v));
    }
    String outside = "expected " + expected + ", got " + text
        + (max == Long.MAX_VALUE && !text.startsWith("-") ? " (at most " + max + ")" : "");
    long x;
    try {
      x = Long.parseLong(text);
    } catch (NumberFormatException e) { // beyond 64 bits
      throw YamlNodes.error(file, v, outside);
    }
    if (x < min || x > max) {
      throw YamlNodes.error(file, v, outside);
    }
    return x;
  }

  /**
   * A boolean value: {@code true} or {@code false} (YAML 1.2's core schema; no {@code yes}/{@code no}).
   *
   * @param key the key
   * @param fallback the value when absent
   * @return the value
   * @throws ScenarioException when the value is neither {@code true} nor {@code false}
   */
  boolean bool(String key, boolean fallback) {
    Node v = values.get(key);
    if (v == null) {
      return fallback;
    }
    ScalarNode s = YamlNodes.scalar(file, v, "true or false for '" + key + "'");
    return switch (s.getValue().strip()) {
      case "true" -> true;
      case "false" -> false;
      default -> throw YamlNodes.error(file, v, "expected true or false for '" + key + "', got "
          + YamlNodes.describe(v));
    };
  }

  /**
   * A decimal number.
   *
   * @param key the key
   * @param fallback the value when absent
   * @param unit unit for the message, e.g. {@code ns/byte}
   * @return the value
   * @throws ScenarioException when not a finite number
   */
  double number(String key, double fallback, String unit) {
    Node v = values.get(key);
    if (v == null) {
      return fallback;
    }
    String expected = "a number (" + unit + ") for '" + key + "'";
    ScalarNode s = YamlNodes.scalar(file, v, expected);
    try {
      double x = Double.parseDouble(s.getValue().strip());
      if (Double.isFinite(x)) {
        return x;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw YamlNodes.error(file, v, "expected " + expected + ", got " + YamlNodes.describe(v));
  }

  /**
   * An error at a key's value (or at the mapping when the key is absent).
   *
   * @param key the key
   * @param problem the problem
   * @return the exception to throw
   */
  ScenarioException error(String key, String problem) {
    Node v = values.get(key);
    return YamlNodes.error(file, v == null ? node : v, problem);
  }
}
