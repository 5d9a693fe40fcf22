package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.explore.ExplorationReport;
import dev.matchpoint.core.explore.ExploreOptions;
import dev.matchpoint.core.explore.Explorer;
import dev.matchpoint.core.explore.ProgressListener;
import dev.matchpoint.core.explore.Strategy;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.explore.MpiTransitionSystem;
import dev.matchpoint.mpi.program.Cond;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.program.SourceLocation;
import dev.matchpoint.mpi.program.Stmt;
import java.util.ArrayList;
import dev.matchpoint.mpi.program.VarType;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Logical mode: a polling loop that changes nothing is stuttering ({@link Polling}); exploration
 * ends with the outcome classes of the equivalent blocking program, and a poll that never succeeds
 * is a deadlock naming the polling call.
 */
class PollingTest {
  private static final String PROBE_3_8_1 = "MPI_PROBE behaves like MPI_IPROBE except that it is a blocking call "
      + "that returns only after a matching message has been found.";
  private static final String TEST_3_7_3 = "A call to MPI_TEST returns flag = true if the operation identified by"
      + " request is complete.";

  private static Stmt call(MpiOp op) {
    return new Stmt.Call(op, SourceLocation.unknown());
  }

  private static Program with(List<Stmt> before, boolean until, Cond cond, List<MpiOp> body, Program after) {
    List<Stmt> all = new ArrayList<>(before);
    List<Stmt> loop = new ArrayList<>();
    body.forEach(op -> loop.add(call(op)));
    all.add(new Stmt.While(cond, until, loop, SourceLocation.unknown()));
    all.addAll(after.body());
    return new Program(all);
  }

  private static MpiOp iprobe(int tag, String flag) {
    return new MpiOp.Iprobe(lit(0), lit(tag), MpiOp.WORLD, flag, null);
  }

  private static Set<String> outcomes(Program zero, Program one) {
    ModelSpec spec = ModelSpec.builder().rank(zero).rank(one).build();
    MpiTransitionSystem ts = new MpiTransitionSystem(spec, List.of(CheckKind.NO_DEADLOCK), true);
    ExplorationReport r = Explorer.explore(ts, ExploreOptions.of(Strategy.EXHAUSTIVE).withShortestViolation(false),
        ProgressListener.NONE);
    assertTrue(r.exhaustive(), r.stopReason());
    return r.outcomes().keySet();
  }

  private static final Program SENDS_TAG_1 = program().send(lit(1), lit(1), lit(1), Datatype.INT).build();
  private static final Program RECEIVES = program().recv(lit(0), lit(0), lit(1), Datatype.INT, null)
      .recv(lit(0), lit(1), lit(1), Datatype.INT, null).build();

  @Test
  @SpecClause(source = "MPI-3.1 §3.8.1", text = PROBE_3_8_1)
  void pollThatNeverSucceeds_isADeadlockAtTheIprobe_asMpiProbeWouldBe() {
    Program polling = with(List.of(), true, new Cond.Flag("f"), List.of(iprobe(0, "f")), RECEIVES);
    Set<String> out = outcomes(SENDS_TAG_1, polling);
    assertEquals(1, out.size(), out.toString());
    assertTrue(out.iterator().next().startsWith("deadlock | receipts none | blocked r1.t0 MPI_Iprobe(source=0, tag=0,"
        + " comm=world)"), out.toString());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.8.1", text = PROBE_3_8_1)
  void pollThatSucceeds_endsLikeTheBlockingProgram() {
    Program sends = program().send(lit(1), lit(0), lit(1), Datatype.INT).send(lit(1), lit(1), lit(1), Datatype.INT)
        .build();
    Program polling = with(List.of(), true, new Cond.Flag("f"), List.of(iprobe(0, "f")), RECEIVES);
    Program blocking = program().probe(lit(0), lit(0), null).recv(lit(0), lit(0), lit(1), Datatype.INT, null)
        .recv(lit(0), lit(1), lit(1), Datatype.INT, null).build();
    Set<String> out = outcomes(sends, polling);
    assertEquals(outcomes(sends, blocking).stream().map(s -> s.replaceAll(" \\| probes.*", "")).toList(),
        out.stream().map(s -> s.replaceAll(" \\| probes.*", "")).toList());
    assertTrue(out.iterator().next().startsWith("ok"), out.toString());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.7.3", text = TEST_3_7_3)
  void testLoopOnARequestThatNeverCompletes_isADeadlockAtTheTest_andWhileLoopsToo() {
    MpiOp irecv = new MpiOp.Irecv(lit(0), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, "r");
    MpiOp test = new MpiOp.Test("r", "done", null);
    Program until = with(List.of(call(irecv)), true, new Cond.Flag("done"), List.of(test), program().build());
    Program whileNot = with(List.of(call(irecv), call(test)), false, new Cond.Not(new Cond.Flag("done")),
        List.of(iprobe(0, "f"), test), program().build());
    for (Program p : List.of(until, whileNot)) {
      Set<String> out = outcomes(SENDS_TAG_1, p);
      assertEquals(1, out.size(), out.toString());
      assertTrue(out.iterator().next().startsWith("deadlock | receipts none | blocked r1.t0 MPI_Test(request=r)"),
          out.toString());
    }
  }

  /** The outcome classes of naive enumeration, the default search and DPOR, checked equal. */
  private static Set<String> outcomes(ModelSpec spec) {
    return SharedStateTest.explored(spec);
  }

  /**
   * The poll's flag is a rank-shared variable: each MPI_Iprobe writes it (false again), which leaves
   * the shared state as it was, so the loop still stutters and the program is a deadlock at the
   * Iprobe (SharedState.rankObject: a shared variable is one of the rank's objects).
   */
  @Test
  @SpecClause(source = "MPI-3.1 §3.8.1", text = PROBE_3_8_1)
  void pollOfASharedFlagThatNeverSucceeds_isADeadlockAtTheIprobe() {
    Map<String, VarType> shared = Map.of("f", VarType.FLAG);
    Program polling = with(List.of(), true, new Cond.Flag("f"), List.of(iprobe(0, "f")), program().build())
        .withShared(shared);
    Program receives = program().recv(lit(0), lit(1), lit(1), Datatype.INT, null).build().withShared(shared);
    Set<String> out = outcomes(ModelSpec.builder().rank(SENDS_TAG_1).rank(polling, receives).build());
    assertEquals(1, out.size(), out.toString());
    assertTrue(out.iterator().next().startsWith("deadlock | receipts r1.t1#0<-0#0 | blocked r1.t0 MPI_Iprobe(source=0,"
        + " tag=0, comm=world)"), out.toString());
  }

  /**
   * An MPI_Test loop on a shared request: each MPI_Test names a shared request, so its step writes
   * every thread of the rank, and leaves them as they were: the loop stutters, and a receive that is
   * never matched is a deadlock at the Test (SharedState.rankObject: the rank's threads are its objects).
   */
  @Test
  @SpecClause(source = "MPI-3.1 §3.7.3", text = TEST_3_7_3)
  void testLoopOnASharedRequestThatNeverCompletes_isADeadlockAtTheTest() {
    Map<String, VarType> shared = Map.of("r", VarType.REQUEST, "done", VarType.FLAG);
    MpiOp irecv = new MpiOp.Irecv(lit(0), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, "r");
    Program polling = with(List.of(call(irecv)), true, new Cond.Flag("done"), List.of(new MpiOp.Test("r", "done", null)),
        program().build()).withShared(shared);
    Program receives = program().recv(lit(0), lit(1), lit(1), Datatype.INT, null).build().withShared(shared);
    Set<String> out = outcomes(ModelSpec.builder().rank(SENDS_TAG_1).rank(polling, receives).build());
    assertEquals(1, out.size(), out.toString());
    assertTrue(out.iterator().next().startsWith("deadlock | receipts r1.t1#0<-0#0 | blocked r1.t0 MPI_Test(request=r)"),
        out.toString());
  }
}
