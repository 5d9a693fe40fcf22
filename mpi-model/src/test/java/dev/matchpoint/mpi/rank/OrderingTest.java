package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.anyTag;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.net.DeliveryOrder;
import dev.matchpoint.core.net.LatencyModel;
import dev.matchpoint.core.net.NetworkOptions;
import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.core.sched.SeededScheduler;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.mpi.testing.Exhaustive;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** Non-overtaking on ordered and unordered networks, communicators, and determinism. */
class OrderingTest {
  private static ModelSpec threeMessages(DeliveryOrder order) {
    Program sender = program().send(lit(1), lit(0), lit(1), Datatype.INT).send(lit(1), lit(1), lit(1), Datatype.INT)
        .send(lit(1), lit(0), lit(1), Datatype.INT).build();
    Program receiver = program().recv(lit(0), anyTag(), lit(1), Datatype.INT, null)
        .recv(lit(0), lit(0), lit(1), Datatype.INT, null).recv(lit(0), anyTag(), lit(1), Datatype.INT, null).build();
    return ModelSpec.builder().rank(sender).rank(receiver)
        .options(ModelOptions.defaults().withNetwork(NetworkOptions.defaults().withOrder(order))).build();
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.5", text = "Messages are non-overtaking: If a sender sends two messages in "
      + "succession to the same destination, and both match the same receive, then this operation cannot receive the "
      + "second message if the first one is still pending.")
  void nonOvertaking_holdsInEverySchedule_onFifoAndUnorderedNetworks_mpi31Section35() {
    for (DeliveryOrder order : DeliveryOrder.values()) {
      Map<Exhaustive.End, Long> ends = Exhaustive.ends(threeMessages(order), CheckKind.NON_OVERTAKING,
          CheckKind.NO_DEADLOCK, CheckKind.RECEIVED_AT_MOST_ONCE);
      assertEquals(1, ends.size(), order + ": " + ends);
      Exhaustive.End only = ends.keySet().iterator().next();
      assertFalse(only.violated(), only.toString());
      assertEquals("r1.t0<-0#0,0#2,0#1", only.receipts(), "ANY_TAG takes #0, tag 0 takes #2, ANY_TAG takes #1");
    }
  }

  @Test
  @SpecClause(source = "seed 004", text = "On AM platforms without ordered delivery, a sequence number would have to "
      + "be added to each store and request message to ensure ordering.")
  void unorderedNetwork_reordersPacketsButNotMessages_inTimedMode() {
    boolean reordered = false;
    for (long seed = 0; seed < 30; seed++) {
      ModelSpec spec = threeMessages(DeliveryOrder.UNORDERED);
      spec = new ModelSpec(spec.threads(), spec.communicators(), spec.options().withNetwork(
          NetworkOptions.defaults().withOrder(DeliveryOrder.UNORDERED).withLatency(new LatencyModel.Exponential(2000))));
      RunResult r = Runner.timed(spec, seed, FifoScheduler.INSTANCE, RunOptions.keepingTrace(CheckKind.all()));
      assertTrue(r.clean(), r.violations().toString());
      List<Long> seqs = r.trace().of(dev.matchpoint.mpi.trace.TraceEvent.PacketDelivered.class).stream()
          .filter(p -> p.packet().equals("EAGER")).map(p -> p.linkSeq()).toList();
      reordered |= !seqs.equals(List.of(0L, 1L, 2L));
    }
    assertTrue(reordered, "some seed delivers the eager packets out of order");
  }

  @Test
  @SpecClause(source = "DESIGN §4", text = "Envelope = (source, tag, context id). A receive pattern may use "
      + "MPI_ANY_SOURCE / MPI_ANY_TAG; the context is never a wildcard.")
  void communicators_neverMatchAcrossContexts() {
    Program sender = program().on("dup").send(lit(1), lit(0), lit(1), Datatype.INT)
        .on("world").send(lit(1), lit(0), lit(2), Datatype.INT).build();
    Program receiver = program().recv(lit(0), lit(0), lit(2), Datatype.INT, "w")
        .on("dup").recv(lit(0), lit(0), lit(2), Datatype.INT, "d").build();
    ModelSpec spec = ModelSpec.builder().communicator("dup").rank(sender).rank(receiver).build();
    Map<Exhaustive.End, Long> ends = Exhaustive.ends(spec, CheckKind.values());
    assertEquals(1, ends.size(), ends.toString());
    assertEquals("r1.t0<-0#0,0#0@1", ends.keySet().iterator().next().receipts());
  }

  @Test
  void timedRuns_sameSeedGiveIdenticalTraces_differentSeedsDiffer_alsoInParallel() throws Exception {
    ModelSpec spec = Mpi22ProbeExamplesTest.spec(true, dev.matchpoint.mpi.WildcardPolicy.ANY, 0);
    spec = new ModelSpec(spec.threads(), spec.communicators(), spec.options().withNetwork(
        NetworkOptions.defaults().withLatency(new LatencyModel.Lognormal(7, 1))));
    ModelSpec s = spec;
    String a = Runner.timed(s, 5, new SeededScheduler(5), RunOptions.keepingTrace(CheckKind.all())).trace().toText();
    assertEquals(a, Runner.timed(s, 5, new SeededScheduler(5), RunOptions.keepingTrace(CheckKind.all())).trace().toText());
    assertNotEquals(a, Runner.timed(s, 6, new SeededScheduler(6), RunOptions.keepingTrace(CheckKind.all())).trace().toText());
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<String>> runs = pool.invokeAll(java.util.Collections.nCopies(6,
          () -> Runner.timed(s, 5, new SeededScheduler(5), RunOptions.keepingTrace(CheckKind.all())).trace().toText()));
      for (Future<String> f : runs) {
        assertEquals(a, f.get());
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void logicalReplay_ofARecordedSchedule_givesTheSameTrace() {
    ModelSpec spec = Mpi22ProbeExamplesTest.spec(true, dev.matchpoint.mpi.WildcardPolicy.ANY, 0);
    RunResult first = Runner.logical(spec, new SeededScheduler(77), RunOptions.keepingTrace(CheckKind.all()));
    RunResult replay = Runner.logical(spec, new dev.matchpoint.core.sched.ReplayScheduler(first.schedule()),
        RunOptions.keepingTrace(CheckKind.all()));
    assertEquals(first.trace().toText(), replay.trace().toText());
  }
}
