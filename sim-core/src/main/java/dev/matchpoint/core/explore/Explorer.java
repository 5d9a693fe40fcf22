package dev.matchpoint.core.explore;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Explores the schedules of a {@link TransitionSystem} with one {@link Strategy} and reports the
 * outcome classes it reached, whether the search was exhaustive, and a shortest violating schedule
 * (breadth-first over the full graph when a violation was found and the model is small enough,
 * otherwise the depth-first example), replayable as a {@code Schedule}.
 *
 * <p>The search runs in a thread of its own with a large stack (the stateless strategies recurse
 * once per step).
 */
public final class Explorer {
  /** States the shortest-violation search may store before it gives up. */
  public static final long SHORTEST_STATE_LIMIT = 2_000_000L;

  private Explorer() {}

  /**
   * Explores.
   *
   * @param ts the model
   * @param options strategy and budgets
   * @param progress receives periodic progress
   * @param <S> state type
   * @param <A> action type
   * @return the report
   */
  public static <S, A> ExplorationReport explore(TransitionSystem<S, A> ts, ExploreOptions options,
      ProgressListener progress) {
    Tally tally = new Tally(options, progress);
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Thread worker = new Thread(null, () -> {
      try {
        switch (options.strategy()) {
          case EXHAUSTIVE -> {
            if (options.threads() > 1) {
              new ParallelStatefulSearch<>(ts, options, tally, options.threads()).run();
            } else {
              new StatefulSearch<>(ts, options, tally).run();
            }
          }
          case DPOR -> new SourceDpor<>(ts, options, tally).run();
          case NAIVE -> new NaiveSearch<>(ts, options, tally).run();
          case RANDOM -> new RandomSearch<>(ts, options, tally, false).run();
          case PCT -> new RandomSearch<>(ts, options, tally, true).run();
        }
      } catch (Throwable t) {
        failure.set(t);
      }
    }, "matchpoint-explorer", 1L << 30);
    worker.start();
    try {
      worker.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while exploring", e);
    }
    if (failure.get() instanceof RuntimeException re) {
      throw re;
    } else if (failure.get() instanceof Error err) {
      throw err;
    }
    boolean systematic = options.strategy() != Strategy.RANDOM && options.strategy() != Strategy.PCT;
    boolean exhaustive = systematic && !tally.stopped();
    String stop = tally.stopReason != null ? tally.stopReason
        : systematic ? "search complete" : "sampling finished";
    Counterexample cex = null;
    ExplorationReport.OutcomeClass firstViolation = tally.outcomes().values().stream()
        .filter(o -> o.verdict().violation()).findFirst().orElse(null);
    if (firstViolation != null) {
      List<Integer> choices = null;
      if (options.shortestViolation()) {
        choices = new ShortestSearch<>(ts, SHORTEST_STATE_LIMIT).run();
      }
      cex = choices != null ? replay(ts, choices, true) : replay(ts, firstViolation.example(), false);
    }
    progress.progress(tally.schedules, tally.states, options.scheduleBudget());
    return new ExplorationReport(options.strategy(), exhaustive, stop, tally.schedules, tally.states,
        tally.transitions, tally.outcomes(), cex, tally.elapsedMillis(),
        tally.visitedBytes);
  }

  /**
   * Replays a list of choices from the initial state into a readable counterexample.
   *
   * @param ts the model
   * @param choices index into the enabled actions at each step
   * @param shortest whether the choices are known to be a shortest violation
   * @param <S> state type
   * @param <A> action type
   * @return the counterexample
   * @throws IllegalArgumentException when a choice does not fit
   */
  public static <S, A> Counterexample replay(TransitionSystem<S, A> ts, List<Integer> choices, boolean shortest) {
    S state = ts.initial();
    List<String> steps = new ArrayList<>();
    List<Integer> counts = new ArrayList<>();
    for (int c : choices) {
      List<A> enabled = ts.enabled(state);
      if (c < 0 || c >= enabled.size()) {
        throw new IllegalArgumentException("choice " + c + " does not fit " + enabled.size() + " enabled actions");
      }
      steps.add(ts.describe(state, enabled.get(c)));
      counts.add(enabled.size());
      state = ts.execute(state, enabled.get(c), new Footprint());
    }
    return new Counterexample(steps, choices, counts, ts.verdict(state), shortest);
  }
}
