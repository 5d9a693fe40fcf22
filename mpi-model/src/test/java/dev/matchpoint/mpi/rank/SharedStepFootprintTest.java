package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.procNull;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.explore.Footprint;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.check.Checks;
import dev.matchpoint.mpi.program.Cond;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.program.VarType;
import dev.matchpoint.mpi.trace.TraceSink;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The footprint of one step that names rank-shared variables ({@link SharedState#touch}): each
 * shared variable its instruction writes is written, each it only reads is read, no other shared
 * variable is touched, and an instruction naming a shared request writes every thread of the rank.
 * Also: the rule on two threads completing one request concerns shared request variables only.
 */
class SharedStepFootprintTest {
  private static final String DEPENDENT = "Two transitions are dependent when some object is written by one and read"
      + " or written by the other";
  private static final String ACCESS = "a step records, as reads and writes of the shared variables, what its"
      + " instructions' SharedAccess says; an instruction naming a shared request or message handle writes every"
      + " thread of the rank";

  /** Shared variables in name order: 'a' is bit 0, 'b' bit 1, 'req' bit 2. */
  private static final Map<String, VarType> SHARED = Map.of("a", VarType.FLAG, "b", VarType.FLAG, "req",
      VarType.REQUEST);

  /** A thread whose first call is an MPI_Iprobe into a local flag, then a branch on shared flag {@code v}. */
  private static Program readsFlag(String v, String local) {
    return program().iprobe(lit(1), lit(7), local, null).ifElse(new Cond.Flag(v),
        t -> t.send(procNull(), lit(1), lit(1), Datatype.INT), e -> e.send(procNull(), lit(2), lit(1), Datatype.INT))
        .build().withShared(SHARED);
  }

  /** Shared variable bit to "R" or "W", for the footprint's entries that are rank 0's shared variables. */
  private static Map<Integer, String> sharedEntries(Footprint f) {
    Map<Integer, String> out = new TreeMap<>();
    for (int bit = 0; bit < 3; bit++) {
      for (int i = 0; i < f.size(); i++) {
        if (f.object(i) == ObjectIds.sharedVar(0, bit)) {
          out.put(bit, f.writes(i) ? "W" : "R");
        }
      }
    }
    return out;
  }

  private static boolean writesThread(Footprint f, int thread) {
    for (int i = 0; i < f.size(); i++) {
      if (f.object(i) == ObjectIds.thread(0, thread) && f.writes(i)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Rank 0's first steps from the start: thread 0's MPI_Iprobe writes shared flag 'a'; threads 1
   * and 2 branch on 'b' and on 'a' after a probe into a local flag (reads only); thread 3's
   * MPI_Irecv binds the shared request 'req'. Each step's footprint names exactly those shared
   * variables, reads as reads; the Irecv writes every thread of the rank. So the writer of 'a'
   * conflicts with the reader of 'a' and not with the reader of 'b', and two readers do not conflict.
   */
  @Test
  @SpecClause(source = "Flanagan and Godefroid, POPL 2005, §2", text = DEPENDENT)
  @SpecClause(source = "DESIGN §5 (SharedState, the explorer's view of shared variables)", text = ACCESS)
  void eachStepTouchesTheSharedVariablesItsInstructionNames_readsAsReads() {
    Program writesA = program().iprobe(lit(1), lit(0), "a", null).build().withShared(SHARED);
    Program postsReq = program().irecv(lit(1), lit(0), lit(1), Datatype.INT, "req").build().withShared(SHARED);
    Program one = program().send(procNull(), lit(0), lit(1), Datatype.INT).build();
    ModelSpec spec = ModelSpec.builder().rank(writesA, readsFlag("b", "x"), readsFlag("a", "y"), postsReq).rank(one)
        .build();
    World w = World.logical(spec, TraceSink.NONE, new Checks(List.of()), false);
    Footprint[] fp = new Footprint[4];
    for (int t = 0; t < 4; t++) {
      assertTrue(w.enabled().contains(Action.step(0, t, -1)), "thread " + t + " enabled at the start");
      fp[t] = w.successor(Action.step(0, t, -1)).footprint();
    }
    assertEquals(Map.of(0, "W"), sharedEntries(fp[0]), "MPI_Iprobe into 'a': " + fp[0]);
    assertEquals(Map.of(1, "R"), sharedEntries(fp[1]), "branch on 'b': " + fp[1]);
    assertEquals(Map.of(0, "R"), sharedEntries(fp[2]), "branch on 'a': " + fp[2]);
    assertEquals(Map.of(2, "W"), sharedEntries(fp[3]), "MPI_Irecv into 'req': " + fp[3]);
    for (int t = 0; t < 4; t++) {
      assertTrue(writesThread(fp[3], t), "the Irecv naming a shared request writes thread " + t + ": " + fp[3]);
    }
    for (int t = 0; t < 3; t++) {
      for (int o = 0; o < 3; o++) {
        if (o != t) {
          assertFalse(writesThread(fp[t], o), "thread " + t + "'s step writes only itself: " + fp[t]);
        }
      }
    }
    assertTrue(fp[0].conflicts(fp[2]), "the write of 'a' and the read of 'a'");
    assertFalse(fp[0].conflicts(fp[1]), "the write of 'a' and the read of 'b'");
    assertFalse(fp[1].conflicts(fp[2]), "reads of 'b' and of 'a'");
  }

  /**
   * Thread 0 waits on a shared receive and a local one together (MPI_Waitall) while thread 1 is
   * about to wait on its own local request: no request appears in both calls, so no schedule is
   * erroneous (SharedState.liveShared: a request variable that is not shared names no request the
   * rule compares).
   */
  @Test
  @SpecClause(source = "MPI-3.1 §12.4.2", text = "Similarly, the same request cannot appear in the array of requests"
      + " of two concurrent MPI_{WAIT|TEST}{ANY|SOME|ALL} calls. In MPI, a request can only be completed once.")
  void aWaitallOnASharedAndALocalRequest_besideAWaitOnAnotherLocalRequest_isNotErroneous() {
    Map<String, VarType> req = Map.of("req", VarType.REQUEST);
    Program waitall = program().irecv(lit(1), lit(0), lit(1), Datatype.INT, "req")
        .irecv(lit(1), lit(1), lit(1), Datatype.INT, "mine").call(new MpiOp.Waitall(List.of("req", "mine"), List.of()))
        .build().withShared(req);
    Program waits = program().irecv(lit(1), lit(2), lit(1), Datatype.INT, "own").waitFor("own", null).build()
        .withShared(req);
    Program sends = program().send(lit(0), lit(0), lit(1), Datatype.INT).send(lit(0), lit(1), lit(1), Datatype.INT)
        .send(lit(0), lit(2), lit(1), Datatype.INT).build();
    Set<String> out = SharedStateTest.explored(ModelSpec.builder().rank(waitall, waits).rank(sends).build());
    assertFalse(out.isEmpty());
    for (String o : out) {
      assertTrue(o.startsWith("ok"), out.toString());
    }
  }
}
