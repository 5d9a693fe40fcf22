package dev.matchpoint.scenario.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.run.Outcome;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.ScenarioException;
import dev.matchpoint.scenario.ScenarioLoader;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Scenario files beyond 65,536 ranks (issue 12): read, run, and a clear error above 2^24. */
class LargeWorldTest {
  private static final String DEST_RANGE = "Thus, the range of valid values for dest is 0, ..., n-1 ∪ "
      + "{MPI_PROC_NULL}, where n is the number of processes in the group.";

  @Test
  @SpecClause(source = "MPI-3.1 §3.2.3", text = DEST_RANGE)
  void ring_2to17Ranks_readAndRunTimed_everyMessageReceivedOnce() {
    int n = 1 << 17;
    String ranks = IntStream.range(0, n).mapToObj(Integer::toString).collect(Collectors.joining(", "));
    String yaml = "scenario: ring\nchecks: [non-overtaking, received-at-most-once, no-deadlock, no-errors]\n"
        + "ranks:\n  - rank: [" + ranks + "]\n    program:\n"
        + "      - irecv: {source: any, tag: 0, count: 1, type: long, request: r}\n"
        + "      - send: {dest: (rank + 1) % size, tag: 0, count: 1, type: long}\n"
        + "      - wait: {request: r}\n";
    Scenario s = ScenarioLoader.load(yaml, "ring.yaml");
    assertEquals(n, s.ranks().size());
    RunOptions o = s.runOptions();
    RunResult r = Runner.timed(ScenarioLoader.compile(s), 0, FifoScheduler.INSTANCE,
        o.withKeepTrace(false));
    assertEquals(Outcome.OK, r.outcome(), r.problems().toString());
    assertTrue(r.violations().isEmpty(), r.violations().toString());
    assertEquals((long) n, r.packetCounts().get("EAGER"));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.2.3", text = DEST_RANGE)
  void rankAbove2to24_refusedNamingTheLimit() {
    ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioLoader.load(
        "scenario: big\nranks:\n  - rank: 16777216\n    program: []\n", "big.yaml"));
    assertTrue(e.getMessage().contains("big.yaml:3:") && e.getMessage().contains("ranks are 0..16777215"),
        e.getMessage());
  }
}
