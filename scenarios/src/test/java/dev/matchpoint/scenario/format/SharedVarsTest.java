package dev.matchpoint.scenario.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.program.VarType;
import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.ScenarioException;
import dev.matchpoint.scenario.ScenarioLoader;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A rank entry's {@code shared} key (docs/scenario-format.md, "Sharing between threads"): read onto
 * every thread's program, written back, and refused with a located message when malformed.
 */
class SharedVarsTest {
  private static final String HAND_OFF = """
      scenario: hand-off
      ranks:
        - rank: [0, 2]
          shared: {req: request, done: flag, n: int, st: status, msg: message}
          threads:
            - program:
                - irecv: {source: 1, tag: 0, request: req}
                - send: {dest: rank, tag: 9}
            - program:
                - recv: {source: rank, tag: 9}
                - wait: {request: req, status: st}
        - rank: 1
          program:
            - send: {dest: 0, tag: 0}
            - send: {dest: 2, tag: 0}
      """;

  private static ScenarioException refused(String yaml) {
    return assertThrows(ScenarioException.class, () -> ScenarioLoader.load(yaml, "bad.yaml"));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §12.4.2", text = "This is consistent with the view that a multithreaded"
      + " execution corresponds to an interleaving of the MPI calls.")
  void sharedVariables_areEveryThreadsOfTheEntry_andSurviveWriteThenLoad() {
    Scenario s = ScenarioLoader.load(HAND_OFF, "hand-off.yaml");
    Map<String, VarType> declared = Map.of("req", VarType.REQUEST, "done", VarType.FLAG, "n", VarType.INT,
        "st", VarType.STATUS, "msg", VarType.MESSAGE);
    for (int rank : new int[] {0, 2}) {
      for (Program p : s.ranks().get(rank)) {
        assertEquals(declared, p.shared());
      }
    }
    assertEquals(Map.of(), s.ranks().get(1).get(0).shared());
    String text = ScenarioWriter.write(s);
    assertTrue(text.contains("shared: {done: flag, msg: message, n: int, req: request, st: status}"), text);
    Scenario back = ScenarioLoader.load(text, "written.yaml");
    assertEquals(s.withoutLocations(), back.withoutLocations(), text);
    assertEquals(text, ScenarioWriter.write(back), "writing is stable");
  }

  @Test
  @SpecClause(source = "MPI-3.1 §12.4.2", text = "This is consistent with the view that a multithreaded"
      + " execution corresponds to an interleaving of the MPI calls.")
  void malformedDeclarations_areRefusedAtTheirPlace() {
    String head = "scenario: x\nranks:\n  - rank: 0\n    shared: ";
    String tail = "\n    program:\n      - iprobe: {source: 0, flag: f}\n";
    ScenarioException e = refused(head + "{f: widget}" + tail);
    assertTrue(e.getMessage().startsWith("bad.yaml:4:17: unknown variable type 'widget'"), e.getMessage());
    e = refused(head + "[f]" + tail);
    assertTrue(e.getMessage().startsWith("bad.yaml:4:13: expected a mapping of variable names to types"),
        e.getMessage());
    e = refused(head + "{rank: flag}" + tail);
    assertTrue(e.getMessage().startsWith("bad.yaml:4:14: 'rank' cannot name a variable"), e.getMessage());
    e = refused(head + "{f: request}" + tail);
    assertTrue(e.getMessage().startsWith("bad.yaml:6:9: variable 'f' is used as a flag here but as a request"),
        e.getMessage());
    e = refused(head + "{f: flag}\n    program:\n      - if: {cond: f, then: [{barrier: {}}]}\n");
    assertTrue(e.getMessage().startsWith("bad.yaml:6:9: this statement reads a shared variable before the thread's"
        + " first MPI call"), e.getMessage());
  }
}
