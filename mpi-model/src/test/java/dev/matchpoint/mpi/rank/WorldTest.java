package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.anyTag;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static dev.matchpoint.mpi.program.ProgramBuilder.var;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.explore.FingerprintSink;
import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.check.Checks;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.program.Cond;
import dev.matchpoint.mpi.program.Expr;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.program.SourceLocation;
import dev.matchpoint.mpi.program.Stmt;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.mpi.trace.Trace;
import dev.matchpoint.mpi.trace.TraceEvent;
import dev.matchpoint.mpi.trace.TraceSink;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link World}'s own rules: thread-local control flow up to the next call, a loop that can never
 * end, program errors at their statement, steps in both modes, local calls, copies and decoded
 * states, the state fingerprint of problems found in either order, freed requests, and successors
 * computed ahead for persistent sets. What a run reports is {@link WorldReportsTest}.
 */
class WorldTest {
  private static final String LOOP = "A loop that iterates 65536 times without an MPI call (only `get-count`,"
      + " `test-cancelled`, or in logical mode `compute`, none of which can change its condition) never ends: that is a"
      + " program error at the loop.";
  private static final String EXHAUSTIVE = "Exhaustive means exhaustive: every model decision reads only state the"
      + " search can see (what the state fingerprint covers), and the reduced search reaches exactly the outcomes of"
      + " naive enumeration on generated programs that use every feature";

  private static final SourceLocation LOOP_AT = new SourceLocation("w.yaml", 3, 5);

  private static RunResult logical(ModelSpec spec) {
    return Runner.logical(spec, FifoScheduler.INSTANCE, RunOptions.keepingTrace(CheckKind.all()));
  }

  private static Program loopForever(boolean until) {
    // while (0 == 0) {} or until (0 == 1) {}: nothing in the body can change the condition.
    Cond cond = new Cond.Compare(lit(0), Cond.CmpOp.EQ, lit(until ? 1 : 0));
    List<Stmt> body = new ArrayList<>();
    body.add(new Stmt.While(cond, until, List.of(), LOOP_AT));
    body.addAll(program().send(lit(1), lit(0), lit(1), Datatype.INT).build().body());
    return new Program(body);
  }

  @Test
  @SpecClause(source = "docs/scenario-format.md", text = LOOP)
  void loopWithoutACallThatCouldEndIt_isAProgramErrorAtTheLoop_andTheThreadStops() {
    for (boolean until : new boolean[] {false, true}) {
      ModelSpec spec = ModelSpec.builder().rank(loopForever(until))
          .rank(program().recv(lit(0), lit(0), lit(1), Datatype.INT, null).build()).build();
      RunResult r = logical(spec);
      List<TraceEvent.ErroneousUse> uses = r.trace().of(TraceEvent.ErroneousUse.class);
      assertEquals(1, uses.size(), uses.toString());
      assertEquals("program error", uses.get(0).rule());
      assertEquals(0, uses.get(0).rank());
      assertEquals(LOOP_AT, uses.get(0).at(), "reported at the loop");
      assertTrue(uses.get(0).detail().contains("iterated 65536 times"), uses.get(0).detail());
      assertEquals(List.of("erroneous: program error at r0.t0"), r.problems());
      // Rank 0 never reaches its send: rank 1 waits for ever.
      assertTrue(r.trace().of(TraceEvent.MessageSent.class).isEmpty());
      assertEquals(List.of("r1.t0"), r.report().threads().stream().map(StateReport.BlockedThread::thread).toList());
    }
  }

  @Test
  @SpecClause(source = "docs/scenario-format.md", text = LOOP)
  void loopOfLocalCalls_runs65536Iterations_thenIsAProgramError() {
    // Rank 1 receives, then loops for ever over MPI_Get_count of that status: a local call that cannot end it.
    for (boolean until : new boolean[] {false, true}) {
      Cond cond = new Cond.Compare(lit(0), Cond.CmpOp.EQ, lit(until ? 1 : 0));
      List<Stmt> body = new ArrayList<>(program().recv(lit(0), lit(0), lit(1), Datatype.INT, "st").build().body());
      body.add(new Stmt.While(cond, until, List.of(new Stmt.Call(new MpiOp.GetCount("st", Datatype.INT, "n"),
          LOOP_AT)), LOOP_AT));
      RunResult r = logical(ModelSpec.builder().rank(program().send(lit(1), lit(0), lit(1), Datatype.INT).build())
          .rank(new Program(body)).build());
      assertEquals(List.of("erroneous: program error at r1.t0"), r.problems());
      assertEquals(65536, r.trace().of(TraceEvent.CallReturned.class).stream()
          .filter(c -> c.call().equals("MPI_Get_count")).count(), "until " + until);
    }
  }

  @Test
  @SpecClause(source = "docs/scenario-format.md", text = LOOP)
  void loopThatEndsBeforeTheLimit_isNoError() {
    // repeat 3 times { i-th send with tag i }: counted loops end; the receiver takes tags 0, 1, 2 in order.
    Program sends = program().repeat(lit(3), "i", b -> b.send(lit(1), var("i"), lit(1),
        Datatype.INT)).repeat(0, b -> b.send(lit(1), lit(9), lit(1), Datatype.INT)).build();
    Program recvs = program().repeat(3, b -> b.recv(lit(0), anyTag(), lit(1), Datatype.INT, "st"))
        .build();
    RunResult r = logical(ModelSpec.builder().rank(sends).rank(recvs).build());
    assertTrue(r.problems().isEmpty(), r.problems().toString());
    assertEquals(List.of(0, 1, 2), r.trace().of(TraceEvent.MessageSent.class).stream().map(m -> m.tag()).toList());
  }

  @Test
  @SpecClause(source = "DESIGN §5", text = EXHAUSTIVE)
  void errorsOfIndependentActions_inEitherOrder_reachOneState() {
    // Ranks 0 and 1 each send to rank 7 of a world of 2 (MPI_ERR_RANK): independent steps whose problems are
    // recorded in the order they ran; the state (what the stateful search compares) is the same either way.
    Program bad = program().send(lit(7), lit(0), lit(1), Datatype.INT).build();
    World w = World.logical(ModelSpec.builder().rank(bad).rank(bad).build(), TraceSink.NONE, new Checks(List.of()),
        false);
    List<Action> enabled = w.enabled();
    assertEquals(2, enabled.size(), enabled.toString());
    World ab = w.successor(enabled.get(0)).world();
    ab = ab.successor(ab.enabled().get(0)).world();
    World ba = w.successor(enabled.get(1)).world();
    ba = ba.successor(ba.enabled().get(0)).world();
    assertNotEquals(ab.problems(), ba.problems(), "detection order differs");
    assertEquals(hash(ab), hash(ba));
  }

  @Test
  @SpecClause(source = "docs/trace-format.md", text = "the step that produced it: the scheduler step (logical mode) or"
      + " the kernel event (timed mode), counted from 1 (the i-th choice of a logical schedule is step i + 1)")
  void steps_areTheActionsRunInLogicalMode_andTheKernelEventsFiredInTimedMode() {
    Program eager = program().send(lit(1), lit(0), lit(1), Datatype.INT).build();
    Program eagerRecv = program().recv(lit(0), lit(0), lit(1), Datatype.INT, null).build();
    Program rendezvous = program().send(lit(1), lit(0), lit(4096), Datatype.INT).build();
    Program rendezvousRecv = program().recv(lit(0), lit(0), lit(4096), Datatype.INT, null).build();
    Program compute = program().call(new MpiOp.Compute(lit(100))).build();
    // Logical: send, receive, delivery of the eager message and of its credit (4); with a rendezvous, the RTS,
    // CTS and DATA deliveries (5); compute is local (0). Timed: each thread's call, the send's completion at its
    // injection, each delivery, the end of a compute.
    long[][] expected = {{4, 5}, {5, 6}, {0, 2}};
    Program[][] programs = {{eager, eagerRecv}, {rendezvous, rendezvousRecv}, {compute, program().build()}};
    for (int i = 0; i < programs.length; i++) {
      ModelSpec spec = ModelSpec.builder().rank(programs[i][0]).rank(programs[i][1]).build();
      RunResult l = logical(spec);
      RunResult t = Runner.timed(spec, 1, FifoScheduler.INSTANCE, RunOptions.keepingTrace(CheckKind.all()));
      assertEquals(expected[i][0], l.steps(), "logical " + i);
      assertEquals(expected[i][1], t.steps(), "timed " + i);
      for (RunResult r : List.of(l, t)) {
        // Every step produced events, numbered 1, 2, ...: one step per action or event.
        List<Long> steps = r.trace().events().stream().map(TraceEvent::step).filter(n -> n > 0).distinct().toList();
        assertEquals(java.util.stream.LongStream.rangeClosed(1, r.steps()).boxed().toList(), steps);
        assertEquals(List.of(0, 1), r.trace().of(TraceEvent.ThreadFinished.class).stream()
            .map(TraceEvent.ThreadFinished::rank).sorted().toList(), "every thread finishes");
      }
    }
  }

  @Test
  @SpecClause(source = "docs/trace-format.md", text = "the step that produced it: the scheduler step (logical mode) or"
      + " the kernel event (timed mode), counted from 1 (the i-th choice of a logical schedule is step i + 1)")
  void sendInjectedAtOnce_completesWithinItsCallsEvent_laterInjectionIsAnEventOfItsOwn() {
    Program send = program().send(lit(1), lit(0), lit(1), Datatype.INT).build();
    Program recv = program().recv(lit(0), lit(0), lit(1), Datatype.INT, null).build();
    for (boolean overhead : new boolean[] {false, true}) {
      ModelOptions o = overhead ? ModelOptions.defaults() : ModelOptions.defaults().withNetwork(
          dev.matchpoint.core.net.NetworkOptions.defaults().withLatency(new dev.matchpoint.core.net.LatencyModel
              .Constant(1000)));
      RunResult r = Runner.timed(ModelSpec.builder().rank(send).rank(recv).options(o).build(), 1,
          FifoScheduler.INSTANCE, RunOptions.keepingTrace(CheckKind.all()));
      long called = r.trace().of(TraceEvent.CallStarted.class).get(0).step();
      TraceEvent.RequestCompleted done = r.trace().of(TraceEvent.RequestCompleted.class).get(0);
      assertEquals(0, done.rank());
      // Without a sender overhead the eager packet leaves at the call; under LogGP it leaves after o = 200 ns.
      assertEquals(overhead ? 200 : 0, done.timeNs());
      assertEquals(overhead, done.step() > called, "a later injection is an event of its own");
    }
  }

  @Test
  @SpecClause(source = "docs/trace-format.md", text = "The local calls MPI_Get_count (`count=N` or"
      + " `count=MPI_UNDEFINED`) and MPI_Test_cancelled (`flag=true`/`false`) take no step of their own: their"
      + " `call` and `return` lines share the step that reached them")
  void localCalls_runWithinTheStepThatReachedThem_withAndWithoutATrace() {
    // Rank 1 receives three ints, takes their count and sends it back as a tag that rank 0 receives by name.
    Program r0 = program().send(lit(1), lit(0), lit(3), Datatype.INT).recv(lit(1), lit(3), lit(1), Datatype.INT, null)
        .build();
    Program r1 = program().recv(lit(0), lit(0), lit(3), Datatype.INT, "st")
        .call(new MpiOp.GetCount("st", Datatype.INT, "n")).send(lit(0), var("n"), lit(1), Datatype.INT).build();
    ModelSpec spec = ModelSpec.builder().rank(r0).rank(r1).build();
    RunResult traced = logical(spec);
    assertTrue(traced.clean() && traced.problems().isEmpty(), traced.problems().toString());
    List<TraceEvent.CallStarted> started = traced.trace().of(TraceEvent.CallStarted.class).stream()
        .filter(c -> c.call().equals("MPI_Get_count")).toList();
    List<TraceEvent.CallReturned> returned = traced.trace().of(TraceEvent.CallReturned.class).stream()
        .filter(c -> c.call().equals("MPI_Get_count")).toList();
    assertEquals(1, started.size());
    assertEquals(1, returned.size());
    assertEquals("count=3", returned.get(0).result());
    TraceEvent.CallReturned recv = traced.trace().of(TraceEvent.CallReturned.class).stream()
        .filter(c -> c.rank() == 1 && c.call().equals("MPI_Recv")).findFirst().orElseThrow();
    assertEquals(recv.step(), started.get(0).step(), "no step of its own");
    // Without a trace (only the events checks read) the local call still runs.
    RunResult untraced = Runner.timed(spec, 1, FifoScheduler.INSTANCE, RunOptions.of(CheckKind.all()));
    assertTrue(untraced.clean() && untraced.problems().isEmpty(), untraced.problems().toString());
  }

  @Test
  void copy_sendsItsEventsToItsOwnSink_fullTraceOnlyWhenTheOriginalHadIt() {
    Program send = program().send(lit(1), lit(0), lit(1), Datatype.INT).build();
    Program recv = program().recv(lit(0), lit(0), lit(1), Datatype.INT, null).build();
    ModelSpec spec = ModelSpec.builder().rank(send).rank(recv).build();
    for (boolean full : new boolean[] {true, false}) {
      Trace original = new Trace();
      World w = World.logical(spec, original, new Checks(List.of()), full);
      Trace copied = new Trace();
      World c = w.copy(copied);
      c.execute(Action.step(0, 0, -1));
      assertTrue(original.events().isEmpty(), "the original hears nothing of its copy");
      assertEquals(1, copied.of(TraceEvent.MessageSent.class).size(), "the copy's events reach its sink");
      assertEquals(full ? 1 : 0, copied.of(TraceEvent.CallStarted.class).size(), "full trace " + full);
    }
  }

  @Test
  @SpecClause(source = "MPI-3.1 §8.7", text = "It must locally complete all MPI operations that it initiated and must "
      + "execute matching calls needed to complete MPI communications initiated by other processes.")
  void outstandingWork_isNotJudged_whenAThreadWasStoppedByAProgramError() {
    // Rank 1 sends a message nobody receives; rank 0 loops for ever (a program error): the run did not end
    // normally, so the unreceived message is no complete-before-finalize finding.
    Program lonely = program().send(lit(0), lit(0), lit(1), Datatype.INT).build();
    RunResult r = logical(ModelSpec.builder().rank(loopForever(false)).rank(lonely).build());
    assertEquals(List.of("erroneous: program error at r0.t0"), r.problems());
    // The same unreceived message in a run that ended normally is one.
    RunResult normal = logical(ModelSpec.builder().rank(program().build()).rank(lonely).build());
    assertEquals(1, normal.problems().size(), normal.problems().toString());
    assertTrue(normal.problems().get(0).startsWith("erroneous: work outstanding at MPI_Finalize"), normal.problems()
        .toString());
  }

  @Test
  @SpecClause(source = "docs/scenario-format.md", text = "division by zero is a program error at run time.")
  void programErrors_areReportedAtTheStatementThatRaisedThem() {
    SourceLocation call = new SourceLocation("w.yaml", 7, 9);
    SourceLocation repeat = new SourceLocation("w.yaml", 9, 5);
    // A send whose count divides by zero; a counted loop whose count does.
    Expr byZero = new Expr.Binary(Expr.BinaryOp.DIV, lit(1), lit(0));
    Program badSend = new Program(List.of(new Stmt.Call(new MpiOp.Send(SendMode.STANDARD, lit(1), lit(0), byZero,
        Datatype.INT, MpiOp.WORLD), call)));
    Program badLoop = new Program(List.of(new Stmt.Repeat(byZero, null,
        List.of(new Stmt.Call(new MpiOp.Send(SendMode.STANDARD, lit(0), lit(0), lit(1), Datatype.INT, MpiOp.WORLD),
            call)), repeat)));
    RunResult r = logical(ModelSpec.builder().rank(badSend).rank(badLoop).build());
    // The loop fails as the run starts (thread-local control flow), the send at its step.
    assertEquals(List.of(repeat, call), r.trace().of(TraceEvent.ErroneousUse.class).stream()
        .map(TraceEvent.ErroneousUse::at).toList(), r.problems().toString());
  }

  @Test
  @SpecClause(source = "DESIGN §5", text = EXHAUSTIVE)
  void stateReachedInPlace_equalsTheStateReachedThroughCopiesAndThroughTheCodec() {
    // A world run in place (as timed mode and the runner do), the successors the search computes, and a state the
    // compact store decoded must hold the same state after the same schedule: the checks see the same events.
    Program send = program().send(lit(1), lit(0), lit(1), Datatype.INT).send(lit(1), lit(1), lit(1), Datatype.INT)
        .build();
    Program recv = program().recv(lit(0), anyTag(), lit(1), Datatype.INT, null)
        .recv(lit(0), anyTag(), lit(1), Datatype.INT, null).build();
    ModelSpec spec = ModelSpec.builder().rank(send).rank(recv).build();
    World inPlace = World.logical(spec, TraceSink.NONE, CheckKind.all(), false);
    World viaCopies = World.logical(spec, TraceSink.NONE, CheckKind.all(), false);
    WorldCodec codec = new WorldCodec(inPlace);
    World decoded = codec.decode(codec.encode(inPlace));
    while (!inPlace.enabled().isEmpty()) {
      Action a = inPlace.enabled().get(0);
      inPlace.execute(a);
      viaCopies = viaCopies.successor(a).world();
      decoded.execute(a);
    }
    assertEquals(hash(viaCopies), hash(inPlace));
    assertEquals(hash(viaCopies), hash(decoded));
    // Without checks, a sink still hears every message: in place and in a decoded state.
    Trace heard = new Trace();
    World listened = World.logical(spec, heard, new Checks(List.of()), false);
    World decodedListened = new WorldCodec(listened).decode(new WorldCodec(listened).encode(listened));
    decodedListened.execute(Action.step(0, 0, -1));
    listened.execute(Action.step(0, 0, -1));
    assertEquals(2, heard.of(TraceEvent.MessageSent.class).size(), heard.toText());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.7.3", text = "An ongoing communication that is associated with the request will be"
      + " allowed to complete. The request will be deallocated only after its completion.")
  void requestFreedBeforeOrAfterItsSendCompleted_isDeallocatedEitherWay() {
    // A rendezvous Isend freed at once: whether MPI_Request_free runs before or after the DATA leaves, every
    // schedule ends in one state (the completed request is gone from the table).
    Program send = program().isend(SendMode.STANDARD, lit(1), lit(0), lit(2048), Datatype.INT, "s")
        .call(new MpiOp.RequestFree("s")).build();
    Program recv = program().recv(lit(0), lit(0), lit(2048), Datatype.INT, null).build();
    World start = World.logical(ModelSpec.builder().rank(send).rank(recv).build(), TraceSink.NONE,
        new Checks(List.of()), false);
    java.util.Set<String> seen = new java.util.HashSet<>();
    java.util.Set<String> ends = new java.util.TreeSet<>();
    java.util.ArrayDeque<World> todo = new java.util.ArrayDeque<>(List.of(start));
    int freedFirst = 0;
    while (!todo.isEmpty()) {
      World w = todo.poll();
      List<Action> enabled = w.enabled();
      if (enabled.isEmpty()) {
        ends.add(hash(w));
        assertTrue(w.problems().isEmpty() && w.blockedThreads().isEmpty(), w.problems().toString());
        continue;
      }
      for (Action a : enabled) {
        if (w.currentCall(0, 0) instanceof MpiOp.RequestFree && a.kind() == Action.Kind.DELIVER) {
          freedFirst++;
        }
        World next = w.successor(a).world();
        if (seen.add(hash(next))) {
          todo.add(next);
        }
      }
    }
    assertTrue(freedFirst > 0, "some schedule frees the request before its data left");
    assertEquals(1, ends.size(), ends.toString());
  }

  @Test
  @SpecClause(source = "DESIGN §5", text = EXHAUSTIVE)
  void successors_afterAPersistentSet_areTheSuccessorsComputedAfresh() {
    // Two independent pairs: the persistent set computes some successors ahead (dry runs); asking for any enabled
    // action's successor afterwards, once or twice, gives the state a fresh copy reaches.
    Program send1 = program().send(lit(1), lit(0), lit(1), Datatype.INT).build();
    Program recv0 = program().recv(lit(0), lit(0), lit(1), Datatype.INT, null).build();
    Program send3 = program().send(lit(3), lit(0), lit(1), Datatype.INT).build();
    Program recv2 = program().recv(lit(2), lit(0), lit(1), Datatype.INT, null).build();
    World w = World.logical(ModelSpec.builder().rank(send1).rank(recv0).rank(send3).rank(recv2).build(),
        TraceSink.NONE, CheckKind.all(), false);
    List<Action> enabled = w.enabled();
    List<Action> persistent = w.persistentSet(enabled);
    assertTrue(persistent.size() < enabled.size(), persistent + " of " + enabled);
    for (Action a : enabled) {
      String fresh = hash(w.copy().successor(a).world());
      assertEquals(fresh, hash(w.successor(a).world()), a.toString());
      assertEquals(fresh, hash(w.successor(a).world()), a + " again");
    }
  }

  private static String hash(World w) {
    FingerprintSink f = new FingerprintSink();
    w.hashInto(f);
    return f.high() + ":" + f.low();
  }
}
