package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.matchpoint.mpi.CollectiveKind;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.ReduceOp;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.program.CommOp;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.PartitionCalls;
import dev.matchpoint.mpi.program.PartitionCalls.ReadyForm;
import dev.matchpoint.mpi.program.PointToPointOps;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The evaluated arguments a trace's {@code call} events give for the collective, communicator,
 * partitioned and exchange calls.
 */
class CallArgumentsTextTest {
  private static List<String> calls(RunResult r, int rank) {
    return r.trace().of(TraceEvent.CallStarted.class).stream().filter(e -> e.rank() == rank)
        .map(e -> e.call() + "(" + e.args() + ")").toList();
  }

  @Test
  @SpecClause(source = "docs/trace-format.md", text = "`call` | `call` (MPI function), `args` (evaluated arguments), "
      + "`at`")
  void eachCallsEvaluatedArguments_areNamed() {
    MpiOp.Sendrecv exchange = new MpiOp.Sendrecv(lit(1), lit(2), lit(1), Datatype.INT, lit(1), lit(3), lit(1),
        Datatype.INT, MpiOp.WORLD, null);
    Program zero = program()
        .call(new MpiOp.Collective(CollectiveKind.REDUCE, lit(0), lit(2), Datatype.INT, ReduceOp.SUM, MpiOp.WORLD))
        .call(new MpiOp.Collective(CollectiveKind.BARRIER, null, lit(0), Datatype.INT, null, MpiOp.WORLD))
        .call(new CommOp.Split(MpiOp.WORLD, lit(1), lit(4), "c")).call(new CommOp.Split(MpiOp.WORLD, null, lit(0), "u"))
        .call(new PartitionCalls.PsendInit(lit(1), lit(0), lit(2), lit(1), Datatype.INT, MpiOp.WORLD, "p"))
        .call(new MpiOp.Start(List.of("p"), false))
        .call(new PartitionCalls.Pready(ReadyForm.RANGE, List.of(lit(0), lit(1)), "p")).waitFor("p", null)
        .call(new PointToPointOps.Isendrecv(exchange, "x")).waitFor("x", null)
        .call(new PointToPointOps.SendrecvReplace(lit(1), lit(4), lit(1), lit(5), lit(3), Datatype.INT, MpiOp.WORLD,
            null, null))
        .call(new PointToPointOps.RequestGetStatus("x", "f", null)).build();
    MpiOp.Sendrecv back = new MpiOp.Sendrecv(lit(0), lit(3), lit(1), Datatype.INT, lit(0), lit(2), lit(1),
        Datatype.INT, MpiOp.WORLD, null);
    Program one = program()
        .call(new MpiOp.Collective(CollectiveKind.REDUCE, lit(0), lit(2), Datatype.INT, ReduceOp.SUM, MpiOp.WORLD))
        .call(new MpiOp.Collective(CollectiveKind.BARRIER, null, lit(0), Datatype.INT, null, MpiOp.WORLD))
        .call(new CommOp.Split(MpiOp.WORLD, lit(1), lit(4), "c")).call(new CommOp.Split(MpiOp.WORLD, null, lit(0), "u"))
        .call(new PartitionCalls.PrecvInit(lit(0), lit(0), lit(2), lit(1), Datatype.INT, MpiOp.WORLD, "p"))
        .call(new MpiOp.Start(List.of("p"), false)).call(new PartitionCalls.Parrived("p", lit(1), "f"))
        .waitFor("p", null).call(back)
        .call(new PointToPointOps.SendrecvReplace(lit(0), lit(5), lit(0), lit(4), lit(3), Datatype.INT, MpiOp.WORLD,
            null, "y")).waitFor("y", null).build();
    RunResult r = RankRuns.run(zero, one);
    assertEquals(List.of("MPI_Reduce(root=0 count=2 MPI_INT op=MPI_SUM comm=world)", "MPI_Barrier(comm=world)",
        "MPI_Comm_split(comm=world color=1 key=4)", "MPI_Comm_split(comm=world color=MPI_UNDEFINED key=0)",
        "MPI_Psend_init(dest=1 tag=0 partitions=2 count=1 MPI_INT comm=world request=p)", "MPI_Start(requests=[p])",
        "MPI_Pready_range(range=0,1 request=p)", "MPI_Wait(request=p)",
        "MPI_Isendrecv(dest=1 sendtag=2 source=1 recvtag=3 comm=world request=x)", "MPI_Wait(request=x)",
        "MPI_Sendrecv_replace(dest=1 sendtag=4 count=3 MPI_INT source=1 recvtag=5 comm=world)",
        "MPI_Request_get_status(request=x)"), calls(r, 0));
    assertEquals(List.of("MPI_Reduce(root=0 count=2 MPI_INT op=MPI_SUM comm=world)", "MPI_Barrier(comm=world)",
        "MPI_Comm_split(comm=world color=1 key=4)", "MPI_Comm_split(comm=world color=MPI_UNDEFINED key=0)",
        "MPI_Precv_init(source=0 tag=0 partitions=2 count=1 MPI_INT comm=world request=p)", "MPI_Start(requests=[p])",
        "MPI_Parrived(request=p partition=1)", "MPI_Wait(request=p)",
        "MPI_Sendrecv(dest=0 sendtag=3 source=0 recvtag=2 comm=world)",
        "MPI_Isendrecv_replace(dest=0 sendtag=5 count=3 MPI_INT source=0 recvtag=4 comm=world request=y)",
        "MPI_Wait(request=y)"), calls(r, 1));
  }
}
