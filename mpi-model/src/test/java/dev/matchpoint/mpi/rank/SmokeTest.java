package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.*;

import dev.matchpoint.core.sched.SeededScheduler;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import org.junit.jupiter.api.Test;

class SmokeTest {
  @Test
  void probeRace() {
    Program sender = program().send(lit(2), lit(0), lit(1), Datatype.INT).build();
    Program receiver = program().probe(anySource(), lit(0), "st")
        .recv(source("st"), lit(0), count("st", Datatype.INT), Datatype.INT, null).build();
    ModelSpec spec = ModelSpec.builder().rank(sender).rank(sender).rank(2, receiver).build();
    java.util.Map<String, Integer> outcomes = new java.util.TreeMap<>();
    for (long seed = 0; seed < 200; seed++) {
      RunResult r = Runner.logical(spec, new SeededScheduler(seed), RunOptions.of(CheckKind.all()));
      outcomes.merge(r.outcome() + " " + r.violations(), 1, Integer::sum);
      if (seed == 3) {
        System.out.println(r.trace().toText());
        System.out.println(r.report().toText());
      }
    }
    outcomes.forEach((k, v) -> System.out.println(v + " x " + k));
  }
}
