package dev.matchpoint.properties.internal;

import dev.matchpoint.core.net.CreditPolicy;
import dev.matchpoint.core.net.DeliveryOrder;
import dev.matchpoint.core.net.LatencyModel;
import dev.matchpoint.core.net.NetworkOptions;
import dev.matchpoint.core.net.ProtocolOptions;
import dev.matchpoint.properties.arbitraries.NetworkArbitrary;
import java.util.List;
import java.util.function.Consumer;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.arbitraries.ArbitraryDecorator;

/** The {@link NetworkArbitrary} behind {@code MpiArbitraries.networks()}. */
public final class DefaultNetworkArbitrary extends ArbitraryDecorator<NetworkOptions> implements NetworkArbitrary {
  private List<DeliveryOrder> orders = List.of(DeliveryOrder.PER_PAIR_FIFO, DeliveryOrder.UNORDERED);
  private List<Long> thresholds = List.of(ProtocolOptions.DEFAULT_EAGER_THRESHOLD_BYTES, 0L, Long.MAX_VALUE);
  private List<Long> buffers = List.of(ProtocolOptions.DEFAULT_EAGER_BUFFER_BYTES);
  private List<CreditPolicy> credits = List.of(CreditPolicy.WAIT);
  private List<LatencyModel> latencies = List.of(NetworkOptions.defaults().latency(), new LatencyModel.Constant(1000),
      new LatencyModel.Exponential(2000));

  /** The defaults documented on {@link NetworkArbitrary}. */
  public DefaultNetworkArbitrary() {}

  private DefaultNetworkArbitrary(DefaultNetworkArbitrary o) {
    orders = o.orders;
    thresholds = o.thresholds;
    buffers = o.buffers;
    credits = o.credits;
    latencies = o.latencies;
  }

  private DefaultNetworkArbitrary with(Consumer<DefaultNetworkArbitrary> change) {
    DefaultNetworkArbitrary copy = new DefaultNetworkArbitrary(this);
    change.accept(copy);
    return copy;
  }

  private static List<Long> sizes(String what, long... bytes) {
    if (bytes.length == 0) {
      throw new IllegalArgumentException("at least one " + what + " is needed");
    }
    for (long b : bytes) {
      if (b < 0) {
        throw new IllegalArgumentException(what + " must be at least 0, got " + b);
      }
    }
    return java.util.Arrays.stream(bytes).boxed().toList();
  }

  @Override
  public NetworkArbitrary orders(DeliveryOrder... values) {
    List<DeliveryOrder> list = Choices.nonEmpty("delivery order", values);
    return with(c -> c.orders = list);
  }

  @Override
  public NetworkArbitrary eagerThresholds(long... bytes) {
    List<Long> list = sizes("eager threshold", bytes);
    return with(c -> c.thresholds = list);
  }

  @Override
  public NetworkArbitrary eagerBufferBytes(long... bytes) {
    List<Long> list = sizes("eager buffer size", bytes);
    return with(c -> c.buffers = list);
  }

  @Override
  public NetworkArbitrary creditPolicies(CreditPolicy... values) {
    List<CreditPolicy> list = Choices.nonEmpty("credit policy", values);
    return with(c -> c.credits = list);
  }

  @Override
  public NetworkArbitrary latencies(LatencyModel... models) {
    List<LatencyModel> list = Choices.nonEmpty("latency model", models);
    return with(c -> c.latencies = list);
  }

  @Override
  protected Arbitrary<NetworkOptions> arbitrary() {
    return Combinators.combine(Choices.oneOf(latencies), Choices.oneOf(orders), Choices.oneOf(thresholds),
            Choices.oneOf(buffers), Choices.oneOf(credits))
        .as((latency, order, threshold, buffer, credit) -> new NetworkOptions(latency, order,
            new ProtocolOptions(threshold, 0, buffer, credit)));
  }

  @Override
  public String toString() {
    return "NetworkArbitrary(orders " + orders + ", eager thresholds " + thresholds + ", eager buffers " + buffers
        + ", credit " + credits + ", latencies " + latencies + ")";
  }
}
