package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.anySource;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.matchpoint.core.net.LatencyModel;
import dev.matchpoint.core.net.NetworkOptions;
import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.match.MessageIds;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.program.ProgramBuilder;
import dev.matchpoint.mpi.run.Outcome;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Ready mode with two receives posted at the send's start (MPI-3.1 §3.4), and an idle attached buffer at the end (§8.7). */
class ReadyAndFinalizeEdgesTest {
  @Test
  @SpecClause(source = "MPI-3.1 §3.4", text = "A send that uses the ready communication mode may be started only if "
      + "the matching receive is already posted.")
  void aReadySend_withTwoReceivesPostedAtItsStart_isCorrect_whenAnotherMessageTakesOneOfThem() {
    // Rank 1 posts an MPI_ANY_SOURCE receive and one from rank 0, in either order. Rank 0's ready
    // send starts at 0.5 us, when both are posted; rank 2's message (sent at 0) arrives first and
    // takes the wildcard receive; the ready message then matches the other, posted all along.
    Program ready = program().call(new MpiOp.Compute(lit(500))).send(SendMode.READY, lit(1), lit(0), lit(1),
        Datatype.INT).build();
    Program other = program().send(lit(1), lit(0), lit(1), Datatype.INT).build();
    for (boolean wildcardFirst : new boolean[] {true, false}) {
      ProgramBuilder receiver = program();
      if (wildcardFirst) {
        receiver.irecv(anySource(), lit(0), lit(1), Datatype.INT, "a").irecv(lit(0), lit(0), lit(1), Datatype.INT, "b");
      } else {
        receiver.irecv(lit(0), lit(0), lit(1), Datatype.INT, "b").irecv(anySource(), lit(0), lit(1), Datatype.INT, "a");
      }
      ModelSpec spec = ModelSpec.builder().rank(ready).rank(receiver.waitAll("a", "b").build()).rank(other)
          .options(ModelOptions.defaults().withNetwork(NetworkOptions.defaults()
              .withLatency(new LatencyModel.Constant(1000)))).build();
      RunResult r = Runner.timed(spec, 1, FifoScheduler.INSTANCE, RunOptions.keepingTrace(CheckKind.all()));
      assertEquals(List.of("2#0 by r1", "0#0 by r1"), r.trace().matches().stream()
          .map(m -> MessageIds.format(m.messageKey()) + " by r" + m.rank()).toList(), "wildcard first " + wildcardFirst);
      assertEquals(Outcome.OK, r.outcome(), "wildcard first " + wildcardFirst + ": " + r.problems());
    }
  }

  @Test
  @SpecClause(source = "MPI-3.1 §8.7", text = "It must locally complete all MPI operations that it initiated")
  void anAttachedBufferHoldingNothing_isNotOutstandingWork() {
    // A buffer attached and never used holds no buffered message: nothing is left to transmit.
    RunResult r = RankRuns.run(program().call(new MpiOp.BufferAttach(lit(64))).build());
    assertEquals(Outcome.OK, r.outcome(), r.problems().toString());
    assertEquals(List.of(), r.problems());
  }
}
