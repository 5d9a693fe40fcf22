package dev.matchpoint.core.kernel;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;

/** {@link LadderQueue} sizes for tests: with tiny ones, short runs reach every path. */
final class Tunings {
  /**
   * Four events per bucket of a rung from top, buckets above eight spread again, segments of two
   * from three events up, at most six rungs, late turned into a rung past eight.
   */
  static final LadderQueue.Tuning TINY = new LadderQueue.Tuning(4, 8, 2, 2, 2, 6, 8,
      LadderQueue.SEQUENCE_GAP, LadderQueue.SEQUENCE_LIMIT);

  /** The production sizes and the tiny ones. */
  static final List<LadderQueue.Tuning> BOTH = List.of(LadderQueue.Tuning.DEFAULT, TINY);

  private Tunings() {}

  /**
   * Both sizes, named for parameterized tests.
   *
   * @return the production sizes and the tiny ones
   */
  static Stream<Named<LadderQueue.Tuning>> both() {
    return Stream.of(Named.of("default sizes", LadderQueue.Tuning.DEFAULT), Named.of("tiny sizes", TINY));
  }
}
