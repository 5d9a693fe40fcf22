package dev.matchpoint.mpi.explore;

import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.matchpoint.core.explore.ExplorationReport;
import dev.matchpoint.core.explore.Strategy;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.program.Cond;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.program.SourceLocation;
import dev.matchpoint.mpi.program.Stmt;
import dev.matchpoint.mpi.rank.ModelSpec;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Source-DPOR and actions that another actor disables for good: such an action never runs in the
 * explored execution, so its race with the disabling step must come from the model's report of the
 * actors left waiting ({@code TransitionSystem.waiting}).
 */
class DporWaitingProbeTest {
  private static final String SOURCE = "Abdulla, Aronis, Jonsson, Sagonas, Optimal Dynamic Partial Order Reduction,"
      + " POPL 2014";
  private static final String CLAUSE = "source-DPOR explores at least one execution per Mazurkiewicz trace";
  /**
   * Shrunk by hand from the StrategyEquivalenceProperties counterexample (seed 3646346667023192335):
   * ranks 1 and 2 each send one tag-1 message to rank 0; rank 0's thread 0 runs Mprobe(1, 1), its
   * thread 1 Probe(2, 1) then Mprobe(1, 1). When thread 0's Mprobe takes rank 1's message before
   * thread 1 has passed its Probe, thread 1's Mprobe is never enabled in that execution, so no race
   * between the two Mprobes is ever seen; the outcome in which thread 1 takes the message and thread
   * 0 blocks forever was lost.
   */
  static ModelSpec probeBehindAnIndependentStep(Program waiter) {
    return ModelSpec.builder()
        .rank(program().mprobe(lit(1), lit(1), "m0", "p0").build(), waiter)
        .rank(program().send(lit(0), lit(1), lit(8), Datatype.BYTE).build())
        .rank(program().send(lit(0), lit(1), lit(8), Datatype.BYTE).build())
        .build();
  }

  private static void assertDporReachesTheNaiveOutcomes(ModelSpec spec, int outcomes) {
    ExplorationReport naive = StrategyEquivalenceTest.run(spec, Strategy.NAIVE);
    ExplorationReport dpor = StrategyEquivalenceTest.run(spec, Strategy.DPOR);
    assertEquals(outcomes, naive.outcomes().size(), () -> naive.outcomes().keySet().toString());
    assertEquals(naive.outcomes().keySet(), dpor.outcomes().keySet());
  }

  @Test
  @SpecClause(source = SOURCE, text = CLAUSE)
  void dpor_reachesTheNaiveOutcomes_whenADisabledProbeWasBehindAnIndependentStep() {
    assertDporReachesTheNaiveOutcomes(probeBehindAnIndependentStep(
        program().probe(lit(2), lit(1), "p1").mprobe(lit(1), lit(1), "m2", "p2").build()), 2);
  }

  /**
   * The same with a later message of another tag from rank 1, whose arrival also writes the queue
   * thread 1 waits on.
   */
  @Test
  @SpecClause(source = SOURCE, text = CLAUSE)
  void dpor_reachesTheNaiveOutcomes_whenALaterArrivalFollowsTheDisablingStep() {
    ModelSpec spec = ModelSpec.builder()
        .rank(program().mprobe(lit(1), lit(1), "m0", "p0").build(),
            program().probe(lit(2), lit(1), "p1").mprobe(lit(1), lit(1), "m2", "p2").build())
        .rank(program().send(lit(0), lit(1), lit(8), Datatype.BYTE).send(lit(0), lit(5), lit(8), Datatype.BYTE)
            .build())
        .rank(program().send(lit(0), lit(1), lit(8), Datatype.BYTE).build())
        .build();
    assertDporReachesTheNaiveOutcomes(spec, 2);
  }

  /**
   * Thread 1 polls instead: Iprobe(1, 1) once, Probe(2, 1), then {@code while (!flag)
   * Iprobe(1, 1)}, whose spinning step is not enabled ({@code Polling}) until rank 1's message is
   * queued and disabled again when thread 0's Mprobe takes it.
   */
  @Test
  @SpecClause(source = SOURCE, text = CLAUSE)
  void dpor_reachesTheNaiveOutcomes_whenADisabledPollWasBehindAnIndependentStep() {
    MpiOp iprobe = new MpiOp.Iprobe(lit(1), lit(1), MpiOp.WORLD, "f", null);
    Program polling = new Program(List.of(new Stmt.Call(iprobe, SourceLocation.unknown()),
        new Stmt.Call(new MpiOp.Probe(lit(2), lit(1), MpiOp.WORLD, null), SourceLocation.unknown()),
        new Stmt.While(new Cond.Not(new Cond.Flag("f")), false,
            List.of(new Stmt.Call(iprobe, SourceLocation.unknown())), SourceLocation.unknown())));
    assertDporReachesTheNaiveOutcomes(probeBehindAnIndependentStep(polling), 3);
  }
}
