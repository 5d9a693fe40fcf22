package dev.matchpoint.properties.arbitraries;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.net.CreditPolicy;
import dev.matchpoint.core.net.DeliveryOrder;
import dev.matchpoint.core.net.LatencyModel;
import dev.matchpoint.core.net.NetworkOptions;
import dev.matchpoint.core.sched.ReplayScheduler;
import dev.matchpoint.core.sched.Schedule;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.rank.ModelSpec;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.properties.ModuloScheduler;
import dev.matchpoint.properties.MpiArbitraries;
import dev.matchpoint.properties.Workload;
import dev.matchpoint.properties.domain.MpiDomain;
import dev.matchpoint.properties.oracle.Explore;
import dev.matchpoint.properties.oracle.Exploration;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.domains.Domain;

/** The network, schedule and program arbitraries, the modulo scheduler and the domain context. */
class NetworkAndScheduleArbitraryProperties {
  @Provide
  Arbitrary<NetworkOptions> restricted() {
    return MpiArbitraries.networks().orders(DeliveryOrder.UNORDERED).eagerThresholds(0, 100)
        .eagerBufferBytes(64).creditPolicies(CreditPolicy.RENDEZVOUS).latencies(new LatencyModel.Constant(5));
  }

  @Property(tries = 50)
  void networks_drawOnlyFromTheirLists(@ForAll("restricted") NetworkOptions n) {
    assertEquals(DeliveryOrder.UNORDERED, n.order());
    assertTrue(List.of(0L, 100L).contains(n.protocol().eagerThresholdBytes()), n::toString);
    assertEquals(64, n.protocol().eagerBufferBytesPerPeer());
    assertEquals(CreditPolicy.RENDEZVOUS, n.protocol().onCreditExhausted());
    assertEquals(new LatencyModel.Constant(5), n.latency());
  }

  /** A run driven by a generated schedule is replayed exactly by its own recorded schedule. */
  @Property(tries = 60)
  @Domain(MpiDomain.class)
  void generatedSchedule_runReplaysFromItsRecordedSchedule(@ForAll Workload w, @ForAll Schedule s) {
    ModelSpec spec = w.spec();
    RunResult first = Runner.logical(spec, new ModuloScheduler(s), RunOptions.keepingTrace(CheckKind.all()));
    RunResult again = Runner.logical(spec, new ReplayScheduler(first.schedule()), RunOptions.keepingTrace(CheckKind.all()));
    assertEquals(first.trace().toText(), again.trace().toText(), () -> w + "\nschedule " + s);
  }

  /**
   * Free-form programs, two ranks of one thread each: the model ends every explored schedule in an
   * outcome (finished, erroneous or deadlocked) and never throws.
   */
  @Property(tries = 60)
  @Domain(MpiDomain.class)
  void freeFormPrograms_exploreToAnOutcome(@ForAll Program a, @ForAll Program b) {
    ModelSpec spec = ModelSpec.builder().rank(a).rank(b).build();
    Exploration e = Explore.exhaustive("rank 0: " + a + "\nrank 1: " + b, spec, CheckKind.values());
    assertTrue(!e.verdicts().isEmpty(), e::toString);
  }
}
