package dev.matchpoint.mpi.rank;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.explore.FingerprintSink;
import dev.matchpoint.core.explore.Footprint;
import dev.matchpoint.mpi.check.Checks;
import dev.matchpoint.mpi.trace.TraceSink;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The walk behind the footprint-cover tests ({@link BufferFootprintCoverTest}, {@link
 * LinkTailFootprintCoverTest}): each checks, on every step of every reachable state of small
 * programs, a premise that makes a persistent-set clause redundant (docs/mutation/mpi-rank-other.md).
 */
final class FootprintCover {
  private FootprintCover() {}

  /** The premise about one step: fails the test when it does not hold. */
  interface StepCheck {
    /**
     * Judges one step.
     *
     * @param a the action taken
     * @param f its footprint
     * @param before the state it was taken in (for the failure's report)
     * @return how many footprint entries the premise was about (0 when none)
     */
    int check(Action a, Footprint f, World before);
  }

  /**
   * Visits every reachable state of a logical-mode world (breadth first, at most 20,000 states) and
   * judges every enabled action's step.
   *
   * @param name the program's name, for failures
   * @param spec the program and options
   * @param check the premise
   * @return the sum of the counts {@code check} returned, so that a program that never reaches
   *     what the premise is about cannot pass vacuously
   */
  static int everyStep(String name, ModelSpec spec, StepCheck check) {
    World start = World.logical(spec, TraceSink.NONE, new Checks(List.of()), false);
    Set<List<Long>> seen = new HashSet<>();
    ArrayDeque<World> todo = new ArrayDeque<>();
    seen.add(fp(start));
    todo.add(start);
    int judged = 0;
    while (!todo.isEmpty()) {
      World w = todo.poll();
      for (Action a : w.enabled()) {
        World.Successor next = w.successor(a);
        judged += check.check(a, next.footprint(), w);
        if (seen.add(fp(next.world()))) {
          todo.add(next.world());
        }
      }
      assertTrue(seen.size() <= 20_000, name + ": more than 20,000 states");
    }
    return judged;
  }

  /**
   * Whether a footprint writes a thread or a Sendrecv-half object of a rank.
   *
   * @param f the footprint
   * @param rank the rank
   * @return true when it does
   */
  static boolean writesAThreadOf(Footprint f, int rank) {
    for (int i = 0; i < f.size(); i++) {
      long object = f.object(i);
      long kind = object >>> 56;
      boolean thread = kind == 2 && ((object >>> 20) & 0xfffffffL) == rank;
      boolean half = kind == 10 && ((object >>> 24) & 0xffffffffL) == rank;
      if ((thread || half) && f.writes(i)) {
        return true;
      }
    }
    return false;
  }

  private static List<Long> fp(World w) {
    FingerprintSink f = new FingerprintSink();
    w.hashInto(f);
    return List.of(f.high(), f.low());
  }
}
