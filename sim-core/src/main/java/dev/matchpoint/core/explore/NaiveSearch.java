package dev.matchpoint.core.explore;

import java.util.ArrayList;
import java.util.List;

/** Every schedule, depth first, without reduction or state caching: the reference for the others. */
final class NaiveSearch<S, A> {
  private final TransitionSystem<S, A> ts;
  private final ExploreOptions options;
  private final Tally tally;
  private final List<Integer> path = new ArrayList<>();

  NaiveSearch(TransitionSystem<S, A> ts, ExploreOptions options, Tally tally) {
    this.ts = ts;
    this.options = options;
    this.tally = tally;
  }

  void run() {
    explore(ts.initial());
  }

  private void explore(S state) {
    List<A> enabled = ts.enabled(state);
    if (enabled.isEmpty()) {
      tally.outcome(ts.verdict(state), List.copyOf(path));
      tally.leaf();
      return;
    }
    if (path.size() >= options.maxSteps()) {
      tally.stepLimit();
      return;
    }
    for (int i = 0; i < enabled.size() && !tally.stopped(); i++) {
      S next = ts.execute(state, enabled.get(i), new Footprint());
      tally.transition(path.size() + 1);
      path.add(i);
      explore(next);
      path.remove(path.size() - 1);
    }
  }
}
