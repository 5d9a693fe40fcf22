package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.anySource;
import static dev.matchpoint.mpi.program.ProgramBuilder.count;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.common.hash.Hasher;
import com.google.common.hash.Hashing;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.check.Checks;
import dev.matchpoint.mpi.trace.TraceSink;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Worlds share their ranks copy-on-write ({@link World#copy()}): running an action on a copy never
 * changes the original, and running one on the original never changes its copies.
 */
class CopyOnWriteTest {
  /** Eager, synchronous and rendezvous sends to a rank whose threads probe, receive and match-probe. */
  private static ModelSpec spec() {
    return ModelSpec.builder()
        .rank(program().send(SendMode.SYNCHRONOUS, lit(2), lit(0), lit(1), Datatype.INT).build())
        .rank(program().send(lit(2), lit(0), lit(4096), Datatype.INT).send(lit(2), lit(1), lit(1), Datatype.INT).build())
        .rank(program().mprobe(anySource(), lit(0), "m", "st").mrecv("m", count("st", Datatype.INT), Datatype.INT, null)
            .build(), program().recv(anySource(), lit(0), lit(4096), Datatype.INT, null)
            .recv(anySource(), lit(1), lit(1), Datatype.INT, null).build())
        .build();
  }

  private static String fingerprint(World w) {
    Hasher h = Hashing.murmur3_128().newHasher();
    w.hashInto(h);
    return h.hash() + " " + w.enabled();
  }

  @Test
  void actionsOnCopies_neverChangeTheOriginal_andActionsOnTheOriginal_neverChangeItsCopies() {
    World initial = World.logical(spec(), TraceSink.NONE, new Checks(java.util.Arrays.stream(CheckKind.values()).map(CheckKind::create).toList()), false);
    ArrayDeque<World> todo = new ArrayDeque<>(List.of(initial));
    Set<String> seen = new HashSet<>();
    int checked = 0;
    while (!todo.isEmpty() && checked < 3000) {
      World w = todo.pop();
      String before = fingerprint(w);
      if (!seen.add(before)) {
        continue;
      }
      checked++;
      List<World> copies = new ArrayList<>();
      List<String> copyPrints = new ArrayList<>();
      for (Action a : w.enabled()) {
        World c = w.copy();
        c.execute(a);
        copies.add(c);
        copyPrints.add(fingerprint(c));
        assertEquals(before, fingerprint(w), "running " + a + " on a copy changed the original");
      }
      todo.addAll(copies);
      List<Action> enabled = w.enabled();
      if (!enabled.isEmpty()) {
        w.execute(enabled.get(enabled.size() - 1));
        for (int i = 0; i < copies.size(); i++) {
          assertEquals(copyPrints.get(i), fingerprint(copies.get(i)), "running an action on the original changed a copy");
        }
      }
    }
    assertEquals(true, checked > 50, "explored " + checked + " states");
  }
}
