package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.run.Outcome;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.mpi.testing.Exhaustive;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The Wait and Test families, Request_free and Sendrecv (MPI-3.1 §3.7.3–3.7.5, §3.10). */
class CompletionTest {
  private static List<String> returns(RunResult r, int rank) {
    return r.trace().of(TraceEvent.CallReturned.class).stream().filter(c -> c.rank() == rank)
        .map(c -> c.call() + " " + c.result()).toList();
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.7.5", text = "If more than one operation is enabled and can terminate, one is "
      + "arbitrarily chosen.")
  void waitany_withTwoCompletedRequests_mayReturnEither_mpi31Section375() {
    // "If more than one operation is enabled and can terminate, one is arbitrarily chosen."
    Program sender = program().send(lit(1), lit(0), lit(1), Datatype.INT).send(lit(1), lit(1), lit(1), Datatype.INT)
        .build();
    Program receiver = program().irecv(lit(0), lit(0), lit(1), Datatype.INT, "a")
        .irecv(lit(0), lit(1), lit(1), Datatype.INT, "b")
        .recv(lit(2), lit(9), lit(0), Datatype.INT, null)
        .waitAny("i", "st", "a", "b").waitAny("j", "st", "a", "b").waitAny("k", "st", "a", "b").build();
    Program go = program().send(lit(1), lit(9), lit(0), Datatype.INT).build();
    ModelSpec spec = ModelSpec.builder().rank(sender).rank(receiver).rank(go).build();
    Map<Exhaustive.End, Long> ends = Exhaustive.ends(spec, CheckKind.NO_DEADLOCK, CheckKind.NO_ERRORS);
    ends.keySet().forEach(e -> assertTrue(!e.violated(), e.toString()));
    // Both orders of return are reachable through the COMPLETION variants.
    Set<String> firstIndex = new TreeSet<>();
    for (long seed = 0; seed < 60; seed++) {
      RunResult r = Runner.logical(spec, new dev.matchpoint.core.sched.SeededScheduler(seed),
          RunOptions.of(CheckKind.all()));
      firstIndex.add(returns(r, 1).stream().filter(s -> s.startsWith("MPI_Waitany")).findFirst().orElseThrow());
    }
    assertTrue(firstIndex.size() >= 2, firstIndex.toString());
  }

  @Test
  void waitall_waitsome_testall_testany_followTheStandard() {
    Program sender = program().call(new MpiOp.Compute(lit(10_000))).send(lit(1), lit(0), lit(1), Datatype.INT)
        .call(new MpiOp.Compute(lit(10_000))).send(lit(1), lit(1), lit(1), Datatype.INT).build();
    Program receiver = program().irecv(lit(0), lit(0), lit(1), Datatype.INT, "a")
        .irecv(lit(0), lit(1), lit(1), Datatype.INT, "b")
        .call(new MpiOp.Testall(List.of("a", "b"), "all"))
        .call(new MpiOp.Testany(List.of("a", "b"), "any", "i", null))
        .call(new MpiOp.Waitsome(List.of("a", "b"), "n"))
        .call(new MpiOp.Testsome(List.of("a", "b"), "m"))
        .call(new MpiOp.Waitall(List.of("a", "b"), List.of()))
        .call(new MpiOp.Waitsome(List.of("a", "b"), "n")).build();
    RunResult r = Runner.timed(ModelSpec.builder().rank(sender).rank(receiver).build(), 1, FifoScheduler.INSTANCE,
        RunOptions.of(CheckKind.all()));
    assertEquals(Outcome.OK, r.outcome());
    assertEquals(List.of("MPI_Irecv ", "MPI_Irecv ", "MPI_Testall flag=false", "MPI_Testany flag=false",
        "MPI_Waitsome n=1", "MPI_Testsome m=0", "MPI_Waitall ", "MPI_Waitsome n=MPI_UNDEFINED"), returns(r, 1));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.7.3", text = "Mark the request object for deallocation and set request to "
      + "MPI_REQUEST_NULL. An ongoing communication that is associated with the request will be allowed to complete.")
  void requestFree_ofAnActiveReceive_letsItCompleteInTheBackground() {
    Program sender = program().send(lit(1), lit(0), lit(1), Datatype.INT).build();
    Program receiver = program().irecv(lit(0), lit(0), lit(1), Datatype.INT, "r")
        .call(new MpiOp.RequestFree("r")).build();
    RunResult r = Runner.timed(ModelSpec.builder().rank(sender).rank(receiver).build(), 1, FifoScheduler.INSTANCE,
        RunOptions.of(CheckKind.all()));
    assertEquals(Outcome.OK, r.outcome());
    assertEquals(1, r.trace().matches().size());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.10", text = "The semantics of a send-receive operation is what would be obtained "
      + "if the caller forked two concurrent threads, one to execute the send, and one to execute the receive, "
      + "followed by a join of these two threads.")
  void sendrecv_inARing_neverDeadlocks_mpi31Section310() {
    // MPI_Sendrecv executes a send and a receive concurrently, so a ring of rendezvous messages completes.
    var b = ModelSpec.builder();
    for (int r = 0; r < 3; r++) {
      b.rank(program().call(new MpiOp.Sendrecv(lit((r + 1) % 3), lit(0), lit(5000), Datatype.INT, lit((r + 2) % 3),
          lit(0), lit(5000), Datatype.INT, MpiOp.WORLD, "st")).build());
    }
    Map<Exhaustive.End, Long> ends = Exhaustive.ends(b.build(), CheckKind.NO_DEADLOCK, CheckKind.NO_ERRORS);
    ends.keySet().forEach(e -> assertTrue(!e.violated(), e.toString()));
    // The same ring with blocking rendezvous sends first deadlocks.
    var d = ModelSpec.builder();
    for (int r = 0; r < 3; r++) {
      d.rank(program().send(SendMode.STANDARD, lit((r + 1) % 3), lit(0), lit(5000), Datatype.INT)
          .recv(lit((r + 2) % 3), lit(0), lit(5000), Datatype.INT, null).build());
    }
    Exhaustive.ends(d.build(), CheckKind.NO_DEADLOCK).keySet().forEach(e -> assertTrue(e.deadlocked()));
  }
}
