package dev.matchpoint.mpi.rank;

import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.mpi.ErrorClass;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.List;

/** Timed runs of one-thread programs and what their calls returned, for the rank package's tests. */
final class RankRuns {
  private RankRuns() {}

  /** Runs rank i's program as rank i (seed 1, FIFO scheduler, every check, trace kept). */
  static RunResult run(Program... ranks) {
    ModelSpec.Builder b = ModelSpec.builder();
    for (Program p : ranks) {
      b.rank(p);
    }
    return Runner.timed(b.build(), 1, FifoScheduler.INSTANCE, RunOptions.keepingTrace(CheckKind.all()));
  }

  /** The calls a rank returned from, {@code MPI_X result [error class]}, local computation left out. */
  static List<String> returns(RunResult r, int rank) {
    return r.trace().of(TraceEvent.CallReturned.class).stream().filter(c -> c.rank() == rank)
        .filter(c -> !c.call().equals("compute"))
        .map(c -> c.call() + " " + c.result() + (c.error() == ErrorClass.MPI_SUCCESS ? "" : " " + c.error()))
        .toList();
  }

  /** The errors raised, {@code MPI_X error class}, in order. */
  static List<String> errors(RunResult r) {
    return r.trace().of(TraceEvent.ErrorRaised.class).stream().map(e -> e.call() + " " + e.error()).toList();
  }
}
