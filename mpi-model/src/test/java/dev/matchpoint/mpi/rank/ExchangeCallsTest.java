package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.anySource;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.procNull;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.explore.ExplorationReport;
import dev.matchpoint.core.explore.ExploreOptions;
import dev.matchpoint.core.explore.Explorer;
import dev.matchpoint.core.explore.FingerprintSink;
import dev.matchpoint.core.explore.ProgressListener;
import dev.matchpoint.core.explore.Strategy;
import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.ErrorClass;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.explore.MpiTransitionSystem;
import dev.matchpoint.mpi.explore.Outcomes;
import dev.matchpoint.mpi.program.Cond;
import dev.matchpoint.mpi.program.Expr;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.PointToPointOps;
import dev.matchpoint.mpi.program.Stmt;
import dev.matchpoint.mpi.run.Outcome;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.mpi.testing.Exhaustive;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * MPI_Sendrecv_replace (MPI-3.1 §3.10), MPI_Isendrecv and MPI_Isendrecv_replace (MPI-4.0 §3.10), and
 * MPI_Request_get_status (MPI-3.1 §3.7.3).
 */
class ExchangeCallsTest {
  private static final String FORK = "The semantics of a send-receive operation is what would be obtained if the "
      + "caller forked two concurrent threads, one to execute the send, and one to execute the receive, followed by "
      + "a join of these two threads.";
  private static final String GET_STATUS = "Sets flag=true if the operation is complete, and, if so, returns in "
      + "status the request status. However, unlike test or wait, it does not deallocate or inactivate the request; a "
      + "subsequent call to test, wait or free should be executed with that request.";

  private static RunResult timed(ModelSpec spec) {
    return Runner.timed(spec, 1, FifoScheduler.INSTANCE, RunOptions.keepingTrace(CheckKind.all()));
  }

  private static List<String> returns(RunResult r, int rank) {
    return r.trace().of(TraceEvent.CallReturned.class).stream().filter(c -> c.rank() == rank)
        .map(c -> c.call() + " " + c.result() + (c.error() == ErrorClass.MPI_SUCCESS ? "" : " " + c.error())).toList();
  }

  private static MpiOp.Sendrecv exchange(Expr dest, Expr source, Expr recvTag, int count) {
    return new MpiOp.Sendrecv(dest, lit(0), lit(count), Datatype.INT, source, recvTag, lit(count), Datatype.INT,
        MpiOp.WORLD, null);
  }

  /**
   * {@link SendrecvTest#replyRace} with thread 0's MPI_Sendrecv written as {@code call}: rank 1
   * replies to its send (1#0, to thread 1) and then sends two tag-2 messages, which the exchange's
   * receive and thread 1's second receive race for.
   */
  private static ModelSpec replyRace(Consumer<dev.matchpoint.mpi.program.ProgramBuilder> call) {
    dev.matchpoint.mpi.program.ProgramBuilder t0 = program();
    call.accept(t0);
    return ModelSpec.builder()
        .rank(t0.build(), program().recv(lit(1), lit(1), lit(1), Datatype.INT, null)
            .recv(anySource(), lit(2), lit(1), Datatype.INT, null).build())
        .rank(program().recv(lit(0), lit(0), lit(1), Datatype.INT, null)
            .send(lit(0), lit(1), lit(1), Datatype.INT)
            .send(lit(0), lit(2), lit(1), Datatype.INT)
            .send(lit(0), lit(2), lit(1), Datatype.INT).build())
        .build();
  }

  private static final String HALVES_APART = "r0.t0<-1#2 r0.t1<-1#0,1#1 r1.t0<-0#0";
  private static final String RECEIVE_FIRST = "r0.t0<-1#1 r0.t1<-1#0,1#2 r1.t0<-0#0";

  private static Set<String> receipts(ModelSpec spec) {
    Set<String> out = new TreeSet<>();
    Exhaustive.ends(spec, CheckKind.NO_DEADLOCK, CheckKind.NO_ERRORS).keySet().forEach(e -> {
      assertFalse(e.violated(), e.toString());
      out.add(e.receipts());
    });
    return out;
  }

  private static Set<String> explored(ModelSpec spec, Strategy s) {
    MpiTransitionSystem ts = new MpiTransitionSystem(spec, List.of(CheckKind.values()), true, Outcomes.FINE);
    ExplorationReport r = Explorer.explore(ts, ExploreOptions.of(s).withShortestViolation(false),
        ProgressListener.NONE);
    assertTrue(r.exhaustive(), s + ": " + r.stopReason());
    return r.outcomes().keySet();
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.10", text = FORK)
  void isendrecv_andSendrecvReplace_halvesAreApart_bothRacesReachable_inEveryStrategy() {
    List<ModelSpec> specs = List.of(
        replyRace(b -> b.call(new PointToPointOps.Isendrecv(exchange(lit(1), anySource(), lit(2), 1), "r"))
            .waitFor("r", null)),
        replyRace(b -> b.call(new PointToPointOps.SendrecvReplace(lit(1), lit(0), anySource(), lit(2), lit(1),
            Datatype.INT, MpiOp.WORLD, "st", null))),
        replyRace(b -> b.call(new PointToPointOps.SendrecvReplace(lit(1), lit(0), anySource(), lit(2), lit(1),
            Datatype.INT, MpiOp.WORLD, null, "r")).waitFor("r", "st")));
    for (ModelSpec spec : specs) {
      // Thread 1 can post its tag-2 receive only once rank 1 replied to the exchange's send: the
      // exchange's receive, a concurrent half, may be posted after it and get 1#2.
      assertEquals(Set.of(RECEIVE_FIRST, HALVES_APART), receipts(spec), spec.threads().toString());
      // The reduced searches reach what enumeration without reduction (Exhaustive) reaches.
      for (Strategy s : List.of(Strategy.EXHAUSTIVE, Strategy.DPOR)) {
        assertEquals(Set.of("ok | receipts " + RECEIVE_FIRST, "ok | receipts " + HALVES_APART), explored(spec, s),
            s.toString());
      }
    }
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.10", text = FORK)
  void isendrecv_completesOnlyWhenBothHalvesHave_aPendingSendKeepsWaitBlocked() {
    // The receive half is from MPI_PROC_NULL (complete at once); the send is a rendezvous nobody
    // receives: the request stays incomplete, so Request_get_status says false and Wait blocks.
    ModelSpec spec = ModelSpec.builder()
        .rank(program().call(new PointToPointOps.Isendrecv(exchange(lit(1), procNull(), lit(0), 100_000), "r"))
            .call(new PointToPointOps.RequestGetStatus("r", "f", null)).waitFor("r", "st").build())
        .rank(program().build()).build();
    RunResult r = timed(spec);
    assertEquals(Outcome.DEADLOCK, r.outcome(), r.problems().toString());
    assertTrue(returns(r, 0).contains("MPI_Request_get_status flag=false"), returns(r, 0).toString());
    // Received: Wait returns the receive's status once both halves are done.
    ModelSpec received = ModelSpec.builder()
        .rank(program().call(new PointToPointOps.Isendrecv(exchange(lit(1), procNull(), lit(0), 100_000), "r"))
            .waitFor("r", "st").build())
        .rank(program().recv(lit(0), lit(0), lit(100_000), Datatype.INT, null).build()).build();
    RunResult done = timed(received);
    assertEquals(Outcome.OK, done.outcome(), done.problems().toString());
    assertEquals(List.of("MPI_Isendrecv ", "MPI_Wait source=MPI_PROC_NULL tag=MPI_ANY_TAG count=0B"),
        returns(done, 0));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.7.3", text = GET_STATUS)
  void requestGetStatus_doesNotFreeTheRequest_aLaterWaitStillCompletesIt() {
    // Poll with Request_get_status until the flag is set, then Wait: Wait returns the same status
    // (the request was neither freed nor made inactive), and a second Wait finds MPI_REQUEST_NULL.
    dev.matchpoint.mpi.program.Program p = new dev.matchpoint.mpi.program.Program(List.of(
        call(new MpiOp.Irecv(lit(1), lit(5), lit(1), Datatype.INT, MpiOp.WORLD, "r")),
        new Stmt.While(new Cond.Flag("f"), true, List.of(call(new PointToPointOps.RequestGetStatus("r", "f", "s1"))),
            at()),
        call(new MpiOp.Wait("r", "s2")), call(new MpiOp.Wait("r", "s3"))));
    ModelSpec spec = ModelSpec.builder().rank(p).rank(program().send(lit(0), lit(5), lit(1), Datatype.INT).build())
        .build();
    ModelSpec costly = ModelSpec.builder().options(ModelOptions.defaults().withCallCost(100)).rank(p)
        .rank(program().send(lit(0), lit(5), lit(1), Datatype.INT).build()).build();
    for (RunResult r : List.of(timed(costly), Runner.logical(spec, FifoScheduler.INSTANCE,
        RunOptions.keepingTrace(CheckKind.all())))) {
      List<String> mine = returns(r, 0);
      assertEquals("MPI_Request_get_status flag=true source=1 tag=5 count=4B", mine.get(mine.size() - 3));
      assertEquals("MPI_Wait source=1 tag=5 count=4B", mine.get(mine.size() - 2));
      assertEquals("MPI_Wait source=MPI_ANY_SOURCE tag=MPI_ANY_TAG count=0B", mine.get(mine.size() - 1));
      assertEquals(Outcome.OK, r.outcome(), r.problems().toString());
    }
    Set<String> naive = explored(spec, Strategy.NAIVE);
    assertEquals(naive, explored(spec, Strategy.EXHAUSTIVE));
    assertEquals(naive, explored(spec, Strategy.DPOR));
    assertTrue(naive.stream().allMatch(o -> o.startsWith("ok")), naive.toString());
  }

  private static dev.matchpoint.mpi.program.SourceLocation at() {
    return dev.matchpoint.mpi.program.SourceLocation.unknown();
  }

  private static Stmt call(MpiOp op) {
    return new Stmt.Call(op, at());
  }

  @Test
  void requests_differingOnlyInTheirExchangeHalf_haveDifferentFingerprints_andCopiesKeepIt() {
    Request a = new Request(5, RequestKind.RECV, true);
    Request b = a.copy();
    assertEquals(fingerprint(a), fingerprint(b));
    b.exchangeHalf = 6;
    assertNotEquals(fingerprint(a), fingerprint(b));
    assertEquals(fingerprint(b), fingerprint(b.copy()));
  }

  private static List<Long> fingerprint(Request r) {
    FingerprintSink s = new FingerprintSink();
    r.hashInto(s);
    return List.of(s.high(), s.low());
  }
}
