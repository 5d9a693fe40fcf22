package dev.matchpoint.core.explore;

import dev.matchpoint.core.random.RandomStreams;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import umontreal.ssj.rng.RandomStream;

/**
 * Sampling strategies: seeded random walks, and PCT (Burckhardt, Kothari, Musuvathi and
 * Nagarakatte, "A Randomized Scheduler with Probabilistic Guarantees of Finding Bugs", ASPLOS 2010).
 *
 * <p>PCT: schedule i draws from stream {@code "pct.i"} of the seed. Each actor gets a distinct
 * random initial priority above d when first seen; d - 1 change points are drawn uniformly among
 * the steps {@code 1..k} (k is the longest schedule seen so far, at least 1); at each step the
 * enabled action of the highest-priority actor runs (a random one of its alternatives), and at the
 * j-th change point that actor's priority drops to d - j. For a bug of depth d among n actors the
 * chance per schedule is at least 1 / (n k^(d-1)).
 */
final class RandomSearch<S, A> {
  private final TransitionSystem<S, A> ts;
  private final ExploreOptions options;
  private final Tally tally;
  private final boolean pct;
  private int longest = 1;

  RandomSearch(TransitionSystem<S, A> ts, ExploreOptions options, Tally tally, boolean pct) {
    this.ts = ts;
    this.options = options;
    this.tally = tally;
    this.pct = pct;
  }

  void run() {
    RandomStreams streams = new RandomStreams(options.seed());
    for (long i = 0; !tally.stopped(); i++) {
      RandomStream stream = streams.stream((pct ? "pct." : "random.") + i);
      if (!walk(stream)) {
        break;
      }
    }
  }

  private boolean walk(RandomStream stream) {
    S state = ts.initial();
    List<Integer> path = new ArrayList<>();
    Map<Long, Integer> priority = new LinkedHashMap<>();
    int d = options.pctDepth();
    long[] changePoints = new long[d - 1];
    for (int j = 0; j < changePoints.length; j++) {
      changePoints[j] = 1 + stream.nextInt(0, longest - 1);
    }
    while (true) {
      List<A> enabled = ts.enabled(state);
      if (enabled.isEmpty()) {
        tally.outcome(ts.verdict(state), path);
        longest = Math.max(longest, path.size());
        return tally.leaf();
      }
      if (path.size() >= options.maxSteps()) {
        tally.stepLimit();
        return false;
      }
      int pick;
      if (!pct) {
        pick = stream.nextInt(0, enabled.size() - 1);
      } else {
        long best = Long.MIN_VALUE;
        long bestActor = 0;
        for (A a : enabled) {
          long actor = ts.actor(a);
          int p = priority.computeIfAbsent(actor, k -> d + stream.nextInt(0, 1_000_000));
          if (p > best) {
            best = p;
            bestActor = actor;
          }
        }
        List<Integer> options = new ArrayList<>();
        for (int i = 0; i < enabled.size(); i++) {
          if (ts.actor(enabled.get(i)) == bestActor) {
            options.add(i);
          }
        }
        pick = options.get(stream.nextInt(0, options.size() - 1));
        for (int j = 0; j < changePoints.length; j++) {
          if (changePoints[j] == path.size() + 1) {
            priority.put(bestActor, d - 1 - j);
          }
        }
      }
      state = ts.execute(state, enabled.get(pick), new Footprint());
      path.add(pick);
      tally.transition(path.size());
      if (tally.stopped()) {
        return false;
      }
    }
  }
}
