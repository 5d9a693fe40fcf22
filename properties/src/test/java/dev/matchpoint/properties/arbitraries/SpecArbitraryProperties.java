package dev.matchpoint.properties.arbitraries;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.program.Stmt;
import dev.matchpoint.properties.MessagePlan;
import dev.matchpoint.properties.MpiArbitraries;
import dev.matchpoint.properties.ReceiveCall;
import dev.matchpoint.properties.Workload;
import dev.matchpoint.properties.oracle.CounterexampleSearch;
import dev.matchpoint.properties.oracle.Explore;
import dev.matchpoint.properties.oracle.Exploration;
import dev.matchpoint.properties.oracle.TraceAssertions;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.RandomGenerator;
import net.jqwik.api.ShrinkingMode;

/** The spec arbitrary itself: well-formed, bounded, deterministic, and shrinking to readable programs. */
class SpecArbitraryProperties {
  @Provide
  Arbitrary<Workload> anyShape() {
    return MpiArbitraries.specs().ranks(2, 4).threads(1, 3).messages(0, 6).tags(0, 3).wildcardPercent(30)
        .messageBytes(0, 8192);
  }

  @Property(tries = 200)
  void workload_isBalancedAndWithinItsBounds(@ForAll("anyShape") Workload w) {
    assertTrue(w.worldSize() >= 2 && w.worldSize() <= 4, w::toString);
    assertTrue(w.maxThreads() <= 3, w::toString);
    assertTrue(w.messages().size() <= 6, w::toString);
    w.spec();
    // Each thread sends exactly the messages its plans name (by destination, tag and size) and makes
    // one receive (Recv, Irecv or Mrecv) and at most one probe per message it receives.
    for (int r = 0; r < w.worldSize(); r++) {
      for (int t = 0; t < w.threads(r); t++) {
        List<String> expectedSends = new ArrayList<>();
        int expectedReceives = 0;
        int expectedProbes = 0;
        for (MessagePlan m : w.messages()) {
          if (m.sender() == r && m.sendThread() == t) {
            expectedSends.add(m.receiver() + "/" + m.tag() + "/" + m.bytes());
          }
          if (m.receiver() == r && m.receiveThread() == t) {
            expectedReceives++;
            expectedProbes += m.receive() == ReceiveCall.RECV || m.receive() == ReceiveCall.IRECV ? 0 : 1;
          }
          assertTrue(m.tag() <= 3 && m.bytes() <= 8192, m::toString);
        }
        List<String> sends = new ArrayList<>();
        int receives = 0;
        int probes = 0;
        for (Stmt s : w.programs(r).get(t).body()) {
          MpiOp op = ((Stmt.Call) s).op();
          if (op instanceof MpiOp.Send x) {
            sends.add(x.dest() + "/" + x.tag() + "/" + x.count());
          } else if (op instanceof MpiOp.Isend x) {
            sends.add(x.dest() + "/" + x.tag() + "/" + x.count());
          } else if (op instanceof MpiOp.Recv || op instanceof MpiOp.Irecv || op instanceof MpiOp.Mrecv) {
            receives++;
          } else if (op instanceof MpiOp.Probe || op instanceof MpiOp.Mprobe) {
            probes++;
          }
        }
        Collections.sort(expectedSends);
        Collections.sort(sends);
        assertEquals(expectedSends, sends, "sends of r" + r + ".t" + t + " in\n" + w);
        assertEquals(expectedReceives, receives, "receives of r" + r + ".t" + t + " in\n" + w);
        assertEquals(expectedProbes, probes, "probes of r" + r + ".t" + t + " in\n" + w);
        // Threads are dense: every thread above 0 has something to do (minThreads is 1 here).
        assertTrue(t == 0 || !w.programs(r).get(t).body().isEmpty(), w::toString);
      }
    }
  }

  @Example
  void sameSeed_generatesTheSameWorkloads() {
    assertEquals(draw(42, 20), draw(42, 20));
    assertTrue(!draw(42, 20).equals(draw(43, 20)));
  }

  private List<String> draw(long seed, int n) {
    RandomGenerator<Workload> g = anyShape().generator(1000, true);
    Random random = new Random(seed);
    List<String> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(g.next(random).value().toString());
    }
    return out;
  }

  /**
   * Shrinking goes where the Javadoc says: one message from r0.t0 to r1.t0, tag 0, the smallest
   * size, the first listed calls, no wildcard.
   */
  @Property(tries = 3, shrinking = ShrinkingMode.OFF, edgeCases = EdgeCasesMode.NONE)
  void anyNonEmptyWorkload_shrinksToOneSendAndOneReceive(@ForAll long seed) {
    var found = CounterexampleSearch.falsifyThenShrink(anyShape(), w -> w.messages().isEmpty(), seed, 100);
    assertTrue(found.isPresent());
    assertEquals("""
        workload: 2 ranks, 1 message; wildcard any; network per-pair-fifo, eager below 4096 B, 16384 B/peer, wait, \
        latency LogGP[latencyNs=1000, overheadNs=200, gapNs=100, gapPerByteNs=0.1, overheadPerByteNs=0.0]
          r0.t0  MPI_Send(dest=1, tag=0, count=0 MPI_BYTE)                                m0
          r1.t0  MPI_Recv(source=0, tag=0, count=0 MPI_BYTE)                              m0""",
        found.get().shrunk().toString());
  }

  /**
   * The promise of {@link SpecArbitrary#inMessageOrder()}: single-threaded ranks that run their calls
   * in message order without MPI_ANY_SOURCE cannot deadlock, on any network.
   */
  @Property(tries = 40)
  void inMessageOrder_withoutAnySource_neverDeadlocks(@ForAll("ordered") Workload w) {
    Exploration e = Explore.exhaustive(w, CheckKind.NO_DEADLOCK, CheckKind.NO_ERRORS);
    TraceAssertions.assertNoDeadlock(e);
    TraceAssertions.assertNever(e, CheckKind.NO_ERRORS);
  }

  @Provide
  Arbitrary<Workload> ordered() {
    return MpiArbitraries.specs().ranks(2, 3).threads(1, 1).messages(1, 4).sourceWildcardPercent(0)
        .tagWildcardPercent(0).inMessageOrder().receives(ReceiveCall.RECV, ReceiveCall.IRECV, ReceiveCall.PROBE_RECV,
            ReceiveCall.MPROBE_MRECV).networks(MpiArbitraries.networks());
  }
}
