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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Persistent communication requests (MPI-3.1 §3.9). */
class PersistentTest {
  private static MpiOp start(String... requests) {
    return new MpiOp.Start(List.of(requests), requests.length > 1);
  }

  private static RunResult run(Program... ranks) {
    ModelSpec.Builder b = ModelSpec.builder();
    for (Program p : ranks) {
      b.rank(p);
    }
    return Runner.timed(b.build(), 1, FifoScheduler.INSTANCE, RunOptions.keepingTrace(CheckKind.all()));
  }

  static Program pingPong(int rounds, int peer, boolean first) {
    var b = program()
        .call(new MpiOp.SendInit(SendMode.STANDARD, lit(peer), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, "s"))
        .call(new MpiOp.RecvInit(lit(peer), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, "r"));
    return b.repeat(rounds, body -> {
      if (first) {
        body.call(start("s")).waitFor("s", null).call(start("r")).waitFor("r", "st");
      } else {
        body.call(start("r")).waitFor("r", "st").call(start("s")).waitFor("s", null);
      }
    }).call(new MpiOp.RequestFree("s")).call(new MpiOp.RequestFree("r")).build();
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.9", text = "The request becomes inactive after successful completion of such "
      + "call. The request is not deallocated and it can be activated anew by an MPI_START or MPI_STARTALL call.")
  void persistentPingPong_reusesTheSameRequests_inEverySchedule() {
    ModelSpec spec = ModelSpec.builder().rank(pingPong(3, 1, true)).rank(pingPong(3, 0, false)).build();
    Map<Exhaustive.End, Long> ends = Exhaustive.ends(spec, CheckKind.values());
    assertEquals(1, ends.size(), ends.toString());
    Exhaustive.End end = ends.keySet().iterator().next();
    assertTrue(!end.violated() && !end.deadlocked(), end.toString());
    assertEquals("r0.t0<-1#0,1#1,1#2 r1.t0<-0#0,0#1,0#2", end.receipts());
    RunResult r = run(pingPong(3, 1, true), pingPong(3, 0, false));
    // All three sends of rank 0 use one request: the persistent request is restarted, not recreated.
    assertEquals(List.of("r0.t0#0"), r.trace().of(TraceEvent.MessageSent.class).stream()
        .filter(m -> m.rank() == 0).map(m -> dev.matchpoint.mpi.RequestIds.format(m.requestId())).distinct().toList());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.9", text = "A persistent communication request is inactive after it was created")
  @SpecClause(source = "MPI-3.1 §3.7.3", text = "One is allowed to call MPI_WAIT with a null or inactive request "
      + "argument. In this case the operation returns immediately with empty status.")
  @SpecClause(source = "MPI-3.1 §3.7.3", text = "One is allowed to call MPI_TEST with a null or inactive request "
      + "argument. In such a case the operation returns with flag = true and empty status.")
  void waitAndTestOnAnInactiveRequest_returnAtOnceWithTheEmptyStatus() {
    RunResult r = run(program()
        .call(new MpiOp.RecvInit(lit(0), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, "r"))
        .waitFor("r", "st").test("r", "f", "st").build());
    assertEquals(Outcome.OK, r.outcome());
    assertEquals(List.of("MPI_Recv_init ", "MPI_Wait source=MPI_ANY_SOURCE tag=MPI_ANY_TAG count=0B",
        "MPI_Test flag=true source=MPI_ANY_SOURCE tag=MPI_ANY_TAG count=0B"),
        r.trace().of(TraceEvent.CallReturned.class).stream().map(c -> c.call() + " " + c.result()).toList());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.9", text = "The associated request should be inactive.")
  void startingAnActiveRequest_isErroneousAndReported() {
    RunResult r = run(program().call(new MpiOp.RecvInit(lit(0), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, "r"))
        .call(start("r")).call(start("r")).call(new MpiOp.Cancel("r")).waitFor("r", null).build());
    assertEquals(Outcome.ERRONEOUS, r.outcome());
    assertTrue(r.problems().get(0).contains("MPI_Start of an active persistent request"), r.problems().toString());
  }

  @ParameterizedTest
  @EnumSource(SendMode.class)
  @SpecClause(source = "MPI-3.1 §3.9", text = "a call to MPI_START with a request created by MPI_SEND_INIT starts a "
      + "communication in the same manner as a call to MPI_ISEND; a call to MPI_START with a request created by "
      + "MPI_BSEND_INIT starts a communication in the same manner as a call to MPI_IBSEND; and so on.")
  @SpecClause(source = "MPI-3.1 §3.9", text = "A send operation initiated with MPI_START can be matched with any "
      + "receive operation")
  void sendInit_inEachMode_startsLikeTheMatchingNonblockingSend(SendMode mode) {
    // A ready send needs its receive posted first: the receiver posts, then tells the sender to go.
    Program sender = program().call(new MpiOp.BufferAttach(lit(64)))
        .call(new MpiOp.SendInit(mode, lit(1), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, "s"))
        .recv(lit(1), lit(9), lit(0), Datatype.INT, null)
        .call(start("s")).waitFor("s", null).call(new MpiOp.BufferDetach()).build();
    Program receiver = program().irecv(lit(0), lit(0), lit(1), Datatype.INT, "r")
        .send(lit(0), lit(9), lit(0), Datatype.INT).waitFor("r", "st").build();
    Map<Exhaustive.End, Long> ends = Exhaustive.ends(ModelSpec.builder().rank(sender).rank(receiver).build(),
        CheckKind.values());
    ends.keySet().forEach(e -> assertTrue(!e.violated() && e.problems().isEmpty(), mode + ": " + e));
    assertEquals(1, ends.size());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.9", text = "A call to MPI_STARTALL(count, array_of_requests) has the same effect "
      + "as calls to MPI_START (&array_of_requests[i]), executed for i=0 ,..., count-1, in some arbitrary order.")
  void startall_startsItsRequestsInSomeOrder_soEitherSendMayBeTheFirstMessage() {
    // a (one int) and b (two ints) go to rank 1 on one tag; rank 1 receives one int, then two. In
    // array order both fit; started b first, b is the first message and the one-int receive truncates.
    Map<Exhaustive.End, Long> ends = Exhaustive.ends(StartTest.twoSendsOneDestination(), CheckKind.NO_DEADLOCK);
    assertEquals(2, ends.size(), ends.toString());
    assertTrue(ends.keySet().stream().anyMatch(e -> e.problems().isEmpty()), ends.toString());
    assertTrue(ends.keySet().stream().anyMatch(e -> e.problems().stream().anyMatch(p -> p.contains("MPI_ERR_TRUNCATE"))),
        ends.toString());
  }
}
