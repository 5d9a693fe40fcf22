package dev.matchpoint.mpi.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.hash.PrimitiveSink;
import dev.matchpoint.core.explore.ExplorationReport;
import dev.matchpoint.core.explore.ExploreOptions;
import dev.matchpoint.core.explore.Explorer;
import dev.matchpoint.core.explore.Footprint;
import dev.matchpoint.core.explore.ProgressListener;
import dev.matchpoint.core.explore.Strategy;
import dev.matchpoint.core.explore.TransitionSystem;
import dev.matchpoint.core.explore.Verdict;
import dev.matchpoint.mpi.SpecClause;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/**
 * The stored sleep set of a state with more than 31 enabled actions, where one bit stands for every
 * action of index 31 or more: a revisit must still explore an action of that range that slept at
 * the first visit and is awake now.
 */
class SleepMaskOverflowTest {
  /**
   * Actors F (one step, 31 alternatives), X, Y, C and R (one step each). C writes what X writes, so
   * C wakes a sleeping X, and C and R write one object, so the two orders of C and R both run; every
   * other pair is independent. The state after C and R enables F's 31 alternatives (indices 0..30),
   * X (31) and Y (32).
   */
  record Wide(int f, boolean x, boolean y, boolean c, boolean r) {}

  record Act(char actor, int alt) {}

  static final class Model implements TransitionSystem<Wide, Act> {
    final Map<String, Integer> runs = new ConcurrentHashMap<>();

    @Override
    public Wide initial() {
      return new Wide(-1, false, false, false, false);
    }

    @Override
    public List<Act> enabled(Wide s) {
      List<Act> out = new ArrayList<>();
      for (int k = 0; s.f() < 0 && k < 31; k++) {
        out.add(new Act('F', k));
      }
      if (!s.x()) {
        out.add(new Act('X', 0));
      }
      if (!s.y()) {
        out.add(new Act('Y', 0));
      }
      if (!s.c()) {
        out.add(new Act('C', 0));
      }
      if (!s.r()) {
        out.add(new Act('R', 0));
      }
      return out;
    }

    @Override
    public Wide execute(Wide s, Act a, Footprint fp) {
      runs.merge(s + " " + a, 1, Integer::sum);
      return switch (a.actor()) {
        case 'F' -> {
          fp.write(0);
          yield new Wide(a.alt(), s.x(), s.y(), s.c(), s.r());
        }
        case 'X' -> {
          fp.write(1);
          yield new Wide(s.f(), true, s.y(), s.c(), s.r());
        }
        case 'Y' -> {
          fp.write(2);
          yield new Wide(s.f(), s.x(), true, s.c(), s.r());
        }
        case 'C' -> {
          fp.write(1);
          fp.write(3);
          yield new Wide(s.f(), s.x(), s.y(), true, s.r());
        }
        default -> {
          fp.write(3);
          yield new Wide(s.f(), s.x(), s.y(), s.c(), true);
        }
      };
    }

    @Override
    public long actor(Act a) {
      return a.actor();
    }

    @Override
    public void hashInto(Wide s, PrimitiveSink sink) {
      sink.putInt(s.f()).putBoolean(s.x()).putBoolean(s.y()).putBoolean(s.c()).putBoolean(s.r());
    }

    @Override
    public Verdict verdict(Wide s) {
      return new Verdict("f=" + s.f(), false, List.of());
    }

    @Override
    public String describe(Wide s, Act a) {
      return a.toString();
    }
  }

  @Test
  @SpecClause(source = "Godefroid 1996, §5.3 (StatefulSearch)", text = "Bit 31 over-approximates: the stored set is "
      + "then a superset of the true one, which on a revisit only explores more ((stored \\ current) grows), never less")
  void anActionPastIndex30_asleepAtTheFirstVisitAndAwakeAtTheSecond_isExplored() {
    // At the root the actions run in the order F's alternatives, X, Y, C, R. C first (it wakes X),
    // then X, then R: the state after C and R is first entered with {F*, X, Y} asleep. R first (it
    // wakes C), then C (it wakes X): the state is entered again with {F*, Y} asleep. Both sets set
    // every bit of the mask, yet X slept at the first visit and is awake at the second: it runs now.
    for (int threads : new int[] {1, 2}) {
      Model m = new Model();
      ExplorationReport r = Explorer.explore(m, ExploreOptions.of(Strategy.EXHAUSTIVE).withShortestViolation(false)
          .withThreads(threads), ProgressListener.NONE);
      assertTrue(r.exhaustive());
      assertEquals(31, r.outcomes().size());
      Wide afterCandR = new Wide(-1, false, false, true, true);
      assertEquals(1, m.runs.get(afterCandR + " " + new Act('X', 0)), threads + " thread(s)");
    }
  }
}
