package dev.matchpoint.mpi.testing;

import dev.matchpoint.mpi.check.Check;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.check.Checks;
import dev.matchpoint.mpi.check.Receipts;
import dev.matchpoint.mpi.check.RunEnd;
import dev.matchpoint.mpi.check.Violation;
import dev.matchpoint.mpi.rank.Action;
import dev.matchpoint.mpi.rank.ModelSpec;
import dev.matchpoint.mpi.rank.World;
import dev.matchpoint.mpi.trace.TraceSink;
import com.google.common.hash.HashCode;
import com.google.common.hash.Hasher;
import com.google.common.hash.Hashing;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Test oracle: enumerates every schedule of a small model in logical mode, with no reduction at
 * all, and classifies the end states. Independent of the explorer, so the explorer can be checked
 * against it.
 */
public final class Exhaustive {
  private Exhaustive() {}

  /**
   * One end state's class.
   *
   * @param receipts which thread received which message
   * @param blocked threads blocked at the end (deadlock when not empty)
   * @param problems MPI errors and erroneous uses
   * @param violations names and messages of check violations
   */
  public record End(String receipts, List<String> blocked, List<String> problems, List<String> violations) {
    /**
     * Whether some check was violated.
     *
     * @return true when a violation exists
     */
    public boolean violated() {
      return !violations.isEmpty();
    }

    /**
     * Whether the end is a deadlock.
     *
     * @return true when a thread is blocked
     */
    public boolean deadlocked() {
      return !blocked.isEmpty();
    }
  }

  /**
   * Runs every schedule: a depth-first search over all enabled actions, with no reduction. The
   * reachable end classes of a state are memoised by the state's canonical hash, so each state is
   * expanded once; the schedule counts are exact path counts.
   *
   * @param spec the model
   * @param checks check kinds to apply
   * @return each distinct end class with the number of schedules reaching it
   */
  public static Map<End, Long> ends(ModelSpec spec, CheckKind... checks) {
    List<Check> list = new ArrayList<>();
    list.add(new Receipts());
    for (CheckKind k : checks) {
      list.add(k.create());
    }
    World w = World.logical(spec, TraceSink.NONE, new Checks(list), false);
    Map<End, Long> out = new TreeMap<>((a, b) -> a.toString().compareTo(b.toString()));
    out.putAll(dfs(w, new HashMap<>()));
    return out;
  }

  private static Map<End, Long> dfs(World w, Map<HashCode, Map<End, Long>> memo) {
    Hasher h = Hashing.murmur3_128().newHasher();
    w.hashInto(h);
    HashCode key = h.hash();
    Map<End, Long> known = memo.get(key);
    if (known != null) {
      return known;
    }
    Map<End, Long> result = new HashMap<>();
    List<Action> enabled = w.enabled();
    if (enabled.isEmpty()) {
      RunEnd end = w.end(false);
      List<String> violations = new ArrayList<>();
      for (Violation v : w.checks().violations()) {
        violations.add(v.check() + ": " + v.message());
      }
      Receipts receipts = (Receipts) w.checks().checks().get(0);
      result.put(new End(receipts.describe(), end.blockedThreads(), w.problems(), violations), 1L);
    } else {
      for (Action a : enabled) {
        World next = w.copy();
        next.execute(a);
        dfs(next, memo).forEach((k, v) -> result.merge(k, v, Long::sum));
      }
    }
    if (memo.size() > 3_000_000) {
      throw new IllegalStateException("too many states for the test oracle");
    }
    memo.put(key, result);
    return result;
  }

  /**
   * Total schedules in an end-class map.
   *
   * @param ends the map
   * @return the sum of counts
   */
  public static long schedules(Map<End, Long> ends) {
    return ends.values().stream().mapToLong(Long::longValue).sum();
  }
}
