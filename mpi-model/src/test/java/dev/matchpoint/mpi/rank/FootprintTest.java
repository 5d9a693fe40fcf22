package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.anySource;
import static dev.matchpoint.mpi.program.ProgramBuilder.anyTag;
import static dev.matchpoint.mpi.program.ProgramBuilder.count;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static dev.matchpoint.mpi.program.ProgramBuilder.source;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.matchpoint.core.explore.FingerprintSink;
import dev.matchpoint.core.explore.Footprint;
import dev.matchpoint.core.net.CreditPolicy;
import dev.matchpoint.core.net.NetworkOptions;
import dev.matchpoint.core.net.ProtocolOptions;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SendCancelPolicy;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.WildcardPolicy;
import dev.matchpoint.mpi.check.Checks;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.trace.TraceSink;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The footprints that {@link World#execute(Action, Footprint)} records are a valid independence
 * relation: from every reachable state of small programs, two enabled actions of different actors
 * whose footprints do not conflict neither disable each other and reach the same state (by
 * fingerprint) in either order. A footprint that leaves out an object the action reads or writes
 * (a buffer, a matching queue, a posted queue, a link, a round-robin pointer) makes some pair look
 * independent although its order matters, and the reductions (DPOR, persistent sets, sleep sets)
 * then lose outcomes. One program per kind of shared object.
 */
class FootprintTest {
  private static final String CLAUSE = "Exhaustive means exhaustive: every model decision reads only state the search"
      + " can see (what the state fingerprint covers), and the reduced search reaches exactly the outcomes of naive"
      + " enumeration on generated programs that use every feature";
  private static final String DEPENDENT = "Two transitions are dependent when some object is written by one and read"
      + " or written by the other";
  private static final int MAX_STATES = 20_000;

  private record Fp(long high, long low) {}

  private static Fp fp(World w) {
    FingerprintSink f = new FingerprintSink();
    w.hashInto(f);
    return new Fp(f.high(), f.low());
  }

  /**
   * Visits every reachable state (at most {@link #MAX_STATES}) and checks every pair of enabled
   * actions of different actors whose footprints do not conflict; returns the pairs checked.
   */
  static int assertIndependentPairsCommute(String name, ModelSpec spec) {
    World start = World.logical(spec, TraceSink.NONE, new Checks(List.of()), false);
    Set<Fp> seen = new HashSet<>();
    ArrayDeque<World> todo = new ArrayDeque<>();
    seen.add(fp(start));
    todo.add(start);
    int pairs = 0;
    while (!todo.isEmpty()) {
      World w = todo.poll();
      List<Action> enabled = w.enabled();
      World.Successor[] next = new World.Successor[enabled.size()];
      for (int i = 0; i < enabled.size(); i++) {
        next[i] = w.successor(enabled.get(i));
        if (seen.add(fp(next[i].world()))) {
          todo.add(next[i].world());
        }
      }
      for (int i = 0; i < enabled.size(); i++) {
        for (int j = i + 1; j < enabled.size(); j++) {
          Action a = enabled.get(i);
          Action b = enabled.get(j);
          if (World.actorOf(a) == World.actorOf(b) || next[i].footprint().conflicts(next[j].footprint())) {
            continue;
          }
          pairs++;
          String where = name + ": " + a + " " + next[i].footprint() + " and " + b + " " + next[j].footprint()
              + " do not conflict, but ";
          World afterA = next[i].world();
          World afterB = next[j].world();
          if (!afterA.enabled().contains(b)) {
            fail(where + a + " disables " + b + "\n" + w.report().toText());
          }
          if (!afterB.enabled().contains(a)) {
            fail(where + b + " disables " + a + "\n" + w.report().toText());
          }
          if (!fp(afterA.successor(b).world()).equals(fp(afterB.successor(a).world()))) {
            fail(where + "their two orders reach different states\n" + w.report().toText());
          }
        }
      }
      assertTrue(seen.size() <= MAX_STATES, name + ": more than " + MAX_STATES + " states");
    }
    return pairs;
  }

  private static Program sendTo(int dest, int tag, int count) {
    return program().send(lit(dest), lit(tag), lit(count), Datatype.INT).build();
  }

  private static ModelOptions noOverhead() {
    return new ModelOptions(WildcardPolicy.ANY, NetworkOptions.defaults(), 0, 0, ModelOptions.QueueKind.REFERENCE,
        SendCancelPolicy.NEVER, false);
  }

  /**
   * Rank 0's thread 0 attaches a buffer, Bsends and detaches; its thread 1 Bsends: whether thread
   * 1's message finds a buffer, and room in it, depends on the order of the two threads' calls.
   */
  @Test
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  @SpecClause(source = "Flanagan and Godefroid, POPL 2005, §2", text = DEPENDENT)
  @SpecClause(source = "MPI-3.1 §3.6", text = "Only one buffer can be attached to a process at a time.")
  void attachDetachAndBufferedSendsOnTwoThreads_independentActionsCommute() {
    Program attach = program().call(new MpiOp.BufferAttach(lit(16)))
        .send(SendMode.BUFFERED, lit(1), lit(0), lit(4), Datatype.INT)
        .call(new MpiOp.BufferDetach()).build();
    Program other = program().send(SendMode.BUFFERED, lit(1), lit(1), lit(4), Datatype.INT)
        .call(new MpiOp.BufferAttach(lit(16))).build();
    Program recv = program().recv(lit(0), anyTag(), lit(4), Datatype.INT, null).build();
    ModelSpec spec = ModelSpec.builder().rank(attach, other).rank(recv, recv).options(noOverhead()).build();
    assertTrue(assertIndependentPairsCommute("buffer", spec) > 0);
  }

  /**
   * A rendezvous Bsend holds the whole attached buffer until the receiver's CTS lets its data leave;
   * another thread's Bsend fits only after that delivery, and a detach waits for it.
   */
  @Test
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  @SpecClause(source = "Flanagan and Godefroid, POPL 2005, §2", text = DEPENDENT)
  @SpecClause(source = "MPI-3.1 §3.6", text = "This operation will block until all messages currently in the buffer "
      + "have been transmitted.")
  void bufferReleasedByTheRendezvousData_independentActionsCommute() {
    Program big = program().call(new MpiOp.BufferAttach(lit(8192)))
        .send(SendMode.BUFFERED, lit(1), lit(0), lit(2048), Datatype.INT)
        .call(new MpiOp.BufferDetach()).build();
    Program small = program().send(SendMode.BUFFERED, lit(1), lit(1), lit(1), Datatype.INT).build();
    Program recv = program().recv(lit(0), lit(0), lit(2048), Datatype.INT, null)
        .recv(lit(0), anyTag(), lit(1), Datatype.INT, null).build();
    ModelSpec spec = ModelSpec.builder().rank(big, small).rank(recv).options(noOverhead()).build();
    assertTrue(assertIndependentPairsCommute("buffer release", spec) > 0);
  }

  /** Two senders race to rank 2, which probes (or Mprobes) with MPI_ANY_SOURCE, under each policy. */
  @Test
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  @SpecClause(source = "Flanagan and Godefroid, POPL 2005, §2", text = DEPENDENT)
  void wildcardProbesAndReceives_underEveryPolicy_independentActionsCommute() {
    for (WildcardPolicy p : WildcardPolicy.values()) {
      for (boolean matched : new boolean[] {false, true}) {
        ModelSpec spec = PersistentSetsTest.probeRace(p, matched);
        assertTrue(assertIndependentPairsCommute("probe race " + p + (matched ? " mprobe" : ""), spec) > 0);
      }
    }
  }

  /** Rank 2's two threads probe and receive with MPI_ANY_SOURCE while two ranks send, under each policy. */
  @Test
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  @SpecClause(source = "Flanagan and Godefroid, POPL 2005, §2", text = DEPENDENT)
  void wildcardCallsOnTwoThreads_underEveryPolicy_independentActionsCommute() {
    Program probe = program().iprobe(anySource(), lit(0), "f", null).recv(anySource(), lit(0), lit(1), Datatype.INT,
        null).build();
    Program recv = program().irecv(anySource(), lit(0), lit(1), Datatype.INT, "r").waitFor("r", null).build();
    for (WildcardPolicy p : WildcardPolicy.values()) {
      ModelSpec spec = ModelSpec.builder().rank(sendTo(2, 0, 1)).rank(sendTo(2, 0, 1)).rank(probe, recv)
          .options(ModelOptions.defaults().withWildcard(p)).build();
      assertTrue(assertIndependentPairsCommute("two threads " + p, spec) > 0);
    }
  }

  /** Rank 1 cancels a receive that races with its message; rank 0 cancels a send under until-matched. */
  @Test
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  @SpecClause(source = "Flanagan and Godefroid, POPL 2005, §2", text = DEPENDENT)
  @SpecClause(source = "MPI-3.1 §3.8.4", text = "Either the cancellation succeeds, or the communication succeeds, but"
      + " not both.")
  void cancelsRacingWithArrivals_independentActionsCommute() {
    Program sender = program().isend(SendMode.STANDARD, lit(1), lit(0), lit(1), Datatype.INT, "s")
        .call(new MpiOp.Cancel("s")).test("s", "f", null).waitFor("s", "st").send(lit(1), lit(1), lit(1), Datatype.INT)
        .build();
    Program receiver = program().irecv(lit(0), anyTag(), lit(1), Datatype.INT, "r").call(new MpiOp.Cancel("r"))
        .waitFor("r", null).recv(lit(0), anyTag(), lit(1), Datatype.INT, null)
        .iprobe(lit(0), anyTag(), "f", null).build();
    for (SendCancelPolicy p : SendCancelPolicy.values()) {
      ModelSpec spec = ModelSpec.builder().rank(sender).rank(receiver)
          .options(ModelOptions.defaults().withSendCancel(p)).build();
      assertTrue(assertIndependentPairsCommute("cancel " + p, spec) > 0);
    }
  }

  /** A rendezvous send and an eager send under a small eager credit, to wildcard receives on two threads. */
  @Test
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  @SpecClause(source = "Flanagan and Godefroid, POPL 2005, §2", text = DEPENDENT)
  void rendezvousAndCreditedEagerSends_independentActionsCommute() {
    ModelOptions o = ModelOptions.defaults().withNetwork(NetworkOptions.defaults()
        .withProtocol(new ProtocolOptions(4096, 0, 8, CreditPolicy.WAIT)));
    Program two = program().send(lit(1), lit(0), lit(2), Datatype.INT).send(lit(1), lit(0), lit(2048), Datatype.INT)
        .build();
    Program recv = program().recv(anySource(), lit(0), lit(2048), Datatype.INT, null).build();
    ModelSpec spec = ModelSpec.builder().rank(two).rank(recv, recv).options(o).build();
    assertTrue(assertIndependentPairsCommute("rendezvous and credit", spec) > 0);
  }

  /** Waitany, Testany and MPI_Request_free of requests completed by racing messages. */
  @Test
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  @SpecClause(source = "Flanagan and Godefroid, POPL 2005, §2", text = DEPENDENT)
  void completionsOfRacingRequests_independentActionsCommute() {
    Program receiver = program().irecv(lit(0), lit(0), lit(1), Datatype.INT, "a")
        .irecv(lit(1), lit(0), lit(1), Datatype.INT, "b").irecv(anySource(), lit(1), lit(1), Datatype.INT, "c")
        .call(new MpiOp.Testany(List.of("a", "b"), "f", "i", null))
        .waitAny("j", "st", "a", "b").call(new MpiOp.RequestFree("c"))
        .recv(source("st"), anyTag(), count("st", Datatype.INT), Datatype.INT, null).build();
    Program zero = program().send(lit(2), lit(0), lit(1), Datatype.INT).send(lit(2), lit(1), lit(1), Datatype.INT)
        .build();
    ModelSpec spec = ModelSpec.builder().rank(zero).rank(sendTo(2, 0, 1)).rank(receiver).build();
    assertTrue(assertIndependentPairsCommute("completions", spec) > 0);
  }

  /** MPI_Sendrecv halves of rank 0 and 1 while a third rank's message races for rank 0's wildcard half. */
  @Test
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  @SpecClause(source = "Flanagan and Godefroid, POPL 2005, §2", text = DEPENDENT)
  void sendrecvHalvesBesideAThirdSender_independentActionsCommute() {
    Program zero = program().call(new MpiOp.Sendrecv(lit(1), lit(0), lit(1), Datatype.INT, anySource(), lit(0),
        lit(1), Datatype.INT, MpiOp.WORLD, "st")).recv(anySource(), lit(0), lit(1), Datatype.INT, null).build();
    Program one = program().call(new MpiOp.Sendrecv(lit(0), lit(0), lit(1), Datatype.INT, lit(0), lit(0), lit(1),
        Datatype.INT, MpiOp.WORLD, null)).build();
    ModelSpec spec = ModelSpec.builder().rank(zero).rank(one).rank(sendTo(0, 0, 1)).build();
    assertTrue(assertIndependentPairsCommute("sendrecv", spec) > 0);
  }

  /**
   * Barriers between wildcard receives, Bcasts with different roots (the later call reports the
   * mismatch), and a slack-1 channel in lock step.
   */
  @Test
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  @SpecClause(source = "Flanagan and Godefroid, POPL 2005, §2", text = DEPENDENT)
  void collectivesAndChannels_independentActionsCommute() {
    MpiOp barrier = new MpiOp.Collective(dev.matchpoint.mpi.CollectiveKind.BARRIER, null, lit(0), Datatype.INT, null,
        MpiOp.WORLD);
    Program zero = program().send(lit(2), lit(0), lit(1), Datatype.INT).call(barrier).build();
    Program one = program().call(barrier).send(lit(2), lit(0), lit(1), Datatype.INT).build();
    Program two = program().irecv(anySource(), lit(0), lit(1), Datatype.INT, "r").call(barrier)
        .recv(anySource(), lit(0), lit(1), Datatype.INT, null).waitFor("r", null).build();
    ModelSpec barriers = ModelSpec.builder().rank(zero).rank(one).rank(two).build();
    assertTrue(assertIndependentPairsCommute("barrier", barriers) > 0);
    for (dev.matchpoint.mpi.CollectiveSync sync : dev.matchpoint.mpi.CollectiveSync.values()) {
      ModelSpec bcasts = ModelSpec.builder()
          .rank(program().call(new MpiOp.Collective(dev.matchpoint.mpi.CollectiveKind.BCAST, lit(0), lit(1),
              Datatype.INT, null, MpiOp.WORLD)).send(lit(1), lit(0), lit(1), Datatype.INT).build())
          .rank(program().call(new MpiOp.Collective(dev.matchpoint.mpi.CollectiveKind.BCAST, lit(1), lit(1),
              Datatype.INT, null, MpiOp.WORLD)).recv(anySource(), lit(0), lit(1), Datatype.INT, null).build())
          .rank(sendTo(1, 0, 1))
          .options(ModelOptions.defaults().withCollectiveSync(sync)).build();
      assertTrue(assertIndependentPairsCommute("bcasts " + sync, bcasts) > 0);
    }
    assertTrue(assertIndependentPairsCommute("channel", ChannelTest.lockStep(2, ModelOptions.defaults())) > 0);
  }
}
