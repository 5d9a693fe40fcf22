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
 * semantic one: with either queue kind, a timed run writes the same trace (but for the search
 * length, which only the linear reference queues measure) and an exhaustive exploration finds the
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

  private static List<TraceEvent> withoutSearchLength(List<TraceEvent> events) {
    return events.stream().map(e -> e instanceof TraceEvent.Matched m
        ? new TraceEvent.Matched(m.step(), m.timeNs(), m.rank(), m.thread(), m.match(), m.requestId(),
            m.messageKey(), m.postSeq(), m.patternSource(), m.patternTag(), m.tag(), m.sizeBytes(), m.postedDepth(),
            m.unexpectedDepth(), 0)
        : e).toList();
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
        assertEquals(withoutSearchLength(ref.trace().events()), withoutSearchLength(bucketed.trace().events()),
            replay);
        assertEquals(ref.outcome(), bucketed.outcome(), replay);
      }
    }
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
