package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.anySource;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.procNull;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.explore.FingerprintSink;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.WildcardPolicy;
import dev.matchpoint.mpi.check.Checks;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.trace.TraceSink;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Where no two actors touch a common object, every actor's closure is the actor alone, and the
 * persistent set is one actor's actions. Threads whose calls all name MPI_PROC_NULL ("A send to
 * MPI_PROC_NULL succeeds and returns as soon as possible ... A receive from MPI_PROC_NULL succeeds
 * and returns as soon as possible with no modifications to the receive buffer", MPI-3.1 §3.11) send
 * no packet, so no link carries anything; by {@link PersistentSets}' thread clause a thread writes
 * another thread of its rank only when it may still make a buffered send, attach or detach a
 * buffer, or run a control operation (none here), and it never touches another rank's objects. A
 * closure that lets such a thread conflict with another (another thread of its rank, the thread of
 * the same index at another rank, a link with nothing to carry) breaks this.
 */
class PersistentSetsSingletonTest {
  private static final String CLOSURE = "start from one enabled actor; while some actor outside the set may, on a path"
      + " that avoids the set, touch an object that an action of the set touches (one of them writing), add that"
      + " actor if it is enabled, and give up if it is not";
  private static final String CHOICE = "The first actor (in canonical order) whose closure is a single actor wins";

  private record Fp(long high, long low) {}

  private static Fp fp(World w) {
    FingerprintSink f = new FingerprintSink();
    w.hashInto(f);
    return new Fp(f.high(), f.low());
  }

  /** Every reachable state's persistent set: the actions of one actor; returns the states seen. */
  private static int assertOneActorEverywhere(String name, ModelSpec spec) {
    Set<Fp> seen = new HashSet<>();
    List<World> work = new java.util.ArrayList<>(List.of(World.logical(spec, TraceSink.NONE, new Checks(List.of()),
        false)));
    while (!work.isEmpty()) {
      World w = work.remove(work.size() - 1);
      if (!seen.add(fp(w))) {
        continue;
      }
      List<Action> enabled = w.enabled();
      if (enabled.isEmpty()) {
        continue;
      }
      List<Action> set = w.copy().persistentSet(enabled);
      Set<Long> actors = new HashSet<>();
      for (Action a : set) {
        actors.add(PersistentSets.actor(a));
      }
      assertEquals(1, actors.size(), () -> name + ": persistent set " + set + " of " + enabled + "\n"
          + w.report().toText());
      for (Action a : enabled) {
        work.add(w.successor(a).world());
      }
    }
    return seen.size();
  }

  /** A thread whose every call names MPI_PROC_NULL: blocking, nonblocking, probes, an exchange. */
  private static Program procNullCalls() {
    return program().send(procNull(), lit(0), lit(1), Datatype.INT)
        .isend(SendMode.SYNCHRONOUS, procNull(), lit(0), lit(1), Datatype.INT, "s")
        .recv(procNull(), lit(0), lit(1), Datatype.INT, null)
        .irecv(procNull(), lit(0), lit(1), Datatype.INT, "r")
        .iprobe(procNull(), lit(0), "f", null).waitFor("s", null).test("r", "g", null)
        .call(new MpiOp.Sendrecv(procNull(), lit(0), lit(1), Datatype.INT, procNull(), lit(0), lit(1), Datatype.INT,
            MpiOp.WORLD, null))
        .build();
  }

  @Test
  @SpecClause(source = "PersistentSets (class comment)", text = CLOSURE)
  @SpecClause(source = "PersistentSets (class comment)", text = CHOICE)
  @SpecClause(source = "MPI-3.1 §3.11", text = "A send to MPI_PROC_NULL succeeds and returns as soon as possible")
  void threadsCallingOnlyMpiProcNull_eachFormAPersistentSetAlone() {
    ModelSpec spec = ModelSpec.builder().rank(2, procNullCalls()).rank(2, procNullCalls()).build();
    assertTrue(assertOneActorEverywhere("two ranks of two threads", spec) > 1);
  }

  @Test
  @SpecClause(source = "PersistentSets (class comment)", text = CLOSURE)
  @SpecClause(source = "PersistentSets (class comment)", text = CHOICE)
  void aThreadProbingItsOwnRank_beside_threadsCallingOnlyMpiProcNull_formsAPersistentSetAlone() {
    // Rank 0's first thread reads its rank's queues (an MPI_Iprobe of MPI_ANY_SOURCE that finds
    // nothing: no rank sends); no other thread takes from or probes rank 0's queues, and no link carries.
    Program prober = program().iprobe(anySource(), lit(0), "f", null).iprobe(lit(1), lit(0), "g", null).build();
    for (WildcardPolicy p : WildcardPolicy.values()) {
      ModelSpec spec = ModelSpec.builder().rank(prober, procNullCalls()).rank(procNullCalls())
          .options(ModelOptions.defaults().withWildcard(p)).build();
      assertTrue(assertOneActorEverywhere("a prober beside MPI_PROC_NULL calls " + p, spec) > 1);
    }
  }

  @Test
  @SpecClause(source = "PersistentSets (class comment)", text = CLOSURE)
  @SpecClause(source = "PersistentSets (class comment)", text = CHOICE)
  void aReceiveNoRankSends_andAProbeOfAnotherRank_eachFormAPersistentSetAlone() {
    // Rank 1 posts a receive from rank 0 and tests it (it never completes: rank 0 sends nothing);
    // rank 0 probes for messages from rank 1 (none come). Each rank's second thread only sends to
    // MPI_PROC_NULL and probes MPI_PROC_NULL: it takes from and probes no queue, sends on no link.
    Program local = program().send(procNull(), lit(0), lit(1), Datatype.INT)
        .isend(SendMode.STANDARD, procNull(), lit(0), lit(1), Datatype.INT, "s").iprobe(procNull(), lit(0), "f", null)
        .waitFor("s", null).build();
    Program prober = program().iprobe(lit(1), lit(0), "f", null).iprobe(anySource(), lit(0), "g", null).build();
    Program receiver = program().irecv(lit(0), lit(0), lit(1), Datatype.INT, "r").test("r", "f", null).build();
    for (WildcardPolicy p : WildcardPolicy.values()) {
      ModelSpec spec = ModelSpec.builder().rank(prober, local).rank(receiver, local)
          .options(ModelOptions.defaults().withWildcard(p)).build();
      assertTrue(assertOneActorEverywhere("a receive and a probe beside local calls " + p, spec) > 1);
    }
  }
}
