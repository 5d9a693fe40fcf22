package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.explore.ExplorationReport;
import dev.matchpoint.core.explore.ExploreOptions;
import dev.matchpoint.core.explore.Explorer;
import dev.matchpoint.core.explore.FingerprintSink;
import dev.matchpoint.core.explore.Footprint;
import dev.matchpoint.core.explore.ProgressListener;
import dev.matchpoint.core.explore.Strategy;
import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.explore.MpiTransitionSystem;
import dev.matchpoint.mpi.program.Cond;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.program.ProgramBuilder;
import dev.matchpoint.mpi.program.ProgramException;
import dev.matchpoint.mpi.program.SourceLocation;
import dev.matchpoint.mpi.program.Stmt;
import dev.matchpoint.mpi.program.VarType;
import dev.matchpoint.mpi.run.Outcome;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Rank-shared variables ({@link SharedState}): a request one thread started and another completes,
 * a message one thread's matched probe took and another receives, a flag one thread writes and
 * another polls; two threads completing one request is erroneous (MPI-3.1 §12.4.2); the state is
 * fingerprinted and the footprints keep the reduced searches sound.
 */
class SharedStateTest {
  static final String BLOCK_SAME = "A program where two threads block, waiting on the same request, is erroneous.";
  static final String CONCURRENT = "Similarly, the same request cannot appear in the array of requests of two"
      + " concurrent MPI_{WAIT|TEST}{ANY|SOME|ALL} calls.";
  static final String ONCE = "In MPI, a request can only be completed once. Any combination of wait or test which"
      + " violates this rule is erroneous.";
  static final String WAIT_3_7_3 = "A call to MPI_WAIT returns when the operation identified by request is complete.";
  static final String MRECV_3_8_3 = "This call receives a message matched by a matching probe operation";
  private static final String DEPENDENT = "Two transitions are dependent when some object is written by one and read"
      + " or written by the other";

  private static final Map<String, VarType> REQ = Map.of("req", VarType.REQUEST);
  private static final MpiOp IRECV = new MpiOp.Irecv(lit(1), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, "req");

  private static Stmt call(MpiOp op) {
    return new Stmt.Call(op, new SourceLocation("s.yaml", 1, 1));
  }

  /** Thread 0 starts the receive and tells thread 1 (a message to the rank itself); thread 1 completes it. */
  static ModelSpec handOff(MpiOp complete, boolean starterWaitsToo) {
    var starter = program().call(IRECV).send(lit(0), lit(9), lit(1), Datatype.INT);
    if (starterWaitsToo) {
      starter.waitFor("req", null);
    }
    Program t1 = program().recv(lit(0), lit(9), lit(1), Datatype.INT, null).send(lit(1), lit(1), lit(1), Datatype.INT)
        .call(complete).build();
    Program one = program().recv(lit(0), lit(1), lit(1), Datatype.INT, null).send(lit(0), lit(0), lit(1), Datatype.INT)
        .build();
    return ModelSpec.builder().rank(starter.build().withShared(REQ), t1.withShared(REQ)).rank(one).build();
  }

  private static RunResult timed(ModelSpec spec) {
    return Runner.timed(spec, 1, FifoScheduler.INSTANCE, RunOptions.keepingTrace(CheckKind.all()));
  }

  static Set<String> outcomes(ModelSpec spec, Strategy strategy) {
    MpiTransitionSystem ts = new MpiTransitionSystem(spec, List.of(CheckKind.values()), strategy != Strategy.NAIVE);
    ExplorationReport r = Explorer.explore(ts, ExploreOptions.of(strategy).withShortestViolation(false),
        ProgressListener.NONE);
    assertTrue(r.exhaustive(), r.stopReason());
    return new TreeSet<>(r.outcomes().keySet());
  }

  /** The outcome classes of every strategy, checked equal. */
  static Set<String> explored(ModelSpec spec) {
    Set<String> naive = outcomes(spec, Strategy.NAIVE);
    assertEquals(naive, outcomes(spec, Strategy.EXHAUSTIVE), "default (persistent and sleep sets)");
    assertEquals(naive, outcomes(spec, Strategy.DPOR), "dpor");
    return naive;
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.7.3", text = WAIT_3_7_3)
  void waitOfAnotherThread_completesTheReceiveTheFirstStarted() {
    ModelSpec spec = handOff(new MpiOp.Wait("req", "st"), false);
    RunResult r = timed(spec);
    assertEquals(Outcome.OK, r.outcome(), r.toString());
    List<TraceEvent.RequestCompleted> done = r.trace().of(TraceEvent.RequestCompleted.class).stream()
        .filter(c -> c.rank() == 0 && c.source() == 1).toList();
    assertEquals(1, done.size(), done.toString());
    assertEquals("r0.t0#0", dev.matchpoint.mpi.RequestIds.format(done.get(0).requestId()));
    for (String o : explored(spec)) {
      assertTrue(o.startsWith("ok"), o);
    }
  }

  @Test
  @SpecClause(source = "MPI-3.1 §12.4.2", text = BLOCK_SAME)
  void twoThreadsWaitingOnOneRequest_isErroneousInEverySchedule_withBothLocations() {
    ModelSpec spec = handOff(new MpiOp.Wait("req", null), true);
    RunResult r = timed(spec);
    assertEquals(Outcome.ERRONEOUS, r.outcome(), r.toString());
    List<TraceEvent.ErroneousUse> uses = r.trace().of(TraceEvent.ErroneousUse.class);
    assertEquals(1, uses.size(), uses.toString());
    assertEquals(SharedState.RULE, uses.get(0).rule());
    assertTrue(uses.get(0).detail().contains("MPI_Wait of r0.t1") && uses.get(0).detail().contains("MPI_Wait of r0.t0"),
        uses.get(0).detail());
    for (String o : explored(spec)) {
      assertTrue(o.startsWith("erroneous"), o);
    }
  }

  @Test
  @SpecClause(source = "MPI-3.1 §12.4.2", text = CONCURRENT)
  void testWhileAnotherThreadIsInAWaitOnTheRequest_isErroneous() {
    Set<String> out = explored(handOff(new MpiOp.Test("req", "f", null), true));
    assertTrue(out.stream().allMatch(o -> o.startsWith("erroneous")), out.toString());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §12.4.2", text = ONCE)
  void requestFreeWhileAnotherThreadWaitsOnTheRequest_isErroneous() {
    Set<String> out = explored(handOff(new MpiOp.RequestFree("req"), true));
    assertTrue(out.stream().allMatch(o -> o.startsWith("erroneous")), out.toString());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §12.4.2", text = ONCE)
  void secondWaitOrderedAfterTheFirstReturned_findsTheNullRequest_andIsCorrect() {
    // Thread 0 waits, then tells thread 1, which waits on the request handle thread 0's Wait set to
    // MPI_REQUEST_NULL: the calls are ordered, so the second returns at once with the empty status.
    Program t0 = program().call(IRECV).waitFor("req", null).send(lit(0), lit(9), lit(1), Datatype.INT).build();
    Program t1 = program().recv(lit(0), lit(9), lit(1), Datatype.INT, null).waitFor("req", "st").build();
    Program one = program().send(lit(0), lit(0), lit(1), Datatype.INT).build();
    ModelSpec spec = ModelSpec.builder().rank(t0.withShared(REQ), t1.withShared(REQ)).rank(one).build();
    assertEquals(Outcome.OK, timed(spec).outcome());
    for (String o : explored(spec)) {
      assertTrue(o.startsWith("ok"), o);
    }
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.7.3", text = WAIT_3_7_3)
  void statusAnotherThreadsWaitFilled_isReadByTheOther() {
    // Thread 0's Wait fills the shared status; thread 1, told afterwards, replies to its source.
    Map<String, VarType> st = Map.of("st", VarType.STATUS);
    MpiOp irecv = new MpiOp.Irecv(ProgramBuilder.anySource(), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, "r");
    Program t0 = program().call(irecv).waitFor("r", "st").send(lit(0), lit(9), lit(1), Datatype.INT).build();
    Program t1 = program().recv(lit(0), lit(9), lit(1), Datatype.INT, null)
        .send(ProgramBuilder.source("st"), lit(7), lit(1), Datatype.INT).build();
    Program one = program().send(lit(0), lit(0), lit(1), Datatype.INT).recv(lit(0), lit(7), lit(1), Datatype.INT, null)
        .build();
    ModelSpec spec = ModelSpec.builder().rank(t0.withShared(st), t1.withShared(st)).rank(one).build();
    assertEquals(Outcome.OK, timed(spec).outcome());
    for (String o : explored(spec)) {
      assertTrue(o.startsWith("ok"), o);
    }
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.8.3", text = MRECV_3_8_3)
  void mrecvOfAnotherThread_receivesTheMessageTheFirstMatched_andASecondMrecvIsMpiErrMessage() {
    Map<String, VarType> msg = Map.of("msg", VarType.MESSAGE);
    Program t0 = program().mprobe(lit(1), lit(0), "msg", null).send(lit(0), lit(9), lit(1), Datatype.INT).build();
    Program t0Twice = program().mprobe(lit(1), lit(0), "msg", null).send(lit(0), lit(9), lit(1), Datatype.INT)
        .send(lit(0), lit(8), lit(1), Datatype.INT).build();
    Program t1 = program().recv(lit(0), lit(9), lit(1), Datatype.INT, null).mrecv("msg", lit(1), Datatype.INT, "st")
        .build();
    Program t2 = program().recv(lit(0), lit(8), lit(1), Datatype.INT, null).mrecv("msg", lit(1), Datatype.INT, "st")
        .build();
    Program one = program().send(lit(0), lit(0), lit(1), Datatype.INT).build();
    ModelSpec once = ModelSpec.builder().rank(t0.withShared(msg), t1.withShared(msg)).rank(one).build();
    RunResult r = timed(once);
    assertEquals(Outcome.OK, r.outcome(), r.toString());
    assertEquals(List.of("MPI_Mrecv "), RankRuns.returns(r, 0).stream().filter(c -> c.startsWith("MPI_Mrecv")).map(
        c -> c.substring(0, 10)).toList());
    for (String o : explored(once)) {
      assertTrue(o.startsWith("ok"), o);
    }
    ModelSpec twice = ModelSpec.builder().rank(t0Twice.withShared(msg), t1.withShared(msg), t2.withShared(msg)).rank(one)
        .build();
    RunResult r2 = timed(twice);
    assertEquals(List.of("MPI_Mrecv MPI_ERR_MESSAGE"), RankRuns.errors(r2));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.7.3", text = "A call to MPI_TEST returns flag = true if the operation identified by"
      + " request is complete.")
  void pollingLoopOverAFlagAnotherThreadSets_stutters_andEveryStrategyEndsOk() {
    Map<String, VarType> done = Map.of("done", VarType.FLAG);
    MpiOp irecv = new MpiOp.Irecv(lit(1), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, "r");
    Program t0 = new Program(List.of(call(irecv), new Stmt.While(new Cond.Flag("done"), true,
        List.of(call(new MpiOp.Test("r", "done", null))), SourceLocation.unknown())), done);
    Program t1 = new Program(List.of(new Stmt.While(new Cond.Flag("done"), true,
        List.of(call(new MpiOp.Iprobe(lit(1), lit(5), MpiOp.WORLD, "seen", null))), SourceLocation.unknown())), done);
    Program one = program().send(lit(0), lit(0), lit(1), Datatype.INT).build();
    ModelSpec spec = ModelSpec.builder().rank(t0, t1).rank(one).build();
    Set<String> out = explored(spec);
    assertEquals(1, out.size(), out.toString());
    assertTrue(out.iterator().next().startsWith("ok"), out.toString());
  }

  @Test
  @SpecClause(source = "Flanagan and Godefroid, POPL 2005, §2", text = DEPENDENT)
  void stepsOnSharedVariables_independentActionsCommute() {
    assertTrue(FootprintTest.assertIndependentPairsCommute("hand-off", handOff(new MpiOp.Wait("req", null), false)) > 0);
    assertTrue(FootprintTest.assertIndependentPairsCommute("double wait", handOff(new MpiOp.Wait("req", null), true))
        > 0);
  }

  @Test
  @SpecClause(source = "Flanagan and Godefroid, POPL 2005, §2", text = DEPENDENT)
  void writingASharedFlag_andReadingItInAnotherThread_areDependent() {
    Map<String, VarType> f = Map.of("f", VarType.FLAG);
    Program writer = program().iprobe(lit(1), lit(0), "f", null).build().withShared(f);
    // The reader's condition is read in the step of the call before it.
    Program reader = new Program(List.of(call(new MpiOp.Iprobe(lit(1), lit(3), MpiOp.WORLD, "g", null)),
        new Stmt.If(new Cond.Flag("f"), List.of(), List.of(), SourceLocation.unknown())), f);
    ModelSpec spec = ModelSpec.builder().rank(program().build().withShared(f), writer, reader).rank(program().build())
        .build();
    World w = World.logical(spec, dev.matchpoint.mpi.trace.TraceSink.NONE, new dev.matchpoint.mpi.check.Checks(List.of()), false);
    Footprint write = w.successor(Action.step(0, 1, -1)).footprint();
    Footprint read = w.successor(Action.step(0, 2, -1)).footprint();
    assertTrue(write.conflicts(read), write + " vs " + read);
  }

  @Test
  @SpecClause(source = "DESIGN §5", text = "Exhaustive means exhaustive: every model decision reads only state the"
      + " search can see (what the state fingerprint covers)")
  void sharedVariables_reachTheFingerprint_andACopyIsIndependent() {
    Map<String, VarType> f = Map.of("f", VarType.FLAG);
    Program writer = program().iprobe(lit(1), lit(0), "f", null).build().withShared(f);
    ModelSpec spec = ModelSpec.builder().rank(writer, program().build().withShared(f)).rank(program().build()).build();
    World w = World.logical(spec, dev.matchpoint.mpi.trace.TraceSink.NONE, new dev.matchpoint.mpi.check.Checks(List.of()), false);
    FingerprintSink before = new FingerprintSink();
    w.hashInto(before);
    assertEquals(0, w.ranks[0].shared[0], "a shared flag starts false");
    World next = w.successor(Action.step(0, 0, -1)).world();
    assertEquals(0, w.ranks[0].shared[0], "the original is not written");
    assertEquals(0, next.ranks[0].shared[0], "the iprobe found nothing: false");
    next.ranks[0].shared[0] = 1; // as if it had found a message
    FingerprintSink after = new FingerprintSink();
    next.hashInto(after);
    assertNotEquals(List.of(before.high(), before.low()), List.of(after.high(), after.low()));
    assertTrue(next.ranks[0].threads[1].home == next.ranks[0], "every thread reaches its own rank state");
  }

  @Test
  @SpecClause(source = "MPI-3.1 §12.4.2", text = BLOCK_SAME)
  void sharedDeclarations_areCheckedWhenCompiled() {
    Program wrongType = program().iprobe(lit(0), lit(0), "req", null).build().withShared(REQ);
    ProgramException e = assertThrows(ProgramException.class, () -> ModelSpec.builder().rank(wrongType).build());
    assertTrue(e.getMessage().contains("'req' is used as a flag here but as a request"), e.getMessage());
    Program loopIndex = new Program(List.of(new Stmt.Repeat(lit(2), "i", List.of(), SourceLocation.unknown())),
        Map.of("i", VarType.INT));
    assertThrows(ProgramException.class, () -> ModelSpec.builder().rank(loopIndex).build());
    Program readsFirst = new Program(List.of(new Stmt.If(new Cond.Flag("f"), List.of(), List.of(),
        new SourceLocation("s.yaml", 4, 7)), call(new MpiOp.Iprobe(lit(0), lit(3), MpiOp.WORLD, "g", null))),
        Map.of("f", VarType.FLAG));
    ProgramException first = assertThrows(ProgramException.class, () -> ModelSpec.builder().rank(readsFirst).build());
    assertTrue(first.getMessage().contains("before the thread's first MPI call"), first.getMessage());
    Program waitsOnly = program().waitFor("req", null).build();
    assertThrows(ProgramException.class, () -> ModelSpec.builder().rank(waitsOnly).build(), "not shared: unbound");
    assertEquals(1, ModelSpec.builder().rank(waitsOnly.withShared(REQ)).build().worldSize(), "shared: bound");
    IllegalArgumentException differ = assertThrows(IllegalArgumentException.class,
        () -> ModelSpec.builder().rank(waitsOnly.withShared(REQ), program().build()).build());
    assertTrue(differ.getMessage().contains("declare different shared variables"), differ.getMessage());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.7.3", text = WAIT_3_7_3)
  void waitOnASharedRequestNoThreadStarted_returnsAtOnce_andTheLaterReceiveIsLeftOutstanding() {
    // No hand-off: thread 1 may wait before thread 0 starts the receive (the handle is still
    // MPI_REQUEST_NULL), and the receive is then never completed.
    Program t0 = program().call(IRECV).build().withShared(REQ);
    Program t1 = program().waitFor("req", null).build().withShared(REQ);
    Program one = program().send(lit(0), lit(0), lit(1), Datatype.INT).build();
    Set<String> out = explored(ModelSpec.builder().rank(t0, t1).rank(one).build());
    List<String> kinds = new ArrayList<>();
    out.forEach(o -> kinds.add(o.substring(0, o.indexOf(' '))));
    assertTrue(kinds.contains("ok") && kinds.contains("erroneous"), out.toString());
    assertTrue(out.stream().anyMatch(o -> o.contains("work outstanding at MPI_Finalize")), out.toString());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §12.4.2", text = CONCURRENT)
  void everyMultipleCompletionCall_onARequestAnotherThreadIsBlockedOn_isErroneous_namingBothCalls() {
    List<MpiOp> calls = List.of(new MpiOp.Waitall(List.of("req"), List.of()),
        new MpiOp.Waitany(List.of("req"), "i", null), new MpiOp.Waitsome(List.of("req"), "n", List.of(), List.of()),
        new MpiOp.Testall(List.of("req"), "f"), new MpiOp.Testany(List.of("req"), "f", "i", null),
        new MpiOp.Testsome(List.of("req"), "n", List.of(), List.of()));
    for (MpiOp op : calls) {
      RunResult r = timed(handOff(op, true));
      List<TraceEvent.ErroneousUse> uses = r.trace().of(TraceEvent.ErroneousUse.class).stream()
          .filter(u -> u.rule().equals(SharedState.RULE)).toList();
      assertEquals(1, uses.size(), op + ": " + uses);
      assertEquals(SharedState.RULE, uses.get(0).rule());
      // Thread 0 is blocked in its Wait until rank 1's message arrives, by which time thread 1 is
      // about to make its call: the Wait, let go, reports it.
      assertTrue(uses.get(0).detail().startsWith("MPI_Wait of r0.t0 at <java> and " + op.mpiName() + " of r0.t1 at "
          + "<java> (its next call) both name request r0.t0#0 ('req')"), uses.get(0).detail());
    }
  }

  @Test
  @SpecClause(source = "MPI-3.1 §12.4.2", text = CONCURRENT)
  void aTestWhileAnotherThreadIsBlockedInItsWait_namesThatWaitAsBlockedInIt() {
    // Thread 0 starts the receive, tells thread 1 and waits; thread 1 computes before its Test and
    // rank 1 sends late, so thread 0 is blocked in its Wait when thread 1 tests the request.
    Program t0 = program().call(IRECV).send(lit(0), lit(9), lit(1), Datatype.INT).waitFor("req", null).build();
    Program t1 = program().recv(lit(0), lit(9), lit(1), Datatype.INT, null).call(new MpiOp.Compute(lit(10_000)))
        .call(new MpiOp.Test("req", "f", null)).build();
    Program one = program().call(new MpiOp.Compute(lit(1_000_000))).send(lit(0), lit(0), lit(1), Datatype.INT).build();
    RunResult r = timed(ModelSpec.builder().rank(t0.withShared(REQ), t1.withShared(REQ)).rank(one).build());
    List<TraceEvent.ErroneousUse> uses = r.trace().of(TraceEvent.ErroneousUse.class).stream()
        .filter(u -> u.rule().equals(SharedState.RULE)).toList();
    assertEquals(1, uses.size(), uses.toString());
    assertTrue(uses.get(0).detail().startsWith("MPI_Test of r0.t1 at <java> and MPI_Wait of r0.t0 at <java> (blocked in "
        + "it) both name request r0.t0#0 ('req')"), uses.get(0).detail());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.7.3", text = WAIT_3_7_3)
  void waitOfThreadZero_completesTheReceiveThreadOneStarted() {
    // handOff with the threads' roles swapped: the request lives in thread 1's table.
    Program starter = program().call(IRECV).send(lit(0), lit(9), lit(1), Datatype.INT).build();
    Program waiter = program().recv(lit(0), lit(9), lit(1), Datatype.INT, null).send(lit(1), lit(1), lit(1),
        Datatype.INT).waitFor("req", "st").build();
    Program one = program().recv(lit(0), lit(1), lit(1), Datatype.INT, null).send(lit(0), lit(0), lit(1), Datatype.INT)
        .build();
    ModelSpec spec = ModelSpec.builder().rank(waiter.withShared(REQ), starter.withShared(REQ)).rank(one).build();
    RunResult r = timed(spec);
    assertEquals(Outcome.OK, r.outcome(), r.toString());
    List<TraceEvent.RequestCompleted> done = r.trace().of(TraceEvent.RequestCompleted.class).stream()
        .filter(c -> c.rank() == 0 && c.source() == 1).toList();
    assertEquals(1, done.size(), done.toString());
    assertEquals("r0.t1#0", dev.matchpoint.mpi.RequestIds.format(done.get(0).requestId()));
    assertEquals(List.of(), RankRuns.errors(r));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.7.3", text = "One is allowed to call MPI_WAIT with a null or inactive request "
      + "argument.")
  void aWaitOnANullSharedRequest_whileAnotherThreadWaitsOnALiveOne_isCorrect() {
    // Thread 0 waits on its live receive (the rank's first request, r0.t0#0); thread 1 waits on a
    // second shared handle, which is MPI_REQUEST_NULL: two different requests.
    Map<String, VarType> two = Map.of("req", VarType.REQUEST, "other", VarType.REQUEST);
    Program t0 = program().call(IRECV).send(lit(0), lit(9), lit(1), Datatype.INT).waitFor("req", null).build();
    Program t1 = program().call(new MpiOp.Irecv(ProgramBuilder.procNull(), lit(0), lit(1), Datatype.INT, MpiOp.WORLD,
        "other")).waitFor("other", null).recv(lit(0), lit(9), lit(1), Datatype.INT, null)
        .waitFor("other", null).send(lit(1), lit(1), lit(1), Datatype.INT).build();
    Program one = program().recv(lit(0), lit(1), lit(1), Datatype.INT, null).send(lit(0), lit(0), lit(1), Datatype.INT)
        .build();
    RunResult r = timed(ModelSpec.builder().rank(t0.withShared(two), t1.withShared(two)).rank(one).build());
    assertEquals(Outcome.OK, r.outcome(), r.toString());
  }
}
