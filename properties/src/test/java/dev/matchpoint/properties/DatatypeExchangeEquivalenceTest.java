package dev.matchpoint.properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.explore.Strategy;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.properties.oracle.Explore;
import dev.matchpoint.properties.oracle.Exploration;
import dev.matchpoint.properties.oracle.Observe;
import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.library.Library;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * DESIGN §5's promise on the library scenarios of derived datatypes (MPI-3.1 chapter 4) and of the
 * exchanges added with them (MPI_Isendrecv, MPI_Request_get_status): the stateful search (persistent
 * and sleep sets) and source-DPOR reach exactly the outcome classes of the naive enumeration, each
 * outcome recording what every receive, wait, Get_count, Get_elements and Request_get_status
 * returned.
 */
class DatatypeExchangeEquivalenceTest {
  private static final List<CheckKind> CHECKS = List.of(CheckKind.values());
  private static final Observe OBSERVE = Observe.calls("MPI_Recv", "MPI_Wait", "MPI_Get_count", "MPI_Get_elements",
      "MPI_Request_get_status");
  private static final long BUDGET = 2_000_000;

  @ParameterizedTest
  @CsvSource({"derived-type-column-exchange, 1", "derived-type-use-after-free, 1",
      "isendrecv-any-source-get-status, 4"})
  @SpecClause(source = "DESIGN §5", text = "Exhaustive means exhaustive: every model decision reads only state the"
      + " search can see (what the state fingerprint covers), and the reduced search reaches exactly the outcomes of"
      + " naive enumeration on generated programs that use every feature")
  void reducedSearches_onTheLibraryScenarios_reachTheOutcomesOfNaiveEnumeration(String name, int classes) {
    Scenario s = Library.load(name);
    Exploration naive = search(name, s, Strategy.NAIVE, false);
    Exploration stateful = search(name, s, Strategy.EXHAUSTIVE, true);
    Exploration dpor = search(name, s, Strategy.DPOR, true);
    for (Exploration e : List.of(naive, stateful, dpor)) {
      assertTrue(e.exhaustive(), e::summary);
    }
    Set<String> reference = naive.report().outcomes().keySet();
    assertEquals(classes, reference.size(), reference::toString);
    assertEquals(reference, stateful.report().outcomes().keySet(), stateful::summary);
    assertEquals(reference, dpor.report().outcomes().keySet(), dpor::summary);
  }

  private static Exploration search(String name, Scenario s, Strategy strategy, boolean persistentSets) {
    return Explore.run(name, s.spec(), Explore.options(strategy).withScheduleBudget(BUDGET)
        .withTimeBudget(java.time.Duration.ofMinutes(2)), persistentSets, CHECKS, OBSERVE);
  }
}
