package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.anySource;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.run.Outcome;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import org.junit.jupiter.api.Test;

/** A deadlock ends the run with a report naming every blocked thread and what it waits for. */
class DeadlockReportTest {
  @Test
  @SpecClause(source = "DESIGN §5", text = "Outcome = final state class (who received which message, errors, deadlock "
      + "with its wait-for graph).")
  void deadlock_reportNamesBlockedThreadsTheirCallsAndTheQueues() {
    Program r0 = program().send(lit(1), lit(7), lit(5000), Datatype.INT).build();
    Program r1 = program().recv(lit(0), lit(8), lit(5000), Datatype.INT, null).build();
    Program r2 = program().probe(anySource(), lit(3), "st").build();
    RunResult r = Runner.timed(ModelSpec.builder().rank(r0).rank(r1).rank(2, r2).build(), 1, FifoScheduler.INSTANCE,
        RunOptions.of(CheckKind.all()));
    assertEquals(Outcome.DEADLOCK, r.outcome());
    String text = r.report().toText();
    assertEquals(4, r.report().threads().size(), text);
    assertTrue(text.contains("r0.t0 blocked in MPI_Send(dest=1, tag=7"), text);
    assertTrue(text.contains("rendezvous, waiting for the receiver's CTS"), text);
    assertTrue(text.contains("r1.t0 blocked in MPI_Recv(source=0, tag=8"), text);
    assertTrue(text.contains("receive r1.t0#0 (source 0, tag 8, context 0): no matching message"), text);
    assertTrue(text.contains("posted receive r1.t0#0 (source 0, tag 8"), text);
    assertTrue(text.contains("unexpected message 0#0(tag 7, 20000 B, rendezvous, Send)"), text);
    assertTrue(text.contains("r2.t1 blocked in MPI_Probe(source=MPI_ANY_SOURCE, tag=3"), text);
    assertTrue(text.contains("a message matching the probe"), text);
    assertTrue(r.violations().stream().anyMatch(v -> v.check().equals("no-deadlock")));
  }

  @Test
  void budget_stopsARunThatDoesNotEnd_withItsOwnOutcome() {
    Program spin = program().repeat(1_000_000, b -> b.iprobe(anySource(), lit(0), "f", null)).build();
    RunResult r = Runner.timed(ModelSpec.builder().rank(spin).build(), 1, FifoScheduler.INSTANCE,
        RunOptions.of(CheckKind.all()).withStepBudget(1000));
    assertEquals(Outcome.BUDGET_EXHAUSTED, r.outcome());
    assertTrue(r.violations().isEmpty(), "a budget stop is not a deadlock: " + r.violations());
  }
}
