package dev.matchpoint.core.explore;

import java.util.List;
import java.util.Map;

/**
 * What an exploration found.
 *
 * @param strategy the strategy used
 * @param exhaustive true when the systematic search finished within its budgets: every outcome the
 *     model can reach is in {@code outcomes}
 * @param stopReason why the search ended, e.g. {@code "search complete"} or {@code "schedule budget of
 *     1000 reached"}
 * @param schedules schedules run: for the systematic strategies, the leaves of the search (final
 *     states, states already explored, states whose actions all sleep)
 * @param states distinct states visited (stateful strategies; 0 otherwise)
 * @param transitions actions executed
 * @param outcomes each distinct outcome class, in outcome order
 * @param counterexample a shortest violating schedule found, or null when no violation was found
 * @param elapsedMillis wall-clock duration, for reports only
 * @param visitedBytes bytes of the visited-state set at the end (its capacity times its entry size;
 *     stateful strategies, 0 otherwise)
 */
public record ExplorationReport(Strategy strategy, boolean exhaustive, String stopReason, long schedules,
    long states, long transitions, Map<String, OutcomeClass> outcomes, Counterexample counterexample,
    long elapsedMillis, long visitedBytes) {
  /**
   * One outcome class.
   *
   * @param verdict the verdict of its final states
   * @param count schedules ending in it (stateless strategies) or distinct final states with it
   *     (stateful)
   * @param example the choices of one schedule that reaches it (replayable)
   */
  public record OutcomeClass(Verdict verdict, long count, List<Integer> example) {
    /** Copies the list. */
    public OutcomeClass {
      example = List.copyOf(example);
    }
  }

  /**
   * Bytes of the visited-state set per state stored.
   *
   * @return {@code visitedBytes / states}, or 0 when no state was stored
   */
  public double bytesPerState() {
    return states == 0 ? 0 : (double) visitedBytes / states;
  }

  /**
   * Whether any outcome violates a check.
   *
   * @return true when a violation was found
   */
  public boolean violationFound() {
    return outcomes.values().stream().anyMatch(o -> o.verdict().violation());
  }
}
