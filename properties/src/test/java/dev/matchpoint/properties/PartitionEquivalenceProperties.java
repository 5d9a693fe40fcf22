package dev.matchpoint.properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.explore.Strategy;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.rank.ModelSpec;
import dev.matchpoint.properties.oracle.Explore;
import dev.matchpoint.properties.oracle.Exploration;
import dev.matchpoint.properties.oracle.Observe;
import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.ScenarioLoader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * DESIGN §5's promise on partitioned communication (MPI-4.0 chapter 4), which the swarm programs of
 * {@link StrategyEquivalenceProperties} do not generate: a partitioned send from rank 0 to rank 1
 * over one or two epochs, its partitions marked ready in a drawn order with MPI_Pready,
 * MPI_Pready_range and MPI_Pready_list, MPI_Parrived probes at drawn points of the receive, and an
 * ordinary message on the same link. The partitions arrive in any order (each is a delivery of its
 * own) while the ordinary message keeps its link's order. The stateful search (its persistent sets
 * stand down while partitioned communication is reachable; sleep sets stay), source-DPOR and the
 * parallel stateful search reach exactly the outcome classes of the naive enumeration, each outcome
 * recording every MPI_Parrived flag and what each receive returned. The same holds for the library
 * scenarios of partitioned communication small enough to enumerate.
 */
class PartitionEquivalenceProperties {
  private static final List<CheckKind> CHECKS = List.of(CheckKind.values());
  private static final Observe OBSERVE = Observe.calls("MPI_Parrived", "MPI_Recv", "MPI_Wait");
  private static final long BUDGET = 60_000;
  private static final String CLAUSE = "the reduced search reaches exactly the outcomes of naive enumeration on "
      + "generated programs that use every feature";

  /** One epoch: the sender's Pready calls (each a list of partitions), the receiver's Parrived probes. */
  record Epoch(List<List<Integer>> readies, List<Integer> probes) {}

  /** A generated program: send partitions and their count, epochs, where the ordinary message goes (4: none). */
  record Program(int partitions, int sendCount, List<Epoch> epochs, int messageAt) {
    String yaml() {
      // The receive side partitions the same bytes into single elements: differently when sendCount is 2.
      int recvPartitions = partitions * sendCount;
      StringBuilder s = new StringBuilder("scenario: partition-mix\nmode: logical\nranks:\n  - rank: 0\n    program:\n");
      s.append("      - psend-init: {dest: 1, partitions: ").append(partitions).append(", count: ").append(sendCount)
          .append(", request: p}\n");
      for (int e = 0; e < epochs.size(); e++) {
        s.append("      - start: {request: p}\n");
        List<List<Integer>> readies = epochs.get(e).readies();
        for (int i = 0; i < readies.size(); i++) {
          if (e == 0 && i == messageAt && messageAt < 4) {
            s.append("      - send: {dest: 1, tag: 5}\n");
          }
          List<Integer> r = readies.get(i);
          boolean range = r.size() > 1 && r.get(r.size() - 1) - r.get(0) == r.size() - 1
              && r.equals(r.stream().sorted().toList());
          if (r.size() == 1) {
            s.append("      - pready: {partition: ").append(r.get(0)).append(", request: p}\n");
          } else if (range) {
            s.append("      - pready-range: {low: ").append(r.get(0)).append(", high: ").append(r.get(r.size() - 1))
                .append(", request: p}\n");
          } else {
            s.append("      - pready-list: {partitions: ").append(r).append(", request: p}\n");
          }
        }
        if (e == 0 && messageAt >= readies.size() && messageAt < 4) {
          s.append("      - send: {dest: 1, tag: 5}\n");
        }
        s.append("      - wait: {request: p}\n");
      }
      s.append("  - rank: 1\n    program:\n");
      s.append("      - precv-init: {source: 0, partitions: ").append(recvPartitions).append(", count: ")
          .append(1).append(", request: p}\n");
      for (int e = 0; e < epochs.size(); e++) {
        s.append("      - start: {request: p}\n");
        for (int k : epochs.get(e).probes()) {
          s.append("      - parrived: {request: p, partition: ").append(k % recvPartitions).append(", flag: f}\n");
        }
        if (e == 0 && messageAt < 4) {
          s.append("      - recv: {source: 0, tag: 5}\n");
        }
        s.append("      - wait: {request: p}\n");
      }
      return s.toString();
    }
  }

  @Provide
  Arbitrary<Program> programs() {
    return Combinators.combine(Arbitraries.integers().between(1, 2), Arbitraries.integers().between(1, 2),
        Arbitraries.integers().between(1, 2), Arbitraries.integers().between(0, 4)).flatAs((n, count, epochs, at) -> {
          Arbitrary<Epoch> epoch = Combinators.combine(Arbitraries.shuffle(range(n)),
              Arbitraries.integers().between(1, n), Arbitraries.integers().between(0, n - 1).list().ofMaxSize(1))
              .as((order, cut, probes) -> new Epoch(cut == n ? List.of(order) : List.of(order.subList(0, cut),
                  order.subList(cut, n)), probes));
          return epoch.list().ofSize(epochs).map(es -> new Program(n, count, es, at));
        });
  }

  private static List<Integer> range(int n) {
    List<Integer> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(i);
    }
    return out;
  }

  @Property(tries = 20, edgeCases = EdgeCasesMode.NONE)
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  @SpecClause(source = "MPI-4.0 §4.2.2", text = "The MPI_PARRIVED function can be used to determine if the message "
      + "data for the indicated partition has been received into the receive buffer.")
  void reducedSearches_onPartitionedPrograms_reachTheOutcomesOfNaiveEnumeration(@ForAll("programs") Program p) {
    String yaml = p.yaml();
    boolean complete = sameOutcomes(ScenarioLoader.load(yaml, "partition-mix.yaml").spec(), yaml);
    Statistics.label("searches").collect(complete ? "complete" : "cut by the budget: discarded");
    Assume.that(complete);
  }

  @Example
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  void reducedSearches_onThePartitionedLibraryScenarios_reachTheOutcomesOfNaiveEnumeration() throws IOException {
    for (String name : List.of("partitioned-any-order")) {
      Scenario s = ScenarioLoader.load(Path.of("..", "scenarios", "library", name + ".yaml"));
      assertTrue(sameOutcomes(s.spec(), name), name + ": a search was cut by the budget");
    }
  }

  /** Asserts that every search reaches the naive outcome classes; false when one was cut by the budget. */
  private static boolean sameOutcomes(ModelSpec spec, String subject) {
    Exploration naive = search(spec, Strategy.NAIVE, false);
    Exploration stateful = search(spec, Strategy.EXHAUSTIVE, true);
    Exploration dpor = search(spec, Strategy.DPOR, true);
    Exploration parallel = Explore.run("partition mix", spec, Explore.options(Strategy.EXHAUSTIVE)
        .withScheduleBudget(BUDGET).withThreads(StrategyEquivalenceProperties.PARALLEL_THREADS), true, CHECKS, OBSERVE);
    if (!(naive.exhaustive() && stateful.exhaustive() && dpor.exhaustive() && parallel.exhaustive())) {
      return false;
    }
    Set<String> reference = naive.report().outcomes().keySet();
    for (Exploration e : List.of(stateful, dpor, parallel)) {
      assertEquals(reference, e.report().outcomes().keySet(), () -> e.summary() + " differs from the naive "
          + "enumeration on:\n" + subject);
    }
    assertTrue(reference.size() >= 1);
    return true;
  }

  private static Exploration search(ModelSpec spec, Strategy strategy, boolean persistentSets) {
    return Explore.run("partition mix", spec, Explore.options(strategy).withScheduleBudget(BUDGET), persistentSets,
        CHECKS, OBSERVE);
  }
}
