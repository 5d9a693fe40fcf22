package dev.matchpoint.scenario.format;

import dev.matchpoint.core.ConfigException;
import dev.matchpoint.core.net.CreditPolicy;
import dev.matchpoint.core.net.DeliveryOrder;
import dev.matchpoint.core.net.EagerRule;
import dev.matchpoint.core.net.LatencyModel;
import dev.matchpoint.core.net.NetworkOptions;
import dev.matchpoint.core.net.ProtocolOptions;
import java.util.List;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.ScalarNode;

/**
 * Reads the {@code network} section: latency model, delivery order, eager threshold and rule,
 * header bytes, eager buffer, what an eager send does without credit and whether credit returns in
 * packets. Absent keys take {@link NetworkOptions#defaults()}. LogGOPS's rendezvous threshold
 * {@code S} (a key of the {@code loggp} latency block) is the eager threshold with LogGOPSim's
 * comparison, {@code size <= S}: it stands for {@code eager-threshold: S} with {@code eager-rule:
 * payload-and-header-at-most}, and may not be given with either.
 */
final class NetworkReader {
  /** Accepted keys of {@code network}. */
  static final List<String> KEYS = List.of("latency", "order", "eager-threshold", "eager-rule", "header-bytes",
      "eager-buffer", "on-credit-exhausted", "credit-packets");
  /** The word for {@link Long#MAX_VALUE} bytes in {@code eager-threshold} and {@code eager-buffer}. */
  static final String UNLIMITED = "unlimited";
  private static final List<String> MODELS = List.of("loggp", "constant", "uniform", "exponential", "lognormal");
  private static final List<String> LOGGP_KEYS = List.of("model", "L", "o", "g", "G", "O", "S");

  private NetworkReader() {}

  /**
   * Reads the section.
   *
   * @param file the file name
   * @param node the {@code network} value, or null when absent
   * @return the options
   */
  static NetworkOptions read(String file, Node node) {
    NetworkOptions d = NetworkOptions.defaults();
    if (node == null) {
      return d;
    }
    YamlMap m = YamlMap.of(file, "network", node, KEYS);
    LatencyModel latency = m.has("latency") ? latency(file, m.get("latency")) : d.latency();
    DeliveryOrder order = d.order();
    if (m.has("order")) {
      ScalarNode s = YamlNodes.scalar(file, m.get("order"), "a delivery order (per-pair-fifo or unordered)");
      order = named(file, s, () -> DeliveryOrder.named("network.order", s.getValue()));
    }
    ProtocolOptions p = d.protocol();
    long threshold = bytes(m, "eager-threshold", p.eagerThresholdBytes());
    EagerRule rule = p.eagerRule();
    YamlMap loggp = m.has("latency") && latency instanceof LatencyModel.LogGP ? YamlMap.of(file, "network.latency", m.get("latency"),
        LOGGP_KEYS) : null;
    if (loggp != null && loggp.has("S")) {
      for (String k : List.of("eager-threshold", "eager-rule")) {
        if (m.has(k)) {
          throw loggp.error("S", "S is LogGOPS's name for the eager threshold (size <= S goes eager);"
              + " give S or network." + k + ", not both");
        }
      }
      threshold = loggp.integer("S", 0, 0, Long.MAX_VALUE, "bytes");
      rule = EagerRule.PAYLOAD_AND_HEADER_AT_MOST;
    }
    if (m.has("eager-rule")) {
      ScalarNode s = YamlNodes.scalar(file, m.get("eager-rule"), "payload-below or payload-and-header-at-most");
      rule = named(file, s, () -> EagerRule.named("network.eager-rule", s.getValue()));
    }
    long header = m.integer("header-bytes", p.headerBytes(), 0, YamlMap.MAX_BYTES, "bytes");
    long buffer = bytes(m, "eager-buffer", p.eagerBufferBytesPerPeer());
    CreditPolicy credit = p.onCreditExhausted();
    if (m.has("on-credit-exhausted")) {
      ScalarNode s = YamlNodes.scalar(file, m.get("on-credit-exhausted"), "wait or rendezvous");
      credit = named(file, s, () -> CreditPolicy.named("network.on-credit-exhausted", s.getValue()));
    }
    boolean creditPackets = m.bool("credit-packets", p.creditPackets());
    return new NetworkOptions(latency, order,
        new ProtocolOptions(threshold, header, buffer, credit, rule, creditPackets));
  }

  private static long bytes(YamlMap m, String key, long fallback) {
    Node v = m.get(key);
    if (v instanceof ScalarNode s && s.getValue().equals(UNLIMITED)) {
      return Long.MAX_VALUE;
    }
    return m.integer(key, fallback, 0, Long.MAX_VALUE, "bytes, or " + UNLIMITED);
  }

  private static <T> T named(String file, ScalarNode s, java.util.function.Supplier<T> lookup) {
    try {
      return lookup.get();
    } catch (ConfigException e) {
      throw YamlNodes.error(file, s, e.getMessage());
    }
  }

  private static LatencyModel latency(String file, Node node) {
    YamlMap probe = YamlMap.of(file, "network.latency", node, List.of("model", "value", "min", "max", "mean", "mu",
        "sigma", "L", "o", "g", "G", "O", "S"));
    ScalarNode modelNode = YamlNodes.scalar(file, probe.require("model", "one of " + String.join(", ", MODELS)),
        "a latency model (" + String.join(", ", MODELS) + ")");
    String model = modelNode.getValue();
    List<String> keys = switch (model) {
      case "constant" -> List.of("model", "value");
      case "uniform" -> List.of("model", "min", "max");
      case "exponential" -> List.of("model", "mean");
      case "lognormal" -> List.of("model", "mu", "sigma");
      case "loggp" -> LOGGP_KEYS;
      default -> throw YamlNodes.error(file, modelNode, "unknown latency model '" + model + "' (expected one of "
          + String.join(", ", MODELS) + ")");
    };
    YamlMap m = YamlMap.of(file, "network.latency (model " + model + ")", node, keys);
    LatencyModel.LogGP d = (LatencyModel.LogGP) NetworkOptions.defaults().latency();
    try {
      return switch (model) {
        case "constant" -> new LatencyModel.Constant(required(m, "value", "ns"));
        case "uniform" -> new LatencyModel.Uniform(required(m, "min", "ns"), required(m, "max", "ns"));
        case "exponential" -> new LatencyModel.Exponential(m.number("mean", requiredNumber(m, "mean"), "ns"));
        case "lognormal" -> new LatencyModel.Lognormal(m.number("mu", requiredNumber(m, "mu"), "ln ns"),
            m.number("sigma", requiredNumber(m, "sigma"), "ln ns"));
        default -> new LatencyModel.LogGP(m.integer("L", d.latencyNs(), 0, YamlMap.MAX_NS, "ns"),
            m.integer("o", d.overheadNs(), 0, YamlMap.MAX_NS, "ns"),
            m.integer("g", d.gapNs(), 0, YamlMap.MAX_NS, "ns"),
            m.number("G", d.gapPerByteNs(), "ns per byte"), m.number("O", d.overheadPerByteNs(), "ns per byte"));
      };
    } catch (ConfigException e) {
      String field = e.field();
      String key = field.substring(field.lastIndexOf('.') + 1);
      throw m.error(key, e.getMessage());
    }
  }

  private static long required(YamlMap m, String key, String unit) {
    m.require(key, "an integer (" + unit + ")");
    return m.integer(key, 0, 0, YamlMap.MAX_NS, unit);
  }

  private static double requiredNumber(YamlMap m, String key) {
    m.require(key, "a number");
    return 0;
  }
}
