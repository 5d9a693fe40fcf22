package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.anySource;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SendCancelPolicy;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.WildcardPolicy;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import org.junit.jupiter.api.Test;

/**
 * More programs for {@link FootprintTest#assertIndependentPairsCommute}: pairs that only one object
 * orders, so a footprint that leaves that object out makes the pair look independent although its
 * two orders reach different states. The objects: a rank's posted receive queue written by a
 * receive cancel (read by a ready send's start), a source's unexpected queue written by a CANCEL
 * packet's arrival (read by a probe), the sending thread written by a CANCEL_ACK (read by a second
 * MPI_Cancel), and the round-robin pointer moved by a wildcard probe (read by another thread's).
 */
class CancelProbeFootprintTest {
  private static final String CLAUSE = "Exhaustive means exhaustive: every model decision reads only state the search"
      + " can see (what the state fingerprint covers), and the reduced search reaches exactly the outcomes of naive"
      + " enumeration on generated programs that use every feature";
  private static final String DEPENDENT = "Two transitions are dependent when some object is written by one and read"
      + " or written by the other";

  private static ModelOptions untilMatched() {
    return ModelOptions.defaults().withSendCancel(SendCancelPolicy.UNTIL_MATCHED);
  }

  /** Rank 0's ready send starts before or after rank 1 cancels the receive it needs. */
  @Test
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  @SpecClause(source = "Flanagan and Godefroid, POPL 2005, §2", text = DEPENDENT)
  @SpecClause(source = "MPI-3.1 §3.4", text = "A send that uses the ready communication mode may be started only if "
      + "the matching receive is already posted.")
  void aReadySendRacingWithTheCancelOfItsReceive_independentActionsCommute() {
    Program sender = program().send(SendMode.READY, lit(1), lit(0), lit(1), Datatype.INT).build();
    Program receiver = program().irecv(lit(0), lit(0), lit(1), Datatype.INT, "r").call(new MpiOp.Cancel("r"))
        .waitFor("r", null).recv(lit(0), lit(0), lit(1), Datatype.INT, null).build();
    ModelSpec spec = ModelSpec.builder().rank(sender).rank(receiver).build();
    assertTrue(FootprintTest.assertIndependentPairsCommute("ready send and receive cancel", spec) > 0);
  }

  /** Rank 1 probes for rank 0's message before or after the CANCEL packet withdraws it. */
  @Test
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  @SpecClause(source = "Flanagan and Godefroid, POPL 2005, §2", text = DEPENDENT)
  @SpecClause(source = "MPI-3.1 §3.8.4", text = "Either the cancellation succeeds, or the communication succeeds, but"
      + " not both.")
  void aProbeRacingWithACancelPacket_independentActionsCommute() {
    Program sender = program().isend(SendMode.STANDARD, lit(1), lit(0), lit(1), Datatype.INT, "s")
        .call(new MpiOp.Cancel("s")).waitFor("s", null).build();
    Program receiver = program().iprobe(lit(0), lit(0), "f", "st").iprobe(lit(0), lit(0), "g", "st").build();
    ModelSpec spec = ModelSpec.builder().rank(sender).rank(receiver).options(untilMatched()).build();
    assertTrue(FootprintTest.assertIndependentPairsCommute("probe and cancel packet", spec) > 0);
  }

  /**
   * Rank 0 cancels a rendezvous send twice; the receiver's answer (refused: a matched probe took the
   * RTS, and no CTS has come back) arrives before or after the second MPI_Cancel, which asks again
   * only once it has.
   */
  @Test
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  @SpecClause(source = "Flanagan and Godefroid, POPL 2005, §2", text = DEPENDENT)
  @SpecClause(source = "MPI-3.1 §3.8.4", text = "If a communication is marked for cancellation, then a MPI_WAIT call "
      + "for that communication is guaranteed to return")
  void aCancelAnswerRacingWithASecondCancel_independentActionsCommute() {
    Program sender = program().isend(SendMode.STANDARD, lit(1), lit(0), lit(2048), Datatype.INT, "s")
        .call(new MpiOp.Cancel("s")).call(new MpiOp.Cancel("s")).waitFor("s", null).build();
    Program receiver = program().mprobe(lit(0), lit(0), "m", null).mrecv("m", lit(2048), Datatype.INT, null).build();
    ModelSpec spec = ModelSpec.builder().rank(sender).rank(receiver).options(untilMatched()).build();
    assertTrue(FootprintTest.assertIndependentPairsCommute("cancel answer and second cancel", spec) > 0);
  }

  /** Rank 2's two threads probe with MPI_ANY_SOURCE under round-robin: each probe moves the pointer. */
  @Test
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  @SpecClause(source = "Flanagan and Godefroid, POPL 2005, §2", text = DEPENDENT)
  void twoWildcardProbesUnderRoundRobin_independentActionsCommute() {
    Program probe = program().iprobe(anySource(), lit(0), "f", "st").build();
    Program send = program().send(lit(2), lit(0), lit(1), Datatype.INT).build();
    Program drain = program().recv(lit(0), lit(0), lit(1), Datatype.INT, null)
        .recv(lit(1), lit(0), lit(1), Datatype.INT, null).build();
    ModelSpec spec = ModelSpec.builder().rank(send).rank(send).rank(probe, probe, drain)
        .options(ModelOptions.defaults().withWildcard(WildcardPolicy.ROUND_ROBIN)).build();
    assertTrue(FootprintTest.assertIndependentPairsCommute("two round-robin probes", spec) > 0);
  }
}
