package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.WildcardPolicy;
import dev.matchpoint.mpi.check.Checks;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.trace.TraceSink;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Hand-built logical-mode states and the check of their persistent sets, for {@link
 * PersistentSetsPrecisionTest} and {@link PersistentSetsChoiceTest}: worlds of one program per
 * thread, actions named by their thread or link, and the rules' texts the tests cite.
 */
final class PersistentSetsStates {
  private PersistentSetsStates() {}

  static final String PERSISTENT = "A set T of transitions enabled in a state s is persistent in s iff, for"
      + " all nonempty sequences of transitions from s in the state space that do not include transitions in T, every"
      + " transition in the sequence is independent with all transitions in T";
  static final String CLOSURE = "start from one enabled actor; while some actor outside the set may, on a path"
      + " that avoids the set, touch an object that an action of the set touches (one of them writing), add that"
      + " actor if it is enabled, and give up if it is not";
  static final String CAUSAL = "a link carries rendezvous or eager traffic only if its source may still send on"
      + " it (a thread outside the set may, a packet waits for credit, or a rendezvous send awaits its CTS), and"
      + " replies (CTS, ACK, credit) only if messages from its destination to its source exist or may still be sent";
  static final String CHOICE = "The first actor (in canonical order) whose closure is a single actor wins";

  /** A world of the given ranks (each an array of its threads' programs) under a wildcard policy. */
  static World world(WildcardPolicy policy, Program[]... ranks) {
    ModelSpec.Builder b = ModelSpec.builder();
    for (Program[] threads : ranks) {
      b.rank(threads);
    }
    return World.logical(b.options(ModelOptions.defaults().withWildcard(policy)).build(), TraceSink.NONE,
        new Checks(List.of()), false);
  }

  /** One rank's threads. */
  static Program[] threads(Program... p) {
    return p;
  }

  /** The step of a thread. */
  static Predicate<Action> step(int rank, int thread) {
    return a -> a.kind() == Action.Kind.STEP && a.rank() == rank && a.thread() == thread;
  }

  /** A delivery on link source->dest. */
  static Predicate<Action> delivery(int source, int dest) {
    return a -> a.kind() == Action.Kind.DELIVER && a.source() == source && a.rank() == dest;
  }

  /** Takes, in turn, the first enabled action that each predicate accepts. */
  @SafeVarargs
  static World after(World w, Predicate<Action>... actions) {
    for (Predicate<Action> p : actions) {
      List<Action> enabled = w.enabled();
      Action a = enabled.stream().filter(p).findFirst()
          .orElseThrow(() -> new AssertionError("not enabled: " + p + " in " + enabled));
      w = w.successor(a).world();
    }
    return w;
  }

  /**
   * Checks the state's enabled actors (as {@code enabled} says, in order) and that its persistent
   * set is exactly the enabled actions of {@code expected}.
   */
  static void assertPersistentSet(String name, World w, List<Predicate<Action>> enabled,
      Predicate<Action> expected) {
    List<Action> all = w.enabled();
    Set<Long> actors = new LinkedHashSet<>();
    for (Action a : all) {
      actors.add(PersistentSets.actor(a));
    }
    assertEquals(enabled.size(), actors.size(), () -> name + ": enabled " + all);
    for (Predicate<Action> p : enabled) {
      assertTrue(all.stream().anyMatch(p), () -> name + ": enabled " + all);
    }
    List<Action> want = new ArrayList<>();
    for (Action a : all) {
      if (expected.test(a)) {
        want.add(a);
      }
    }
    assertTrue(!want.isEmpty(), name);
    assertEquals(want, w.copy().persistentSet(all), () -> name + "\n" + w.report().toText());
  }

  /** One send of {@code count} ints, tag 0. */
  static Program send(SendMode mode, int dest, int count) {
    return program().send(mode, lit(dest), lit(0), lit(count), Datatype.INT).build();
  }

  /** One receive of one int from {@code source}, tag 0. */
  static Program recv(int source) {
    return program().recv(lit(source), lit(0), lit(1), Datatype.INT, null).build();
  }

}
