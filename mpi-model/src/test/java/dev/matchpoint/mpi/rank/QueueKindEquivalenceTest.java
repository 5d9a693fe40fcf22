package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.anySource;
import static dev.matchpoint.mpi.program.ProgramBuilder.anyTag;
import static dev.matchpoint.mpi.program.ProgramBuilder.count;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static dev.matchpoint.mpi.program.ProgramBuilder.source;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.explore.ExplorationReport;
import dev.matchpoint.core.explore.ExploreOptions;
import dev.matchpoint.core.explore.Explorer;
import dev.matchpoint.core.explore.ProgressListener;
import dev.matchpoint.core.explore.Strategy;
import dev.matchpoint.core.net.DeliveryOrder;
import dev.matchpoint.core.net.LatencyModel;
import dev.matchpoint.core.net.NetworkOptions;
import dev.matchpoint.core.sched.SeededScheduler;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.WildcardPolicy;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.explore.MpiTransitionSystem;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.program.ProgramBuilder;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The bucketed matching queues ({@code queues: bucketed}) are an implementation choice, not a
 * semantic one: with either queue kind, a timed run writes the same trace (search lengths
 * included, also once the queues are deep enough for bins) and an exhaustive exploration finds the
 * same states and outcome classes. MPI-3.1 §3.5 "Order" and §3.8 (the probe examples) through whole
 * programs; the queue-level equivalence is {@code MatchingEquivalenceProperties}.
 */
class QueueKindEquivalenceTest {
  private static ModelSpec withQueues(ModelSpec s, ModelOptions.QueueKind q) {
    return new ModelSpec(s.threads(), s.communicators(), s.options().withQueues(q));
  }

  /** Senders of several tags to rank 0, whose two threads drain with wildcards and exact receives. */
  static ModelSpec manySources(int senders, int perSender, WildcardPolicy policy) {
    ModelSpec.Builder b = ModelSpec.builder();
    int total = senders * perSender;
    ProgramBuilder wild = program();
    ProgramBuilder exact = program();
    for (int i = 0; i < total / 2; i++) {
      wild.probe(anySource(), anyTag(), "st").recv(source("st"), anyTag(), count("st", Datatype.INT), Datatype.INT,
          null);
    }
    for (int i = 0; i < total - total / 2; i++) {
      exact.recv(anySource(), lit(i % 3), lit(64), Datatype.INT, null);
    }
    b.rank(wild.build(), exact.build());
    for (int s = 1; s <= senders; s++) {
      ProgramBuilder p = program();
      for (int k = 0; k < perSender; k++) {
        p.send(lit(0), lit((s + k) % 3), lit(1 + k), Datatype.INT);
      }
      b.rank(p.build());
    }
    return b.options(ModelOptions.defaults().withWildcard(policy)).build();
  }

  @ParameterizedTest
  @EnumSource(WildcardPolicy.class)
  void timedRuns_writeTheSameTrace_withEitherQueueKind(WildcardPolicy policy) {
    for (DeliveryOrder order : DeliveryOrder.values()) {
      ModelSpec base = manySources(4, 6, policy);
      base = new ModelSpec(base.threads(), base.communicators(), base.options().withNetwork(
          NetworkOptions.defaults().withLatency(new LatencyModel.Exponential(800)).withOrder(order)));
      for (long seed = 0; seed < 10; seed++) {
        RunResult ref = Runner.timed(withQueues(base, ModelOptions.QueueKind.REFERENCE), seed,
            new SeededScheduler(seed), RunOptions.keepingTrace(CheckKind.all()));
        RunResult bucketed = Runner.timed(withQueues(base, ModelOptions.QueueKind.BUCKETED), seed,
            new SeededScheduler(seed), RunOptions.keepingTrace(CheckKind.all()));
        String replay = policy + " " + order + " seed " + seed;
        assertTrue(ref.trace().matches().size() >= 12, replay);
        assertEquals(ref.trace().events(), bucketed.trace().events(), replay);
        assertEquals(ref.outcome(), bucketed.outcome(), replay);
      }
    }
  }

  /**
   * Queues deep enough for bins: rank 0 posts 40 receives (tags 39..0) before rank 1's 40 messages
   * (tags 0..39) arrive, then receives rank 2's 40 messages (tags 0..39) with MPI_ANY_SOURCE in
   * reverse tag order, so both its queues pass {@link dev.matchpoint.mpi.match.AdaptivePostedQueue#BINS_ABOVE}.
   */
  static ModelSpec deepQueues() {
    int n = 40;
    ProgramBuilder receiver = program();
    for (int tag = n - 1; tag >= 0; tag--) {
      receiver.irecv(lit(1), lit(tag), lit(1), Datatype.INT, "r" + tag);
    }
    for (int tag = n - 1; tag >= 0; tag--) {
      receiver.waitFor("r" + tag, null);
    }
    for (int tag = n - 1; tag >= 0; tag--) {
      receiver.recv(anySource(), lit(tag), lit(1), Datatype.INT, null);
    }
    ProgramBuilder late = program().call(new dev.matchpoint.mpi.program.MpiOp.Compute(lit(100_000)));
    ProgramBuilder early = program();
    for (int tag = 0; tag < n; tag++) {
      late.send(lit(0), lit(tag), lit(1), Datatype.INT);
      early.send(lit(0), lit(tag), lit(1), Datatype.INT);
    }
    return ModelSpec.builder().rank(receiver.build()).rank(late.build()).rank(early.build()).build();
  }

  @Test
  void timedRun_deepQueues_sameTraceSearchLengthsIncluded_withEitherQueueKind() {
    ModelSpec base = deepQueues();
    RunResult ref = Runner.timed(withQueues(base, ModelOptions.QueueKind.REFERENCE), 0,
        new SeededScheduler(0), RunOptions.keepingTrace(CheckKind.all()));
    RunResult bucketed = Runner.timed(withQueues(base, ModelOptions.QueueKind.BUCKETED), 0,
        new SeededScheduler(0), RunOptions.keepingTrace(CheckKind.all()));
    List<TraceEvent.Matched> matches = ref.trace().events().stream()
        .filter(e -> e instanceof TraceEvent.Matched).map(e -> (TraceEvent.Matched) e).toList();
    assertEquals(80, matches.size());
    assertTrue(matches.stream().anyMatch(m -> m.postedDepth() > 32 || m.unexpectedDepth() > 32),
        "a queue was deep enough for bins");
    assertTrue(matches.stream().anyMatch(m -> m.searchLength() > 32), "a long linear search");
    assertEquals(ref.trace().events(), bucketed.trace().events());
  }

  @ParameterizedTest
  @EnumSource(WildcardPolicy.class)
  void exhaustiveExploration_findsTheSameStatesAndOutcomes_withEitherQueueKind(WildcardPolicy policy) {
    Program receiver = program().probe(anySource(), lit(0), "st")
        .recv(source("st"), lit(0), count("st", Datatype.INT), Datatype.INT, null).build();
    ModelSpec race = ModelSpec.builder()
        .rank(program().send(lit(2), lit(0), lit(1), Datatype.INT).send(lit(2), lit(0), lit(2), Datatype.INT).build())
        .rank(program().send(lit(2), lit(0), lit(3), Datatype.INT).send(lit(2), lit(0), lit(4), Datatype.INT).build())
        .rank(receiver, receiver, program().recv(anySource(), lit(0), lit(8), Datatype.INT, null)
            .recv(anySource(), lit(0), lit(8), Datatype.INT, null).build())
        .options(ModelOptions.defaults().withWildcard(policy))
        .build();
    ExplorationReport ref = explore(withQueues(race, ModelOptions.QueueKind.REFERENCE));
    ExplorationReport bucketed = explore(withQueues(race, ModelOptions.QueueKind.BUCKETED));
    assertTrue(ref.exhaustive());
    assertTrue(ref.outcomes().size() > 1, ref.outcomes().keySet().toString());
    assertEquals(ref.states(), bucketed.states());
    assertEquals(ref.schedules(), bucketed.schedules());
    assertEquals(ref.outcomes().keySet(), bucketed.outcomes().keySet());
  }

  private static ExplorationReport explore(ModelSpec spec) {
    return Explorer.explore(new MpiTransitionSystem(spec, List.of(CheckKind.values()), true),
        ExploreOptions.of(Strategy.EXHAUSTIVE).withShortestViolation(false), ProgressListener.NONE);
  }
}
