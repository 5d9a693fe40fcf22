package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.program.Cond;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.program.VarType;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Steps that write and read rank-shared variables, against the independence their footprints claim. */
class SharedFootprintTest {
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
