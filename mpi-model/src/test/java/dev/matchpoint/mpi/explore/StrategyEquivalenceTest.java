package dev.matchpoint.mpi.explore;

import static dev.matchpoint.mpi.program.ProgramBuilder.anySource;
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
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.rank.ModelSpec;
import java.util.List;
import org.junit.jupiter.api.Test;

class StrategyEquivalenceTest {
  static ModelSpec race(int n, boolean matched) {
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

  static ExplorationReport run(ModelSpec spec, Strategy s) {
    MpiTransitionSystem ts = new MpiTransitionSystem(spec, List.of(CheckKind.values()), true);
    return Explorer.explore(ts, ExploreOptions.of(s).withShortestViolation(false), ProgressListener.NONE);
  }

  @Test
  void smoke() {
    for (boolean matched : new boolean[] {false, true}) {
      for (int n = 2; n <= 3; n++) {
        ModelSpec spec = race(n, matched);
        ExplorationReport naive = n == 2 ? run(spec, Strategy.NAIVE) : null;
        ExplorationReport dpor = run(spec, Strategy.DPOR);
        ExplorationReport full = run(spec, Strategy.EXHAUSTIVE);
        System.out.printf("%s %dx%d naive=%s dpor=%d exhaustive=%d schedules/%d states%n", matched ? "mprobe" : "probe", n,
            n, naive == null ? "-" : naive.schedules(), dpor.schedules(), full.schedules(), full.states());
        if (naive != null) {
          assertEquals(naive.outcomes().keySet(), dpor.outcomes().keySet());
          assertEquals(naive.outcomes().keySet(), full.outcomes().keySet());
        }
        assertEquals(dpor.outcomes().keySet(), full.outcomes().keySet());
        full.outcomes().keySet().forEach(System.out::println);
      }
    }
  }
}
