package dev.matchpoint.scenario.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.mpi.DatatypeRef;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.PointToPointOps;
import dev.matchpoint.mpi.program.TypeOps;
import dev.matchpoint.mpi.run.Outcome;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.mpi.trace.TraceEvent;
import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.ScenarioException;
import dev.matchpoint.scenario.ScenarioLoader;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The derived-datatype statements and the exchanges added with them: read, written back and read
 * again to the same scenario, and their input errors located.
 */
class TypeCallsTest {
  private static final String RANK0 = "scenario: x\nranks:\n  - rank: 0\n    program:\n";

  private static void assertRoundTrip(Scenario s) {
    String text = ScenarioWriter.write(s);
    Scenario back = ScenarioLoader.load(text, "written.yaml");
    assertEquals(s.withoutLocations(), back.withoutLocations(), text);
    assertEquals(text, ScenarioWriter.write(back), "writing is stable");
  }

  @Test
  void everyNewStatement_survivesWriteThenLoad_andReadsAsItsCall() {
    String yaml = """
        scenario: types
        communicators: [c1]
        ranks:
          - rank: 0..1
            program:
              - type-contiguous: {count: 3, oldtype: int, into: tri}
              - type-vector: {count: rank + 2, blocklength: 2, stride: 5, oldtype: tri, into: grid}
              - type-commit: {type: grid}
              - send: {dest: 1 - rank, count: 2, type: grid}
              - recv: {source: any, count: 12, type: MPI_INT, status: st}
              - get-count: {status: st, type: tri, into: n}
              - get-elements: {status: st, type: grid, into: e}
              - sendrecv: {dest: 1 - rank, send-type: grid, source: 1 - rank, recv-count: 3, recv-type: tri}
              - sendrecv-replace: {dest: 1 - rank, send-tag: 1, source: any, recv-tag: any, count: 2, type: grid, comm: c1, status: st}
              - isendrecv: {dest: 1 - rank, send-tag: 2, send-count: 4, send-type: double, source: 1 - rank, recv-tag: 2, recv-count: 4, recv-type: double, request: r}
              - request-get-status: {request: r, flag: f, status: s2}
              - request-get-status: {request: r, flag: f}
              - wait: {request: r}
              - isendrecv-replace: {dest: 1 - rank, source: 1 - rank, count: 1, type: datatype-null, request: q}
              - type-free: {type: tri}
              - type-free: {type: grid}
        """;
    Scenario s = ScenarioLoader.load(yaml, "types.yaml");
    assertRoundTrip(s);
    List<MpiOp> ops = s.spec().threads().get(0).get(0).instrs().stream()
        .filter(i -> i instanceof dev.matchpoint.mpi.program.Instr.Call).map(i ->
            ((dev.matchpoint.mpi.program.Instr.Call) i).op()).toList();
    assertEquals(new TypeOps.Contiguous(new dev.matchpoint.mpi.program.Expr.Lit(3), dev.matchpoint.mpi.Datatype.INT,
        "tri"), ops.get(0));
    assertEquals(new DatatypeRef.Variable("grid"), ((MpiOp.Send) ops.get(3)).type());
    assertEquals(DatatypeRef.NULL, ((PointToPointOps.SendrecvReplace) ops.get(13)).type());
    assertEquals("q", ((PointToPointOps.SendrecvReplace) ops.get(13)).request());
    String text = ScenarioWriter.write(s);
    for (String line : new String[] {"- type-vector: {count: rank + 2, blocklength: 2, stride: 5, oldtype: tri, "
        + "into: grid}", "- request-get-status: {request: r, flag: f}", "type: datatype-null, request: q}"}) {
      assertTrue(text.contains(line), line + " in:\n" + text);
    }
  }

  /**
   * A column of a 4 x 4 matrix of doubles walked bottom-up: MPI_Type_vector with stride -4. The file
   * reads, writes back the same, and a run sends the column as 4 MPI_DOUBLE (32 bytes), which a
   * receive of 4 MPI_DOUBLE takes: a signature match, ok in timed mode.
   */
  @Test
  @SpecClause(source = "MPI-3.1 §4.1.2", text = "number of elements between start of each block (integer)")
  void aNegativeStride_readsWritesBackAndRuns() {
    Scenario s = ScenarioLoader.load("""
        scenario: reversed-column
        ranks:
          - rank: 0
            program:
              - type-vector: {count: 4, blocklength: 1, stride: -4, oldtype: double, into: up}
              - type-commit: {type: up}
              - send: {dest: 1, count: 1, type: up}
              - type-free: {type: up}
          - rank: 1
            program:
              - recv: {source: 0, count: 4, type: double, status: st}
              - get-count: {status: st, type: double, into: n}
        """, "reversed-column.yaml");
    assertRoundTrip(s);
    assertTrue(ScenarioWriter.write(s).contains("stride: -4"), ScenarioWriter.write(s));
    RunResult r = Runner.timed(ScenarioLoader.compile(s), s.seed(), FifoScheduler.INSTANCE,
        s.runOptions().withKeepTrace(true));
    assertEquals(Outcome.OK, r.outcome(), r::toString);
    List<String> counts = r.trace().of(TraceEvent.CallReturned.class).stream()
        .filter(e -> e.call().equals("MPI_Recv")).map(TraceEvent.CallReturned::result).toList();
    assertEquals(1, counts.size(), counts::toString);
    assertTrue(counts.get(0).contains("32B"), counts::toString);
  }

  private static ScenarioException error(String statements) {
    return assertThrows(ScenarioException.class, () -> ScenarioLoader.load(RANK0 + statements, "bad.yaml"));
  }

  @Test
  void aDatatypeNamedBeforeItsConstructor_isAnUnknownDatatype_atItsCharacter() {
    ScenarioException e = error("      - send: {dest: 0, type: row}\n"
        + "      - type-contiguous: {count: 2, oldtype: int, into: row}\n");
    assertEquals(5, e.line());
    assertEquals(31, e.column());
    assertTrue(e.getMessage().contains("unknown datatype 'row'"), e.getMessage());
    assertTrue(e.getMessage().contains("a datatype variable bound earlier by type-contiguous or type-vector"),
        e.getMessage());
  }

  @Test
  void aDatatypeVariableNamedLikeAPredefinedType_isRefused() {
    ScenarioException e = error("      - type-contiguous: {count: 2, oldtype: int, into: double}\n");
    assertEquals(5, e.line());
    assertTrue(e.getMessage().contains("'double' names a predefined datatype"), e.getMessage());
  }

  @Test
  void aDatatypeVariableUsedAsAnotherKindOfVariable_isRefusedAtTheStatement() {
    ScenarioException e = error("      - type-contiguous: {count: 2, oldtype: int, into: t}\n"
        + "      - wait: {request: t}\n");
    assertTrue(e.getMessage().contains("variable 't' is used as a"), e.getMessage());
  }
}
