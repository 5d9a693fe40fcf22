package dev.matchpoint.scenario.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.ScenarioException;
import dev.matchpoint.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;

/** The partitioned communication statements (MPI-4.0 chapter 4) read, write back and refuse bad input. */
class PartitionCallsTest {
  private static final String PROGRAM = """
      scenario: partitioned
      communicators: [c1]
      ranks:
        - rank: 0
          program:
            - psend-init: {dest: 1, tag: 3, partitions: 4, count: 2, type: double, comm: c1, request: p}
            - psend-init: {dest: 1, request: q}
            - startall: {requests: [p, q]}
            - pready: {partition: 0, request: p}
            - pready-range: {low: 1, high: rank + 2, request: p}
            - pready-list: {partitions: [3], request: p}
            - pready-list: {partitions: [0], request: q}
            - waitall: {requests: [p, q]}
        - rank: 1
          program:
            - precv-init: {source: 0, tag: 3, partitions: 2, count: 4, type: double, comm: c1, request: p}
            - precv-init: {source: 0, request: q}
            - startall: {requests: [p, q]}
            - parrived: {request: p, partition: 1, flag: f}
            - waitall: {requests: [p, q]}
      """;

  @Test
  @SpecClause(source = "MPI-4.0 §4.2.1", text = "MPI_PSEND_INIT creates a partitioned communication request and binds "
      + "to it all the arguments of a partitioned send operation.")
  void everyPartitionedStatement_survivesWriteThenLoad_andRuns() {
    Scenario s = ScenarioLoader.load(PROGRAM, "partitioned.yaml");
    String text = ScenarioWriter.write(s);
    Scenario back = ScenarioLoader.load(text, "written.yaml");
    assertEquals(s.withoutLocations(), back.withoutLocations(), text);
    assertEquals(text, ScenarioWriter.write(back), "writing is stable");
    for (String line : new String[] {
        "- psend-init: {dest: 1, tag: 3, partitions: 4, count: 2, type: double, comm: c1, request: p}",
        "- psend-init: {dest: 1, tag: 0, partitions: 1, count: 1, type: int, request: q}",
        "- pready-range: {low: 1, high: rank + 2, request: p}", "- pready-list: {partitions: [3], request: p}",
        "- parrived: {request: p, partition: 1, flag: f}"}) {
      assertTrue(text.contains(line), line + " in:\n" + text);
    }
  }

  @Test
  void badPartitionedStatements_areReportedAtTheirKey() {
    String base = "scenario: bad\nranks:\n  - rank: 0\n    program:\n      - psend-init: {dest: 0, request: p}\n      - ";
    ScenarioException e = assertThrows(ScenarioException.class,
        () -> ScenarioLoader.load(base + "pready-list: {partitions: [], request: p}\n", "bad.yaml"));
    assertTrue(e.getMessage().startsWith("bad.yaml:6:"), e.getMessage());
    assertTrue(e.getMessage().contains("is empty"), e.getMessage());
    e = assertThrows(ScenarioException.class,
        () -> ScenarioLoader.load(base + "pready-list: {partitions: [1, -2], request: p}\n", "bad.yaml"));
    assertTrue(e.getMessage().startsWith("bad.yaml:6:39:"), e.getMessage());
    e = assertThrows(ScenarioException.class,
        () -> ScenarioLoader.load(base + "pready: {request: p}\n", "bad.yaml"));
    assertTrue(e.getMessage().contains("missing key 'partition' in pready"), e.getMessage());
    e = assertThrows(ScenarioException.class,
        () -> ScenarioLoader.load(base + "parrived: {request: p, partition: 0, flag: f, status: s}\n", "bad.yaml"));
    assertTrue(e.getMessage().startsWith("bad.yaml:6:"), e.getMessage());
  }
}
