package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.DatatypeRef;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.TypeOps;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The arguments of the datatype constructors and of Get_count/Get_elements (MPI-3.1 §4.1). */
class DatatypeArgumentsTest {
  private static DatatypeRef var(String name) {
    return new DatatypeRef.Variable(name);
  }

  private static List<String> details(RunResult r) {
    return r.trace().of(TraceEvent.ErrorRaised.class).stream().map(e -> e.call() + " " + e.error() + ": "
        + e.detail()).toList();
  }

  @Test
  @SpecClause(source = "MPI-3.1 §8.4", text = "MPI_ERR_COUNT Invalid count argument")
  void emptyTypes_areValid_negativeCountsAndTooManyElementsAreNot() {
    RunResult r = RankRuns.run(program().call(new TypeOps.Contiguous(lit(0), Datatype.INT, "empty"))
        .call(new TypeOps.Vector(lit(1), lit(0), lit(1), Datatype.INT, "gap"))
        .call(new TypeOps.Contiguous(lit(-1), Datatype.INT, "a"))
        .call(new TypeOps.Vector(lit(1), lit(-1), lit(1), Datatype.INT, "b"))
        .call(new TypeOps.Contiguous(lit(Integer.MAX_VALUE), Datatype.INT, "big"))
        .call(new TypeOps.Contiguous(lit(1), var("big"), "same"))
        .call(new TypeOps.Contiguous(lit(2), var("big"), "more")).build());
    assertEquals(List.of("MPI_Type_contiguous MPI_ERR_COUNT: count -1 is negative",
        "MPI_Type_vector MPI_ERR_COUNT: blocklength -1 is negative",
        "MPI_Type_contiguous MPI_ERR_COUNT: the type would have more than 2147483647 basic elements"), details(r));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §4.1.9", text = "A datatype object has to be committed before it can be used in a "
      + "communication.")
  @SpecClause(source = "MPI-3.1 §8.4", text = "MPI_ERR_TYPE Invalid datatype argument")
  void aNullOrUncommittedType_isMpiErrType_namingWhy_andCountsWithItAreUndefined() {
    RunResult r = RankRuns.run(program().call(new TypeOps.Contiguous(lit(2), Datatype.INT, "two"))
        .send(lit(1), lit(0), lit(1), Datatype.INT)
        .call(new MpiOp.Send(dev.matchpoint.mpi.SendMode.STANDARD, lit(1), lit(0), lit(1), var("two"), MpiOp.WORLD))
        .call(new TypeOps.Free("two")).call(new MpiOp.Send(dev.matchpoint.mpi.SendMode.STANDARD, lit(1), lit(0),
            lit(1), var("two"), MpiOp.WORLD)).build(),
        program().recv(lit(0), lit(0), lit(1), Datatype.INT, "st").call(new MpiOp.GetCount("st", DatatypeRef.NULL, "n"))
            .call(new TypeOps.GetElements("st", DatatypeRef.NULL, "e"))
            .call(new TypeOps.Contiguous(lit(0), Datatype.INT, "empty")).call(new TypeOps.Commit("empty"))
            .call(new MpiOp.GetCount("st", var("empty"), "z")).build());
    assertEquals(List.of(
        "MPI_Send MPI_ERR_TYPE: datatype 'two' is not committed: call type-commit before communicating with it",
        "MPI_Send MPI_ERR_TYPE: datatype 'two' is MPI_DATATYPE_NULL (freed by MPI_Type_free, or its constructor "
            + "failed)", "MPI_Get_count MPI_ERR_TYPE: the datatype is MPI_DATATYPE_NULL",
        "MPI_Get_elements MPI_ERR_TYPE: the datatype is MPI_DATATYPE_NULL"), details(r));
    // 4 bytes are no whole number of elements of an empty type either.
    assertEquals(List.of("MPI_Recv source=0 tag=0 count=4B", "MPI_Get_count count=MPI_UNDEFINED MPI_ERR_TYPE",
        "MPI_Get_elements elements=MPI_UNDEFINED MPI_ERR_TYPE", "MPI_Type_contiguous empty=0 x MPI_INT uncommitted",
        "MPI_Type_commit empty=0 x MPI_INT committed", "MPI_Get_count count=MPI_UNDEFINED"), RankRuns.returns(r, 1));
  }
}
