package dev.matchpoint.scenario.format;

import java.util.ArrayList;
import java.util.List;
import org.snakeyaml.engine.v2.common.FlowStyle;
import org.snakeyaml.engine.v2.common.ScalarStyle;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;
import org.snakeyaml.engine.v2.nodes.Tag;
import org.snakeyaml.engine.v2.resolver.JsonScalarResolver;

/** Small builders of SnakeYAML Engine nodes for the writer; the emitter quotes where needed. */
final class YamlBuild {
  private static final JsonScalarResolver RESOLVER = new JsonScalarResolver();

  private YamlBuild() {}

  /** A mapping under construction, keys in insertion order. */
  static final class Map {
    private final List<NodeTuple> tuples = new ArrayList<>();
    private final FlowStyle style;

    Map(FlowStyle style) {
      this.style = style;
    }

    Map put(String key, Node value) {
      tuples.add(new NodeTuple(scalar(key), value));
      return this;
    }

    Map put(String key, String value) {
      return put(key, scalar(value));
    }

    Map put(String key, long value) {
      return put(key, scalar(Long.toString(value)));
    }

    MappingNode node() {
      return new MappingNode(Tag.MAP, tuples, style);
    }
  }

  static Map flow() {
    return new Map(FlowStyle.FLOW);
  }

  static Map block() {
    return new Map(FlowStyle.BLOCK);
  }

  static ScalarNode scalar(String value) {
    if (value.indexOf('\n') >= 0) {
      return new ScalarNode(Tag.STR, value, ScalarStyle.LITERAL);
    }
    Tag tag = RESOLVER.resolve(value, true);
    // Text that plain would read back as nothing ('', 'null', '~') is quoted.
    return tag.equals(Tag.NULL) ? new ScalarNode(Tag.STR, value, ScalarStyle.DOUBLE_QUOTED)
        : new ScalarNode(tag, value, ScalarStyle.PLAIN);
  }

  static SequenceNode seq(List<Node> items, FlowStyle style) {
    return new SequenceNode(Tag.SEQ, items, style);
  }

  static SequenceNode flowSeq(List<String> items) {
    List<Node> nodes = new ArrayList<>();
    items.forEach(i -> nodes.add(scalar(i)));
    return seq(nodes, FlowStyle.FLOW);
  }
}
