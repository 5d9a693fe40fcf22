package dev.matchpoint.properties;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.net.DeliveryOrder;
import dev.matchpoint.core.sched.Schedule;
import dev.matchpoint.core.sched.SeededScheduler;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.check.Checks;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.properties.oracle.Explore;
import dev.matchpoint.properties.oracle.Exploration;
import dev.matchpoint.properties.oracle.TraceAssertions;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * Non-overtaking (MPI-3.1 §3.5, "Order") on per-pair FIFO networks and on networks that reorder the
 * packets of a link, where the receiver restores order by sequence numbers (seed 004).
 */
class NonOvertakingProperties {
  private static final String ORDER = "Messages are non-overtaking: If a sender sends two messages in succession to "
      + "the same destination, and both match the same receive, then this operation cannot receive the second "
      + "message if the first one is still pending.";

  /** Any workload on either delivery order and any eager threshold. */
  @Provide
  Arbitrary<Workload> workloads() {
    return MpiArbitraries.specs().ranks(2, 3).threads(1, 2).messages(1, 4).tags(0, 1).wildcardPercent(30)
        .messageBytes(0, 8192).networks(MpiArbitraries.networks());
  }

  /**
   * Every explored schedule of every generated workload keeps each sender's messages in order. The
   * sizes keep every search well inside its budget (the largest of 300 drawn needed 8 000 of the
   * 200 000 schedules); a search cut by its budget fails the property.
   */
  @Property(tries = 40)
  @SpecClause(source = "MPI-3.1 §3.5", text = ORDER)
  void nonOvertaking_holdsInEverySchedule_onFifoAndReorderingNetworks(@ForAll("workloads") Workload w) {
    Exploration e = Explore.exhaustive(w, CheckKind.NON_OVERTAKING);
    Statistics.label("delivery order").collect(w.network().order());
    assertTrue(e.exhaustive(), () -> "a search cut by its budget shows nothing of the schedules it left out: " + e);
    TraceAssertions.assertNever(e, CheckKind.NON_OVERTAKING);
  }

  /**
   * Timed runs: latencies from the network's model and the generated seed (an unordered network
   * really reorders packets there), ties and wildcard choices from a seeded scheduler.
   */
  @Property(tries = 100)
  @SpecClause(source = "MPI-3.1 §3.5", text = ORDER)
  @SpecClause(source = "seed 004", text = "On AM platforms without ordered delivery, a sequence number would have to "
      + "be added to each store and request message to ensure ordering.")
  void nonOvertaking_holdsInTimedRuns_withGeneratedSeedsAndLatencies(@ForAll("workloads") Workload w,
      @ForAll("seeds") long seed) {
    RunResult r = Runner.timed(w.spec(), seed, new SeededScheduler(seed), options());
    Statistics.label("delivery order").collect(w.network().order());
    TraceAssertions.assertNoViolation(r, w + "\ntimed run, seed " + seed + ", scheduler seeded(" + seed + ")",
        CheckKind.NON_OVERTAKING);
  }

  /** Logical runs driven by generated schedules (any index, taken modulo the options offered). */
  @Property(tries = 100)
  @SpecClause(source = "MPI-3.1 §3.5", text = ORDER)
  void nonOvertaking_holdsInLogicalRuns_drivenByGeneratedSchedules(@ForAll("workloads") Workload w,
      @ForAll("schedules") Schedule s) {
    RunResult r = Runner.logical(w.spec(), new ModuloScheduler(s), options());
    Statistics.label("unordered network").collect(w.network().order() == DeliveryOrder.UNORDERED);
    TraceAssertions.assertNoViolation(r, w + "\nlogical run, generated schedule " + s, CheckKind.NON_OVERTAKING);
  }

  @Provide
  Arbitrary<Long> seeds() {
    return MpiArbitraries.seeds();
  }

  @Provide
  Arbitrary<Schedule> schedules() {
    return MpiArbitraries.schedules().length(0, 40).options(4);
  }

  private static RunOptions options() {
    return RunOptions.of(new Checks(List.of(CheckKind.NON_OVERTAKING.create()))).withStepBudget(100_000);
  }
}
