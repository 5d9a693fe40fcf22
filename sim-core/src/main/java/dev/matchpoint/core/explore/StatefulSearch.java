package dev.matchpoint.core.explore;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
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
 * prune transitions, never final states, provided a state revisited with a sleep set that is not a
 * superset of the one it was explored with gets the difference explored (Godefroid §5.3: the
 * stored sleep set becomes the intersection and the transitions in (stored \ current) ∩ persistent
 * are explored). (3) The visited set is keyed by a canonical state hash that includes everything a
 * verdict depends on (the checks' monitor state included), so equal keys have equal futures and
 * equal verdicts. Together: the set of outcome classes found equals the full graph's. This is why
 * the stateful strategy uses state-determined persistent sets rather than DPOR's history-dependent
 * backtrack sets, whose naive combination with state caching is unsound (Yang, Chen, Gopalakrishnan
 * and Kirby, SPIN 2008); {@link SourceDpor} is the stateless DPOR strategy.
 */
final class StatefulSearch<S, A> {
  private final TransitionSystem<S, A> ts;
  private final ExploreOptions options;
  private final Tally tally;
  private final HashMap<StateKey, Map<A, Footprint>> visited = new HashMap<>();
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
      if (stack.size() >= options.maxSteps()) {
        tally.stepLimit();
        break;
      }
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
    Map<A, Footprint> stored = visited.get(key);
    if (enabled.isEmpty()) {
      if (stored == null) {
        if (!tally.store()) {
          return null;
        }
        visited.put(key, Collections.emptyMap());
        tally.outcome(ts.verdict(state), path(choice, optionCount));
      }
      tally.leaf();
      return null;
    }
    List<A> persistent = ts.persistentSet(state, enabled);
    List<A> todo = new ArrayList<>();
    if (stored == null) {
      if (!tally.store()) {
        return null;
      }
      visited.put(key, sleep.isEmpty() ? Collections.emptyMap() : new LinkedHashMap<>(sleep));
      for (A a : persistent) {
        if (!sleep.containsKey(a)) {
          todo.add(a);
        }
      }
    } else {
      if (sleep.keySet().containsAll(stored.keySet())) {
        tally.leaf();
        return null;
      }
      Map<A, Footprint> kept = new LinkedHashMap<>();
      for (Map.Entry<A, Footprint> e : stored.entrySet()) {
        if (sleep.containsKey(e.getKey())) {
          kept.put(e.getKey(), e.getValue());
        }
      }
      visited.put(key, kept.isEmpty() ? Collections.emptyMap() : kept);
      for (A a : persistent) {
        if (stored.containsKey(a) && !sleep.containsKey(a)) {
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
