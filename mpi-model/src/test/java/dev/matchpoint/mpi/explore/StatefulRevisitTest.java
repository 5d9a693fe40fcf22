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
import dev.matchpoint.mpi.explore.SharedVariables.State;
import dev.matchpoint.mpi.explore.SharedVariables.Step;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/**
 * The stateful search's revisit rule on generated {@link SharedVariables} programs, whose states are
 * reached by many paths with different sleep sets: the exhaustive search (serial and parallel)
 * reaches every final state of the full state graph, and never runs the same action twice from the
 * same state. The final states are counted by a plain memoised walk of the full graph, and the
 * actions run by watching the model's {@code execute}.
 */
class StatefulRevisitTest {
  static final String SERIAL = "Godefroid 1996, Theorem 4.3 and §5.3 (StatefulSearch)";
  static final String SAME = "Together: the set of outcome classes found equals the full graph's.";
  static final String PARALLEL = "Godefroid 1996, §5.3 (ParallelStatefulSearch)";
  static final String FINALS = "a complete parallel search reaches every final state of G_P, whatever the thread "
      + "interleaving: the same final states as the serial search, hence the same outcome classes, the same counts "
      + "(distinct final states per class) and the same verdicts";
  static final String VISITS = "over its visits, the actions explored from s are P(s) \\ (Z_1 ∩ Z_2 ∩ ...): the "
      + "first visit explores P(s) \\ Z_1, the k-th (Z_1 ∩ ... ∩ Z_(k-1)) ∩ P(s) \\ Z_k";

  /** The model with every {@code execute} recorded by state and action; safe for several threads. */
  static class Watched implements TransitionSystem<State, Step> {
    final SharedVariables ts;
    final Map<String, Integer> runs = new ConcurrentHashMap<>();
    final Set<String> entered = ConcurrentHashMap.newKeySet();

    Watched(SharedVariables ts) {
      this.ts = ts;
    }

    @Override
    public State initial() {
      return ts.initial();
    }

    @Override
    public List<Step> enabled(State s) {
      entered.add(key(s));
      return ts.enabled(s);
    }

    @Override
    public State execute(State s, Step a, Footprint fp) {
      runs.merge(key(s) + " " + a, 1, Integer::sum);
      return ts.execute(s, a, fp);
    }

    @Override
    public long actor(Step a) {
      return ts.actor(a);
    }

    @Override
    public List<Step> persistentSet(State s, List<Step> enabled) {
      return ts.persistentSet(s, enabled);
    }

    @Override
    public void hashInto(State s, PrimitiveSink sink) {
      ts.hashInto(s, sink);
    }

    @Override
    public Verdict verdict(State s) {
      return ts.verdict(s);
    }

    @Override
    public String describe(State s, Step a) {
      return ts.describe(s, a);
    }
  }

  static String key(State s) {
    return Arrays.toString(s.pc()) + Arrays.toString(s.vars()) + Arrays.toString(s.logs());
  }

  /** The state of the three-thread program below with the given program counters (a = 1, b = 0). */
  private static State state(int... pc) {
    int[] vars = new int[26];
    vars[0] = 1;
    return new State(pc, vars, new String[] {"", "", ""});
  }

  /** Outcome class to the number of distinct final states of the full graph in it. */
  static Map<String, Long> finalStates(SharedVariables ts) {
    Map<String, State> finals = new HashMap<>();
    walk(ts, ts.initial(), new HashSet<>(), finals);
    Map<String, Long> out = new TreeMap<>();
    finals.values().forEach(s -> out.merge(ts.verdict(s).outcome(), 1L, Long::sum));
    return out;
  }

  private static void walk(SharedVariables ts, State s, Set<String> seen, Map<String, State> finals) {
    if (!seen.add(key(s))) {
      return;
    }
    List<Step> enabled = ts.enabled(s);
    if (enabled.isEmpty()) {
      finals.put(key(s), s);
    }
    for (Step a : enabled) {
      walk(ts, ts.execute(s, a, new Footprint()), seen, finals);
    }
  }

  /** Programs of 2 or 3 threads of 1 to 3 operations over a, b and c, drawn from a fixed seed. */
  static List<String[]> programs(int n) {
    Random random = new Random(18);
    List<String[]> out = new ArrayList<>();
    while (out.size() < n) {
      String[] threads = new String[2 + random.nextInt(2)];
      for (int t = 0; t < threads.length; t++) {
        List<String> ops = new ArrayList<>();
        for (int i = 1 + random.nextInt(3); i > 0; i--) {
          char x = (char) ('a' + random.nextInt(3));
          ops.add(switch (random.nextInt(4)) {
            case 0 -> x + "=" + (1 + random.nextInt(2));
            case 1 -> x + "?";
            case 2 -> x + ">0";
            default -> x + "|" + (char) ('a' + (x - 'a' + 1) % 3);
          });
        }
        threads[t] = String.join(";", ops);
      }
      out.add(threads);
    }
    return out;
  }

  /**
   * The programs and three whose states are revisited with smaller sleep sets: in the last two, a
   * state's third visit follows a second that explored the difference, so only a stored sleep set
   * that became the intersection keeps the third from running those actions again.
   */
  private static List<String[]> withRevisits(List<String[]> programs) {
    List<String[]> out = new ArrayList<>(programs);
    out.add(new String[] {"a=1", "a=1;b=2", "a=1"});
    out.add(new String[] {"b=2", "b=2;b?", "a=2;a|b"});
    out.add(new String[] {"a=1;a?", "a=2;a=1", "a?"});
    return out;
  }

  static Map<String, Long> counts(ExplorationReport r) {
    Map<String, Long> out = new TreeMap<>();
    r.outcomes().forEach((k, v) -> out.put(k, v.count()));
    return out;
  }

  /**
   * Explores a program and checks the final states against the full graph's, and that each action
   * ran at most once from each state: the k-th visit of a state explores only actions asleep at
   * every earlier visit (the rule quoted in VISITS).
   */
  private static void check(String[] prog, boolean reduce, int threads) {
    String name = List.of(prog) + (reduce ? " with" : " without") + " persistent sets, " + threads + " thread(s)";
    Watched w = new Watched(new SharedVariables(reduce, o -> false, prog));
    ExplorationReport r = Explorer.explore(w, ExploreOptions.of(Strategy.EXHAUSTIVE).withShortestViolation(false)
        .withThreads(threads), ProgressListener.NONE);
    assertTrue(r.exhaustive(), name);
    assertEquals(finalStates(w.ts), counts(r), name);
    w.runs.forEach((run, times) -> assertEquals(1, times, name + ": " + run + " ran twice"));
    assertEquals(w.runs.size(), r.transitions(), name);
    assertEquals(w.entered.size(), r.states(), name);
  }

  @Test
  @SpecClause(source = "Godefroid 1996, §5.3 (StatefulSearch)", text = "a state revisited with a sleep set that is "
      + "not a superset of the one it was explored with gets the difference explored (Godefroid §5.3: the stored sleep "
      + "set becomes the intersection and the transitions in (stored \\ current) ∩ persistent are explored)")
  void aStateRevisitedWithASmallerSleepSet_getsTheDifferenceExplored() {
    // t0: a=1; t1: a=1 then b=2; t2: a=1. The a=1 steps conflict, b=2 conflicts with none of them;
    // a state is its program counters (xyz). With every enabled action persistent, in the order
    // t0, t1, t2 (Z: the sleep set entered with):
    //   000 -t0-> 100 -t1-> 110 -t1-> 120 -t2-> 121; 110 -t2-> 111 (Z {t1}: t1 asleep, a leaf);
    //   100 -t2-> 101 (t1 woken by the conflict on a) -t1-> 111 again with Z {}: t1's b=2 runs now;
    //   000 -t1-> 010 (t0 woken) -t0-> 110 (seen, stored Z {}); 010 -t1-> 020 (Z {t0}) -t2-> 021
    //   (t0 woken) -t0-> 121; 010 -t2-> 011 (Z {t1}: t1's b=2 asleep) -t0-> 111 (stored Z now {});
    //   000 -t2-> 001 -t0-> 101 (seen); 001 -t1-> 011 again with Z {}: b=2, index 1, runs -> 021.
    // 12 states, 8 + 7 + 4 = 19 transitions, 8 leaves (121, 111, 121, 110, 121, 111, 101, 021).
    Watched w = new Watched(new SharedVariables(false, o -> false, "a=1", "a=1;b=2", "a=1"));
    ExplorationReport r = Explorer.explore(w, ExploreOptions.of(Strategy.EXHAUSTIVE).withShortestViolation(false),
        ProgressListener.NONE);
    assertEquals(Map.of("// | a=1 b=2", 1L), counts(r));
    assertEquals(12, r.states());
    assertEquals(19, r.transitions());
    assertEquals(8, r.schedules());
    // t1's b=2 ran once from 111 and once from 011, each at the state's second visit.
    assertEquals(1, w.runs.get(key(state(1, 1, 1)) + " " + new Step(1, 0)));
    assertEquals(1, w.runs.get(key(state(0, 1, 1)) + " " + new Step(1, 0)));
  }

  @Test
  @SpecClause(source = SERIAL, text = SAME)
  void serialSearch_reachesEveryFinalState_andRunsEachActionOfAStateOnce() {
    for (String[] prog : withRevisits(programs(150))) {
      for (boolean reduce : new boolean[] {false, true}) {
        check(prog, reduce, 1);
      }
    }
  }

  @Test
  @SpecClause(source = PARALLEL, text = FINALS)
  void parallelSearch_reachesEveryFinalState_andRunsEachActionOfAStateOnce() {
    for (String[] prog : withRevisits(programs(60))) {
      for (boolean reduce : new boolean[] {false, true}) {
        check(prog, reduce, 2);
      }
    }
  }
}
