package dev.matchpoint.core.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.ConfigException;
import dev.matchpoint.core.kernel.Kernel;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The network's configuration: each option's name as the scenario format spells it, the eager
 * rules, LogGP's per-byte terms, the {@code with*} copies, and every invalid value rejected with
 * the key it came from (docs/scenario-format.md).
 */
class NetworkOptionsTest {
  private static void rejects(String field, String saying, Supplier<?> make) {
    ConfigException e = assertThrows(ConfigException.class, make::get);
    assertEquals(field, e.field());
    assertTrue(e.getMessage().startsWith(field + ": "), e.getMessage());
    assertTrue(e.getMessage().contains(saying), e.getMessage());
  }

  @Test
  void everyEnum_roundTripsThroughItsConfigName_andAnUnknownNameIsRejectedWithTheChoices() {
    for (DeliveryOrder o : DeliveryOrder.values()) {
      assertEquals(o, DeliveryOrder.named("network.order", o.configName()));
    }
    for (CreditPolicy p : CreditPolicy.values()) {
      assertEquals(p, CreditPolicy.named("network.on-credit-exhausted", p.configName()));
    }
    for (EagerRule r : EagerRule.values()) {
      assertEquals(r, EagerRule.named("network.eager-rule", r.configName()));
    }
    assertEquals("per-pair-fifo", DeliveryOrder.PER_PAIR_FIFO.configName());
    assertEquals("unordered", DeliveryOrder.UNORDERED.configName());
    assertEquals("wait", CreditPolicy.WAIT.configName());
    assertEquals("rendezvous", CreditPolicy.RENDEZVOUS.configName());
    assertEquals("payload-below", EagerRule.PAYLOAD_BELOW.configName());
    assertEquals("payload-and-header-at-most", EagerRule.PAYLOAD_AND_HEADER_AT_MOST.configName());
    rejects("k.order", "per-pair-fifo or unordered", () -> DeliveryOrder.named("k.order", "fifo"));
    rejects("k.credit", "wait or rendezvous", () -> CreditPolicy.named("k.credit", "drop"));
    rejects("k.rule", "payload-below or payload-and-header-at-most", () -> EagerRule.named("k.rule", "below"));
  }

  @Test
  void latencyModels_nameThemselvesAsTheScenarioFormatDoes() {
    assertEquals("constant", new LatencyModel.Constant(0).configName());
    assertEquals("uniform", new LatencyModel.Uniform(0, 0).configName());
    assertEquals("exponential", new LatencyModel.Exponential(1).configName());
    assertEquals("lognormal", new LatencyModel.Lognormal(0, 1).configName());
    assertEquals("loggp", new LatencyModel.LogGP(0, 0, 0, 0).configName());
  }

  @Test
  void eagerRules_payloadBelowIsStrict_payloadAndHeaderAtMostIsInclusive() {
    // MPI-3.1 leaves the protocol to the implementation; the two rules are the two usual readings.
    assertTrue(EagerRule.PAYLOAD_BELOW.isEager(99, 1000, 100));
    assertFalse(EagerRule.PAYLOAD_BELOW.isEager(100, 0, 100));
    assertTrue(EagerRule.PAYLOAD_AND_HEADER_AT_MOST.isEager(60, 40, 100));
    assertFalse(EagerRule.PAYLOAD_AND_HEADER_AT_MOST.isEager(61, 40, 100));
    assertTrue(EagerRule.PAYLOAD_AND_HEADER_AT_MOST.isEager(Long.MAX_VALUE, 40, Long.MAX_VALUE),
        "an unlimited threshold is eager even where payload + header overflows");
    ProtocolOptions p = new ProtocolOptions(100, 40, 1000, CreditPolicy.WAIT,
        EagerRule.PAYLOAD_AND_HEADER_AT_MOST, false);
    assertTrue(p.isEager(60));
    assertFalse(p.isEager(61));
    assertTrue(new ProtocolOptions(100, 40, 1000, CreditPolicy.WAIT).isEager(99));
    assertFalse(new ProtocolOptions(100, 40, 1000, CreditPolicy.WAIT).isEager(100));
  }

  @Test
  void protocolOptions_defaultsAndCopies_keepEveryOtherField() {
    ProtocolOptions d = ProtocolOptions.defaults();
    assertEquals(new ProtocolOptions(ProtocolOptions.DEFAULT_EAGER_THRESHOLD_BYTES, 0,
        ProtocolOptions.DEFAULT_EAGER_BUFFER_BYTES, CreditPolicy.WAIT, EagerRule.PAYLOAD_BELOW, true), d);
    ProtocolOptions p = new ProtocolOptions(100, 40, 1000, CreditPolicy.RENDEZVOUS,
        EagerRule.PAYLOAD_AND_HEADER_AT_MOST, false);
    assertEquals(new ProtocolOptions(7, 40, 1000, CreditPolicy.RENDEZVOUS, EagerRule.PAYLOAD_AND_HEADER_AT_MOST,
        false), p.withEagerThreshold(7));
    NetworkOptions n = NetworkOptions.defaults();
    assertEquals(new LatencyModel.LogGP(1000, 200, 100, 0.1, 0.0), n.latency());
    assertEquals(DeliveryOrder.PER_PAIR_FIFO, n.order());
    assertEquals(d, n.protocol());
    LatencyModel c = new LatencyModel.Constant(5);
    assertEquals(new NetworkOptions(c, DeliveryOrder.PER_PAIR_FIFO, d), n.withLatency(c));
    assertEquals(new NetworkOptions(n.latency(), DeliveryOrder.UNORDERED, d), n.withOrder(DeliveryOrder.UNORDERED));
    assertEquals(new NetworkOptions(n.latency(), DeliveryOrder.PER_PAIR_FIFO, p), n.withProtocol(p));
  }

  @Test
  void logGp_perByteTerms_countEveryByteAfterTheFirst_andSaturateAtTheHorizon() {
    // LogGP (Alexandrov et al. 1995): a k-byte message occupies the NIC for (k - 1) G.
    LatencyModel.LogGP m = new LatencyModel.LogGP(10, 2, 3, 0.5, 0.25);
    assertEquals(0, m.bytesNs(0));
    assertEquals(0, m.bytesNs(1));
    assertEquals(2, m.bytesNs(5));
    assertEquals(50, m.bytesNs(101));
    assertEquals(0, m.cpuBytesNs(1));
    assertEquals(1, m.cpuBytesNs(5));
    assertEquals(25, m.cpuBytesNs(101));
    assertEquals(Kernel.HORIZON_NS, new LatencyModel.LogGP(0, 0, 0, 1e300).bytesNs(1000));
    assertEquals(0.0, new LatencyModel.LogGP(1, 2, 3, 4).overheadPerByteNs());
  }

  @Test
  void invalidValues_areRejected_namingTheirKey() {
    rejects("network.latency.value", ">= 0 ns, got -1", () -> new LatencyModel.Constant(-1));
    rejects("network.latency.min", "got -1", () -> new LatencyModel.Uniform(-1, 5));
    rejects("network.latency.max", "got -2", () -> new LatencyModel.Uniform(0, -2));
    rejects("network.latency.max", "must be >= network.latency.min (10 ns), got 9", () -> new LatencyModel.Uniform(10, 9));
    for (double bad : new double[] {0, -1, Double.NaN, Double.POSITIVE_INFINITY}) {
      rejects("network.latency.mean", "finite number > 0 ns, got " + bad, () -> new LatencyModel.Exponential(bad));
      rejects("network.latency.sigma", "finite number > 0, got " + bad, () -> new LatencyModel.Lognormal(0, bad));
    }
    for (double bad : new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY}) {
      rejects("network.latency.mu", "finite number, got " + bad, () -> new LatencyModel.Lognormal(bad, 1));
    }
    new LatencyModel.Lognormal(-3, 0.1);
    new LatencyModel.Exponential(Double.MIN_VALUE);
    rejects("network.latency.L", "got -1", () -> new LatencyModel.LogGP(-1, 0, 0, 0, 0));
    rejects("network.latency.o", "got -1", () -> new LatencyModel.LogGP(0, -1, 0, 0, 0));
    rejects("network.latency.g", "got -1", () -> new LatencyModel.LogGP(0, 0, -1, 0, 0));
    rejects("network.latency.G", "got -1", () -> new LatencyModel.LogGP(0, 0, 0, -1, 0));
    rejects("network.latency.O", "got -1", () -> new LatencyModel.LogGP(0, 0, 0, 0, -1));
    rejects("network.eager-threshold", "got -1", () -> new ProtocolOptions(-1, 0, 0, CreditPolicy.WAIT));
    rejects("network.header-bytes", "got -1", () -> new ProtocolOptions(0, -1, 0, CreditPolicy.WAIT));
    rejects("network.eager-buffer", "got -1", () -> new ProtocolOptions(0, 0, -1, CreditPolicy.WAIT));
    rejects("network.on-credit-exhausted", "wait or rendezvous", () -> new ProtocolOptions(0, 0, 0, null));
    rejects("network.eager-rule", "payload-below or payload-and-header-at-most",
        () -> new ProtocolOptions(0, 0, 0, CreditPolicy.WAIT, null));
    ProtocolOptions p = ProtocolOptions.defaults();
    LatencyModel l = new LatencyModel.Constant(1);
    rejects("network.latency", "is required", () -> new NetworkOptions(null, DeliveryOrder.UNORDERED, p));
    rejects("network.order", "per-pair-fifo or unordered", () -> new NetworkOptions(l, null, p));
    rejects("network", "protocol options are required", () -> new NetworkOptions(l, DeliveryOrder.UNORDERED, null));
    new ProtocolOptions(0, 0, 0, CreditPolicy.WAIT);
    new LatencyModel.Uniform(4, 4);
  }
}
