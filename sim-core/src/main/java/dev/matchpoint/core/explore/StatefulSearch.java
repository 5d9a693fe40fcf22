package dev.matchpoint.core.explore;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Exhaustive depth-first search over states with a visited-state set, persistent sets and sleep
 * sets, after Godefroid, "Partial-Order Methods for the Verification of Concurrent Systems" (LNCS
 * 1032, 1996), chapters 4–6 (selective search with persistent sets; sleep sets; their combination
 * with state caching).
 *
 * <p><b>Soundness.</b> The reachable state graph is finite and acyclic ({@link TransitionSystem}).
 * (1) The persistent set of a state is a function of the state alone, so the reduced graph (each
 * state's outgoing edges restricted to its persistent set) is one fixed graph; depth-first search
 * with a visited set explores exactly the states reachable in it, whatever the order of visits.
 * Godefroid's Theorem 4.3: in an acyclic graph every final (deadlock) state reachable in the full
 * graph is reachable in the reduced graph when each explored set is persistent. (2) Sleep sets
 * prune transitions, never final states (they may also skip intermediate states, which ones
 * depending on the order of visits, so the number of states stored is not a function of the model
 * alone: see {@link ParallelStatefulSearch}), provided a state revisited with a sleep set that is not a
 * superset of the one it was explored with gets the difference explored (Godefroid §5.3: the
 * stored sleep set becomes the intersection and the transitions in (stored \ current) ∩ persistent
 * are explored). (3) The visited set is keyed by a canonical state hash that includes everything a
 * verdict depends on (the checks' monitor state included), so equal keys have equal futures and
 * equal verdicts. Together: the set of outcome classes found equals the full graph's. This is why
 * the stateful strategy uses state-determined persistent sets rather than DPOR's history-dependent
 * backtrack sets, whose naive combination with state caching is unsound (Yang, Chen, Gopalakrishnan
 * and Kirby, SPIN 2008); {@link SourceDpor} is the stateless DPOR strategy.
 *
 * <p><b>Why this is the default strategy.</b> State caching makes the search linear in the states
 * of the reduced graph, where stateless DPOR ({@link SourceDpor}) re-explores every schedule that
 * reaches a state by another path; persistent sets computed from the whole state (the model's
 * {@code persistentSet}: the threads and links whose next actions can touch what the set's actions
 * touch) cut the graph where DPOR would need backtracking, and sleep sets remove most of the
 * remaining redundant transitions. Measured with observable outcome classes on the one-iteration
 * persistent halo exchange (library persistent-halo-exchange.yaml grown to 4 ranks): this search
 * stores 176,904 states in 14.0 CPU-s; {@code dpor} runs 597,465 schedules in 26.6 CPU-s (with fine
 * outcome classes this search stores 284,378 states in 20.3 CPU-s). DPOR keeps its place where memory, not time, is short: it stores no
 * states (about 0.5 GB against 2.4 GB on the halo exchange before the compact visited set).
 *
 * <p><b>Why depth-first.</b> {@link LevelSearch} ({@code --levels}) explores the same reduced graph
 * level by level over encoded states and prints the same report on any number of threads, as issue
 * 13 asks of {@code --threads}, but on Mprobe/Mrecv 6 x 6 it takes 8.3 / 8.9 CPU-s (min / median of
 * 3) and 455 MB serially and 9.7 / 10.0 CPU-s on 2 threads, against 5.0 / 5.2 CPU-s and 215 MB for
 * this search and 6.5 / 6.8 CPU-s and 226 MB for {@link ParallelStatefulSearch} (figures and what
 * was tried in LevelSearch): a depth-first stack holds one state per step, shares every rank a step
 * did not write with its parent and rehashes only those it wrote, where a level must be encoded,
 * held and decoded whole. The default stays depth-first until the level search comes within about
 * 15% of its CPU.
 *
 * <p><b>Storage.</b> The visited set is a {@link VisitedTable}: per state 96 bits of its fingerprint
 * and its stored sleep set as a bitmask over the indices of its enabled actions ({@code
 * enabled(state)} is a function of the state, so an index names the same action on every visit).
 * Bit i (i &lt; 31) stands for the action of index i; bit 31 for every action of index 31 or more.
 * Bit 31 over-approximates: the stored set is then a superset of the true one, which on a revisit
 * only explores more ((stored \ current) grows), never less. Sleeping actions that are not enabled
 * in the state are dropped: the revisit rule explores only (stored \ current) ∩ persistent, and
 * persistent actions are enabled, so they never mattered.
 */
final class StatefulSearch<S, A> {
  private final TransitionSystem<S, A> ts;
  private final ExploreOptions options;
  private final Tally tally;
  private final VisitedTable visited = new VisitedTable();
  private final Deque<Frame> stack = new ArrayDeque<>();

  private final class Frame {
    final S state;
    final List<A> enabled;
    final Map<A, Footprint> sleep;
    final List<A> todo;
    final int choice;
    final int optionCount;
    int next;

    Frame(S state, List<A> enabled, Map<A, Footprint> sleep, List<A> todo, int choice, int optionCount) {
      this.state = state;
      this.enabled = enabled;
      this.sleep = sleep;
      this.todo = todo;
      this.choice = choice;
      this.optionCount = optionCount;
    }
  }

  StatefulSearch(TransitionSystem<S, A> ts, ExploreOptions options, Tally tally) {
    this.ts = ts;
    this.options = options;
    this.tally = tally;
  }

  void run() {
    Frame root = enter(ts.initial(), new LinkedHashMap<>(), -1, 1);
    if (root != null) {
      stack.push(root);
    }
    while (!stack.isEmpty() && !tally.stopped()) {
      Frame f = stack.peek();
      if (f.next >= f.todo.size()) {
        stack.pop();
        continue;
      }
      if (stack.size() > options.maxSteps()) {
        tally.stepLimit(); // f is maxSteps steps deep and has a step left: a longer schedule
        break;
      }
      A a = f.todo.get(f.next++);
      Footprint fp = new Footprint();
      S child = ts.execute(f.state, a, fp);
      tally.transition(stack.size());
      Map<A, Footprint> sleep = new LinkedHashMap<>();
      for (Map.Entry<A, Footprint> e : f.sleep.entrySet()) {
        if (!e.getValue().conflicts(fp)) {
          sleep.put(e.getKey(), e.getValue());
        }
      }
      int choice = f.enabled.indexOf(a);
      Frame next = enter(child, sleep, choice, f.enabled.size());
      f.sleep.put(a, fp);
      if (next != null) {
        stack.push(next);
      }
    }
    if (tally.stopped()) {
      long left = 0;
      for (Frame f : stack) {
        left += f.todo.size() - f.next;
      }
      tally.frontier = left;
    }
  }

  private Frame enter(S state, Map<A, Footprint> sleep, int choice, int optionCount) {
    StateKey key = StateKey.of(ts, state);
    List<A> enabled = ts.enabled(state);
    int sleepMask = sleepMask(enabled, sleep);
    long stored = visited.putIfAbsent(key.high(), key.low(), sleepMask);
    if (stored == VisitedTable.ABSENT) {
      tally.visitedBytes = visited.bytes();
      if (!tally.store()) {
        return null;
      }
    }
    if (enabled.isEmpty()) {
      if (stored == VisitedTable.ABSENT) {
        tally.outcome(ts.verdict(state), path(choice, optionCount));
      }
      tally.leaf();
      return null;
    }
    List<A> todo = new ArrayList<>();
    if (stored == VisitedTable.ABSENT) {
      List<A> persistent = ts.persistentSet(state, enabled);
      if (tally.logPersistentSets()) {
        tally.persistentSets.add(key.high(), key.low(), enabled, persistent);
      }
      for (A a : persistent) {
        if (!sleep.containsKey(a)) {
          todo.add(a);
        }
      }
    } else {
      int old = (int) stored;
      if ((old & ~sleepMask) == 0 && (old & OVERFLOW) == 0) {
        tally.leaf();
        return null;
      }
      int kept = old & sleepMask;
      if (kept != old) {
        visited.replaceLast(kept);
      }
      for (A a : ts.persistentSet(state, enabled)) {
        if (storedHas(old, enabled.indexOf(a)) && !sleep.containsKey(a)) {
          todo.add(a);
        }
      }
    }
    if (todo.isEmpty()) {
      tally.leaf();
      return null;
    }
    return new Frame(state, enabled, new LinkedHashMap<>(sleep), todo, choice, optionCount);
  }

  /** Bit 31 of a sleep mask: every action of index 31 or more. */
  static final int OVERFLOW = 1 << 31;

  /** The sleep set as a mask over the indices of the enabled actions (bit 31: every index from 31 up). */
  static <A> int sleepMask(List<A> enabled, Map<A, Footprint> sleep) {
    int mask = 0;
    if (sleep.isEmpty()) {
      return mask;
    }
    for (int i = 0; i < enabled.size(); i++) {
      if (sleep.containsKey(enabled.get(i))) {
        mask |= 1 << Math.min(i, 31);
      }
    }
    return mask;
  }

  /** Whether a stored sleep mask holds the action of an index. */
  static boolean storedHas(int mask, int index) {
    return (mask & (1 << Math.min(index, 31))) != 0;
  }

  /** The choices from the root to the state being entered. */
  private List<Integer> path(int lastChoice, int lastCount) {
    List<Integer> out = new ArrayList<>();
    List<Frame> frames = new ArrayList<>(stack);
    Collections.reverse(frames);
    for (int i = 1; i < frames.size(); i++) {
      out.add(frames.get(i).choice);
    }
    if (lastChoice >= 0) {
      out.add(lastChoice);
    }
    return out;
  }
}
