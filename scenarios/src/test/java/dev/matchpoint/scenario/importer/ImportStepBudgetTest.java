package dev.matchpoint.scenario.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.run.Outcome;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.ScenarioLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A file {@code import} writes, {@code run} completes, whatever its size (issue 12): the imported
 * scenario's step budget grows with its statements, and the kernel events a run of the common
 * patterns takes per statement stay well inside what the budget allows for them.
 */
class ImportStepBudgetTest {
  @TempDir Path dir;

  private Scenario convert(String goal) throws Exception {
    Path file = dir.resolve("s.goal");
    Files.writeString(file, goal);
    ImportedTrace trace = TraceImportFormat.GOAL.importer().read(file);
    return ScenarioConverter.convert(trace, "s.goal", "s", ScenarioConverter.Options.defaults()).scenario();
  }

  private static long statements(Scenario s) {
    long n = 0;
    for (List<Program> rank : s.ranks()) {
      for (Program p : rank) {
        n += p.body().size();
      }
    }
    return n;
  }

  /** Eager (8 B) and rendezvous (1 MB) messages in the three patterns the benchmarks use. */
  @ParameterizedTest
  @ValueSource(strings = {"dissemination 8b", "dissemination 1000000b", "bcast 8b", "bcast 1000000b",
      "alltoall 8b", "alltoall 1000000b"})
  void aRunOfAnImportedPattern_takesAtMostAQuarterOfTheEventsItsBudgetAllowsPerStatement(String pattern)
      throws Exception {
    String[] p = pattern.split(" ");
    String goal = switch (p[0]) {
      case "dissemination" -> GoalPatterns.dissemination(64);
      case "bcast" -> GoalPatterns.bcast(64);
      default -> GoalPatterns.alltoall(16);
    };
    Scenario s = convert(goal.replace(" 8b ", " " + p[1] + " "));
    RunResult r = Runner.timed(ScenarioLoader.compile(s), s.seed(), FifoScheduler.INSTANCE, s.runOptions());
    assertEquals(Outcome.OK, r.outcome(), pattern);
    long statements = statements(s);
    assertTrue(r.steps() * 4 <= statements * ScenarioConverter.KERNEL_EVENTS_PER_STATEMENT,
        pattern + ": " + r.steps() + " kernel events for " + statements + " statements");
  }

  @Test
  void theBudget_isTheDefaultForSmallTraces_andGrowsWithTheStatementsBeyondIt() throws Exception {
    Scenario small = convert(GoalPatterns.dissemination(16));
    assertEquals(RunOptions.DEFAULT_STEP_BUDGET, small.stepBudget());
    long beyond = RunOptions.DEFAULT_STEP_BUDGET / ScenarioConverter.KERNEL_EVENTS_PER_STATEMENT + 1;
    assertEquals(beyond * ScenarioConverter.KERNEL_EVENTS_PER_STATEMENT, ScenarioConverter.stepBudget(beyond));
    assertEquals(Long.MAX_VALUE, ScenarioConverter.stepBudget(Long.MAX_VALUE / 2));
  }
}
