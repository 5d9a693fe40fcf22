package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.run.Outcome;
import dev.matchpoint.mpi.run.RunResult;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Edge cases of the Wait family that the main completion tests leave out (MPI-3.1 §3.7.3; seed 003). */
class CompletionEdgesTest {
  @Test
  @SpecClause(source = "MPI-3.1 §3.7.3", text = "One is allowed to call MPI_WAIT with a null or inactive request"
      + " argument. In this case the operation returns immediately with empty status.")
  @SpecClause(source = "seed 003 Proposal 1", text = "This form is non-blocking, and a Wait, Test, or variant must be "
      + "used on the request before operation is deemed completed.")
  void waitOnAChannelAfterItsNonblockingUnbind_overwritesTheStatusWithTheEmptyOne() {
    // The receiver's status holds its channel transfer (source 0, tag 0, 4 B) when it waits for the
    // unbind: that Wait returns the empty status.
    Program sender = program()
        .call(new MpiOp.SendInit(SendMode.STANDARD, lit(1), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, "p"))
        .call(new MpiOp.BindChannel(List.of("p"), List.of("ch"), List.of(1), false, false))
        .recv(lit(1), lit(9), lit(0), Datatype.INT, null).call(new MpiOp.Start(List.of("ch"), false))
        .waitFor("ch", null).call(new MpiOp.UnbindChannel(List.of("ch"), false)).build();
    Program receiver = program()
        .call(new MpiOp.RecvInit(lit(0), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, "p"))
        .call(new MpiOp.BindChannel(List.of("p"), List.of("ch"), List.of(1), false, false))
        .call(new MpiOp.Start(List.of("ch"), false)).send(lit(0), lit(9), lit(0), Datatype.INT).waitFor("ch", "st")
        .call(new MpiOp.UnbindChannel(List.of("ch"), true)).waitFor("ch", "st").build();
    RunResult r = RankRuns.run(sender, receiver);
    assertEquals(List.of("MPI_Recv_init ", "MPI_Bind_channel ", "MPI_Start ", "MPI_Send ",
        "MPI_Wait source=0 tag=0 count=4B", "MPI_Iunbind_channel ",
        "MPI_Wait source=MPI_ANY_SOURCE tag=MPI_ANY_TAG count=0B"), RankRuns.returns(r, 1));
    assertEquals(Outcome.OK, r.outcome(), r.problems().toString());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.9", text = "A persistent communication request is deallocated by a call to "
      + "MPI_REQUEST_FREE")
  @SpecClause(source = "MPI-3.1 §8.7", text = "It must locally complete all MPI operations that it initiated")
  void requestFree_ofAnInactivePersistentReceive_deallocatesItAtOnce() {
    // Never started, the receive has no operation to wait for: nothing is outstanding at the end.
    Program p = program().call(new MpiOp.RecvInit(lit(0), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, "q"))
        .call(new MpiOp.RequestFree("q")).build();
    RunResult r = RankRuns.run(p);
    assertEquals(Outcome.OK, r.outcome(), r.problems().toString());
    assertEquals(List.of(), r.problems());
  }
}
