package dev.matchpoint.properties.arbitraries;

import dev.matchpoint.core.net.CreditPolicy;
import dev.matchpoint.core.net.DeliveryOrder;
import dev.matchpoint.core.net.LatencyModel;
import dev.matchpoint.core.net.NetworkOptions;
import net.jqwik.api.Arbitrary;

/**
 * Generates {@link NetworkOptions}: delivery order, eager threshold, eager buffer per peer, credit
 * policy and latency model, each drawn from a list (shrinking prefers the first element of each).
 * Logical-mode exploration ignores latency; timed runs use it. Faults perturb timing only (STYLE
 * pattern 6): per-pair order is restored by sequence numbers on an unordered network.
 */
public interface NetworkArbitrary extends Arbitrary<NetworkOptions> {
  /**
   * Delivery orders. Default {@code per-pair-fifo}, {@code unordered}.
   *
   * @param orders at least one
   * @return a new arbitrary
   * @throws IllegalArgumentException when empty
   */
  NetworkArbitrary orders(DeliveryOrder... orders);

  /**
   * Eager thresholds in bytes: 0 sends everything by rendezvous, {@link Long#MAX_VALUE} everything
   * eagerly (SimGrid's {@code smpi/buffering} zero and infty; STYLE pattern 7). Default 4096, 0,
   * {@code Long.MAX_VALUE}.
   *
   * @param bytes at least one, each at least 0
   * @return a new arbitrary
   * @throws IllegalArgumentException when empty or negative
   */
  NetworkArbitrary eagerThresholds(long... bytes);

  /**
   * Eager buffer bytes each receiver holds per sender (seed 004's credits). Default 16384.
   *
   * @param bytes at least one, each at least 0
   * @return a new arbitrary
   * @throws IllegalArgumentException when empty or negative
   */
  NetworkArbitrary eagerBufferBytes(long... bytes);

  /**
   * What an eager send does without credit. Default {@code wait}.
   *
   * @param policies at least one
   * @return a new arbitrary
   * @throws IllegalArgumentException when empty
   */
  NetworkArbitrary creditPolicies(CreditPolicy... policies);

  /**
   * Latency models. Default the LogGP default of {@link NetworkOptions#defaults()}, a constant 1 us,
   * and an exponential with mean 2 us.
   *
   * @param models at least one
   * @return a new arbitrary
   * @throws IllegalArgumentException when empty
   */
  NetworkArbitrary latencies(LatencyModel... models);
}
