package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.anySource;
import static dev.matchpoint.mpi.program.ProgramBuilder.anyTag;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.procNull;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.explore.ExplorationReport;
import dev.matchpoint.core.explore.ExploreOptions;
import dev.matchpoint.core.explore.Explorer;
import dev.matchpoint.core.explore.ProgressListener;
import dev.matchpoint.core.explore.Strategy;
import dev.matchpoint.core.sched.ChoiceKind;
import dev.matchpoint.core.sched.ChoicePoint;
import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.core.sched.Scheduler;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.explore.MpiTransitionSystem;
import dev.matchpoint.mpi.program.Expr;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.program.ProgramBuilder;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.mpi.trace.TraceSink;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * MPI_Start and MPI_Startall (MPI-3.1 §3.9): a started persistent receive is the MPI_Irecv it stands
 * for, wildcard choice included, and MPI_Startall starts its requests in every order whose effects
 * can differ, in both modes.
 */
class StartTest {
  private static final String STARTALL_ORDER = "A call to MPI_STARTALL(count, array_of_requests) has the same "
      + "effect as calls to MPI_START (&array_of_requests[i]), executed for i=0 ,..., count-1, in some arbitrary order.";

  private static MpiOp start(String... requests) {
    return new MpiOp.Start(List.of(requests), requests.length > 1);
  }

  private static MpiOp recvInit(Expr source, Expr tag, int count, String request) {
    return new MpiOp.RecvInit(source, tag, lit(count), Datatype.INT, MpiOp.WORLD, request);
  }

  private static MpiOp sendInit(int dest, int count, String request) {
    return new MpiOp.SendInit(SendMode.STANDARD, lit(dest), lit(0), lit(count), Datatype.INT, MpiOp.WORLD, request);
  }

  /** Ranks 0 and 1 each send one int to rank 2, which probes for both, then receives one with MPI_ANY_SOURCE. */
  static ModelSpec twoSenders(boolean persistent) {
    ProgramBuilder receiver = program();
    if (persistent) {
      receiver.call(recvInit(anySource(), lit(0), 1, "r"));
    }
    receiver.probe(lit(0), lit(0), null).probe(lit(1), lit(0), null);
    if (persistent) {
      receiver.call(start("r"));
    } else {
      receiver.irecv(anySource(), lit(0), lit(1), Datatype.INT, "r");
    }
    receiver.waitFor("r", "st");
    Program send = program().send(lit(2), lit(0), lit(1), Datatype.INT).build();
    return ModelSpec.builder().rank(send).rank(send).rank(receiver.build()).build();
  }

  static Set<String> outcomes(ModelSpec spec, Strategy strategy) {
    MpiTransitionSystem ts = new MpiTransitionSystem(spec, List.of(CheckKind.NO_DEADLOCK, CheckKind.NO_ERRORS), true);
    ExplorationReport r = Explorer.explore(ts, ExploreOptions.of(strategy).withShortestViolation(false),
        ProgressListener.NONE);
    assertTrue(r.exhaustive(), strategy + ": " + r.stopReason());
    return r.outcomes().keySet();
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.9", text = "The call is local, with similar semantics to the nonblocking "
      + "communication operations described in Section 3.7.")
  @SpecClause(source = "DESIGN §5", text = "Exhaustive means exhaustive: every model decision reads only state the "
      + "search can see (what the state fingerprint covers)")
  void start_ofAnAnySourcePersistentReceive_takesEitherQueuedMessage_likeIrecv_inEveryStrategy() {
    Set<String> both = Set.of("ok | receipts r2.t0#0<-0#0 | probes r2.t0<-0#0,1#0",
        "ok | receipts r2.t0#0<-1#0 | probes r2.t0<-0#0,1#0");
    assertEquals(both, outcomes(twoSenders(false), Strategy.NAIVE), "MPI_Irecv, every schedule");
    for (Strategy s : List.of(Strategy.NAIVE, Strategy.DPOR, Strategy.EXHAUSTIVE)) {
      assertEquals(both, outcomes(twoSenders(true), s), "MPI_Recv_init + MPI_Start, " + s);
    }
    assertEquals(both, outcomes(twoSenders(false), Strategy.EXHAUSTIVE), "MPI_Irecv, default search");
  }

  /** Answers every choice with its last option and remembers what it was asked. */
  static final class LastOption implements Scheduler {
    final List<ChoicePoint> asked = new ArrayList<>();

    @Override
    public int choose(ChoicePoint point) {
      asked.add(point);
      return point.optionCount() - 1;
    }

    @Override
    public boolean decidesTies() {
      return false;
    }

    @Override
    public String describe() {
      return "last-option";
    }
  }

  private static List<String> receipts(RunResult r, int rank) {
    return r.trace().matches().stream().filter(m -> m.rank() == rank)
        .map(m -> dev.matchpoint.mpi.match.MessageIds.format(m.messageKey())).toList();
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.9", text = "The call is local, with similar semantics to the nonblocking "
      + "communication operations described in Section 3.7.")
  void start_ofAnAnySourcePersistentReceive_inTimedMode_asksTheSeamWhichSource() {
    LastOption last = new LastOption();
    RunResult r = Runner.timed(twoSenders(true), 1, last, RunOptions.keepingTrace(CheckKind.all()));
    assertEquals(List.of(ChoiceKind.WILDCARD), last.asked.stream().map(ChoicePoint::kind).toList());
    assertEquals(2, last.asked.get(0).optionCount());
    assertEquals(List.of("0#0", "1#0", "1#0"), receipts(r, 2), "two probes, then the start takes source 1");
  }

  /** Rank 0 starts two sends to rank 1 with one MPI_Startall: one int, then two ints. */
  static ModelSpec twoSendsOneDestination() {
    Program sender = program().call(sendInit(1, 1, "a")).call(sendInit(1, 2, "b"))
        .call(start("a", "b")).call(new MpiOp.Waitall(List.of("a", "b"), List.of())).build();
    Program receiver = program().recv(lit(0), lit(0), lit(1), Datatype.INT, "x")
        .recv(lit(0), lit(0), lit(2), Datatype.INT, "y").build();
    return ModelSpec.builder().rank(sender).rank(receiver).build();
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.9", text = STARTALL_ORDER)
  @SpecClause(source = "MPI-3.1 §3.5", text = "Messages are non-overtaking: If a sender sends two messages in "
      + "succession to the same destination, and both match the same receive, then this operation cannot receive the "
      + "second message if the first one is still pending.")
  void startall_ofTwoSendsToOneDestination_inTimedMode_asksTheSeamForTheOrder() {
    RunResult arrayOrder = Runner.timed(twoSendsOneDestination(), 1, FifoScheduler.INSTANCE,
        RunOptions.keepingTrace(CheckKind.all()));
    assertEquals(List.of(), arrayOrder.problems());
    LastOption last = new LastOption();
    RunResult reversed = Runner.timed(twoSendsOneDestination(), 1, last, RunOptions.keepingTrace(CheckKind.all()));
    assertEquals(List.of(ChoiceKind.ORDER), last.asked.stream().map(ChoicePoint::kind).toList());
    assertEquals(2, last.asked.get(0).optionCount());
    // b (two ints) was started first, so it is the first message: the one-int receive truncates.
    assertTrue(reversed.problems().stream().anyMatch(p -> p.contains("MPI_ERR_TRUNCATE")), reversed.problems()
        .toString());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.9", text = STARTALL_ORDER)
  @SpecClause(source = "MPI-3.1 §3.5", text = "If a receiver posts two receives in succession, and both match the "
      + "same message, then the second receive operation cannot be satisfied by this message, if the first one is "
      + "still pending.")
  void startall_ofTwoOverlappingReceives_mayPostEitherFirst_inEveryStrategy() {
    // Rank 1's first message (two ints) goes to whichever receive was started first: the two-int
    // receive takes it in one order, the one-int receive truncates in the other.
    Program sender = program().send(lit(1), lit(0), lit(2), Datatype.INT).send(lit(1), lit(0), lit(1), Datatype.INT)
        .build();
    Program receiver = program().call(recvInit(lit(0), anyTag(), 1, "small")).call(recvInit(lit(0), anyTag(), 2, "big"))
        .call(start("small", "big")).call(new MpiOp.Waitall(List.of("small", "big"), List.of())).build();
    ModelSpec spec = ModelSpec.builder().rank(sender).rank(receiver).build();
    for (Strategy s : List.of(Strategy.NAIVE, Strategy.EXHAUSTIVE)) {
      Set<String> classes = outcomes(spec, s);
      assertEquals(2, classes.size(), s + ": " + classes);
      assertTrue(classes.stream().anyMatch(c -> c.startsWith("ok")), s + ": " + classes);
      assertTrue(classes.stream().anyMatch(c -> c.contains("MPI_ERR_TRUNCATE")), s + ": " + classes);
    }
  }

  /** The step alternatives a thread offers once it reaches its MPI_Startall (after its *_init calls). */
  private static int alternativesAtStart(Program startingRank, int size) {
    ModelSpec.Builder b = ModelSpec.builder().rank(startingRank);
    for (int r = 1; r < size; r++) {
      b.rank(program().build());
    }
    World w = World.logical(b.build(), TraceSink.NONE, new dev.matchpoint.mpi.check.Checks(List.of()), false);
    while (!(w.currentCall(0, 0) instanceof MpiOp.Start)) {
      w.execute(Action.step(0, 0, -1));
    }
    return (int) w.enabled().stream().filter(a -> a.kind() == Action.Kind.STEP && a.rank() == 0).count();
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.9", text = STARTALL_ORDER)
  void startall_offersOneAlternativePerDistinctOrder_andOneWhenTheOrderCannotMatter() {
    // Sends to four different ranks and receives from two specific sources that have sent nothing:
    // no two starts touch the same link, queue or buffer, so every order has the same effect.
    Program halo = program().call(sendInit(1, 1, "s1")).call(sendInit(2, 1, "s2")).call(sendInit(3, 1, "s3"))
        .call(recvInit(lit(1), lit(0), 1, "r1")).call(recvInit(lit(2), lit(0), 1, "r2"))
        .call(start("s1", "r1", "s2", "r2", "s3")).build();
    assertEquals(1, alternativesAtStart(halo, 4));
    // Three sends to one destination: their order fixes the messages' order, 3! orders.
    Program three = program().call(sendInit(1, 1, "a")).call(sendInit(1, 1, "b")).call(sendInit(1, 1, "c"))
        .call(start("a", "b", "c")).build();
    assertEquals(6, alternativesAtStart(three, 2));
    // Two sends to rank 1 and one to rank 2: only the order of the first two matters.
    Program mixed = program().call(sendInit(1, 1, "a")).call(sendInit(2, 1, "b")).call(sendInit(1, 1, "c"))
        .call(start("a", "b", "c")).build();
    assertEquals(2, alternativesAtStart(mixed, 3));
    // Two wildcard receives overlap; a receive from rank 2 on another tag overlaps neither.
    Program receives = program().call(recvInit(anySource(), lit(0), 1, "x")).call(recvInit(lit(2), lit(1), 1, "y"))
        .call(recvInit(anySource(), anyTag(), 1, "z")).call(start("x", "y", "z")).build();
    assertEquals(4, alternativesAtStart(receives, 3), "x-z in either order; y overlaps z (any tag) too");
  }

  /**
   * The step alternatives rank 0's thread offers at its MPI_Startall once every other rank has run
   * to its end and every packet has been delivered (so rank 0's queues hold what they sent).
   */
  private static int alternativesAfterTheOthers(ModelSpec spec) {
    World w = World.logical(spec, TraceSink.NONE, new dev.matchpoint.mpi.check.Checks(List.of()), false);
    for (boolean moved = true; moved; ) {
      moved = false;
      for (Action a : w.enabled()) {
        if (a.kind() == Action.Kind.DELIVER || a.rank() != 0 || !(w.currentCall(0, 0) instanceof MpiOp.Start)) {
          w.execute(a);
          moved = true;
          break;
        }
      }
    }
    assertTrue(w.currentCall(0, 0) instanceof MpiOp.Start);
    return (int) w.enabled().stream().filter(a -> a.kind() == Action.Kind.STEP && a.rank() == 0).count();
  }

  private static MpiOp bsendInit(int dest, String request) {
    return new MpiOp.SendInit(SendMode.BUFFERED, lit(dest), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, request);
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.9", text = STARTALL_ORDER)
  @SpecClause(source = "MPI-3.1 §3.11", text = "A send to MPI_PROC_NULL succeeds and returns as soon as possible. A "
      + "receive from MPI_PROC_NULL succeeds and returns as soon as possible with no modifications to the receive "
      + "buffer.")
  void startall_ordersOnlyStartsThatShareALinkABufferOrAMessage() {
    // Calls to and from MPI_PROC_NULL touch nothing: one order.
    Program procNulls = program().call(new MpiOp.SendInit(SendMode.STANDARD, procNull(), lit(0), lit(1), Datatype.INT,
        MpiOp.WORLD, "a")).call(new MpiOp.SendInit(SendMode.BUFFERED, procNull(), lit(0), lit(1), Datatype.INT,
        MpiOp.WORLD, "b")).call(recvInit(procNull(), lit(0), 1, "c")).call(recvInit(procNull(), lit(0), 1, "d"))
        .call(new MpiOp.SendInit(SendMode.BUFFERED, procNull(), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, "e"))
        .call(start("a", "b", "c", "d", "e")).build();
    assertEquals(1, alternativesAtStart(procNulls, 2));
    // Two buffered sends to different ranks share the attached buffer: two orders.
    Program buffered = program().call(new MpiOp.BufferAttach(lit(1024))).call(bsendInit(1, "a"))
        .call(bsendInit(2, "b")).call(start("a", "b")).build();
    assertEquals(2, alternativesAtStart(buffered, 3));
    // A send to the caller's own rank and a receive it could match: two orders; on another tag, one.
    Program self = program().call(sendInit(0, 1, "s")).call(recvInit(lit(0), lit(0), 1, "r")).call(start("s", "r"))
        .build();
    assertEquals(2, alternativesAtStart(self, 1));
    Program selfReversed = program().call(recvInit(lit(0), lit(0), 1, "r")).call(sendInit(0, 1, "s"))
        .call(start("r", "s")).build();
    assertEquals(2, alternativesAtStart(selfReversed, 1));
    Program otherTag = program().call(sendInit(0, 1, "s")).call(recvInit(lit(0), lit(5), 1, "r"))
        .call(start("s", "r")).build();
    assertEquals(1, alternativesAtStart(otherTag, 1));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.9", text = STARTALL_ORDER)
  void startall_ofAReceiveTakingAQueuedMessage_andASendToItsSource_ordersThem_andWithNothingQueuedDoesNot() {
    // The receive that takes rank 1's queued message answers on the link to rank 1 (its
    // acknowledgement or credit), as the send to rank 1 does.
    Program zero = program().probe(lit(1), lit(0), null).call(recvInit(lit(1), lit(0), 1, "r")).call(sendInit(1, 1, "s"))
        .call(start("r", "s")).build();
    Program one = program().send(lit(0), lit(0), lit(1), Datatype.INT).build();
    assertEquals(2, alternativesAfterTheOthers(ModelSpec.builder().rank(zero).rank(one).build()));
    // The same with an MPI_ANY_SOURCE receive, which may take it.
    Program any = program().probe(lit(1), lit(0), null).call(recvInit(anySource(), lit(0), 1, "r"))
        .call(sendInit(1, 1, "s")).call(start("r", "s")).build();
    assertEquals(2, alternativesAfterTheOthers(ModelSpec.builder().rank(any).rank(one).build()));
    // Nothing from rank 1 matches (another tag): the receive sends rank 1 nothing when started.
    Program other = program().probe(lit(1), lit(0), null).call(recvInit(lit(1), lit(3), 1, "r"))
        .call(sendInit(1, 1, "s")).call(start("r", "s")).build();
    assertEquals(1, alternativesAfterTheOthers(ModelSpec.builder().rank(other).rank(one).build()));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.9", text = STARTALL_ORDER)
  void eachStartallAlternative_isLabelledWithItsStartOrder() {
    Program sends = program().call(sendInit(1, 1, "a")).call(sendInit(1, 1, "b")).call(start("a", "b")).build();
    World w = World.logical(ModelSpec.builder().rank(sends).rank(program().build()).build(), TraceSink.NONE,
        new dev.matchpoint.mpi.check.Checks(List.of()), false);
    while (!(w.currentCall(0, 0) instanceof MpiOp.Start)) {
      w.execute(Action.step(0, 0, -1));
    }
    assertEquals(List.of("r0.t0 MPI_Startall(requests=[a, b]) at <java> [start a, b]",
        "r0.t0 MPI_Startall(requests=[a, b]) at <java> [start b, a]"), w.enabled().stream().map(w::describe).toList());
  }

  @Test
  @SpecClause(source = "DESIGN §5", text = "Exhaustive means exhaustive: every model decision reads only state the "
      + "search can see (what the state fingerprint covers)")
  void aCallWithSeveralAlternatives_refusesToRunWithoutBeingGivenOne() {
    // MPI_Startall of two sends to one destination: two orders, so no default order.
    Program sends = program().call(sendInit(1, 1, "a")).call(sendInit(1, 1, "b")).call(start("a", "b")).build();
    World w = World.logical(ModelSpec.builder().rank(sends).rank(program().build()).build(), TraceSink.NONE,
        new dev.matchpoint.mpi.check.Checks(List.of()), false);
    while (!(w.currentCall(0, 0) instanceof MpiOp.Start)) {
      w.execute(Action.step(0, 0, -1));
    }
    assertThrows(IllegalStateException.class, () -> w.copy().execute(Action.step(0, 0, -1)));
    w.copy().execute(Action.step(0, 0, 1));
    // MPI_Waitany with two completed requests: no default position either.
    Program waits = program().irecv(procNull(), lit(0), lit(1), Datatype.INT, "x")
        .irecv(procNull(), lit(0), lit(1), Datatype.INT, "y").waitAny("i", null, "x", "y").build();
    World v = World.logical(ModelSpec.builder().rank(waits).build(), TraceSink.NONE,
        new dev.matchpoint.mpi.check.Checks(List.of()), false);
    while (!(v.currentCall(0, 0) instanceof MpiOp.Waitany)) {
      v.execute(Action.step(0, 0, -1));
    }
    assertEquals(List.of(Action.step(0, 0, 0), Action.step(0, 0, 1)), v.enabled());
    assertThrows(IllegalStateException.class, () -> v.copy().execute(Action.step(0, 0, -1)));
  }
}
