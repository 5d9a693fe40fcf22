package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.anySource;
import static dev.matchpoint.mpi.program.ProgramBuilder.anyTag;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static dev.matchpoint.mpi.program.ProgramBuilder.source;
import static dev.matchpoint.mpi.program.ProgramBuilder.tagOf;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.mpi.CollectiveKind;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.ReduceOp;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The trace's {@code call} and {@code return} lines (docs/trace-format.md): every call's evaluated
 * arguments and what it bound in its output variables, as {@link OpText} writes them.
 */
class CallTextTest {
  private static final String CALL = "`call` (MPI function), `args` (evaluated arguments), `at`";
  private static final String RETURN = "`result` (e.g. `flag=true source=0 tag=0 count=4`; MPI_Waitsome and"
      + " MPI_Testsome with `indices` add the completed positions, `n=2 indices=[0,2]`), `error` (error class)";

  /** Rank 0 sends a series of messages that rank 1 inspects with every receive and probe call, one after the other. */
  static ModelSpec everyCall() {
    Program zero = program()
        .send(lit(1), lit(3), lit(2), Datatype.INT)
        .isend(SendMode.STANDARD, lit(1), lit(4), lit(1), Datatype.INT, "s").waitFor("s", "ws")
        .isend(SendMode.STANDARD, lit(1), lit(5), lit(1), Datatype.INT, "s2")
        .isend(SendMode.STANDARD, lit(1), lit(6), lit(1), Datatype.INT, "s3")
        .call(new MpiOp.Waitall(List.of("s2", "s3"), List.of()))
        .call(new MpiOp.SendInit(SendMode.STANDARD, lit(1), lit(7), lit(1), Datatype.INT, MpiOp.WORLD, "p"))
        .call(new MpiOp.Start(List.of("p"), false)).waitFor("p", null).call(new MpiOp.RequestFree("p"))
        .call(new MpiOp.BufferAttach(lit(64)))
        .send(SendMode.BUFFERED, lit(1), lit(8), lit(1), Datatype.INT)
        .call(new MpiOp.BufferDetach())
        .call(new MpiOp.Sendrecv(lit(1), lit(9), lit(1), Datatype.INT, lit(1), anyTag(), lit(1), Datatype.INT,
            MpiOp.WORLD, "sr"))
        .send(lit(1), lit(11), lit(2), Datatype.INT)
        .call(new MpiOp.Compute(lit(10)))
        .call(new MpiOp.Collective(CollectiveKind.REDUCE, lit(1), lit(2), Datatype.INT, ReduceOp.SUM, MpiOp.WORLD))
        .build();
    Program one = program()
        .iprobe(lit(0), lit(77), "f0", "x")
        .probe(lit(0), anyTag(), "ps")
        .iprobe(source("ps"), tagOf("ps"), "f", "is")
        .recv(source("ps"), tagOf("ps"), lit(2), Datatype.INT, "rs")
        .call(new MpiOp.GetCount("rs", Datatype.DOUBLE, "n"))
        .mprobe(anySource(), lit(4), "m", "ms")
        .mrecv("m", lit(1), Datatype.INT, "mr")
        .call(new MpiOp.GetCount("mr", Datatype.DOUBLE, "n2"))
        .improbe(lit(0), lit(5), "f", "m2", "ims")
        .imrecv("m2", lit(1), Datatype.INT, "r")
        .call(new MpiOp.Test("r", "f", "ts"))
        .irecv(lit(0), lit(6), lit(1), Datatype.INT, "a")
        .irecv(lit(0), lit(7), lit(1), Datatype.INT, "b")
        .call(new MpiOp.Waitsome(List.of("a", "b"), "k", List.of("i0", "i1"), List.of()))
        .call(new MpiOp.Waitany(List.of("a", "b"), "i", "wa"))
        .call(new MpiOp.RecvInit(lit(0), lit(8), lit(1), Datatype.INT, MpiOp.WORLD, "q"))
        .call(new MpiOp.Start(List.of("q"), false))
        .call(new MpiOp.Testany(List.of("q"), "f", "i", "ta"))
        .call(new MpiOp.Testall(List.of("q"), "f"))
        .call(new MpiOp.Testsome(List.of("q"), "k", List.of("j0"), List.of()))
        .irecv(lit(0), lit(99), lit(1), Datatype.INT, "c").call(new MpiOp.Cancel("c")).waitFor("c", "cs")
        .call(new MpiOp.TestCancelled("cs", "cf"))
        .call(new MpiOp.Sendrecv(lit(0), lit(10), lit(1), Datatype.INT, lit(0), lit(9), lit(1), Datatype.INT,
            MpiOp.WORLD, "sr"))
        .recv(lit(0), lit(11), lit(1), Datatype.INT, "tr")
        .call(new MpiOp.Collective(CollectiveKind.REDUCE, lit(1), lit(2), Datatype.INT, ReduceOp.SUM, MpiOp.WORLD))
        .build();
    return ModelSpec.builder().rank(zero).rank(one).build();
  }

  private static List<String> lines(RunResult r, int rank) {
    List<String> out = new ArrayList<>();
    for (TraceEvent e : r.trace().events()) {
      if (e instanceof TraceEvent.CallStarted c && c.rank() == rank) {
        out.add(c.call() + "(" + c.args() + ")");
      } else if (e instanceof TraceEvent.CallReturned c && c.rank() == rank && !c.result().isEmpty()) {
        out.add("  -> " + c.result() + (c.error() == dev.matchpoint.mpi.ErrorClass.MPI_SUCCESS ? "" : " " + c.error()));
      }
    }
    return out;
  }

  @Test
  @SpecClause(source = "docs/trace-format.md", text = CALL)
  @SpecClause(source = "docs/trace-format.md", text = RETURN)
  void everyCall_writesItsEvaluatedArguments_andWhatItBound() {
    RunResult r = Runner.timed(everyCall(), 1, FifoScheduler.INSTANCE, RunOptions.keepingTrace(CheckKind.all()));
    assertEquals(List.of(
        "MPI_Send(dest=1 tag=3 count=2 MPI_INT comm=world)",
        "MPI_Isend(dest=1 tag=4 count=1 MPI_INT comm=world request=s)",
        "MPI_Wait(request=s)",
        "  -> source=MPI_ANY_SOURCE tag=MPI_ANY_TAG count=0B",
        "MPI_Isend(dest=1 tag=5 count=1 MPI_INT comm=world request=s2)",
        "MPI_Isend(dest=1 tag=6 count=1 MPI_INT comm=world request=s3)",
        "MPI_Waitall(requests=[s2, s3])",
        "MPI_Send_init(dest=1 tag=7 count=1 MPI_INT comm=world request=p)",
        "MPI_Start(requests=[p])",
        "MPI_Wait(request=p)",
        "MPI_Request_free(request=p)",
        "MPI_Buffer_attach(size=64)",
        "MPI_Bsend(dest=1 tag=8 count=1 MPI_INT comm=world)",
        "MPI_Buffer_detach()",
        "MPI_Sendrecv(dest=1 sendtag=9 source=1 recvtag=MPI_ANY_TAG comm=world)",
        "  -> source=1 tag=10 count=4B",
        "MPI_Send(dest=1 tag=11 count=2 MPI_INT comm=world)",
        "compute(ns=10)",
        "MPI_Reduce(root=1 count=2 MPI_INT op=MPI_SUM comm=world)",
        "  -> algorithm binomial-tree, 1 rounds, 1401 ns"), lines(r, 0));
    assertEquals(List.of(
        "MPI_Iprobe(source=0 tag=77 comm=world)",
        "  -> flag=false",
        "MPI_Probe(source=0 tag=MPI_ANY_TAG comm=world)",
        "  -> source=0 tag=3 count=8B",
        "MPI_Iprobe(source=0 tag=3 comm=world)",
        "  -> flag=true source=0 tag=3 count=8B",
        "MPI_Recv(source=0 tag=3 count=2 MPI_INT comm=world)",
        "  -> source=0 tag=3 count=8B",
        "MPI_Get_count(status=rs MPI_DOUBLE)",
        "  -> count=1",
        "MPI_Mprobe(source=MPI_ANY_SOURCE tag=4 comm=world message=m)",
        "  -> message=0#1 source=0 tag=4 count=4B",
        "MPI_Mrecv(message=m count=1 MPI_INT)",
        "  -> source=0 tag=4 count=4B",
        "MPI_Get_count(status=mr MPI_DOUBLE)",
        "  -> count=MPI_UNDEFINED",
        "MPI_Improbe(source=0 tag=5 comm=world message=m2)",
        "  -> flag=true message=0#2 source=0 tag=5 count=4B",
        "MPI_Imrecv(message=m2 count=1 MPI_INT request=r)",
        "MPI_Test(request=r)",
        "  -> flag=true source=0 tag=5 count=4B",
        "MPI_Irecv(source=0 tag=6 count=1 MPI_INT comm=world request=a)",
        "MPI_Irecv(source=0 tag=7 count=1 MPI_INT comm=world request=b)",
        "MPI_Waitsome(requests=[a, b])",
        "  -> k=2 indices=[0,1]",
        "MPI_Waitany(requests=[a, b])",
        "  -> i=MPI_UNDEFINED source=MPI_ANY_SOURCE tag=MPI_ANY_TAG count=0B",
        "MPI_Recv_init(source=0 tag=8 count=1 MPI_INT comm=world request=q)",
        "MPI_Start(requests=[q])",
        "MPI_Testany(requests=[q])",
        "  -> flag=true i=0 source=0 tag=8 count=4B",
        "MPI_Testall(requests=[q])",
        "  -> flag=true",
        "MPI_Testsome(requests=[q])",
        "  -> k=MPI_UNDEFINED",
        "MPI_Irecv(source=0 tag=99 count=1 MPI_INT comm=world request=c)",
        "MPI_Cancel(request=c)",
        "MPI_Wait(request=c)",
        "  -> source=MPI_ANY_SOURCE tag=MPI_ANY_TAG count=0B",
        "MPI_Test_cancelled(status=cs)",
        "  -> flag=true",
        "MPI_Sendrecv(dest=0 sendtag=10 source=0 recvtag=9 comm=world)",
        "  -> source=0 tag=9 count=4B",
        "MPI_Recv(source=0 tag=11 count=1 MPI_INT comm=world)",
        "  -> source=0 tag=11 count=4B MPI_ERR_TRUNCATE",
        "MPI_Reduce(root=1 count=2 MPI_INT op=MPI_SUM comm=world)",
        "  -> algorithm binomial-tree, 1 rounds, 1401 ns"), lines(r, 1));
  }
}
