package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.anySource;
import static dev.matchpoint.mpi.program.ProgramBuilder.anyTag;
import static dev.matchpoint.mpi.program.ProgramBuilder.count;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static dev.matchpoint.mpi.program.ProgramBuilder.source;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.explore.ExplorationReport;
import dev.matchpoint.core.explore.ExploreOptions;
import dev.matchpoint.core.explore.Explorer;
import dev.matchpoint.core.explore.FingerprintSink;
import dev.matchpoint.core.explore.ProgressListener;
import dev.matchpoint.core.explore.Strategy;
import dev.matchpoint.core.net.CreditPolicy;
import dev.matchpoint.core.net.NetworkOptions;
import dev.matchpoint.core.net.ProtocolOptions;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.WildcardPolicy;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.check.Checks;
import dev.matchpoint.mpi.explore.MpiTransitionSystem;
import dev.matchpoint.mpi.program.Expr;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.program.ProgramBuilder;
import dev.matchpoint.mpi.trace.TraceSink;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The persistent sets of the stateful search ({@link PersistentSets}) lose no outcome: on small
 * programs, each built around one kind of object the conflicting-actors closure must see (matching
 * queues, posted queues, link tails and heads, attached buffers, matched-probe handles, round-robin
 * pointers, channel state, cancel traffic), the exhaustive search with persistent sets reaches
 * exactly the outcome classes of the same search expanding every enabled action; and on programs
 * whose actors are independent it reduces.
 */
class PersistentSetsTest {
  private static final String CLAUSE = "Exhaustive means exhaustive: every model decision reads only state the search"
      + " can see (what the state fingerprint covers), and the reduced search reaches exactly the outcomes of naive"
      + " enumeration on generated programs that use every feature";
  private static final String PERSISTENT = "A set T of transitions enabled in a state s is persistent in s iff, for"
      + " all nonempty sequences of transitions from s in the state space that do not include transitions in T, every"
      + " transition in the sequence is independent with all transitions in T";

  static ExplorationReport explore(ModelSpec spec, boolean reduce) {
    MpiTransitionSystem ts = new MpiTransitionSystem(spec, List.of(CheckKind.values()), reduce);
    ExplorationReport r = Explorer.explore(ts, ExploreOptions.of(Strategy.EXHAUSTIVE).withShortestViolation(false),
        ProgressListener.NONE);
    assertTrue(r.exhaustive(), r.stopReason());
    return r;
  }

  /** A state's fingerprint. */
  private record Fp(long high, long low) {}

  private static Fp fp(World w) {
    FingerprintSink f = new FingerprintSink();
    w.hashInto(f);
    return new Fp(f.high(), f.low());
  }

  /**
   * Godefroid's Theorem 4.3 as an oracle: from every reachable state, the search that expands only
   * each state's persistent set reaches exactly the final states (every one, by fingerprint) that
   * expanding every enabled action reaches. Memoised by fingerprint; no sleep sets, no explorer.
   */
  private static final class FinalStates {
    final Map<Fp, Set<Fp>> full = new HashMap<>();
    final Map<Fp, Set<Fp>> reduced = new HashMap<>();
    final String name;

    FinalStates(String name) {
      this.name = name;
    }

    Set<Fp> full(World w) {
      Fp key = fp(w);
      Set<Fp> known = full.get(key);
      if (known != null) {
        return known;
      }
      List<Action> enabled = w.enabled();
      Set<Fp> out = new HashSet<>();
      if (enabled.isEmpty()) {
        out.add(key);
      }
      Set<Fp> viaPersistentSet = enabled.isEmpty() ? out : reduced(w.copy());
      for (Action a : enabled) {
        out.addAll(full(w.successor(a).world()));
      }
      full.put(key, out);
      assertEquals(out, viaPersistentSet, () -> name + ": final states lost from a state with enabled " + enabled
          + ", persistent set " + w.copy().persistentSet(enabled) + "\n" + w.report().toText());
      return out;
    }

    Set<Fp> reduced(World w) {
      Fp key = fp(w);
      Set<Fp> known = reduced.get(key);
      if (known != null) {
        return known;
      }
      List<Action> enabled = w.enabled();
      Set<Fp> out = new HashSet<>();
      if (enabled.isEmpty()) {
        out.add(key);
      }
      for (Action a : w.persistentSet(enabled)) {
        out.addAll(reduced(w.successor(a).world()));
      }
      reduced.put(key, out);
      return out;
    }
  }

  /**
   * Asserts that persistent sets lose no final state from any reachable state, and that the
   * explorer's reduced search reaches the outcome classes of its unreduced one; returns both reports.
   */
  static ExplorationReport[] sameOutcomes(String name, ModelSpec spec) {
    new FinalStates(name).full(World.logical(spec, TraceSink.NONE, new Checks(List.of()), false));
    ExplorationReport full = explore(spec, false);
    ExplorationReport reduced = explore(spec, true);
    assertEquals(full.outcomes().keySet(), reduced.outcomes().keySet(), name);
    return new ExplorationReport[] {full, reduced};
  }

  private static Program sendTo(int dest, int tag, int count) {
    return program().send(lit(dest), lit(tag), lit(count), Datatype.INT).build();
  }

  static ModelOptions options(WildcardPolicy policy) {
    return ModelOptions.defaults().withWildcard(policy);
  }

  /** Two senders race to rank 2, which probes with MPI_ANY_SOURCE and receives what it saw. */
  static ModelSpec probeRace(WildcardPolicy policy, boolean matched) {
    Program receiver = matched
        ? program().mprobe(anySource(), lit(0), "m", "st").mrecv("m", count("st", Datatype.INT), Datatype.INT, null)
            .recv(anySource(), lit(0), lit(1), Datatype.INT, null).build()
        : program().probe(anySource(), lit(0), "st").recv(source("st"), lit(0), count("st", Datatype.INT),
            Datatype.INT, null).recv(anySource(), lit(0), lit(1), Datatype.INT, null).build();
    return ModelSpec.builder().rank(sendTo(2, 0, 1)).rank(sendTo(2, 0, 1)).rank(receiver).options(options(policy))
        .build();
  }

  @Test
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  @SpecClause(source = "Godefroid 1996, Def. 4.1", text = PERSISTENT)
  void probeRaces_reachEveryOutcome_underEveryWildcardPolicy() {
    for (WildcardPolicy p : WildcardPolicy.values()) {
      for (boolean matched : new boolean[] {false, true}) {
        ExplorationReport[] r = sameOutcomes("probe race " + p + (matched ? " mprobe" : ""), probeRace(p, matched));
        assertTrue(r[0].outcomes().size() >= 1);
      }
    }
  }

  /** Rank 0's two threads send tags 1 and 0 to rank 1, whose threads Mprobe(0, any) and Probe(0, 0). */
  @Test
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  void matchedProbeAndProbeOnTwoThreads_reachEveryOutcome() {
    ModelSpec spec = ModelSpec.builder()
        .rank(sendTo(1, 1, 0), sendTo(1, 0, 0))
        .rank(program().mprobe(lit(0), anyTag(), "m", "st").mrecv("m", count("st", Datatype.INT), Datatype.INT, null)
                .build(),
            program().probe(lit(0), lit(0), "st").recv(lit(0), lit(0), count("st", Datatype.INT), Datatype.INT, null)
                .build())
        .build();
    assertEquals(4, sameOutcomes("mprobe and probe", spec)[0].outcomes().size());
  }

  /** Rendezvous (above the eager threshold) and eager sends from two ranks to wildcard receives. */
  @Test
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  void rendezvousAndEagerSends_toWildcardReceives_reachEveryOutcome() {
    Program big = program().send(lit(2), lit(0), lit(2048), Datatype.INT).send(lit(2), lit(1), lit(1), Datatype.INT)
        .build();
    Program receiver = program().recv(anySource(), anyTag(), lit(2048), Datatype.INT, null)
        .recv(anySource(), anyTag(), lit(2048), Datatype.INT, null).recv(anySource(), anyTag(), lit(2048), Datatype.INT,
            null).build();
    ModelSpec spec = ModelSpec.builder().rank(big).rank(sendTo(2, 0, 1)).rank(receiver).build();
    assertTrue(sameOutcomes("rendezvous", spec)[0].outcomes().size() > 1);
  }

  /** Eager credit of 8 bytes per peer: the second message waits for the receiver's credit. */
  @Test
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  void eagerCredit_reachesEveryOutcome() {
    ModelOptions o = ModelOptions.defaults().withNetwork(NetworkOptions.defaults()
        .withProtocol(new ProtocolOptions(4096, 0, 8, CreditPolicy.WAIT)));
    Program two = program().send(lit(2), lit(0), lit(2), Datatype.INT).send(lit(2), lit(0), lit(2), Datatype.INT)
        .build();
    Program receiver = program().recv(anySource(), lit(0), lit(2), Datatype.INT, null)
        .recv(anySource(), lit(0), lit(2), Datatype.INT, null).recv(anySource(), lit(0), lit(2), Datatype.INT, null)
        .build();
    ModelSpec spec = ModelSpec.builder().rank(two).rank(sendTo(2, 0, 2)).rank(receiver).options(o).build();
    assertTrue(sameOutcomes("eager credit", spec)[0].outcomes().size() > 1);
  }

  /** Two threads of rank 0 Bsend through one attached buffer; rank 1's threads receive any tag. */
  @Test
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  void bufferedSendsSharingABuffer_reachEveryOutcome() {
    Program attach = program().call(new MpiOp.BufferAttach(lit(64)))
        .send(SendMode.BUFFERED, lit(1), lit(0), lit(4), Datatype.INT)
        .call(new MpiOp.BufferDetach()).build();
    Program other = program().send(SendMode.BUFFERED, lit(1), lit(1), lit(4), Datatype.INT).build();
    Program recv = program().recv(lit(0), anyTag(), lit(4), Datatype.INT, null).build();
    ModelSpec spec = ModelSpec.builder().rank(attach, other).rank(recv, recv).build();
    assertTrue(sameOutcomes("buffered", spec)[0].outcomes().size() > 1);
  }

  /** A ready send races with the posting of its receive (erroneous in some schedules). */
  @Test
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  void readySendRacingItsReceive_reachesEveryOutcome() {
    Program sender = program().send(SendMode.READY, lit(1), lit(0), lit(1), Datatype.INT).build();
    Program receiver = program().irecv(lit(0), lit(0), lit(1), Datatype.INT, "r").waitFor("r", null).build();
    ModelSpec spec = ModelSpec.builder().rank(sender).rank(receiver).build();
    assertTrue(sameOutcomes("ready", spec)[0].outcomes().size() > 1);
  }

  /**
   * As above, but an eager message of rank 0 is on the link to rank 1 when the ready send may start:
   * the link joins the receive's closure, and the ready send, which reads rank 1's posted receives,
   * must join it too.
   */
  @Test
  @SpecClause(source = "MPI-3.1 §3.4", text = "A send that uses the ready communication mode may be started only"
      + " if the matching receive is already posted. Otherwise, the operation is erroneous")
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  void readySendBehindAnEagerMessage_reachesEveryOutcome() {
    Program sender = program().send(lit(1), lit(5), lit(1), Datatype.INT)
        .send(SendMode.READY, lit(1), lit(0), lit(1), Datatype.INT).build();
    Program receiver = program().irecv(lit(0), lit(0), lit(1), Datatype.INT, "r").waitFor("r", null)
        .recv(lit(0), lit(5), lit(1), Datatype.INT, null).build();
    for (long credit : new long[] {ProtocolOptions.DEFAULT_EAGER_BUFFER_BYTES, Long.MAX_VALUE}) {
      ModelOptions o = ModelOptions.defaults().withNetwork(NetworkOptions.defaults()
          .withProtocol(new ProtocolOptions(4096, 0, credit, CreditPolicy.WAIT)));
      ModelSpec spec = ModelSpec.builder().rank(sender).rank(receiver).options(o).build();
      assertTrue(sameOutcomes("ready behind eager, credit " + credit, spec)[0].outcomes().size() > 1);
    }
  }

  /** MPI_Sendrecv exchanges while a third rank's message races for rank 0's wildcard half. */
  @Test
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  void sendrecvWithAThirdSender_reachesEveryOutcome() {
    ProgramBuilder zero = program().call(new MpiOp.Sendrecv(lit(1), lit(0), lit(1),
        Datatype.INT, anySource(), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, "st"))
        .recv(anySource(), lit(0), lit(1), Datatype.INT, null);
    ProgramBuilder one = program().call(new MpiOp.Sendrecv(lit(0), lit(0), lit(1),
        Datatype.INT, lit(0), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, null));
    ModelSpec spec = ModelSpec.builder().rank(zero.build()).rank(one.build()).rank(sendTo(0, 0, 1)).build();
    assertTrue(sameOutcomes("sendrecv", spec)[0].outcomes().size() > 1);
  }

  /** Rank 0 cancels its first send and then sends again; rank 1 receives any tag, then probes. */
  @Test
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  void cancelledSend_reachesEveryOutcome() {
    Program sender = program().isend(SendMode.STANDARD, lit(1), lit(0), lit(1), Datatype.INT, "s")
        .call(new MpiOp.Cancel("s")).waitFor("s", "st").send(lit(1), lit(1), lit(1), Datatype.INT).build();
    Program receiver = program().recv(lit(0), anyTag(), lit(1), Datatype.INT, null).iprobe(lit(0), anyTag(), "f", null)
        .build();
    ModelSpec spec = ModelSpec.builder().rank(sender).rank(receiver).build();
    assertTrue(sameOutcomes("cancel", spec)[0].outcomes().size() > 1);
  }

  /** Rank 2 starts two MPI_ANY_SOURCE persistent receives at once while ranks 0 and 1 send. */
  @Test
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  void startallOfWildcardReceives_reachesEveryOutcome() {
    Program receiver = program()
        .call(new MpiOp.RecvInit(anySource(), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, "a"))
        .call(new MpiOp.RecvInit(anySource(), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, "b"))
        .call(new MpiOp.Start(List.of("a", "b"), true)).waitAll("a", "b").build();
    ModelSpec spec = ModelSpec.builder().rank(sendTo(2, 0, 1)).rank(sendTo(2, 0, 1)).rank(receiver).build();
    assertTrue(sameOutcomes("startall", spec)[0].outcomes().size() > 1);
  }

  /** A slack-1 channel in lock step, while a third rank's message races for rank 1's wildcard receive. */
  @Test
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  void channelBesideAWildcardRace_reachesEveryOutcome() {
    ModelSpec lockStep = ChannelTest.lockStep(1, ModelOptions.defaults());
    Program one = program().recv(anySource(), lit(5), lit(1), Datatype.INT, null).build();
    ModelSpec spec = ModelSpec.builder().rank(program().call(new MpiOp.Compute(lit(0))).build())
        .rank(one, one).rank(sendTo(1, 5, 1)).rank(sendTo(1, 5, 1)).build();
    assertTrue(sameOutcomes("wildcard race", spec)[0].outcomes().size() > 1);
    assertEquals(1, sameOutcomes("channel", lockStep)[0].outcomes().size());
  }

  /** Rank 1's thread 0 Improbes and Imrecvs, its thread 1 receives with MPI_ANY_SOURCE. */
  @Test
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  void improbeAndImrecvBesideAWildcardReceive_reachEveryOutcome() {
    Program matched = program().improbe(anySource(), lit(0), "f", "m", "st")
        .ifElse(new dev.matchpoint.mpi.program.Cond.Flag("f"),
            b -> b.imrecv("m", lit(1), Datatype.INT, "r").waitFor("r", null), b -> b.call(new MpiOp.Compute(lit(0))))
        .build();
    Program wild = program().recv(anySource(), lit(0), lit(1), Datatype.INT, null).build();
    ModelSpec spec = ModelSpec.builder().rank(sendTo(1, 0, 1), sendTo(1, 0, 1)).rank(matched, wild)
        .rank(sendTo(1, 0, 1)).build();
    assertTrue(sameOutcomes("improbe", spec)[0].outcomes().size() > 1);
  }

  private static Expr bin(Expr.BinaryOp op, Expr a, Expr b) {
    return new Expr.Binary(op, a, b);
  }

  /**
   * Ranks 1 to 3 send to rank 0 through destinations computed from their rank, thread index and the
   * world size (each operator once), and rank 0 probes with MPI_ANY_SOURCE and receives the message
   * it saw: the closure must evaluate each destination as the call will.
   */
  @Test
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  void computedDestinations_reachEveryOutcome() {
    Expr me = new Expr.MyRank();
    Expr size = new Expr.WorldSize();
    Program one = program().send(bin(Expr.BinaryOp.SUB, me, lit(1)), lit(0), lit(1), Datatype.INT).build();
    Program two = program().send(bin(Expr.BinaryOp.MUL, me, new Expr.ThreadIndex()), lit(0), lit(1), Datatype.INT)
        .send(bin(Expr.BinaryOp.DIV, me, size), lit(0), lit(1), Datatype.INT).build();
    Program three = program().send(bin(Expr.BinaryOp.MOD, bin(Expr.BinaryOp.ADD, me, lit(1)), size), lit(0), lit(1),
        Datatype.INT).build();
    ProgramBuilder zero = program();
    for (int i = 0; i < 4; i++) {
      zero.probe(anySource(), lit(0), "st").recv(source("st"), lit(0), lit(1), Datatype.INT, null);
    }
    ModelSpec spec = ModelSpec.builder().rank(zero.build()).rank(one).rank(two).rank(three).build();
    assertTrue(sameOutcomes("computed destinations", spec)[0].outcomes().size() > 1);
  }

  /**
   * Blocking collectives beside wildcard receives: rank 0 sends to rank 2 before the barrier, rank 1
   * after it, and rank 2 receives with MPI_ANY_SOURCE on either side of its barrier.
   */
  @Test
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  void barrierBetweenWildcardReceives_reachesEveryOutcome() {
    MpiOp barrier = new MpiOp.Collective(dev.matchpoint.mpi.CollectiveKind.BARRIER, null, lit(0), Datatype.INT, null,
        MpiOp.WORLD);
    Program zero = program().send(lit(2), lit(0), lit(1), Datatype.INT).call(barrier).build();
    Program one = program().call(barrier).send(lit(2), lit(0), lit(1), Datatype.INT).build();
    Program two = program().irecv(anySource(), lit(0), lit(1), Datatype.INT, "r").call(barrier)
        .recv(anySource(), lit(0), lit(1), Datatype.INT, null).waitFor("r", null).build();
    ModelSpec spec = ModelSpec.builder().rank(zero).rank(one).rank(two).build();
    assertTrue(sameOutcomes("barrier", spec)[0].outcomes().size() > 1);
  }

  /**
   * Two ranks call MPI_Bcast with different roots: whichever calls second reports the mismatch, so
   * the order of the two calls is an outcome and no reduction may fix it.
   */
  @Test
  @SpecClause(source = "MPI-3.1 §5.12", text = "All processes must call collective operations (blocking and"
      + " nonblocking) in the same order per communicator.")
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  void mismatchedCollectives_reportedAtEitherCall_reachEveryOutcome() {
    ModelSpec spec = ModelSpec.builder()
        .rank(program().call(new MpiOp.Collective(dev.matchpoint.mpi.CollectiveKind.BCAST, lit(0), lit(1),
            Datatype.INT, null, MpiOp.WORLD)).build())
        .rank(program().call(new MpiOp.Collective(dev.matchpoint.mpi.CollectiveKind.BCAST, lit(1), lit(1),
            Datatype.INT, null, MpiOp.WORLD)).build())
        .options(ModelOptions.defaults().withCollectiveSync(dev.matchpoint.mpi.CollectiveSync.NEVER)).build();
    assertEquals(2, sameOutcomes("mismatched roots", spec)[0].outcomes().size());
  }

  /**
   * Under the round-robin policy two threads of rank 2 probe with MPI_ANY_SOURCE: each probe moves
   * the rank's pointer, so which thread sees which source depends on their order although probes
   * only read the queues.
   */
  @Test
  @SpecClause(source = "docs/scenario-format.md", text = "the pointer starts at 0 (so the first scan starts at source"
      + " 1) and moves to the matched source on every MPI_ANY_SOURCE receive or probe that takes or sees a queued"
      + " message")
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  void twoThreadsProbingUnderRoundRobin_reachEveryOutcome() {
    Program probe = program().probe(anySource(), lit(0), "st").build();
    ModelSpec spec = ModelSpec.builder().rank(sendTo(2, 0, 1)).rank(sendTo(2, 0, 1)).rank(probe, probe)
        .options(options(WildcardPolicy.ROUND_ROBIN)).build();
    assertTrue(sameOutcomes("round-robin probes", spec)[0].outcomes().size() > 1);
  }

  /** Pairs 0 to 1 and 2 to 3 never touch a common object: the reduced search visits fewer states. */
  @Test
  @SpecClause(source = "Godefroid 1996, Def. 4.1", text = PERSISTENT)
  void independentPairs_areExploredInOneOrder() {
    Program recv0 = program().recv(lit(0), lit(0), lit(1), Datatype.INT, null).build();
    Program recv2 = program().recv(lit(2), lit(0), lit(1), Datatype.INT, null).build();
    ModelSpec spec = ModelSpec.builder().rank(sendTo(1, 0, 1)).rank(recv0).rank(sendTo(3, 0, 1)).rank(recv2).build();
    ExplorationReport[] r = sameOutcomes("independent", spec);
    assertTrue(r[1].states() < r[0].states(), r[1].states() + " vs " + r[0].states());
  }
}
