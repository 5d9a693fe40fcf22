package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.anySource;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.DatatypeRef;
import dev.matchpoint.mpi.ErrorClass;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.program.ProgramBuilder;
import dev.matchpoint.mpi.program.TypeOps;
import dev.matchpoint.mpi.run.Outcome;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Derived datatypes (MPI-3.1 chapter 4): MPI_Type_contiguous and MPI_Type_vector with their type
 * signatures in the matching rule, MPI_Type_commit, MPI_Type_free, MPI_DATATYPE_NULL and
 * MPI_ERR_TYPE, and MPI_Get_count against MPI_Get_elements.
 */
class DatatypesTest {
  private static final DatatypeRef TRI = new DatatypeRef.Variable("tri");
  private static final String COMMIT = "A datatype object has to be committed before it can be used in a "
      + "communication.";
  private static final String FREE = "Marks the datatype object associated with datatype for deallocation and sets "
      + "datatype to MPI_DATATYPE_NULL.";

  private static RunResult run(Program... ranks) {
    ModelSpec.Builder b = ModelSpec.builder();
    for (Program p : ranks) {
      b.rank(p);
    }
    return Runner.timed(b.build(), 1, FifoScheduler.INSTANCE, RunOptions.keepingTrace(CheckKind.all()));
  }

  private static List<String> returns(RunResult r, int rank) {
    return r.trace().of(TraceEvent.CallReturned.class).stream().filter(c -> c.rank() == rank)
        .map(c -> c.call() + " " + c.result() + (c.error() == ErrorClass.MPI_SUCCESS ? "" : " " + c.error())).toList();
  }

  /** contiguous(3, int), committed, into {@code tri}. */
  private static ProgramBuilder tri() {
    return program().call(new TypeOps.Contiguous(lit(3), Datatype.INT, "tri")).call(new TypeOps.Commit("tri"));
  }

  private static MpiOp.Send send(int count, DatatypeRef type) {
    return new MpiOp.Send(dev.matchpoint.mpi.SendMode.STANDARD, lit(1), lit(0), lit(count), type, MpiOp.WORLD);
  }

  private static MpiOp.Recv recv(int count, DatatypeRef type) {
    return new MpiOp.Recv(anySource(), lit(0), lit(count), type, MpiOp.WORLD, "st");
  }

  @Test
  @SpecClause(source = "MPI-3.1 §4.1.11", text = "Type matching is defined according to the type signature of the "
      + "corresponding datatypes, that is, the sequence of basic type components.")
  void signatures_matchAcrossDerivedAndBasicTypes_gapsDoNotCount() {
    // 2 x contiguous(3, int) is the signature int^6: it matches a receive of 6 MPI_INT, 24 bytes.
    RunResult ok = run(tri().call(send(2, TRI)).build(), program().call(recv(6, Datatype.INT)).build());
    assertEquals(Outcome.OK, ok.outcome(), ok.problems().toString());
    assertEquals(List.of("MPI_Recv source=0 tag=0 count=24B"), returns(ok, 1));
    // vector(2 blocks of 3 int, stride 10): the gaps count towards the extent, not the message.
    RunResult vector = run(program().call(new TypeOps.Vector(lit(2), lit(3), lit(10), Datatype.INT, "v"))
        .call(new TypeOps.Commit("v")).call(send(1, new DatatypeRef.Variable("v"))).build(),
        tri().call(recv(2, TRI)).build());
    assertEquals(Outcome.OK, vector.outcome(), vector.problems().toString());
    assertTrue(returns(vector, 1).contains("MPI_Recv source=0 tag=0 count=24B"), returns(vector, 1).toString());
    // The signature int^6 does not match double^6 (48 bytes: no truncation, a type mismatch).
    RunResult mismatch = run(tri().call(send(2, TRI)).build(), program().call(recv(6, Datatype.DOUBLE)).build());
    assertEquals(Outcome.ERRONEOUS, mismatch.outcome());
    assertTrue(mismatch.problems().toString().contains(Protocols.TYPE_MISMATCH), mismatch.problems().toString());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §4.1.9", text = COMMIT)
  void uncommittedType_inCommunication_isMpiErrType_atTheCall_andTheProgramGoesOn() {
    RunResult r = run(program().call(new TypeOps.Contiguous(lit(3), Datatype.INT, "tri")).call(send(1, TRI))
        .call(new TypeOps.Commit("tri")).call(send(1, TRI)).build(), program().call(recv(3, Datatype.INT)).build());
    List<TraceEvent.ErrorRaised> errors = r.trace().of(TraceEvent.ErrorRaised.class);
    assertEquals(1, errors.size(), errors.toString());
    assertEquals(ErrorClass.MPI_ERR_TYPE, errors.get(0).error());
    assertEquals("MPI_Send", errors.get(0).call());
    assertTrue(errors.get(0).detail().contains("not committed"), errors.get(0).detail());
    // The committed type's send after it is received: the error was a result, not a crash.
    assertEquals(List.of("MPI_Recv source=0 tag=0 count=12B"), returns(r, 1));
    assertEquals(Outcome.ERRONEOUS, r.outcome());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §4.1.9", text = FREE)
  void freedTypeAndDatatypeNull_areMpiErrType_typesBuiltFromAFreedTypeStayUsable() {
    RunResult r = run(tri().call(new TypeOps.Contiguous(lit(2), TRI, "six")).call(new TypeOps.Commit("six"))
        .call(new TypeOps.Free("tri")).call(send(1, TRI)).call(send(1, DatatypeRef.NULL))
        .call(new TypeOps.Free("tri")).call(send(1, new DatatypeRef.Variable("six"))).build(),
        program().call(recv(6, Datatype.INT)).build());
    assertEquals(List.of(ErrorClass.MPI_ERR_TYPE, ErrorClass.MPI_ERR_TYPE, ErrorClass.MPI_ERR_TYPE),
        r.trace().of(TraceEvent.ErrorRaised.class).stream().map(TraceEvent.ErrorRaised::error).toList());
    assertTrue(returns(r, 0).contains("MPI_Type_free tri=MPI_DATATYPE_NULL"), returns(r, 0).toString());
    // six = contiguous(2, tri) outlives tri: its message of 6 MPI_INT arrives.
    assertEquals(List.of("MPI_Recv source=0 tag=0 count=24B"), returns(r, 1));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §4.1.11", text = "if the receive operation has not received an integral number of "
      + "datatype \"copies,\" then MPI_GET_COUNT sets the value of count to MPI_UNDEFINED.")
  void getCount_ofAPartialCopy_isUndefined_getElements_countsTheBasicElements() {
    RunResult r = run(program().send(lit(1), lit(0), lit(5), Datatype.INT).send(lit(1), lit(0), lit(6),
        Datatype.INT).build(),
        program().call(new TypeOps.Contiguous(lit(2), Datatype.INT, "pair")).call(new TypeOps.Commit("pair"))
            .call(new MpiOp.Recv(lit(0), lit(0), lit(3), new DatatypeRef.Variable("pair"), MpiOp.WORLD, "st"))
            .call(new MpiOp.GetCount("st", new DatatypeRef.Variable("pair"), "n"))
            .call(new TypeOps.GetElements("st", new DatatypeRef.Variable("pair"), "e"))
            .call(new MpiOp.Recv(lit(0), lit(0), lit(3), new DatatypeRef.Variable("pair"), MpiOp.WORLD, "st"))
            .call(new MpiOp.GetCount("st", new DatatypeRef.Variable("pair"), "n"))
            .call(new TypeOps.GetElements("st", new DatatypeRef.Variable("pair"), "e"))
            .call(new TypeOps.GetElements("st", Datatype.INT, "e")).build());
    List<String> calls = returns(r, 1).stream().filter(s -> s.startsWith("MPI_Get")).toList();
    assertEquals(List.of("MPI_Get_count count=MPI_UNDEFINED", "MPI_Get_elements elements=5",
        "MPI_Get_count count=3", "MPI_Get_elements elements=6", "MPI_Get_elements elements=6"), calls);
    assertEquals(Outcome.OK, r.outcome(), r.problems().toString());
  }
}
