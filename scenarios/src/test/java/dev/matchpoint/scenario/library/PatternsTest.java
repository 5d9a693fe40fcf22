package dev.matchpoint.scenario.library;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.matchpoint.scenario.Scenario;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The Java-built seed-000 patterns are the library's scenarios at T = 2 and 3. */
class PatternsTest {
  private static void assertSameWorkload(Scenario library, Scenario built) {
    Scenario a = library.withoutLocations();
    Scenario b = built.withoutLocations();
    assertEquals(a.name(), b.name());
    assertEquals(a.ranks(), b.ranks());
    assertEquals(a.options(), b.options());
    assertEquals(a.checks(), b.checks());
    assertEquals(a.expect(), b.expect());
    assertEquals(a.seed(), b.seed());
  }

  @ParameterizedTest
  @ValueSource(ints = {2, 3})
  void patterns_atTwoAndThree_areTheLibrarysScenarios(int t) {
    assertSameWorkload(Library.load("mprobe-fix-" + t + "x" + t), Patterns.matchedProbe(t));
    assertSameWorkload(Library.load("probe-race-" + t + "x" + t), Patterns.probeRace(t));
  }

  @ParameterizedTest
  @ValueSource(ints = {0, -1})
  void patterns_needASender(int t) {
    assertThrows(IllegalArgumentException.class, () -> Patterns.matchedProbe(t));
  }
}
