package dev.matchpoint.core.explore;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Breadth-first search for a shortest schedule to a violating final state, over the full state
 * graph (every enabled action) with a visited set, so the schedule found is a shortest one. Bounded
 * by a state count; on larger models it returns null and the caller keeps the depth-first example.
 */
final class ShortestSearch<S, A> {
  private record Parent(StateKey parent, int choice) {}

  private final TransitionSystem<S, A> ts;
  private final long stateLimit;

  ShortestSearch(TransitionSystem<S, A> ts, long stateLimit) {
    this.ts = ts;
    this.stateLimit = stateLimit;
  }

  /** The choices of a shortest violating schedule, or null when none is found within the limit. */
  List<Integer> run() {
    S initial = ts.initial();
    StateKey root = StateKey.of(ts, initial);
    Map<StateKey, Parent> parents = new HashMap<>();
    parents.put(root, null);
    ArrayDeque<S> queue = new ArrayDeque<>();
    ArrayDeque<StateKey> keys = new ArrayDeque<>();
    queue.add(initial);
    keys.add(root);
    while (!queue.isEmpty()) {
      S s = queue.poll();
      StateKey k = keys.poll();
      List<A> enabled = ts.enabled(s);
      if (enabled.isEmpty()) {
        if (ts.verdict(s).violation()) {
          return path(parents, k);
        }
        continue;
      }
      for (int i = 0; i < enabled.size(); i++) {
        S next = ts.execute(s, enabled.get(i), new Footprint());
        StateKey nk = StateKey.of(ts, next);
        if (!parents.containsKey(nk)) {
          if (parents.size() >= stateLimit) {
            return null;
          }
          parents.put(nk, new Parent(k, i));
          queue.add(next);
          keys.add(nk);
        }
      }
    }
    return null;
  }

  private static List<Integer> path(Map<StateKey, Parent> parents, StateKey end) {
    List<Integer> out = new ArrayList<>();
    for (Parent p = parents.get(end); p != null; p = parents.get(p.parent())) {
      out.add(p.choice());
    }
    Collections.reverse(out);
    return out;
  }
}
