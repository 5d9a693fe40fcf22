package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static dev.matchpoint.mpi.program.ProgramBuilder.procNull;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.program.Cond;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.program.VarType;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Steps that write and read rank-shared variables, against the independence their footprints claim. */
class SharedFootprintTest {
  private static final String CLAUSE = "Exhaustive means exhaustive: every model decision reads only state the search"
      + " can see (what the state fingerprint covers), and the reduced search reaches exactly the outcomes of naive"
      + " enumeration on generated programs that use every feature";
  private static final String DEPENDENT = "Two transitions are dependent when some object is written by one and read"
      + " or written by the other";
  private static final Map<String, VarType> REQ = Map.of("req", VarType.REQUEST);

  /** Thread 0 of rank 0 posts a receive from rank 1 into the shared variable 'req'. */
  private static Program postsReq() {
    return program().irecv(lit(1), lit(0), lit(1), Datatype.INT, "req").build().withShared(REQ);
  }

  private static Program sendsTo0() {
    return program().send(lit(0), lit(0), lit(1), Datatype.INT).build();
  }

  /**
   * Thread 1 tests the receive thread 0 posted, before or after its message is delivered: the
   * MPI_Test acts on thread 0's request, so it must conflict with the delivery that completes it
   * (SharedState.touch: an instruction naming a shared request writes every thread of the rank).
   */
  @Test
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  @SpecClause(source = "Flanagan and Godefroid, POPL 2005, §2", text = DEPENDENT)
  @SpecClause(source = "MPI-3.1 §3.7.3", text = "A call to MPI_TEST returns flag = true if the operation identified by"
      + " request is complete.")
  void aTestOfTheRequestAnotherThreadStarted_conflictsWithItsDelivery() {
    Program tests = program().call(new MpiOp.Test("req", "f", null)).build().withShared(REQ);
    ModelSpec spec = ModelSpec.builder().rank(postsReq(), tests).rank(sendsTo0()).build();
    assertTrue(FootprintTest.assertIndependentPairsCommute("test of a sibling's request", spec) > 0);
  }

  /**
   * Thread 1 is blocked in an MPI_Waitall on thread 0's shared receive and one of its own; thread 2
   * comes to an MPI_Wait on the same shared request. A delivery that completes one of the Waitall's
   * requests without letting it return still reads where every thread is (another thread about to
   * complete the same request makes the program erroneous there), so it conflicts with thread 2's
   * step to its MPI_Wait.
   */
  @Test
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  @SpecClause(source = "Flanagan and Godefroid, POPL 2005, §2", text = DEPENDENT)
  @SpecClause(source = "MPI-3.1 §12.4.2", text = "Similarly, the same request cannot appear in the array of requests of"
      + " two concurrent MPI_{WAIT|TEST}{ANY|SOME|ALL} calls.")
  void aDeliveryToABlockedWaitall_readsWhereEveryThreadOfTheRankIs() {
    Program waitall = program().irecv(lit(2), lit(0), lit(1), Datatype.INT, "mine")
        .call(new MpiOp.Waitall(List.of("req", "mine"), List.of())).build().withShared(REQ);
    Program waits = program().send(procNull(), lit(0), lit(1), Datatype.INT).waitFor("req", null).build()
        .withShared(REQ);
    ModelSpec spec = ModelSpec.builder().rank(postsReq(), waitall, waits).rank(sendsTo0()).rank(sendsTo0()).build();
    assertTrue(FootprintTest.assertIndependentPairsCommute("delivery to a blocked Waitall", spec) > 0);
  }

  /**
   * Threads 1 and 2 each wait on thread 0's shared receive: when both find it posted, the second to
   * call (or to be let go) breaks the rule. The reduced searches (persistent sets are not computed
   * while a thread may still touch a shared variable) reach the outcome classes of naive enumeration.
   */
  @Test
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  @SpecClause(source = "MPI-3.1 §12.4.2", text = "A program where two threads block, waiting on the same request, is"
      + " erroneous.")
  void twoThreadsWaitingOnASharedRequest_reducedSearchesReachTheOutcomesOfNaiveEnumeration() {
    Program waits = program().waitFor("req", null).build().withShared(REQ);
    Program waitsLater = program().send(procNull(), lit(0), lit(1), Datatype.INT).waitFor("req", null).build()
        .withShared(REQ);
    ModelSpec spec = ModelSpec.builder().rank(postsReq(), waits, waitsLater).rank(sendsTo0()).build();
    Set<String> out = SharedStateTest.explored(spec);
    assertTrue(out.stream().anyMatch(o -> o.contains("erroneous: " + SharedState.RULE)), out.toString());
  }
  @Test
  @SpecClause(source = "Flanagan and Godefroid, POPL 2005, §2", text = "Two transitions are dependent when some "
      + "object is written by one and read or written by the other")
  void threadsWritingAndReadingTwoSharedFlags_independentActionsCommute() {
    // Thread 0 writes 'a' then 'b' (probes that may or may not find rank 1's messages); threads 1
    // and 2 each branch on one of them, so their next send depends on the order.
    Map<String, VarType> flags = Map.of("a", VarType.FLAG, "b", VarType.FLAG);
    Program writer = program().iprobe(lit(1), lit(0), "a", null).iprobe(lit(1), lit(1), "b", null).build()
        .withShared(flags);
    Program readsB = program().iprobe(lit(1), lit(7), "x", null).ifElse(new Cond.Flag("b"),
        t -> t.send(lit(1), lit(5), lit(1), Datatype.INT), e -> e.send(lit(1), lit(6), lit(1), Datatype.INT)).build()
        .withShared(flags);
    Program readsA = program().iprobe(lit(1), lit(7), "y", null).ifElse(new Cond.Flag("a"),
        t -> t.send(lit(1), lit(5), lit(1), Datatype.INT), e -> e.send(lit(1), lit(6), lit(1), Datatype.INT)).build()
        .withShared(flags);
    Program one = program().send(lit(0), lit(0), lit(1), Datatype.INT).send(lit(0), lit(1), lit(1), Datatype.INT)
        .recv(lit(0), dev.matchpoint.mpi.program.ProgramBuilder.anyTag(), lit(1), Datatype.INT, null)
        .recv(lit(0), dev.matchpoint.mpi.program.ProgramBuilder.anyTag(), lit(1), Datatype.INT, null)
        .recv(lit(0), lit(0), lit(1), Datatype.INT, null).recv(lit(0), lit(1), lit(1), Datatype.INT, null).build();
    ModelSpec spec = ModelSpec.builder().rank(writer, readsB, readsA).rank(one).build();
    assertTrue(FootprintTest.assertIndependentPairsCommute("two shared flags", spec) > 0);
  }
}
