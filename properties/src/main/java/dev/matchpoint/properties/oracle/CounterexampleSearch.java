package dev.matchpoint.properties.oracle;

import java.util.Optional;
import java.util.Random;
import java.util.function.Predicate;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Falsifier;
import net.jqwik.api.RandomGenerator;
import net.jqwik.api.Shrinkable;
import net.jqwik.api.facades.ShrinkingSupportFacade;
import net.jqwik.api.lifecycle.ShrunkFalsifiedSample;
import net.jqwik.api.lifecycle.TryExecutionResult;

/**
 * Checks that a property is falsifiable, the way jqwik would find it: draws values from an
 * arbitrary's generator until one falsifies the property, then shrinks that value with jqwik's own
 * engine shrinker ({@code PropertyShrinker} in full mode, reached through the {@code
 * ShrinkingSupportFacade} that jqwik's {@code jqwik-testing} module uses) and returns the shrunk
 * value. A test can then assert the property is falsified and that its counterexample shrinks to a
 * small shape, which a jqwik {@code @Property} that is expected to fail cannot express.
 *
 * <p>The search is deterministic in its seed; properties take the seed as a {@code @ForAll long},
 * so jqwik reports it on failure. Like every use of an arbitrary's generator, it must run on a jqwik
 * thread: inside a {@code @Property} or {@code @Example}, or between {@code JqwikSession.start()}
 * and {@code finish()}.
 */
public final class CounterexampleSearch {
  private CounterexampleSearch() {}

  /**
   * A falsified value, before and after shrinking.
   *
   * @param original the first falsifying value drawn
   * @param shrunk the value after shrinking; it still falsifies the property
   * @param tries values drawn until the first falsifying one, counting it
   * @param shrinkingSteps shrinking steps jqwik took
   * @param error what the shrunk value failed with: an {@link AssertionError} when the property
   *     returned false, or the exception the property threw
   * @param <T> the value type
   */
  public record Found<T>(T original, T shrunk, int tries, int shrinkingSteps, Throwable error) {}

  /**
   * Searches for a value falsifying {@code property} and shrinks it.
   *
   * @param arbitrary where values come from
   * @param property the property; false or an exception falsifies it
   * @param seed the random seed of the search
   * @param maxTries the most values to draw
   * @param <T> the value type
   * @return the shrunk counterexample, or empty when {@code maxTries} values all satisfied the property
   * @throws net.jqwik.api.JqwikException when called outside a jqwik property, example or session
   */
  public static <T> Optional<Found<T>> falsifyThenShrink(Arbitrary<T> arbitrary, Predicate<? super T> property,
      long seed, int maxTries) {
    Random random = new Random(seed);
    RandomGenerator<T> generator = arbitrary.generator(1000, true);
    Falsifier<T> falsifier = value -> {
      try {
        return property.test(value) ? TryExecutionResult.satisfied()
            : TryExecutionResult.falsified(new AssertionError("property falsified"));
      } catch (RuntimeException | AssertionError e) {
        return TryExecutionResult.falsified(e);
      }
    };
    for (int tries = 1; tries <= maxTries; tries++) {
      Shrinkable<T> drawn = generator.next(random);
      TryExecutionResult result = falsifier.execute(drawn.value());
      if (result.isFalsified()) {
        ShrunkFalsifiedSample sample = ShrinkingSupportFacade.implementation.shrinkToSample(drawn, falsifier,
            result.throwable().orElse(null));
        @SuppressWarnings("unchecked")
        T shrunk = (T) sample.parameters().get(0);
        return Optional.of(new Found<>(drawn.value(), shrunk, tries, sample.countShrinkingSteps(),
            sample.falsifyingError().orElse(null)));
      }
    }
    return Optional.empty();
  }
}
