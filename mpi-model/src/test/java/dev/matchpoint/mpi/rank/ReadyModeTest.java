package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.anySource;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.explore.ExplorationReport;
import dev.matchpoint.core.explore.ExploreOptions;
import dev.matchpoint.core.explore.Explorer;
import dev.matchpoint.core.explore.ProgressListener;
import dev.matchpoint.core.explore.Strategy;
import dev.matchpoint.core.net.LatencyModel;
import dev.matchpoint.core.net.NetworkOptions;
import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.explore.MpiTransitionSystem;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.program.ProgramBuilder;
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
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Ready mode is judged at the send's start (MPI-3.1 §3.4): the receive that matches a ready send's
 * message must have been posted when the send started. A posted receive that an earlier message of
 * the same sender, or another sender's message, takes first is not that receive.
 */
class ReadyModeTest {
  private static final String RULE = "ready-mode send started before its matching receive was posted (MPI-3.1 §3.4)";
  private static final String RSEND_RULE = "A send that uses the ready communication mode may be started only if the "
      + "matching receive is already posted. Otherwise, the operation is erroneous and its outcome is undefined.";
  private static final ModelOptions OPTIONS = ModelOptions.defaults()
      .withNetwork(NetworkOptions.defaults().withLatency(new LatencyModel.Constant(1000)));

  private static RunResult timed(ModelSpec spec) {
    return Runner.timed(spec, 1, FifoScheduler.INSTANCE, RunOptions.keepingTrace(CheckKind.all()));
  }

  private static boolean reported(List<String> problems, int rank) {
    return problems.contains("erroneous: " + RULE + " at r" + rank + ".t0");
  }

  /** Rank 0's ready send of one int to rank 1 (tag 0) in the given form. */
  private static ProgramBuilder readySend(ProgramBuilder b, String form) {
    return switch (form) {
      case "MPI_Rsend" -> b.send(SendMode.READY, lit(1), lit(0), lit(1), Datatype.INT);
      case "MPI_Irsend" -> b.isend(SendMode.READY, lit(1), lit(0), lit(1), Datatype.INT, "s").waitFor("s", null);
      case "MPI_Rsend_init" -> b.call(new MpiOp.SendInit(SendMode.READY, lit(1), lit(0), lit(1), Datatype.INT,
          MpiOp.WORLD, "s")).call(new MpiOp.Start(List.of("s"), false)).waitFor("s", null)
          .call(new MpiOp.RequestFree("s"));
      default -> throw new IllegalArgumentException(form);
    };
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"MPI_Rsend", "MPI_Irsend", "MPI_Rsend_init"})
  @SpecClause(source = "MPI-3.1 §3.4", text = RSEND_RULE)
  @SpecClause(source = "MPI-3.1 §3.9", text = "A communication (send or receive) that uses a persistent request is "
      + "initiated by the function MPI_START.")
  void readySend_startedAtZero_withItsReceivePostedAt300ns_isErroneousAtItsStart(String form) {
    // The message arrives at 1000 ns and finds the receive posted at 300 ns: too late for ready mode.
    Program sender = readySend(program(), form).build();
    Program receiver = program().call(new MpiOp.Compute(lit(300))).irecv(lit(0), lit(0), lit(1), Datatype.INT, "r")
        .waitFor("r", null).build();
    RunResult r = timed(ModelSpec.builder().rank(sender).rank(receiver).options(OPTIONS).build());
    assertEquals(Outcome.ERRONEOUS, r.outcome(), r.trace().toText());
    assertEquals(List.of("erroneous: " + RULE + " at r0.t0"), r.problems());
    TraceEvent.ErroneousUse e = r.trace().of(TraceEvent.ErroneousUse.class).get(0);
    assertEquals(0, e.timeNs(), "judged when the send starts, not when its message arrives");
    assertEquals("message 0#0 sent by r0.t0#0"
        + ": its matching receive was not posted when the send started", e.detail(), "the detail names the message");
    assertEquals(1, r.trace().matches().size(), "the message is still received");
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.4", text = RSEND_RULE)
  void readySend_causallyBeforeItsReceive_isErroneousInEverySchedule() {
    // Rank 0 sends ready, then tells rank 2, which tells rank 1 to post the receive: the receive is
    // always posted after the send started, even when the message reaches it after that.
    Program r0 = program().send(SendMode.READY, lit(1), lit(0), lit(1), Datatype.INT)
        .send(lit(2), lit(9), lit(0), Datatype.INT).build();
    Program r1 = program().recv(lit(2), lit(9), lit(0), Datatype.INT, null)
        .recv(lit(0), lit(0), lit(1), Datatype.INT, null).build();
    Program r2 = program().recv(lit(0), lit(9), lit(0), Datatype.INT, null)
        .send(lit(1), lit(9), lit(0), Datatype.INT).build();
    Map<Exhaustive.End, Long> ends = Exhaustive.ends(ModelSpec.builder().rank(r0).rank(r1).rank(r2).build(),
        CheckKind.NO_ERRORS);
    ends.keySet().forEach(e -> assertTrue(reported(e.problems(), 0), e.toString()));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.4", text = RSEND_RULE)
  @SpecClause(source = "MPI-3.1 §3.5", text = "If a sender sends two messages in succession to the same destination, "
      + "and both match the same receive, then this operation cannot receive the second message if the first one is "
      + "still pending.")
  void readySend_whoseOnlyPostedReceiveAnEarlierMessageOfTheSameSenderTakes_isErroneousInEverySchedule() {
    // Rank 1 posts one receive and says go. Rank 0 sends a standard message and then a ready one,
    // both matching that receive: the standard one takes it (non-overtaking), so the ready one's
    // receive is the second, which rank 1 posts only after rank 2 relays rank 0's later word.
    Program r0 = program().recv(lit(1), lit(9), lit(0), Datatype.INT, null)
        .send(lit(1), lit(0), lit(1), Datatype.INT)
        .send(SendMode.READY, lit(1), lit(0), lit(1), Datatype.INT)
        .send(lit(2), lit(9), lit(0), Datatype.INT).build();
    Program r1 = program().irecv(lit(0), lit(0), lit(1), Datatype.INT, "a")
        .send(lit(0), lit(9), lit(0), Datatype.INT)
        .recv(lit(2), lit(9), lit(0), Datatype.INT, null)
        .irecv(lit(0), lit(0), lit(1), Datatype.INT, "b").waitAll("a", "b").build();
    Program r2 = program().recv(lit(0), lit(9), lit(0), Datatype.INT, null)
        .send(lit(1), lit(9), lit(0), Datatype.INT).build();
    Map<Exhaustive.End, Long> ends = Exhaustive.ends(ModelSpec.builder().rank(r0).rank(r1).rank(r2).build(),
        CheckKind.NO_ERRORS);
    ends.keySet().forEach(e -> assertTrue(reported(e.problems(), 0), e.toString()));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.4", text = RSEND_RULE)
  void readySend_whosePostedAnySourceReceiveAnotherSenderTakes_isErroneous_whenItsMessageMatchesALaterReceive() {
    // t=0: rank 2 posts Irecv(any) and says go; t=1000: rank 0's Rsend starts, the receive posted;
    // t=1500: rank 1's message takes that receive; rank 2 posts a second Irecv(any); t=2000: rank 0's
    // message arrives and matches the second receive, posted after the Rsend started.
    Program r0 = program().recv(lit(2), lit(9), lit(0), Datatype.INT, null)
        .send(SendMode.READY, lit(2), lit(0), lit(1), Datatype.INT).build();
    Program r1 = program().call(new MpiOp.Compute(lit(500))).send(lit(2), lit(0), lit(1), Datatype.INT).build();
    Program r2 = program().irecv(anySource(), lit(0), lit(1), Datatype.INT, "a")
        .send(lit(0), lit(9), lit(0), Datatype.INT).waitFor("a", null)
        .irecv(anySource(), lit(0), lit(1), Datatype.INT, "b").waitFor("b", null).build();
    RunResult r = timed(ModelSpec.builder().rank(r0).rank(r1).rank(r2).options(OPTIONS).build());
    assertEquals(Outcome.ERRONEOUS, r.outcome(), r.trace().toText());
    assertEquals(List.of("erroneous: " + RULE + " at r0.t0"), r.problems());
    TraceEvent.ErroneousUse e = r.trace().of(TraceEvent.ErroneousUse.class).get(0);
    assertEquals(2000, e.timeNs(), "known only when the message matches a receive posted after the start");
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.4", text = RSEND_RULE)
  void readySend_whosePersistentAnySourceReceiveAnotherSenderTakes_isErroneous_whenItsMessageMatchesTheRestart() {
    // As above with one persistent MPI_ANY_SOURCE receive started twice: the second start is a new
    // posting of the same request, after the Rsend started, so the ready message that matches it was
    // sent too early (the receive was not posted "without a break" since the start).
    Program r0 = program().recv(lit(2), lit(9), lit(0), Datatype.INT, null)
        .send(SendMode.READY, lit(2), lit(0), lit(1), Datatype.INT).build();
    Program r1 = program().call(new MpiOp.Compute(lit(500))).send(lit(2), lit(0), lit(1), Datatype.INT).build();
    MpiOp start = new MpiOp.Start(List.of("p"), false);
    Program r2 = program().call(new MpiOp.RecvInit(anySource(), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, "p"))
        .call(start).send(lit(0), lit(9), lit(0), Datatype.INT).waitFor("p", null)
        .call(start).waitFor("p", null).call(new MpiOp.RequestFree("p")).build();
    RunResult r = timed(ModelSpec.builder().rank(r0).rank(r1).rank(r2).options(OPTIONS).build());
    assertEquals(List.of("1#0 by r2", "0#0 by r2"), r.trace().matches().stream().filter(m -> m.rank() == 2)
        .map(m -> dev.matchpoint.mpi.match.MessageIds.format(m.messageKey()) + " by r" + m.rank()).toList());
    assertEquals(List.of("erroneous: " + RULE + " at r0.t0"), r.problems());
    assertEquals(2000, r.trace().of(TraceEvent.ErroneousUse.class).get(0).timeNs());
  }

  /** Programs whose ready sends all start after their receives are posted. */
  private static List<ModelSpec> handshakes() {
    Program rsend = program().recv(lit(1), lit(9), lit(0), Datatype.INT, null)
        .send(SendMode.READY, lit(1), lit(0), lit(1), Datatype.INT).build();
    Program irecvThenGo = program().irecv(lit(0), lit(0), lit(1), Datatype.INT, "r")
        .send(lit(0), lit(9), lit(0), Datatype.INT).waitFor("r", null).build();
    Program anyThenGo = program().irecv(anySource(), lit(0), lit(1), Datatype.INT, "r")
        .send(lit(0), lit(9), lit(0), Datatype.INT).waitFor("r", null).build();
    Program persistent = program().call(new MpiOp.RecvInit(lit(0), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, "r"))
        .repeat(2, b -> b.call(new MpiOp.Start(List.of("r"), false)).send(lit(0), lit(9), lit(0), Datatype.INT)
            .waitFor("r", null)).call(new MpiOp.RequestFree("r")).build();
    Program twice = program().repeat(2, b -> readySend(b.recv(lit(1), lit(9), lit(0), Datatype.INT, null),
        "MPI_Rsend_init")).build();
    return List.of(ModelSpec.builder().rank(rsend).rank(irecvThenGo).build(),
        ModelSpec.builder().rank(rsend).rank(anyThenGo).build(),
        ModelSpec.builder().rank(twice).rank(persistent).build());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.4", text = RSEND_RULE)
  void readySend_afterAHandshakeFromItsReceiver_isCorrectInEverySchedule() {
    for (ModelSpec spec : handshakes()) {
      Map<Exhaustive.End, Long> ends = Exhaustive.ends(spec, CheckKind.NO_ERRORS, CheckKind.NO_DEADLOCK);
      ends.keySet().forEach(e -> assertFalse(e.violated() || !e.problems().isEmpty(), e.toString()));
    }
  }

  private static ExplorationReport explore(ModelSpec spec, Strategy s) {
    MpiTransitionSystem ts = new MpiTransitionSystem(spec, List.of(CheckKind.values()), true);
    return Explorer.explore(ts, ExploreOptions.of(s).withShortestViolation(false), ProgressListener.NONE);
  }

  @Test
  @SpecClause(source = "DESIGN §5", text = "the reduced search reaches exactly the outcomes of naive enumeration")
  void readySends_reducedSearches_reachTheOutcomesOfNaiveEnumeration() {
    // The judgement reads the destination's posted receive queue: a search that took a ready send
    // and a receive post at the destination for independent would miss one of the two outcomes.
    Program rsend = program().send(SendMode.READY, lit(1), lit(0), lit(1), Datatype.INT).build();
    Program aheadThenRsend = program().isend(SendMode.STANDARD, lit(1), lit(5), lit(1), Datatype.INT, "a")
        .send(SendMode.READY, lit(1), lit(0), lit(1), Datatype.INT).waitFor("a", null).build();
    Program receiver = program().irecv(lit(0), lit(0), lit(1), Datatype.INT, "r")
        .recv(lit(0), lit(5), lit(1), Datatype.INT, null).waitFor("r", null).build();
    Program plain = program().irecv(lit(0), lit(0), lit(1), Datatype.INT, "r").waitFor("r", null).build();
    Program other = program().send(lit(1), lit(0), lit(1), Datatype.INT).build();
    Program any = program().repeat(2, b -> b.recv(anySource(), lit(0), lit(1), Datatype.INT, null)).build();
    List<ModelSpec> specs = List.of(ModelSpec.builder().rank(rsend).rank(plain).build(),
        ModelSpec.builder().rank(aheadThenRsend).rank(receiver).build(),
        ModelSpec.builder().rank(rsend).rank(any).rank(other).build());
    for (ModelSpec spec : specs) {
      ExplorationReport naive = explore(spec, Strategy.NAIVE);
      assertTrue(naive.outcomes().keySet().stream().anyMatch(o -> o.contains(RULE)), naive.outcomes().keySet()
          .toString());
      assertTrue(naive.outcomes().keySet().stream().anyMatch(o -> !o.contains(RULE)), naive.outcomes().keySet()
          .toString());
      for (Strategy s : List.of(Strategy.EXHAUSTIVE, Strategy.DPOR)) {
        assertEquals(naive.outcomes().keySet(), explore(spec, s).outcomes().keySet(), s.configName());
      }
    }
  }
}
