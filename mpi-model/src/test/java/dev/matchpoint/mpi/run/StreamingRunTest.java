package dev.matchpoint.mpi.run;

import static dev.matchpoint.mpi.program.ProgramBuilder.anySource;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.core.sched.SeededScheduler;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.rank.ModelSpec;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A run streams its events to its consumers and keeps them only when asked. */
class StreamingRunTest {
  /**
   * A ring: each rank posts MPI_Irecv(MPI_ANY_SOURCE), sends to the next rank and waits, {@code
   * rounds} times.
   */
  static ModelSpec ring(int ranks, int rounds) {
    ModelSpec.Builder b = ModelSpec.builder();
    for (int r = 0; r < ranks; r++) {
      int next = (r + 1) % ranks;
      b.rank(program().repeat(rounds, body -> body.irecv(anySource(), lit(0), lit(1), Datatype.DOUBLE, "req")
          .send(lit(next), lit(0), lit(1), Datatype.DOUBLE).waitFor("req", null)).build());
    }
    return b.build();
  }

  @Test
  @SpecClause(source = "DESIGN §7", text = "no run keeps its history in memory unless a caller asks for it")
  void plainRun_keepsNoTrace_andStreamsEveryEventToItsListener() {
    List<TraceEvent> streamed = new ArrayList<>();
    RunResult plain = Runner.timed(ring(4, 3), 0, FifoScheduler.INSTANCE,
        RunOptions.of(CheckKind.all()).withListener(streamed::add));
    assertTrue(plain.clean(), plain.violations().toString());
    assertNull(plain.trace(), "a plain run keeps no trace");
    assertEquals(12, streamed.stream().filter(e -> e instanceof TraceEvent.Matched).count());

    RunResult kept = Runner.timed(ring(4, 3), 0, FifoScheduler.INSTANCE, RunOptions.keepingTrace(CheckKind.all()));
    assertNotNull(kept.trace(), "a caller that asks gets the trace");
    assertEquals(streamed, kept.trace().events(), "the listener saw exactly the events the trace keeps, in order");
  }

  @Test
  @SpecClause(source = "DESIGN §7", text = "no run keeps its history in memory unless a caller asks for it")
  void logicalRun_keepsNoTrace_andStreamsEveryEventToItsListener() {
    List<TraceEvent> streamed = new ArrayList<>();
    RunResult plain = Runner.logical(ring(3, 2), new SeededScheduler(5),
        RunOptions.of(CheckKind.all()).withListener(streamed::add));
    assertNull(plain.trace(), "a plain run keeps no trace");
    RunResult kept = Runner.logical(ring(3, 2), new SeededScheduler(5), RunOptions.keepingTrace(CheckKind.all()));
    assertEquals(streamed, kept.trace().events());
  }
}
