package dev.matchpoint.properties.internal;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Tuple;

/** Small arbitraries the default implementations share. */
final class Choices {
  private Choices() {}

  /** True with the given chance; shrinks towards false. */
  static Arbitrary<Boolean> percent(int percent) {
    if (percent <= 0) {
      return Arbitraries.just(false);
    }
    if (percent >= 100) {
      return Arbitraries.just(true);
    }
    return Arbitraries.frequency(Tuple.of(100 - percent, false), Tuple.of(percent, true));
  }

  /** One of the values; shrinks towards the first. */
  static <T> Arbitrary<T> oneOf(List<T> values) {
    return values.size() == 1 ? Arbitraries.just(values.get(0)) : Arbitraries.of(values);
  }

  static void requireRange(String what, long min, long max, long lowest, long highest) {
    if (min < lowest || max < min || max > highest) {
      throw new IllegalArgumentException(what + " must satisfy " + lowest + " <= min <= max <= " + highest + ", got "
          + min + ".." + max);
    }
  }

  static void requirePercent(int percent) {
    if (percent < 0 || percent > 100) {
      throw new IllegalArgumentException("a percentage is 0 to 100, got " + percent);
    }
  }

  @SafeVarargs
  static <T> List<T> nonEmpty(String what, T... values) {
    if (values.length == 0) {
      throw new IllegalArgumentException("at least one " + what + " is needed");
    }
    return List.of(values);
  }
}
