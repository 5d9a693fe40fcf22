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
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
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
 * DESIGN §5's promise on programs whose threads share variables (docs/scenario-format.md, "Sharing
 * between threads"), which the swarm programs do not generate: rank 0's two threads hand requests,
 * message handles and flags to each other (with or without a notice that orders the hand-off, so
 * that some programs wait on a request not yet started, or complete one request in both threads),
 * while rank 1 sends. The stateful search (persistent sets, which stand down while a shared variable
 * may be touched, and sleep sets), source-DPOR and the parallel stateful search reach exactly the
 * outcome classes of the naive enumeration, each outcome recording what every receive, wait and test
 * returned; and so do they on the library's scenarios of shared variables.
 */
class SharedEquivalenceProperties {
  private static final List<CheckKind> CHECKS = List.of(CheckKind.values());
  private static final Observe OBSERVE = Observe.calls("MPI_Recv", "MPI_Wait", "MPI_Test", "MPI_Mrecv");
  private static final long BUDGET = 4_000;
  /** The library's double wait takes the naive enumeration about 33,000 schedules. */
  private static final long LIBRARY_BUDGET = 60_000;
  private static final String CLAUSE = "the reduced search reaches exactly the outcomes of naive enumeration on "
      + "generated programs that use every feature";

  /**
   * One hand-off of rank 1's message {@code index} (its tag) on rank 0: thread {@code starter}
   * starts it, thread {@code 1 - starter} completes it.
   *
   * @param kind 0: Irecv then Wait; 1: Irecv then a Test loop; 2: Mprobe then Mrecv; 3: Irecv, then
   *     both threads Wait (erroneous); 4: Irecv, the starter Tests it into a shared flag the other
   *     polls with Iprobe
   * @param announced whether the starter tells the other thread (a message to rank 0) after starting
   * @param startKey where the start sits in the starter's program
   * @param completeKey where the completion sits in the other thread's program
   */
  record HandOff(int kind, int starter, boolean announced, int startKey, int completeKey) {}

  /** A generated program: the hand-offs and the order rank 1 sends in. */
  record Program(List<HandOff> handOffs, List<Integer> sendOrder) {
    String yaml() {
      StringBuilder shared = new StringBuilder();
      List<TreeMap<Integer, List<String>>> threads = List.of(new TreeMap<>(), new TreeMap<>());
      for (int i = 0; i < handOffs.size(); i++) {
        HandOff h = handOffs.get(i);
        TreeMap<Integer, List<String>> start = threads.get(h.starter());
        TreeMap<Integer, List<String>> end = threads.get(1 - h.starter());
        int s = h.startKey() * 10;
        int e = h.completeKey() * 10 + 5;
        List<String> starts = start.computeIfAbsent(s, k -> new ArrayList<>());
        List<String> ends = end.computeIfAbsent(e, k -> new ArrayList<>());
        if (h.kind() == 2) {
          shared.append(", m").append(i).append(": message");
          starts.add("mprobe: {source: 1, tag: " + i + ", message: m" + i + "}");
        } else {
          shared.append(", r").append(i).append(": request");
          starts.add("irecv: {source: 1, tag: " + i + ", request: r" + i + "}");
        }
        if (h.announced()) {
          starts.add("send: {dest: 0, tag: " + (10 + i) + "}");
          ends.add("recv: {source: 0, tag: " + (10 + i) + "}");
        }
        switch (h.kind()) {
          case 0 -> ends.add("wait: {request: r" + i + "}");
          case 1 -> ends.add("until: {cond: f" + i + ", do: [{test: {request: r" + i + ", flag: f" + i + "}}]}");
          case 2 -> ends.add("mrecv: {message: m" + i + "}");
          case 3 -> {
            ends.add("wait: {request: r" + i + "}");
            starts.add("wait: {request: r" + i + "}");
          }
          default -> {
            shared.append(", d").append(i).append(": flag");
            starts.add("until: {cond: d" + i + ", do: [{test: {request: r" + i + ", flag: d" + i + "}}]}");
            ends.add("until: {cond: d" + i + ", do: [{iprobe: {source: 1, tag: 20, flag: x" + i + "}}]}");
          }
        }
      }
      StringBuilder sb = new StringBuilder("scenario: shared-mix\nmode: logical\nranks:\n  - rank: 0\n    shared: {")
          .append(shared.substring(2)).append("}\n    threads:\n");
      for (TreeMap<Integer, List<String>> t : threads) {
        sb.append("      - program:\n");
        t.values().forEach(l -> l.forEach(x -> sb.append("          - ").append(x).append('\n')));
        if (t.isEmpty()) {
          sb.append("          []\n");
        }
      }
      sb.append("  - rank: 1\n    program:\n");
      sendOrder.forEach(i -> sb.append("      - send: {dest: 0, tag: ").append(i).append("}\n"));
      return sb.toString().replace("program:\n          []", "program: []");
    }
  }

  @Provide
  Arbitrary<Program> programs() {
    Arbitrary<Integer> key = Arbitraries.integers().between(0, 3);
    Arbitrary<HandOff> handOff = Combinators.combine(Arbitraries.integers().between(0, 4),
            Arbitraries.integers().between(0, 1), Arbitraries.of(true, true, false), key, key)
        .as(HandOff::new);
    return handOff.list().ofMinSize(1).ofMaxSize(2).flatMap(hs -> {
      List<Integer> tags = new ArrayList<>();
      for (int i = 0; i < hs.size(); i++) {
        tags.add(i);
      }
      return Arbitraries.shuffle(tags).map(order -> new Program(hs, order));
    });
  }

  @Property(tries = 40, edgeCases = EdgeCasesMode.NONE)
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  void reducedSearches_onProgramsSharingVariables_reachTheOutcomesOfNaiveEnumeration(@ForAll("programs") Program p) {
    String yaml = p.yaml();
    Scenario s = ScenarioLoader.load(yaml, "shared-mix.yaml");
    boolean complete = compare(s.spec(), yaml, BUDGET);
    Statistics.label("searches").collect(complete ? "complete" : "cut by the budget: discarded");
    Assume.that(complete);
  }

  @Example
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  void reducedSearches_onTheLibrarysSharedScenarios_reachTheOutcomesOfNaiveEnumeration() {
    for (String name : List.of("request-completed-by-another-thread", "message-received-by-another-thread",
        "two-threads-wait-on-one-request", "shared-flag-polling")) {
      Scenario s = ScenarioLoader.load(Path.of("..", "scenarios", "library", name + ".yaml"));
      assertTrue(compare(ScenarioLoader.compile(s), name, LIBRARY_BUDGET), name + ": a search was cut by its budget");
    }
  }

  /** Runs every search; asserts equal outcome classes when all are complete, and says whether they were. */
  private static boolean compare(ModelSpec spec, String subject, long budget) {
    Exploration naive = search(spec, Strategy.NAIVE, false, budget);
    Exploration stateful = search(spec, Strategy.EXHAUSTIVE, true, budget);
    Exploration dpor = search(spec, Strategy.DPOR, true, budget);
    Exploration parallel = Explore.run("shared mix", spec, Explore.options(Strategy.EXHAUSTIVE)
        .withScheduleBudget(budget).withThreads(StrategyEquivalenceProperties.PARALLEL_THREADS), true, CHECKS, OBSERVE);
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

  private static Exploration search(ModelSpec spec, Strategy strategy, boolean persistentSets, long budget) {
    return Explore.run("shared mix", spec, Explore.options(strategy).withScheduleBudget(budget), persistentSets,
        CHECKS, OBSERVE);
  }
}
