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
 * @param stoppedBy the budget that stopped the search, or null when none did
 * @param schedules schedules run: for the systematic strategies, the leaves of the search (final
 *     states, states already explored, states whose actions all sleep)
 * @param states distinct states stored (stateful strategies; 0 otherwise)
 * @param transitions actions executed by the search
 * @param maxDepth the longest schedule prefix the search reached, in steps
 * @param frontier when a budget stopped the stateful search: transitions still to explore on its
 *     depth-first stack; -1 otherwise or when the strategy cannot tell
 * @param peakHeapBytes the most heap in use seen by the budget's polls, in bytes (sampled every
 *     1024 transitions; garbage included)
 * @param outcomes each distinct outcome class, in outcome order
 * @param counterexample a violating schedule (shortest, shortened or as found), or null when no
 *     violation was found
 * @param elapsedMillis wall-clock duration of every phase, for reports only
 * @param searchMillis wall-clock duration of the search alone (without the shortest-violation
 *     search), for reports only
 */
public record ExplorationReport(Strategy strategy, boolean exhaustive, String stopReason, Budget stoppedBy,
    long schedules, long states, long transitions, int maxDepth, long frontier, long peakHeapBytes,
    Map<String, OutcomeClass> outcomes, Counterexample counterexample, long elapsedMillis, long searchMillis,
    long visitedBytes) {
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

  /**
   * Distinct states stored per second of the search's wall-clock time, for reports only.
   *
   * @return states per second, 0 when nothing was stored or no time passed
   */
  public long statesPerSecond() {
    return searchMillis == 0 ? 0 : states * 1000 / searchMillis;
  }
}
