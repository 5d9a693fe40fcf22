package dev.matchpoint.core.explore;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The search for a shortest violating schedule, within the exploration's budgets (time, states per
 * search, memory). First a breadth-first search from the initial state for a violating final state
 * reached in at most as many steps as the schedule the search found: when it finishes, its first
 * violation is a shortest violating schedule, the same whichever strategy found one first. When a
 * budget cuts it short, the found schedule is shortened instead: for prefixes of it that leave 1,
 * 2, 4, 8... steps, a breadth-first search from the prefix's state looks for a shorter violating
 * ending, and the shortening stops at the first prefix whose search does not fit the budgets; the
 * result is labelled shortened, not shortest. The first search may use half the time left, the
 * shortening the rest; a search that has found a violation may use only the first {@value
 * Tally#SEARCH_PERCENT}% of the time budget, keeping the rest for this phase.
 */
final class ShortestSearch<S, A> {
  private static final String PHASE = "shortest violation";

  private record Parent(StateKey parent, int choice) {}

  /** One breadth-first search: a shorter violating completion or null, and whether it finished. */
  private record Bfs(List<Integer> choices, Budget stoppedBy, long states, long frontier) {}

  private final TransitionSystem<S, A> ts;
  private final ExploreOptions options;
  private final Tally tally;
  private long transitions;

  ShortestSearch(TransitionSystem<S, A> ts, ExploreOptions options, Tally tally) {
    this.ts = ts;
    this.options = options;
    this.tally = tally;
  }

  /**
   * Shortens a violating schedule.
   *
   * @param found the choices of a violating schedule from the initial state
   * @return the shortest (or a shortened) schedule with its label
   */
  Counterexample run(List<Integer> found) {
    if (tally.outOfTime()) {
      return Explorer.replay(ts, found, Counterexample.Length.AS_FOUND,
          "as found, not shortened: the time budget ran out during the search");
    }
    long now = System.nanoTime();
    Bfs root = bfs(ts.initial(), found.size() + 1, now + (tally.deadline() - now) / 2);
    if (root.stoppedBy == null) {
      List<Integer> best = root.choices;
      return Explorer.replay(ts, best, Counterexample.Length.SHORTEST, "shortest: established by a breadth-first "
          + "search over " + root.states + " states");
    }
    String cut = "the breadth-first search from the initial state stopped at the " + (root.stoppedBy == Budget.TIME
        ? "time budget (its share: half the time left)" : root.stoppedBy.configName() + " budget") + " after " + root.states + " states with " + root.frontier + " left in its queue";
    List<Integer> best = found;
    for (int back = 1; back <= best.size(); back *= 2) {
      int k = best.size() - back;
      S state = ts.initial();
      for (int i = 0; i < k; i++) {
        state = ts.execute(state, ts.enabled(state).get(best.get(i)), new Footprint());
      }
      Bfs r = bfs(state, back, tally.deadline());
      if (r.choices != null) {
        List<Integer> shorter = new ArrayList<>(best.subList(0, k));
        shorter.addAll(r.choices);
        best = shorter;
      }
      if (r.stoppedBy != null) {
        break;
      }
    }
    if (best.size() < found.size()) {
      return Explorer.replay(ts, best, Counterexample.Length.SHORTENED, "shortened from " + found.size() + " to "
          + best.size() + " steps, not proven shortest: " + cut);
    }
    return Explorer.replay(ts, best, Counterexample.Length.AS_FOUND, "as found, not proven shortest: " + cut
        + ", and no shorter ending of the schedule was found");
  }

  /**
   * Breadth-first search from a state for a violating final state fewer than {@code bound} steps
   * away, until a deadline ({@link System#nanoTime} terms).
   */
  private Bfs bfs(S start, int bound, long deadlineNanos) {
    StateKey root = StateKey.of(ts, start);
    Map<StateKey, Parent> parents = new HashMap<>();
    parents.put(root, null);
    tally.newPhase();
    List<A> rootEnabled = ts.enabled(start);
    if (rootEnabled.isEmpty()) {
      return new Bfs(ts.verdict(start).violation() ? List.of() : null, null, 1, 0);
    }
    ArrayDeque<S> queue = new ArrayDeque<>();
    ArrayDeque<List<A>> enabledQueue = new ArrayDeque<>();
    ArrayDeque<StateKey> keys = new ArrayDeque<>();
    ArrayDeque<Integer> depths = new ArrayDeque<>();
    queue.add(start);
    enabledQueue.add(rootEnabled);
    keys.add(root);
    depths.add(0);
    long steps = 0;
    while (!queue.isEmpty()) {
      S s = queue.poll();
      List<A> enabled = enabledQueue.poll();
      StateKey k = keys.poll();
      int depth = depths.poll();
      if (depth + 1 >= bound) {
        continue;
      }
      for (int i = 0; i < enabled.size(); i++) {
        S next = ts.execute(s, enabled.get(i), new Footprint());
        transitions++;
        if (++steps % Tally.POLL_INTERVAL == 0) {
          tally.progress(PHASE, parents.size(), transitions, depth + 1);
          Budget over = tally.exceeded(deadlineNanos, steps);
          if (over != null) {
            return new Bfs(null, over, parents.size(), queue.size());
          }
        }
        StateKey nk = StateKey.of(ts, next);
        if (!parents.containsKey(nk)) {
          if (parents.size() >= options.maxStates()) {
            return new Bfs(null, Budget.STATES, parents.size(), queue.size());
          }
          parents.put(nk, new Parent(k, i));
          List<A> nextEnabled = ts.enabled(next);
          if (nextEnabled.isEmpty()) {
            // Checked when generated rather than when dequeued: the queue is first in, first out, so
            // the first violating final state generated is the first one a dequeue-time check would
            // find, and the rest of the level need not be expanded.
            if (ts.verdict(next).violation()) {
              return new Bfs(path(parents, nk), null, parents.size(), 0);
            }
            continue;
          }
          queue.add(next);
          enabledQueue.add(nextEnabled);
          keys.add(nk);
          depths.add(depth + 1);
        }
      }
    }
    return new Bfs(null, null, parents.size(), 0);
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
