package dev.matchpoint.core.net;

import dev.matchpoint.core.ConfigException;

/**
 * The whole network configuration of a run.
 *
 * @param latency latency model; default LogGP with L = 1000 ns, o = 200 ns, g = 100 ns, G = 0.1 ns/byte
 * @param order delivery order on each link; default {@link DeliveryOrder#PER_PAIR_FIFO}
 * @param protocol eager/rendezvous settings and eager credits
 */
public record NetworkOptions(LatencyModel latency, DeliveryOrder order, ProtocolOptions protocol) {
  /**
   * Validates.
   *
   * @throws ConfigException naming the missing field
   */
  public NetworkOptions {
    if (latency == null) {
      throw new ConfigException("network.latency", "is required");
    }
    if (order == null) {
      throw new ConfigException("network.order", "is required (per-pair-fifo or unordered)");
    }
    if (protocol == null) {
      throw new ConfigException("network", "protocol options are required");
    }
  }

  /**
   * The defaults described on each component.
   *
   * @return default options
   */
  public static NetworkOptions defaults() {
    return new NetworkOptions(new LatencyModel.LogGP(1000, 200, 100, 0.1),
        DeliveryOrder.PER_PAIR_FIFO, ProtocolOptions.defaults());
  }

  /**
   * A copy with another latency model.
   *
   * @param model the model
   * @return the copy
   */
  public NetworkOptions withLatency(LatencyModel model) {
    return new NetworkOptions(model, order, protocol);
  }

  /**
   * A copy with another delivery order.
   *
   * @param o the order
   * @return the copy
   */
  public NetworkOptions withOrder(DeliveryOrder o) {
    return new NetworkOptions(latency, o, protocol);
  }

  /**
   * A copy with other protocol options.
   *
   * @param p the options
   * @return the copy
   */
  public NetworkOptions withProtocol(ProtocolOptions p) {
    return new NetworkOptions(latency, order, p);
  }
}
