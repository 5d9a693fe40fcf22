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
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * DESIGN §5's promise on programs that mix collectives with point-to-point messages, which the swarm
 * programs of {@link StrategyEquivalenceProperties} do not generate: blocking and nonblocking
 * collectives (MPI-3.1 chapter 5 and §5.12; each may or may not synchronise, {@code collective-sync:
 * any}) called in one order by every rank, interleaved with standard and synchronous sends and
 * specific or MPI_ANY_SOURCE receives. The stateful search (persistent sets, which stand down while
 * a collective is reachable, and sleep sets), source-DPOR and the parallel stateful search reach
 * exactly the outcome classes of the naive enumeration, each outcome recording what every receive
 * and wait returned.
 */
class CollectiveEquivalenceProperties {
  private static final List<CheckKind> CHECKS = List.of(CheckKind.values());
  private static final Observe OBSERVE = Observe.calls("MPI_Recv", "MPI_Wait");
  private static final long BUDGET = 4_000;

  /** One collective as every rank calls it; {@code request} is set for the nonblocking forms. */
  record Collective(String statement, boolean nonblocking) {}

  /** A point-to-point message and where its two calls sit in their ranks' programs. */
  record Message(int from, int to, boolean synchronous, boolean anySource, int sendKey, int receiveKey) {}

  /** A generated program: world size, collectives in call order with their keys, messages. */
  record Program(int ranks, List<Collective> collectives, List<Integer> collectiveKeys, List<Message> messages) {
    /** The program as a scenario file. */
    String yaml() {
      StringBuilder sb = new StringBuilder("scenario: collective-mix\nmode: logical\nranks:\n");
      for (int r = 0; r < ranks; r++) {
        TreeMap<Integer, List<String>> calls = new TreeMap<>();
        for (int i = 0; i < collectives.size(); i++) {
          Collective c = collectives.get(i);
          String stmt = c.nonblocking() ? c.statement().replace("}", (c.statement().endsWith("{}") ? "" : ", ")
              + "request: c" + i + "}") : c.statement();
          calls.computeIfAbsent(collectiveKeys.get(i) * 10 + 5, k -> new ArrayList<>()).add(stmt);
        }
        for (int m = 0; m < messages.size(); m++) {
          Message msg = messages.get(m);
          if (msg.from() == r) {
            calls.computeIfAbsent(msg.sendKey() * 10, k -> new ArrayList<>()).add((msg.synchronous() ? "ssend" : "send")
                + ": {dest: " + msg.to() + ", tag: " + m + "}");
          }
          if (msg.to() == r) {
            calls.computeIfAbsent(msg.receiveKey() * 10 + 1, k -> new ArrayList<>()).add("recv: {source: "
                + (msg.anySource() ? "any" : Integer.toString(msg.from())) + ", tag: " + m + "}");
          }
        }
        sb.append("  - rank: ").append(r).append("\n    program:\n");
        calls.values().forEach(l -> l.forEach(s -> sb.append("      - ").append(s).append('\n')));
        for (int i = 0; i < collectives.size(); i++) {
          if (collectives.get(i).nonblocking()) {
            sb.append("      - wait: {request: c").append(i).append("}\n");
          }
        }
        if (calls.isEmpty()) {
          sb.append("      []\n");
        }
      }
      return sb.toString().replace("program:\n      []", "program: []");
    }
  }

  @Provide
  Arbitrary<Program> programs() {
    return Arbitraries.integers().between(2, 3).flatMap(n -> {
      Arbitrary<Integer> rank = Arbitraries.integers().between(0, n - 1);
      // The v-forms' roots list member i's count, i + 1 elements, as every member sends or receives.
      String counts = java.util.stream.IntStream.rangeClosed(1, n).mapToObj(Integer::toString)
          .collect(java.util.stream.Collectors.joining(", ", "[", "]"));
      Arbitrary<Collective> collective = Combinators.combine(Arbitraries.integers().between(0, 9), rank)
          .as((kind, root) -> switch (kind) {
            case 0 -> new Collective("barrier: {}", false);
            case 1 -> new Collective("bcast: {root: " + root + "}", false);
            case 2 -> new Collective("reduce: {root: " + root + ", op: sum}", false);
            case 3 -> new Collective("allreduce: {op: sum}", false);
            case 4 -> new Collective("ibarrier: {}", true);
            case 5 -> new Collective("ibcast: {root: " + root + "}", true);
            case 6 -> new Collective("gatherv: {root: " + root + ", count: rank + 1, counts: " + counts + "}", false);
            case 7 -> new Collective("iscatterv: {root: " + root + ", count: rank + 1, counts: " + counts + "}", true);
            case 8 -> new Collective("reduce-scatter-block: {op: sum}", false);
            default -> new Collective("iallreduce: {op: max}", true);
          });
      Arbitrary<Integer> key = Arbitraries.integers().between(0, 4);
      Arbitrary<Message> message = Combinators.combine(rank, Arbitraries.integers().between(0, n - 2),
              Arbitraries.of(false, true), Arbitraries.of(false, true), key, key)
          .as((from, raw, ssend, any, sk, rk) -> new Message(from, raw >= from ? raw + 1 : raw, ssend, any, sk, rk));
      return Combinators.combine(collective.list().ofMinSize(1).ofMaxSize(2), key.list().ofSize(2),
              message.list().ofMaxSize(2))
          .as((cs, keys, ms) -> new Program(n, cs, keys.subList(0, cs.size()).stream().sorted().toList(), ms));
    });
  }

  @Property(tries = 40, edgeCases = EdgeCasesMode.NONE)
  @SpecClause(source = "DESIGN §5", text = "the reduced search reaches exactly the outcomes of naive enumeration on "
      + "generated programs that use every feature")
  void reducedSearches_onCollectivePrograms_reachTheOutcomesOfNaiveEnumeration(@ForAll("programs") Program p) {
    String yaml = p.yaml();
    Scenario s = ScenarioLoader.load(yaml, "collective-mix.yaml");
    ModelSpec spec = s.spec();
    Exploration naive = search(spec, Strategy.NAIVE, false);
    Exploration stateful = search(spec, Strategy.EXHAUSTIVE, true);
    Exploration dpor = search(spec, Strategy.DPOR, true);
    Exploration parallel = Explore.run("collective mix", spec, Explore.options(Strategy.EXHAUSTIVE)
        .withScheduleBudget(BUDGET).withThreads(StrategyEquivalenceProperties.PARALLEL_THREADS), true, CHECKS, OBSERVE);
    boolean complete = naive.exhaustive() && stateful.exhaustive() && dpor.exhaustive() && parallel.exhaustive();
    Statistics.label("searches").collect(complete ? "complete" : "cut by the budget: discarded");
    Assume.that(complete);
    Set<String> reference = naive.report().outcomes().keySet();
    for (Exploration e : List.of(stateful, dpor, parallel)) {
      assertEquals(reference, e.report().outcomes().keySet(), () -> e.summary() + " differs from the naive "
          + "enumeration on:\n" + yaml);
    }
    assertTrue(reference.size() >= 1);
  }

  private static Exploration search(ModelSpec spec, Strategy strategy, boolean persistentSets) {
    return Explore.run("collective mix", spec, Explore.options(strategy).withScheduleBudget(BUDGET), persistentSets,
        CHECKS, OBSERVE);
  }
}
