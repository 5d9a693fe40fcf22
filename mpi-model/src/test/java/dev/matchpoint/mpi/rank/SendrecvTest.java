package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.anySource;
import static dev.matchpoint.mpi.program.ProgramBuilder.anyTag;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static dev.matchpoint.mpi.program.ProgramBuilder.source;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.hash.Hasher;
import com.google.common.hash.Hashing;
import dev.matchpoint.core.explore.ExplorationReport;
import dev.matchpoint.core.explore.ExploreOptions;
import dev.matchpoint.core.explore.Explorer;
import dev.matchpoint.core.explore.ProgressListener;
import dev.matchpoint.core.explore.Strategy;
import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.core.sched.SeededScheduler;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.WildcardPolicy;
import dev.matchpoint.mpi.check.Check;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.check.Checks;
import dev.matchpoint.mpi.check.Receipts;
import dev.matchpoint.mpi.explore.MpiTransitionSystem;
import dev.matchpoint.mpi.explore.Outcomes;
import dev.matchpoint.mpi.program.Expr;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.run.Outcome;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.mpi.testing.Exhaustive;
import dev.matchpoint.mpi.trace.TraceEvent;
import dev.matchpoint.mpi.trace.TraceSink;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * MPI_Sendrecv as two concurrent halves (MPI-3.1 §3.10): in logical mode the send and the receive
 * are separate actions that interleave with the rank's other threads and with deliveries.
 */
class SendrecvTest {
  private static final String FORK = "The semantics of a send-receive operation is what would be obtained if the "
      + "caller forked two concurrent threads, one to execute the send, and one to execute the receive, followed by "
      + "a join of these two threads.";

  /**
   * Rank 0, thread 0: Sendrecv(send tag 0 to rank 1; receive MPI_ANY_SOURCE, tag 2). Rank 0, thread
   * 1: receive rank 1's tag-1 reply, then receive MPI_ANY_SOURCE, tag 2. Rank 1: receive the tag-0
   * message, then send a tag-1 reply (1#0) and two tag-2 messages (1#1, 1#2). The tag-2 receive
   * posted first gets 1#1.
   */
  static ModelSpec replyRace() {
    MpiOp.Sendrecv sendrecv = new MpiOp.Sendrecv(lit(1), lit(0), lit(1), Datatype.INT, anySource(), lit(2), lit(1),
        Datatype.INT, MpiOp.WORLD, null);
    return ModelSpec.builder()
        .rank(program().call(sendrecv).build(),
            program().recv(lit(1), lit(1), lit(1), Datatype.INT, null)
                .recv(anySource(), lit(2), lit(1), Datatype.INT, null).build())
        .rank(program().recv(lit(0), lit(0), lit(1), Datatype.INT, null)
            .send(lit(0), lit(1), lit(1), Datatype.INT)
            .send(lit(0), lit(2), lit(1), Datatype.INT)
            .send(lit(0), lit(2), lit(1), Datatype.INT).build())
        .build();
  }

  /** Thread 1 posted its tag-2 receive before the Sendrecv's receive half: only if the halves are apart. */
  private static final String HALVES_APART = "r0.t0<-1#2 r0.t1<-1#0,1#1 r1.t0<-0#0";
  private static final String RECEIVE_FIRST = "r0.t0<-1#1 r0.t1<-1#0,1#2 r1.t0<-0#0";

  @Test
  @SpecClause(source = "MPI-3.1 §3.10", text = FORK)
  void sendrecv_receiveHalfPostedAfterAnotherThreadSawTheReplyToItsSendHalf_isReachable() {
    // Thread 1 can post its tag-2 receive only after rank 1 replied to the Sendrecv's send; done as
    // one step, the Sendrecv posted its receive by then and would always get 1#1. The receive
    // thread of the standard's fork may be late: 1#2 is a permitted outcome.
    Set<String> receipts = new TreeSet<>();
    Exhaustive.ends(replyRace(), CheckKind.NO_DEADLOCK, CheckKind.NO_ERRORS).keySet().forEach(e -> {
      assertFalse(e.violated(), e.toString());
      receipts.add(e.receipts());
    });
    assertEquals(Set.of(RECEIVE_FIRST, HALVES_APART), receipts);
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.10", text = FORK)
  void sendrecv_halves_theDefaultSearchAndDporReachBothOutcomes() {
    for (Strategy s : List.of(Strategy.EXHAUSTIVE, Strategy.DPOR)) {
      MpiTransitionSystem ts = new MpiTransitionSystem(replyRace(), List.of(CheckKind.values()), true,
          Outcomes.FINE);
      ExplorationReport r = Explorer.explore(ts, ExploreOptions.of(s).withShortestViolation(false),
          ProgressListener.NONE);
      assertTrue(r.exhaustive(), s + ": " + r.stopReason());
      assertEquals(Set.of("ok | receipts " + RECEIVE_FIRST, "ok | receipts " + HALVES_APART), r.outcomes().keySet(),
          s.toString());
    }
  }

  private static MpiOp.Sendrecv sendrecv(int dest, Expr source, Expr recvTag, int count) {
    return new MpiOp.Sendrecv(lit(dest), lit(0), lit(count), Datatype.INT, source, recvTag, lit(count), Datatype.INT,
        MpiOp.WORLD, "st");
  }

  /** Small programs mixing Sendrecv halves with other threads, self-sends and rendezvous sizes. */
  static List<ModelSpec> mixes(WildcardPolicy policy) {
    ModelOptions o = ModelOptions.defaults().withWildcard(policy);
    List<ModelSpec> out = new ArrayList<>();
    out.add(new ModelSpec(replyRace().threads(), replyRace().communicators(), o));
    for (int count : new int[] {1, 2000}) {
      ModelSpec.Builder ring = ModelSpec.builder().options(o);
      ring.rank(program().call(sendrecv(1, anySource(), lit(0), count)).build(),
          program().recv(anySource(), lit(0), lit(count), Datatype.INT, null).build());
      ring.rank(program().call(sendrecv(2, anySource(), lit(0), count)).build());
      ring.rank(program().call(sendrecv(0, anySource(), lit(0), count)).send(lit(0), lit(0), lit(1), Datatype.INT)
          .build());
      out.add(ring.build());
    }
    out.add(ModelSpec.builder().options(o)
        .rank(2, program().call(sendrecv(1, anySource(), anyTag(), 1)).build())
        .rank(program().call(sendrecv(0, lit(0), anyTag(), 1)).call(sendrecv(0, lit(0), anyTag(), 1)).build())
        .build());
    out.add(ModelSpec.builder().options(o)
        .rank(program().call(sendrecv(0, anySource(), lit(0), 1)).build(),
            program().probe(anySource(), lit(0), "p").recv(source("p"), lit(0), lit(1), Datatype.INT, null).build())
        .rank(program().send(lit(0), lit(0), lit(1), Datatype.INT).build())
        .build());
    return out;
  }

  /**
   * A guard for the reductions with the new actions: the halves' footprints and the persistent sets
   * must lose no outcome that enumeration without any reduction ({@link Exhaustive}) reaches.
   */
  @Test
  void sendrecv_reducedSearches_reachTheOutcomesOfNaiveEnumeration() {
    for (WildcardPolicy policy : WildcardPolicy.values()) {
      for (ModelSpec spec : mixes(policy)) {
        Set<String> naive = new TreeSet<>();
        Exhaustive.ends(spec, CheckKind.values()).keySet().forEach(e -> naive.add((e.deadlocked() ? "deadlock"
            : e.problems().isEmpty() ? "ok" : "erroneous") + " | receipts " + (e.receipts().isEmpty() ? "none"
            : e.receipts()) + (e.violated() ? " violated" : "")));
        for (Strategy s : List.of(Strategy.EXHAUSTIVE, Strategy.DPOR)) {
          MpiTransitionSystem ts = new MpiTransitionSystem(spec, List.of(CheckKind.values()), true, Outcomes.FINE);
          ExplorationReport r = Explorer.explore(ts, ExploreOptions.of(s).withShortestViolation(false),
              ProgressListener.NONE);
          assertTrue(r.exhaustive(), s + ": " + r.stopReason());
          Set<String> reduced = new TreeSet<>();
          r.outcomes().forEach((k, c) -> {
            String[] parts = k.split(" \\| ");
            reduced.add(parts[0] + " | " + parts[1] + (c.verdict().violation() ? " violated" : ""));
          });
          assertEquals(naive, reduced, policy + " " + s + " " + spec.threads());
        }
      }
    }
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.10", text = FORK)
  void sendrecv_halves_areSeparateIndependentActions_thatCommute() {
    List<Check> checks = new ArrayList<>(CheckKind.all().checks());
    checks.add(new Receipts());
    World w = World.logical(replyRace(), TraceSink.NONE, new Checks(checks), false);
    List<Action> sendrecv = w.enabled().stream().filter(a -> a.kind() == Action.Kind.STEP && a.rank() == 0
        && a.thread() == 0).toList();
    assertEquals(2, sendrecv.size(), "the send half and the receive half: " + sendrecv);
    assertTrue(w.describe(sendrecv.get(0)).endsWith("[send half]"), w.describe(sendrecv.get(0)));
    assertTrue(w.describe(sendrecv.get(1)).endsWith("[receive half]"), w.describe(sendrecv.get(1)));
    assertFalse(World.actorOf(sendrecv.get(0)) == World.actorOf(sendrecv.get(1)), "two actors, as two threads");
    World.Successor send = w.successor(sendrecv.get(0));
    World.Successor receive = w.successor(sendrecv.get(1));
    assertFalse(send.footprint().conflicts(receive.footprint()), send.footprint() + " vs " + receive.footprint());
    World sendThenReceive = send.world().successor(sendrecv.get(1)).world();
    World receiveThenSend = receive.world().successor(sendrecv.get(0)).world();
    assertEquals(hash(sendThenReceive), hash(receiveThenSend), "either order reaches the same state");
  }

  private static String hash(World w) {
    Hasher h = Hashing.murmur3_128().newHasher();
    w.hashInto(h);
    return h.hash().toString();
  }

  @Test
  void sendrecv_trace_showsBothHalvesBetweenOneCallAndOneReturn() {
    for (long seed = 0; seed < 20; seed++) {
      RunResult r = Runner.logical(replyRace(), new SeededScheduler(seed), RunOptions.keepingTrace(CheckKind.all()));
      List<TraceEvent> mine = r.trace().events().stream().filter(e -> e.rank() == 0 && e.thread() == 0).toList();
      List<String> kinds = mine.stream().map(e -> e.getClass().getSimpleName()).toList();
      assertEquals(1, kinds.stream().filter("CallStarted"::equals).count(), kinds.toString());
      assertEquals(1, kinds.stream().filter("CallReturned"::equals).count(), kinds.toString());
      int call = kinds.indexOf("CallStarted");
      int ret = kinds.indexOf("CallReturned");
      int sent = kinds.indexOf("MessageSent");
      int posted = kinds.indexOf("ReceivePosted");
      assertTrue(call < sent && sent < ret && call < posted && posted < ret, kinds.toString());
    }
  }

  @Test
  void sendrecv_blockedAfterBothHalves_reportsTheHalfItWaitsFor() {
    // A rendezvous send to a rank that never receives: the receive half completes, the send half never does.
    ModelSpec spec = ModelSpec.builder()
        .rank(program().call(new MpiOp.Sendrecv(lit(1), lit(0), lit(5000), Datatype.INT, lit(1), lit(0), lit(1),
            Datatype.INT, MpiOp.WORLD, "st")).build())
        .rank(program().send(lit(0), lit(0), lit(1), Datatype.INT).build())
        .build();
    RunResult r = Runner.logical(spec, new SeededScheduler(1), RunOptions.keepingTrace(CheckKind.all()));
    assertEquals(Outcome.DEADLOCK, r.outcome());
    String text = r.report().toText();
    assertTrue(text.contains("r0.t0 blocked in MPI_Sendrecv("), text);
    assertTrue(text.contains("rendezvous, waiting for the receiver's CTS"), text);
    assertFalse(text.contains("receive r0.t0"), "the receive half completed: " + text);
  }

  @Test
  void sendrecv_timedMode_isDeterministic() {
    RunResult a = Runner.timed(replyRace(), 7, FifoScheduler.INSTANCE, RunOptions.keepingTrace(CheckKind.all()));
    RunResult b = Runner.timed(replyRace(), 7, FifoScheduler.INSTANCE, RunOptions.keepingTrace(CheckKind.all()));
    assertEquals(a.trace().events(), b.trace().events());
  }
}
