package dev.matchpoint.scenario.format;

import dev.matchpoint.scenario.ScenarioException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The problems found while reading one scenario file, in the order they were found. The readers
 * recover at a key, a list entry, a rank entry and a statement: the part at fault is recorded and
 * left out, and reading goes on, so {@code matchpoint check} reports every problem of a file.
 */
final class Problems {
  private final List<ScenarioException> found = new ArrayList<>();

  /**
   * Reads one part, recording its problem instead of throwing it.
   *
   * @param read reads the part
   * @param fallback what the part is taken to be when it has a problem
   * @param <T> the part's type
   * @return the part, or {@code fallback}
   */
  <T> T attempt(Supplier<T> read, T fallback) {
    try {
      return read.get();
    } catch (ScenarioException e) {
      found.add(e);
      return fallback;
    }
  }

  /**
   * Records a problem.
   *
   * @param e the problem
   */
  void add(ScenarioException e) {
    found.add(e);
  }

  /**
   * How many problems were recorded so far.
   *
   * @return the count
   */
  int count() {
    return found.size();
  }

  /**
   * The problems.
   *
   * @return a copy, in the order found
   */
  List<ScenarioException> list() {
    return List.copyOf(found);
  }
}
