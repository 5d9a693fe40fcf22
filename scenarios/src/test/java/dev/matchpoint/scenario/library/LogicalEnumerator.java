package dev.matchpoint.scenario.library;

import com.google.common.hash.HashCode;
import com.google.common.hash.Hasher;
import com.google.common.hash.Hashing;
import dev.matchpoint.mpi.check.RunEnd;
import dev.matchpoint.mpi.rank.Action;
import dev.matchpoint.mpi.rank.World;
import dev.matchpoint.mpi.run.Outcome;
import dev.matchpoint.mpi.trace.TraceSink;
import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.ScenarioLoader;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Test oracle for the library: every logical schedule of a small scenario, by depth-first search
 * over the enabled actions with no reduction, each state expanded once (memoised by its canonical
 * hash). Gives up (empty result) past a state or depth budget, so large scenarios are left to the
 * timed run. Independent of the explorer so that the explorer can later be checked against it.
 */
final class LogicalEnumerator {
  /**
   * One end class: how the run ended, classified as {@link dev.matchpoint.mpi.run.Runner} does, and
   * whether a check was violated.
   *
   * @param outcome DEADLOCK, ERRONEOUS or OK
   * @param violated whether some check reported a violation
   */
  record End(Outcome outcome, boolean violated) implements Comparable<End> {
    @Override
    public int compareTo(End o) {
      return toString().compareTo(o.toString());
    }
  }

  private final int maxStates;
  private final int maxDepth;
  private final Map<HashCode, TreeSet<End>> memo = new HashMap<>();
  private boolean gaveUp;

  LogicalEnumerator(int maxStates, int maxDepth) {
    this.maxStates = maxStates;
    this.maxDepth = maxDepth;
  }

  /**
   * The end classes of every schedule.
   *
   * @param s the scenario
   * @return the classes, or empty when the scenario is too large for the budgets
   */
  Optional<TreeSet<End>> ends(Scenario s) {
    World w = World.logical(ScenarioLoader.compile(s), TraceSink.NONE, s.newChecks(), false);
    TreeSet<End> out = dfs(w, 0);
    return gaveUp ? Optional.empty() : Optional.of(out);
  }

  /**
   * States expanded by the last search.
   *
   * @return the count
   */
  int states() {
    return memo.size();
  }

  private TreeSet<End> dfs(World w, int depth) {
    if (gaveUp) {
      return new TreeSet<>();
    }
    Hasher h = Hashing.murmur3_128().newHasher();
    w.hashInto(h);
    HashCode key = h.hash();
    TreeSet<End> known = memo.get(key);
    if (known != null) {
      return known;
    }
    if (memo.size() >= maxStates || depth >= maxDepth) {
      gaveUp = true;
      return new TreeSet<>();
    }
    TreeSet<End> result = new TreeSet<>();
    List<Action> enabled = w.enabled();
    if (enabled.isEmpty()) {
      RunEnd end = w.end(false);
      Outcome o = end.deadlocked() ? Outcome.DEADLOCK : !w.problems().isEmpty() ? Outcome.ERRONEOUS : Outcome.OK;
      result.add(new End(o, !w.checks().violations().isEmpty()));
    } else {
      for (Action a : enabled) {
        World next = w.copy();
        next.execute(a);
        result.addAll(dfs(next, depth + 1));
      }
    }
    memo.put(key, result);
    return result;
  }
}
