package dev.matchpoint.core.net;

import dev.matchpoint.core.ConfigException;

/** Order in which one link delivers its packets. */
public enum DeliveryOrder {
  /**
   * Per-pair FIFO (the default): packets of one (source, destination) link arrive in injection
   * order, whatever the latency model draws. MPI implementations over ordered transports rely on it.
   */
  PER_PAIR_FIFO("per-pair-fifo"),
  /**
   * Unordered: packets of one link may overtake each other; in timed mode through random latencies,
   * in logical mode because any in-flight packet of the link may be delivered next. The receiver
   * restores MPI's order with sequence numbers (seed 004).
   */
  UNORDERED("unordered");

  private final String configName;

  DeliveryOrder(String configName) {
    this.configName = configName;
  }

  /**
   * The name used in scenario files.
   *
   * @return e.g. {@code per-pair-fifo}
   */
  public String configName() {
    return configName;
  }

  /**
   * Looks an order up by its scenario-file name.
   *
   * @param field dotted path of the field, for the error message
   * @param name {@code per-pair-fifo} or {@code unordered}
   * @return the order
   * @throws ConfigException naming the field and the accepted names
   */
  public static DeliveryOrder named(String field, String name) {
    for (DeliveryOrder o : values()) {
      if (o.configName.equals(name)) {
        return o;
      }
    }
    throw new ConfigException(field, "unknown delivery order '" + name
        + "' (expected per-pair-fifo or unordered)");
  }
}
