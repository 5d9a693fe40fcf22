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
          RunOptions.keepingTrace(CheckKind.all()));
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
        RunOptions.keepingTrace(CheckKind.all()));
    assertEquals(Outcome.OK, r.outcome());
    assertEquals(List.of("MPI_Irecv ", "MPI_Irecv ", "MPI_Testall flag=false", "MPI_Testany flag=false",
        "MPI_Waitsome n=1", "MPI_Testsome m=0", "MPI_Waitall ", "MPI_Waitsome n=MPI_UNDEFINED"), returns(r, 1));
  }

  private static final String ANY_NULL_OR_INACTIVE = "The array_of_requests list may contain null or inactive "
      + "handles. If the list contains no active handles (list has length zero or all entries are null or inactive), "
      + "then the call returns immediately with index = MPI_UNDEFINED, and an empty status.";

  /** Rank 0 sends tag 1 after a pause; rank 1 has an inactive persistent receive p and an Irecv r for it. */
  private static ModelSpec inactiveAndActive(java.util.function.Consumer<dev.matchpoint.mpi.program.ProgramBuilder>
      calls) {
    Program sender = program().call(new MpiOp.Compute(lit(10_000))).send(lit(1), lit(1), lit(1), Datatype.INT).build();
    var receiver = program().call(new MpiOp.RecvInit(lit(0), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, "p"))
        .irecv(lit(0), lit(1), lit(1), Datatype.INT, "r");
    calls.accept(receiver);
    receiver.call(new MpiOp.RequestFree("p"));
    return ModelSpec.builder().rank(sender).rank(receiver.build()).build();
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.7.5", text = "Blocks until one of the operations associated with the active "
      + "requests in the array has completed.")
  @SpecClause(source = "MPI-3.1 §3.7.5", text = ANY_NULL_OR_INACTIVE)
  @SpecClause(source = "MPI-3.1 §3.7.5", text = "The array may contain null or inactive handles. If the array "
      + "contains no active handles then the call returns immediately with flag = true, index = MPI_UNDEFINED, and "
      + "an empty status.")
  void waitanyAndTestany_ignoreAnInactivePersistentRequest_mpi31Section375() {
    ModelSpec spec = inactiveAndActive(b -> b.call(new MpiOp.Testany(List.of("p", "r"), "f", "i", "st"))
        .waitAny("i", "st", "p", "r").waitAny("i", "st", "p", "r")
        .call(new MpiOp.Testany(List.of("p", "r"), "f", "i", "st")));
    RunResult r = Runner.timed(spec, 1, FifoScheduler.INSTANCE, RunOptions.keepingTrace(CheckKind.all()));
    assertEquals(Outcome.OK, r.outcome(), r.trace().toText());
    assertEquals(List.of("MPI_Recv_init ", "MPI_Irecv ", "MPI_Testany flag=false",
        "MPI_Waitany i=1 source=0 tag=1 count=4B",
        "MPI_Waitany i=MPI_UNDEFINED source=MPI_ANY_SOURCE tag=MPI_ANY_TAG count=0B",
        "MPI_Testany flag=true i=MPI_UNDEFINED source=MPI_ANY_SOURCE tag=MPI_ANY_TAG count=0B",
        "MPI_Request_free "), returns(r, 1));
    // In every logical schedule the inactive request (index 0) is never the one returned.
    for (long seed = 0; seed < 20; seed++) {
      RunResult l = Runner.logical(spec, new dev.matchpoint.core.sched.SeededScheduler(seed),
          RunOptions.keepingTrace(CheckKind.all()));
      assertEquals(Outcome.OK, l.outcome());
      returns(l, 1).forEach(ret -> assertTrue(!ret.contains("i=0"), ret));
    }
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.7.5", text = "Waits until at least one of the operations associated with active "
      + "handles in the list have completed.")
  @SpecClause(source = "MPI-3.1 §3.7.5", text = "If the list contains no active handles, then the call returns "
      + "immediately with outcount = MPI_UNDEFINED.")
  @SpecClause(source = "MPI-3.1 §3.7.5", text = "Behaves like MPI_WAITSOME, except that it returns immediately. If no "
      + "operation has completed it returns outcount = 0. If there is no active handle in the list it returns "
      + "outcount = MPI_UNDEFINED.")
  void waitsomeAndTestsome_ignoreAnInactivePersistentRequest_mpi31Section375() {
    ModelSpec spec = inactiveAndActive(b -> b.call(new MpiOp.Testsome(List.of("p", "r"), "m"))
        .call(new MpiOp.Waitsome(List.of("p", "r"), "n")).call(new MpiOp.Waitsome(List.of("p", "r"), "n"))
        .call(new MpiOp.Testsome(List.of("p", "r"), "m")));
    RunResult r = Runner.timed(spec, 1, FifoScheduler.INSTANCE, RunOptions.keepingTrace(CheckKind.all()));
    assertEquals(Outcome.OK, r.outcome(), r.trace().toText());
    assertEquals(List.of("MPI_Recv_init ", "MPI_Irecv ", "MPI_Testsome m=0", "MPI_Waitsome n=1",
        "MPI_Waitsome n=MPI_UNDEFINED", "MPI_Testsome m=MPI_UNDEFINED", "MPI_Request_free "), returns(r, 1));
    // The Irecv is completed by the first Waitsome in every schedule: it receives the message.
    Map<Exhaustive.End, Long> ends = Exhaustive.ends(spec, CheckKind.NO_DEADLOCK, CheckKind.NO_ERRORS);
    assertEquals(Set.of("r1.t0<-0#0"), ends.keySet().stream().map(Exhaustive.End::receipts)
        .collect(java.util.stream.Collectors.toSet()), ends.toString());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.7.5", text = "Returns in the first outcount locations of the array "
      + "array_of_indices the indices of these operations (index within the array array_of_requests; the array is "
      + "indexed from zero in C and from one in Fortran). Returns in the first outcount locations of the array "
      + "array_of_status the status for these completed operations.")
  void waitsomeAndTestsome_returnTheIndicesAndStatusesOfTheCompletedRequests_mpi31Section375() {
    // Rank 0 sends tag 2, waits for rank 1's go, then sends tag 1. Rank 1 answers the first message
    // with a go whose destination and tag are the returned status's source and the returned index:
    // wrong values leave rank 0 waiting forever.
    List<String> requests = List.of("p", "a", "b");
    List<String> indices = List.of("i0", "i1", "i2");
    List<String> statuses = List.of("s0", "s1", "s2");
    Program sender = program().send(lit(1), lit(2), lit(1), Datatype.INT).recv(lit(1), lit(2), lit(0), Datatype.INT,
        null).send(lit(1), lit(1), lit(1), Datatype.INT).build();
    Program receiver = program().call(new MpiOp.RecvInit(lit(0), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, "p"))
        .irecv(lit(0), lit(1), lit(1), Datatype.INT, "a").irecv(lit(0), lit(2), lit(1), Datatype.INT, "b")
        .call(new MpiOp.Waitsome(requests, "n", indices, statuses))
        .send(new dev.matchpoint.mpi.program.Expr.Status("s0", dev.matchpoint.mpi.program.Expr.StatusField.SOURCE),
            new dev.matchpoint.mpi.program.Expr.IntVar("i0"), lit(0), Datatype.INT)
        .call(new MpiOp.Testsome(requests, "m", indices, statuses))
        .call(new MpiOp.Waitsome(requests, "n", indices, statuses))
        .call(new MpiOp.Testsome(requests, "m", indices, statuses))
        .call(new MpiOp.RequestFree("p")).build();
    ModelSpec spec = ModelSpec.builder().rank(sender).rank(receiver).build();
    Map<Exhaustive.End, Long> ends = Exhaustive.ends(spec, CheckKind.NO_DEADLOCK, CheckKind.NO_ERRORS);
    ends.keySet().forEach(e -> assertTrue(!e.violated() && e.problems().isEmpty(), e.toString()));
    RunResult r = Runner.timed(spec, 1, FifoScheduler.INSTANCE, RunOptions.keepingTrace(CheckKind.all()));
    assertEquals(Outcome.OK, r.outcome(), r.trace().toText());
    assertEquals(List.of("MPI_Waitsome n=1 indices=[2]", "MPI_Testsome m=0 indices=[]",
        "MPI_Waitsome n=1 indices=[1]", "MPI_Testsome m=MPI_UNDEFINED"), returns(r, 1).stream()
        .filter(x -> x.contains("some")).toList());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.7.3", text = "Mark the request object for deallocation and set request to "
      + "MPI_REQUEST_NULL. An ongoing communication that is associated with the request will be allowed to complete.")
  void requestFree_ofAnActiveReceive_letsItCompleteInTheBackground() {
    Program sender = program().send(lit(1), lit(0), lit(1), Datatype.INT).build();
    Program receiver = program().irecv(lit(0), lit(0), lit(1), Datatype.INT, "r")
        .call(new MpiOp.RequestFree("r")).build();
    RunResult r = Runner.timed(ModelSpec.builder().rank(sender).rank(receiver).build(), 1, FifoScheduler.INSTANCE,
        RunOptions.keepingTrace(CheckKind.all()));
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
