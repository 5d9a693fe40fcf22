package dev.matchpoint.mpi.bench;

import static dev.matchpoint.mpi.program.ProgramBuilder.anySource;
import static dev.matchpoint.mpi.program.ProgramBuilder.count;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static dev.matchpoint.mpi.program.ProgramBuilder.source;

import dev.matchpoint.core.explore.ExplorationReport;
import dev.matchpoint.core.explore.ExploreOptions;
import dev.matchpoint.core.explore.Explorer;
import dev.matchpoint.core.explore.ProgressListener;
import dev.matchpoint.core.explore.Strategy;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.explore.MpiTransitionSystem;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.rank.ModelSpec;
import java.time.Duration;
import java.util.List;

/** Exploration figures: exhaustive search of the matched-probe pattern T x T and the probe race. */
public final class ExplorationBench {
  private ExplorationBench() {}

  static ModelSpec pattern(int n, boolean matched) {
    Program receiver = matched
        ? program().mprobe(anySource(), lit(0), "m", "st").mrecv("m", count("st", Datatype.INT), Datatype.INT, null).build()
        : program().probe(anySource(), lit(0), "st").recv(source("st"), lit(0), count("st", Datatype.INT), Datatype.INT,
            null).build();
    ModelSpec.Builder b = ModelSpec.builder();
    for (int s = 0; s < n; s++) {
      b.rank(program().send(lit(n), lit(0), lit(1 + s), Datatype.INT).build());
    }
    return b.rank(n, receiver).build();
  }

  /**
   * Prints the figures.
   *
   * @param args optional largest T (default 6)
   */
  public static void main(String[] args) {
    int max = args.length > 0 ? Integer.parseInt(args[0]) : 6;
    System.out.println("Exhaustive exploration (persistent sets + sleep sets + visited-state set)");
    System.out.printf("%-22s %12s %12s %14s %10s %s%n", "scenario", "states", "schedules", "transitions", "seconds",
        "outcomes");
    for (int n = 2; n <= max; n++) {
      run("mprobe " + n + "x" + n, pattern(n, true), Strategy.EXHAUSTIVE);
    }
    run("probe race 2x2", pattern(2, false), Strategy.EXHAUSTIVE);
  }

  private static void run(String name, ModelSpec spec, Strategy strategy) {
    MpiTransitionSystem ts = new MpiTransitionSystem(spec, List.of(CheckKind.values()), true);
    ExplorationReport r = Explorer.explore(ts, ExploreOptions.of(strategy).withTimeBudget(Duration.ofMinutes(30))
        .withShortestViolation(true), ProgressListener.NONE);
    System.out.printf("%-22s %12d %12d %14d %10.2f %d%s%n", name, r.states(), r.schedules(), r.transitions(),
        r.elapsedMillis() / 1000.0, r.outcomes().size(), r.exhaustive() ? "" : " (not exhaustive: " + r.stopReason() + ")");
    if (r.counterexample() != null) {
      System.out.println("  shortest violating schedule (" + r.counterexample().steps().size() + " steps): "
          + r.counterexample().schedule());
    }
  }
}
