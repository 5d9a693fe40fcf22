package dev.matchpoint.properties;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.explore.Counterexample;
import dev.matchpoint.core.net.DeliveryOrder;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.properties.oracle.CounterexampleSearch;
import dev.matchpoint.properties.oracle.Explore;
import dev.matchpoint.properties.oracle.Exploration;
import dev.matchpoint.properties.oracle.TraceAssertions;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.statistics.Statistics;

/**
 * Buffering and deadlock: a program that completes when no message is buffered (every message by
 * rendezvous) completes with eager buffering too, provided no receive uses MPI_ANY_SOURCE and nothing
 * probes (Siegel and Avrunin's condition); with MPI_ANY_SOURCE, buffering can lead a wildcard receive
 * to another message and deadlock a program that rendezvous keeps safe.
 */
class EagerRendezvousProperties {
  private static final String SAFE = "A program is \"safe\" if no message buffering is required for the program to "
      + "complete. One can replace all sends in such program with synchronous sends, and the program will still run "
      + "correctly.";
  private static final String SIEGEL = "Paraphrase: for an MPI program without wildcard receives, if it is free of "
      + "deadlock when no message is buffered, it is free of deadlock under every buffering (zero-buffer model "
      + "suffices).";

  /**
   * Single-threaded ranks, no MPI_ANY_SOURCE and no probe (MPI_ANY_TAG allowed), calls in any order
   * per rank; eager thresholds between "everything rendezvous" and "everything eager".
   */
  @Provide
  Arbitrary<Workload> wildcardFree() {
    return MpiArbitraries.specs().ranks(2, 3).threads(1, 1).messages(1, 4).tags(0, 1).sourceWildcardPercent(0)
        .tagWildcardPercent(30).messageBytes(0, 8192).receives(ReceiveCall.RECV, ReceiveCall.IRECV)
        .sends(SendCall.SEND, SendCall.ISEND, SendCall.SSEND)
        .networks(MpiArbitraries.networks().eagerThresholds(Long.MAX_VALUE, 4096, 1024)
            .orders(DeliveryOrder.PER_PAIR_FIFO, DeliveryOrder.UNORDERED));
  }

  /**
   * Deadlock-free with every message by rendezvous (eager threshold 0) implies deadlock-free with the
   * generated eager threshold, in every explored schedule. Workloads that deadlock under rendezvous
   * satisfy the implication trivially and are counted in the statistics.
   */
  @Property(tries = 60)
  @SpecClause(source = "MPI-3.1 §3.5", text = SAFE)
  @SpecClause(source = "MPI-3.1 §3.5", text = "It guarantees that message-passing code is deterministic, if processes "
      + "are single-threaded and the wildcard MPI_ANY_SOURCE is not used in receives.")
  @SpecClause(source = "Siegel & Avrunin 2005", text = SIEGEL)
  void withoutAnySourceOrProbes_deadlockFreeUnderRendezvous_isDeadlockFreeWithEagerSends(
      @ForAll("wildcardFree") Workload w) {
    Exploration rendezvous = Explore.exhaustive(w.withEagerThreshold(0), CheckKind.NO_DEADLOCK);
    assertTrue(rendezvous.exhaustive(), rendezvous::toString);
    if (rendezvous.deadlockReachable()) {
      Statistics.label("under rendezvous").collect("deadlocks (implication holds trivially)");
      return;
    }
    Statistics.label("under rendezvous").collect("deadlock-free");
    Exploration eager = Explore.exhaustive(w, CheckKind.NO_DEADLOCK);
    assertTrue(eager.exhaustive(), eager::toString);
    TraceAssertions.assertNoDeadlock(eager);
  }

  /** Three single-threaded ranks, blocking calls, one tag, MPI_ANY_SOURCE in half the receives. */
  @Provide
  Arbitrary<Workload> withAnySource() {
    return MpiArbitraries.specs().ranks(3, 3).threads(1, 1).messages(2, 4).tags(0, 0).sourceWildcardPercent(50)
        .tagWildcardPercent(0).messageBytes(0, 16).receives(ReceiveCall.RECV).sends(SendCall.SEND);
  }

  /** The implication above, as a predicate, with every message eager on the "eager" side. */
  static boolean rendezvousSafeImpliesEagerSafe(Workload w) {
    if (Explore.bounded(w.withEagerThreshold(0), 20_000, CheckKind.NO_DEADLOCK).deadlockReachable()) {
      return true;
    }
    Exploration eager = Explore.bounded(w.withEagerThreshold(Long.MAX_VALUE), 20_000, CheckKind.NO_DEADLOCK);
    return !eager.deadlockReachable();
  }

  /**
   * With MPI_ANY_SOURCE the implication is falsifiable, and jqwik's shrinker reduces the generated
   * counterexample to a small program: typically rank 0 sends to 2 and then to 1, rank 1 forwards to
   * 2, and rank 2 receives with MPI_ANY_SOURCE then from 1. Under rendezvous rank 1's message cannot
   * exist before the wildcard receive has matched rank 0's; with eager sends the wildcard receive can
   * take rank 1's message and the receive from 1 waits forever. The search is seeded by the jqwik
   * parameter and shrinks as {@link ProbeRaceProperties} explains. Three messages are the minimum;
   * in about one search in forty jqwik's shrinker stops at a local minimum of four, so the bound
   * asserted is four.
   */
  @Property(tries = 1, shrinking = ShrinkingMode.OFF, edgeCases = EdgeCasesMode.NONE)
  @SpecClause(source = "MPI-3.1 §3.5", text = SAFE)
  @SpecClause(source = "Siegel & Avrunin 2005", text = "Paraphrase: with wildcard receives, buffering can "
      + "introduce deadlocks: a wildcard receive may match a message that could not have been sent yet under zero "
      + "buffering.")
  void withAnySource_eagerSendsCanDeadlockWhereRendezvousDoesNot(@ForAll long seed) {
    var found = CounterexampleSearch.falsifyThenShrink(withAnySource(),
        EagerRendezvousProperties::rendezvousSafeImpliesEagerSafe, seed, 3000);
    assertTrue(found.isPresent(), "no counterexample in 3000 workloads, search seed " + seed);
    Workload shrunk = found.get().shrunk().withEagerThreshold(Long.MAX_VALUE);
    Exploration eager = Explore.exhaustive(shrunk, CheckKind.NO_DEADLOCK);
    Counterexample c = TraceAssertions.assertReachable(eager, "a deadlock with eager sends", Exploration::deadlock);
    Exploration rendezvous = Explore.exhaustive(shrunk.withEagerThreshold(0), CheckKind.NO_DEADLOCK);
    String report = "search seed " + seed + ": falsified after " + found.get().tries() + " workloads, "
        + found.get().shrinkingSteps() + " shrinking steps\nshrunk " + shrunk + "\nrendezvous: "
        + rendezvous.summary() + "\neager: " + eager.summary() + "\noutcome: " + c.verdict().outcome() + "\n"
        + Exploration.describe(c);
    System.out.println(report);
    assertTrue(!rendezvous.deadlockReachable(), report);
    assertTrue(shrunk.usesAnySource(), report);
    assertTrue(shrunk.messages().size() <= 4, "did not shrink far enough:\n" + report);
  }
}
