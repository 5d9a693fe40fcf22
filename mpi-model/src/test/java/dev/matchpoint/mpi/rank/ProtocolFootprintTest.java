package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.anySource;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.program.Program;
import org.junit.jupiter.api.Test;

/**
 * A pair for {@link FootprintTest#assertIndependentPairsCommute} that only the posted receive queue
 * orders: a message arriving that takes a posted receive (which writes the queue) and a ready send's
 * start at the same rank (which reads it to judge the send, MPI-3.1 §3.4).
 */
class ProtocolFootprintTest {
  private static final String CLAUSE = "Exhaustive means exhaustive: every model decision reads only state the search"
      + " can see (what the state fingerprint covers), and the reduced search reaches exactly the outcomes of naive"
      + " enumeration on generated programs that use every feature";
  private static final String DEPENDENT = "Two transitions are dependent when some object is written by one and read"
      + " or written by the other";

  /** Rank 0's message takes rank 2's MPI_ANY_SOURCE receive before or after rank 1's ready send starts. */
  @Test
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  @SpecClause(source = "Flanagan and Godefroid, POPL 2005, §2", text = DEPENDENT)
  @SpecClause(source = "MPI-3.1 §3.4", text = "A send that uses the ready communication mode may be started only if "
      + "the matching receive is already posted.")
  void anArrivalTakingAPostedReceive_racingWithAReadySendsStart_independentActionsCommute() {
    Program standard = program().send(lit(2), lit(0), lit(1), Datatype.INT).build();
    Program ready = program().send(SendMode.READY, lit(2), lit(0), lit(1), Datatype.INT).build();
    Program receiver = program().irecv(anySource(), lit(0), lit(1), Datatype.INT, "a").waitFor("a", null)
        .recv(anySource(), lit(0), lit(1), Datatype.INT, null).build();
    ModelSpec spec = ModelSpec.builder().rank(standard).rank(ready).rank(receiver).build();
    assertTrue(FootprintTest.assertIndependentPairsCommute("arrival and ready send", spec) > 0);
  }
}
