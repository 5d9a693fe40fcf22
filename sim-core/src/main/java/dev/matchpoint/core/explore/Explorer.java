package dev.matchpoint.core.explore;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * Explores the schedules of a {@link TransitionSystem} with one {@link Strategy} and reports the
 * outcome classes it reached, whether the search was exhaustive, and a violating schedule
 * replayable as a {@code Schedule}: a shortest one when a breadth-first search fits the budgets,
 * otherwise the found one shortened ({@link ShortestSearch}).
 *
 * <p>The budgets of {@link ExploreOptions} govern both phases: the time budget is one deadline for
 * the whole exploration, the state budget bounds each phase's stored states, and the memory budget
 * the heap in use. When the heap runs out before a poll sees the memory budget exceeded, the phase
 * is stopped as if it had been, so an exploration always ends in a report.
 *
 * <p>The search runs in a thread of its own with a large stack (the stateless strategies recurse
 * once per step).
 */
public final class Explorer {
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
    return run(ts, options, progress, tally -> search(ts, options, tally));
  }

  /**
   * Explores with a search run by another engine (issue 17): it fills in a {@link SearchLedger},
   * then the shortest-violation phase runs here, on the model given, under the same budgets, and the
   * report is made as for the searches of this package.
   *
   * @param ts the model, for the shortest-violation phase and the counterexample's steps
   * @param options strategy and budgets
   * @param progress receives periodic progress
   * @param search the search
   * @param <S> state type
   * @param <A> action type
   * @return the report
   */
  public static <S, A> ExplorationReport explore(TransitionSystem<S, A> ts, ExploreOptions options,
      ProgressListener progress, SearchLedger.Search search) {
    return run(ts, options, progress, tally -> {
      try {
        search.run(new SearchLedger(tally));
      } catch (OutOfMemoryError e) {
        tally.heapExhausted();
      }
    });
  }

  private static <S, A> ExplorationReport run(TransitionSystem<S, A> ts, ExploreOptions options,
      ProgressListener progress, Consumer<Tally> phase) {
    Tally tally = new Tally(options, progress);
    AtomicReference<Throwable> failure = new AtomicReference<>();
    AtomicReference<Counterexample> cex = new AtomicReference<>();
    long[] searchMillis = new long[1];
    Thread worker = new Thread(null, () -> {
      try {
        phase.accept(tally);
        searchMillis[0] = tally.elapsedMillis();
        cex.set(counterexample(ts, options, tally));
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
    tally.heapInUse();
    boolean systematic = options.strategy() != Strategy.RANDOM && options.strategy() != Strategy.PCT;
    boolean exhaustive = systematic && !tally.stopped();
    String stop = tally.stopReason != null ? tally.stopReason
        : systematic ? "search complete" : "sampling finished";
    progress.progress(new ProgressListener.Progress("search", tally.states, tally.transitions, tally.schedules,
        tally.maxDepth, tally.elapsedMillis()));
    return new ExplorationReport(options.strategy(), exhaustive, stop, tally.stoppedBy, tally.schedules,
        tally.states, tally.transitions, tally.maxDepth, tally.stopped() ? tally.frontier : -1, tally.peakHeapBytes,
        tally.outcomes(), cex.get(), tally.elapsedMillis(), searchMillis[0], tally.visitedBytes);
  }

  private static <S, A> void search(TransitionSystem<S, A> ts, ExploreOptions options, Tally tally) {
    try {
      switch (options.strategy()) {
        case EXHAUSTIVE -> {
          if (options.levels()) {
            new LevelSearch<>(ts, options, tally, options.threads()).run();
          } else if (options.threads() > 1) {
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
    } catch (OutOfMemoryError e) {
      tally.heapExhausted();
    }
  }

  private static <S, A> Counterexample counterexample(TransitionSystem<S, A> ts, ExploreOptions options,
      Tally tally) {
    ExplorationReport.OutcomeClass firstViolation = tally.outcomes().values().stream()
        .filter(o -> o.verdict().violation()).findFirst().orElse(null);
    if (firstViolation == null) {
      return null;
    }
    List<Integer> found = firstViolation.example();
    if (!options.shortestViolation()) {
      return replay(ts, found, Counterexample.Length.AS_FOUND, "as found (shortest-violation search off)");
    }
    try {
      return new ShortestSearch<>(ts, options, tally).run(found);
    } catch (OutOfMemoryError e) {
      return replay(ts, found, Counterexample.Length.AS_FOUND, "as found, not proven shortest: the heap ran out "
          + "during the shortest-violation search before the memory budget was seen exceeded");
    }
  }

  /**
   * Replays a list of choices from the initial state into a readable counterexample.
   *
   * @param ts the model
   * @param choices index into the enabled actions at each step
   * @param shortest whether the choices are known to be a shortest violation
   * @param <S> state type
   * @param <A> action type
   * @return the counterexample, labelled shortest or as found
   * @throws IllegalArgumentException when a choice does not fit
   */
  public static <S, A> Counterexample replay(TransitionSystem<S, A> ts, List<Integer> choices, boolean shortest) {
    return shortest ? replay(ts, choices, Counterexample.Length.SHORTEST, "shortest")
        : replay(ts, choices, Counterexample.Length.AS_FOUND, "as found");
  }

  static <S, A> Counterexample replay(TransitionSystem<S, A> ts, List<Integer> choices, Counterexample.Length length,
      String note) {
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
    return new Counterexample(steps, choices, counts, ts.verdict(state), length, note);
  }
}
