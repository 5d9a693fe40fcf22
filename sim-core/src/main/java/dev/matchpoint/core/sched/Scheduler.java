package dev.matchpoint.core.sched;

/**
 * The interleaving seam (DESIGN §2): answers every nondeterministic choice of a run. The run loop
 * asks only when a {@link ChoicePoint} has two or more options, always through {@link
 * SchedulerSeam}, which records the answer in the run's {@link ChoiceLog}.
 *
 * <p>Implementations must be deterministic functions of their construction arguments and of the
 * sequence of points they have been asked, so that a run is a pure function of (scenario,
 * configuration, seed, schedule).
 */
public interface Scheduler {
  /**
   * Chooses one option.
   *
   * @param point the decision, with {@code optionCount() >= 2}
   * @return an index in {@code [0, point.optionCount())}
   * @throws ScheduleMismatchException when a replayed schedule does not fit the run
   */
  int choose(ChoicePoint point);

  /**
   * Whether this scheduler wants to decide between events due at the same simulated time. The
   * deterministic default ({@link FifoScheduler}) does not, which lets the kernel fire ties in
   * insertion order without gathering them.
   *
   * @return true to be asked {@link ChoiceKind#TIE} points
   */
  default boolean decidesTies() {
    return true;
  }

  /**
   * A one-line description for run banners, e.g. {@code "seeded(seed=42)"}.
   *
   * @return the description
   */
  String describe();
}
