package dev.matchpoint.scenario.format;

import dev.matchpoint.scenario.ScenarioException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.snakeyaml.engine.v2.common.FlowStyle;
import org.snakeyaml.engine.v2.common.ScalarStyle;
import org.snakeyaml.engine.v2.exceptions.Mark;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.Tag;

/**
 * Model options given on the command line as {@code --cfg KEY:VALUE}, in the manner of SimGrid's
 * {@code --cfg=name:value} and LogGOPSim's {@code -L -o -g -G -S}: each overrides one network,
 * protocol or policy key of the scenario file, so that a parameter sweep needs no YAML editing. A
 * KEY is a key of {@code docs/scenario-format.md} written as its path ({@code call-cost},
 * {@code network.eager-threshold}, {@code network.latency.L}); a VALUE is written as in the file
 * ({@code 500}, {@code 0.25}, {@code unlimited}, {@code arrival}, {@code false}).
 *
 * <p>The overrides replace the file's values before the file is read, so a value is checked
 * exactly as in the file, and a problem is reported as {@code --cfg KEY:VALUE: what is wrong}.
 * Overriding {@code network.latency.model} starts the latency model afresh: the file's other
 * latency keys are dropped and only the overrides' remain (so {@code --cfg
 * network.latency.model:constant --cfg network.latency.value:500} works on a LogGP file). A key
 * given twice takes its last value.
 */
public final class ConfigOverrides {
  /** Every key {@code --cfg} accepts, in documentation order. */
  public static final List<String> KEYS = List.of("wildcard-policy", "bsend-overhead", "call-cost", "queues",
      "send-cancel", "collective-sync", "seed000-message-cancel", "step-budget", "network.order",
      "network.eager-threshold", "network.eager-rule", "network.header-bytes", "network.eager-buffer",
      "network.on-credit-exhausted", "network.credit-packets", "network.latency.model", "network.latency.L",
      "network.latency.o", "network.latency.g", "network.latency.G", "network.latency.O", "network.latency.S",
      "network.latency.value", "network.latency.min", "network.latency.max", "network.latency.mean",
      "network.latency.mu", "network.latency.sigma");
  /** The label of an override's value node: locations in it are reported as the option itself. */
  static final String LABEL_PREFIX = "--cfg ";
  /** No overrides. */
  public static final ConfigOverrides NONE = new ConfigOverrides(List.of());

  private final List<Entry> entries;

  private record Entry(String key, String arg, Node value) {}

  private ConfigOverrides(List<Entry> entries) {
    this.entries = List.copyOf(entries);
  }

  /**
   * Parses the options' arguments.
   *
   * @param args each {@code KEY:VALUE}, in the order given
   * @return the overrides
   * @throws ScenarioException when an argument has no colon, names a key {@code --cfg} does not
   *     accept, or its value is not one YAML scalar; the message starts with {@code --cfg ARG}
   */
  public static ConfigOverrides parse(List<String> args) {
    List<Entry> entries = new ArrayList<>();
    for (String arg : args) {
      String label = LABEL_PREFIX + arg;
      int colon = arg.indexOf(':');
      if (colon <= 0) {
        throw new ScenarioException(label, 0, 0, "expected KEY:VALUE, e.g. network.latency.L:500");
      }
      String key = arg.substring(0, colon);
      String value = arg.substring(colon + 1);
      if (!KEYS.contains(key)) {
        throw new ScenarioException(label, 0, 0, "unknown key '" + key + "' (--cfg takes " + String.join(", ", KEYS)
            + ")");
      }
      Node node = value.isBlank() ? null : YamlNodes.compose(value, label);
      if (!(node instanceof ScalarNode)) {
        throw new ScenarioException(label, 0, 0, "expected one value after the colon, as the scenario file "
            + "would give it (e.g. 500, 0.25, unlimited, arrival, false)");
      }
      entries.add(new Entry(key, arg, node));
    }
    return new ConfigOverrides(entries);
  }

  /**
   * The overrides as given, for banners and the replay commands a run prints.
   *
   * @return each {@code KEY:VALUE}, in order
   */
  public List<String> args() {
    List<String> out = new ArrayList<>();
    for (Entry e : entries) {
      out.add(e.arg());
    }
    return out;
  }

  /**
   * Whether there are none.
   *
   * @return true when no override was given
   */
  public boolean isEmpty() {
    return entries.isEmpty();
  }

  /**
   * Applies the overrides to a composed scenario file.
   *
   * @param root the file's root node; left unchanged when it is not a mapping (the reader reports that)
   * @return the root with the overridden values
   */
  Node apply(Node root) {
    if (entries.isEmpty() || !(root instanceof MappingNode top)) {
      return root;
    }
    boolean freshLatency = entries.stream().anyMatch(e -> e.key().equals("network.latency.model"));
    if (freshLatency) {
      mapping(mapping(top, "network", null), "latency", null).setValue(new ArrayList<>());
    }
    for (Entry e : entries) {
      String[] path = e.key().split("\\.");
      MappingNode at = top;
      for (int i = 0; i < path.length - 1; i++) {
        at = mapping(at, path[i], e.value());
      }
      put(at, path[path.length - 1], e.value());
    }
    return root;
  }

  /** The mapping under {@code key}, created (or put in place of a non-mapping value) when needed. */
  private static MappingNode mapping(MappingNode parent, String key, Node origin) {
    for (NodeTuple t : parent.getValue()) {
      if (t.getKeyNode() instanceof ScalarNode k && k.getValue().equals(key) && t.getValueNode() instanceof MappingNode m) {
        return m;
      }
    }
    MappingNode created = new MappingNode(Tag.MAP, true, new ArrayList<>(), FlowStyle.BLOCK, marks(origin),
        marks(origin));
    put(parent, key, created);
    return created;
  }

  private static void put(MappingNode parent, String key, Node value) {
    List<NodeTuple> tuples = new ArrayList<>(parent.getValue());
    for (int i = 0; i < tuples.size(); i++) {
      if (tuples.get(i).getKeyNode() instanceof ScalarNode k && k.getValue().equals(key)) {
        tuples.set(i, new NodeTuple(k, value));
        parent.setValue(tuples);
        return;
      }
    }
    tuples.add(new NodeTuple(new ScalarNode(Tag.STR, true, key, ScalarStyle.PLAIN, value.getStartMark(),
        value.getEndMark()), value));
    parent.setValue(tuples);
  }

  private static Optional<Mark> marks(Node origin) {
    return origin == null ? Optional.empty() : origin.getStartMark();
  }
}
