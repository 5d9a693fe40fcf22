package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.explore.FingerprintSink;
import dev.matchpoint.core.explore.Footprint;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.check.Checks;
import dev.matchpoint.mpi.program.Cond;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.trace.TraceSink;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * What {@link World#waiting()} records for a polling loop's step that only spins ({@link
 * Polling#waits}): every object the thread's solo run through the stuttering cycle read or wrote,
 * as reads, so that source-DPOR races the spinning step against any earlier step that wrote one of
 * them (a message arriving in the queue the loop probes may end the spin).
 */
class PollingWaitsTest {
  private static final String CLAUSE = "Exhaustive means exhaustive: every model decision reads only state the search"
      + " can see (what the state fingerprint covers), and the reduced search reaches exactly the outcomes of naive"
      + " enumeration on generated programs that use every feature";
  private static final String DEPENDENT = "Two transitions are dependent when some object is written by one and read"
      + " or written by the other";

  /** The first state, breadth first, in which some thread's step only spins; null when none. */
  private static World firstSpinning(ModelSpec spec) {
    World start = World.logical(spec, TraceSink.NONE, new Checks(List.of()), false);
    Set<List<Long>> seen = new HashSet<>();
    ArrayDeque<World> todo = new ArrayDeque<>();
    seen.add(fp(start));
    todo.add(start);
    while (!todo.isEmpty() && seen.size() < 5_000) {
      World w = todo.poll();
      if (!w.waiting().isEmpty() && w.enabled().stream().noneMatch(a -> World.actorOf(a) == actor(w))) {
        return w;
      }
      for (Action a : w.enabled()) {
        World next = w.successor(a).world();
        if (seen.add(fp(next))) {
          todo.add(next);
        }
      }
    }
    return null;
  }

  private static long actor(World w) {
    return w.waiting().keySet().iterator().next();
  }

  private static List<Long> fp(World w) {
    FingerprintSink f = new FingerprintSink();
    w.hashInto(f);
    return List.of(f.high(), f.low());
  }

  private static Set<Long> objects(Footprint f) {
    Set<Long> out = new TreeSet<>();
    for (int i = 0; i < f.size(); i++) {
      out.add(f.object(i));
    }
    return out;
  }

  /**
   * Rank 1 posts a receive (tag 5) and then polls: each iteration is an MPI_Iprobe for a tag-0
   * message from rank 0 and an MPI_Test of the receive. Rank 0 sends only tag 1, so the loop spins
   * forever. The spinning step's waiting footprint is exactly the objects of the two steps of one
   * iteration (the Test's, taken first, and the Iprobe's, which reads the queue of rank 0's
   * messages), all as reads.
   */
  @Test
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  @SpecClause(source = "Flanagan and Godefroid, POPL 2005, §2", text = DEPENDENT)
  @SpecClause(source = "MPI-3.1 §3.8.1", text = "MPI_PROBE behaves like MPI_IPROBE except that it is a blocking call"
      + " that returns only after a matching message has been found.")
  void aSpinningStepWaitsOnEveryObjectOfItsWholeIteration_asReads() {
    Program sends = program().send(lit(1), lit(1), lit(1), Datatype.INT).build();
    Program polls = program().irecv(lit(0), lit(5), lit(1), Datatype.INT, "r")
        .until(new Cond.Flag("f"), b -> b.iprobe(lit(0), lit(0), "f", null).call(new MpiOp.Test("r", "done", null)))
        .build();
    World w = firstSpinning(ModelSpec.builder().rank(sends).rank(polls).build());
    assertNotNull(w, "no state in which the poll spins");
    Map<Long, Footprint> waiting = w.waiting();
    assertEquals(1, waiting.size(), waiting.toString());
    long actor = actor(w);
    assertEquals(World.actorOf(Action.step(1, 0, -1)), actor);
    Footprint waits = waiting.get(actor);

    // The solo run through one iteration, step by step, back to the state it started in.
    World.Successor first = w.successor(Action.step(1, 0, -1));
    World.Successor second = first.world().successor(Action.step(1, 0, -1));
    assertEquals(fp(w), fp(second.world()), "one iteration is two steps");
    assertFalse(fp(w).equals(fp(first.world())), "the first step leaves the thread inside the iteration");
    Set<Long> expected = new TreeSet<>(objects(first.footprint()));
    expected.addAll(objects(second.footprint()));
    assertTrue(objects(second.footprint()).contains(ObjectIds.queue(1, 0))
        || objects(first.footprint()).contains(ObjectIds.queue(1, 0)), "the Iprobe reads rank 0's queue at rank 1");

    assertEquals(expected, objects(waits), "the waiting footprint is what one iteration touches: " + waits);
    for (int i = 0; i < waits.size(); i++) {
      assertFalse(waits.writes(i), "recorded as reads: " + waits);
    }
  }
}
