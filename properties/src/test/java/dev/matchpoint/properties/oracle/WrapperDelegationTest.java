package dev.matchpoint.properties.oracle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.explore.TransitionSystem;
import dev.matchpoint.mpi.explore.MpiTransitionSystem;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The MPI model's transition systems pass on every optional part of {@link TransitionSystem}: a
 * method with a default (persistent sets, waiting actions, the state codec) that a model view does
 * not override silently falls back to "all enabled", "none waiting" or "no codec". The observing
 * view once kept the default of {@code waiting}, and stateless DPOR, run on it by the
 * strategy-equivalence properties, missed an outcome again (the bug {@code DporWaitingProbeTest}
 * pins down).
 */
class WrapperDelegationTest {
  private static List<Method> defaults() {
    List<Method> out = new ArrayList<>();
    for (Method m : TransitionSystem.class.getMethods()) {
      if (m.isDefault()) {
        out.add(m);
      }
    }
    out.sort((a, b) -> a.getName().compareTo(b.getName()));
    return out;
  }

  private static List<String> notOverridden(Class<?> view) {
    List<String> missing = new ArrayList<>();
    for (Method m : defaults()) {
      boolean found = Arrays.stream(view.getDeclaredMethods())
          .anyMatch(d -> !d.isBridge() && d.getName().equals(m.getName())
              && d.getParameterCount() == m.getParameterCount());
      if (!found) {
        missing.add(m.getName());
      }
    }
    return missing;
  }

  @Test
  void everyDefaultOfTheTransitionSystem_isOverriddenByTheModelAndByItsObservingView() {
    assertTrue(defaults().size() >= 3, "persistentSet, waiting and codec have defaults: " + defaults());
    assertEquals(List.of(), notOverridden(MpiTransitionSystem.class), "MpiTransitionSystem");
    assertEquals(List.of(), notOverridden(ObservingTransitionSystem.class), "ObservingTransitionSystem");
  }
}
