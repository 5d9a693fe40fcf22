package dev.matchpoint.properties;

import static dev.matchpoint.mpi.program.ProgramBuilder.anySource;
import static dev.matchpoint.mpi.program.ProgramBuilder.count;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static dev.matchpoint.mpi.program.ProgramBuilder.source;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.explore.Counterexample;
import dev.matchpoint.core.explore.ExploreOptions;
import dev.matchpoint.core.explore.Strategy;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.WildcardPolicy;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.explore.Outcomes;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.rank.ModelSpec;
import dev.matchpoint.properties.arbitraries.SwarmProgramArbitrary;
import dev.matchpoint.properties.oracle.Explore;
import dev.matchpoint.properties.oracle.Exploration;
import dev.matchpoint.properties.oracle.Observe;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.lifecycle.AroundPropertyHook;
import net.jqwik.api.lifecycle.PropertyExecutionResult;
import net.jqwik.api.lifecycle.PropertyExecutor;
import net.jqwik.api.lifecycle.PropertyLifecycleContext;
import net.jqwik.api.statistics.Statistics;

/**
 * Exhaustive means exhaustive (DESIGN §5): the reduced searches (source-DPOR with sleep sets; the
 * stateful search with persistent and sleep sets) reach exactly the outcome classes of a search
 * without reduction.
 *
 * <p>On fixed scenarios they also run fewer schedules than the naive enumeration of every schedule.
 * The reference there is {@link Strategy#NAIVE} (every schedule, no state caching) when it finishes
 * within {@link #NAIVE_BUDGET} schedules. For larger scenarios (the 3x3 probe race has more than
 * three million schedules) the reference is {@link Strategy#EXHAUSTIVE} on the transition system
 * with persistent sets off (every enabled action is expanded; only the visited-state cache prunes,
 * which loses no outcome as long as every decision reads only fingerprinted state, which the
 * generated properties check), and the naive count is reported as a lower bound; the table says
 * which reference each row used.
 *
 * <p>On generated {@link SwarmProgram}s, which use every call the model has, the reference is
 * always the naive enumeration, and every call result a thread observes is part of the outcome.
 * Larger runs: {@code -Dmatchpoint.equivalence.tries=N} (tries per property) and {@code
 * -Dmatchpoint.equivalence.budget=S} (schedules per search).
 */
class StrategyEquivalenceProperties {
  /** The most schedules the naive enumeration runs before the reference falls back. */
  static final long NAIVE_BUDGET = 50_000;
  /** Threads of the parallel exhaustive search compared with the others (more than the cores of a small machine). */
  static final int PARALLEL_THREADS = 3;
  private static final String CLAUSE = "Exhaustive means exhaustive: every model decision reads only state the search "
      + "can see (what the state fingerprint covers), and the reduced search reaches exactly the outcomes of naive "
      + "enumeration on generated programs that use every feature; a property says so.";
  private static final List<CheckKind> CHECKS = List.of(CheckKind.values());

  /** One scenario's searches. */
  record Row(String name, Exploration naive, Exploration reference, Exploration dpor, Exploration exhaustive) {
    String naiveCount() {
      return naive.exhaustive() ? Long.toString(naive.report().schedules()) : ">" + naive.report().schedules();
    }

    String referenceName() {
      return reference == naive ? "naive" : "exhaustive, no persistent sets (" + reference.report().schedules()
          + " schedules)";
    }

    @Override
    public String toString() {
      return String.format("| %-52s | %9s | %6d | %10d | %8d | %s |", name, naiveCount(), dpor.report().schedules(),
          exhaustive.report().schedules(), reference.report().outcomes().size(), referenceName());
    }
  }

  static final String HEADER = String.format("| %-52s | %9s | %6s | %10s | %8s | %s |\n|%s|%s|%s|%s|%s|%s|",
      "scenario", "naive", "dpor", "exhaustive", "outcomes", "outcome reference", "-".repeat(54), "-".repeat(11),
      "-".repeat(8), "-".repeat(12), "-".repeat(10), "-".repeat(20));

  static Row searches(String scenario, ModelSpec spec, Outcomes outcomes) {
    String name = scenario + " (" + outcomes.configName() + ")";
    ExploreOptions naiveOptions = Explore.options(Strategy.NAIVE).withScheduleBudget(NAIVE_BUDGET);
    Exploration naive = Explore.run(name, spec, naiveOptions, false, CHECKS, Observe.NOTHING, outcomes);
    Exploration reference = naive.exhaustive() ? naive
        : Explore.run(name, spec, Explore.options(Strategy.EXHAUSTIVE), false, CHECKS, Observe.NOTHING, outcomes);
    Exploration dpor = Explore.run(name, spec, Explore.options(Strategy.DPOR), true, CHECKS, Observe.NOTHING, outcomes);
    Exploration exhaustive = Explore.run(name, spec, Explore.options(Strategy.EXHAUSTIVE), true, CHECKS,
        Observe.NOTHING, outcomes);
    Row row = new Row(name, naive, reference, dpor, exhaustive);
    for (Exploration e : List.of(reference, dpor, exhaustive)) {
      assertTrue(e.exhaustive(), () -> name + ": " + e.summary());
    }
    assertEquals(reference.report().outcomes().keySet(), dpor.report().outcomes().keySet(), name + ": dpor");
    assertEquals(reference.report().outcomes().keySet(), exhaustive.report().outcomes().keySet(),
        name + ": exhaustive");
    assertTrue(dpor.report().schedules() <= naive.report().schedules(), row::toString);
    assertTrue(exhaustive.report().schedules() <= naive.report().schedules(), row::toString);
    return row;
  }

  /** The probe race of seed 000 §1: n senders, n receiving threads each doing Probe(ANY) then Recv. */
  static ModelSpec probeRace(int n, boolean matched) {
    Program receiver = matched
        ? program().mprobe(anySource(), lit(0), "m", "st").mrecv("m", count("st", Datatype.INT), Datatype.INT, null)
            .build()
        : program().probe(anySource(), lit(0), "st").recv(source("st"), lit(0), count("st", Datatype.INT),
            Datatype.INT, null).build();
    ModelSpec.Builder b = ModelSpec.builder();
    for (int s = 0; s < n; s++) {
      b.rank(program().send(lit(n), lit(0), lit(1 + s), Datatype.INT).build());
    }
    return b.rank(n, receiver).build();
  }

  /**
   * The fixed scenarios: both probe races at 2x2 and 3x3, and seed 001's MPI_ANY_SOURCE example,
   * with observable and with fine outcome classes (in these scenarios each thread has at most one
   * receive pending at a time, so the match order adds nothing the reductions could lose).
   */
  @Example
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  void reducedSearches_reachTheOutcomesOfTheUnreducedSearch_withFewerSchedules() {
    List<Row> rows = new ArrayList<>();
    for (Outcomes o : Outcomes.values()) {
      rows.add(searches("probe race 2x2 (Probe, Recv)", probeRace(2, false), o));
      rows.add(searches("probe race 3x3 (Probe, Recv)", probeRace(3, false), o));
      rows.add(searches("matched probe 2x2 (Mprobe, Mrecv)", probeRace(2, true), o));
      rows.add(searches("matched probe 3x3 (Mprobe, Mrecv)", probeRace(3, true), o));
      rows.add(searches("seed 001 MPI_ANY_SOURCE example", ProbeExamplesProperties.seed001(true, WildcardPolicy.ANY),
          o));
    }
    StringBuilder table = new StringBuilder("schedules run by each strategy (naive budget " + NAIVE_BUDGET + ")\n")
        .append(HEADER).append('\n');
    rows.forEach(r -> table.append(r).append('\n'));
    System.out.print(table);
    for (Row r : rows) {
      assertTrue(r.dpor().report().schedules() < r.naive().report().schedules(), r::toString);
      assertTrue(r.exhaustive().report().schedules() < r.naive().report().schedules(), r::toString);
    }
  }

  // ---- generated programs over every feature ---------------------------------------------------

  /**
   * The most schedules each search of one generated program runs ({@code
   * -Dmatchpoint.equivalence.budget=N} changes it).
   */
  static final long BUDGET = Long.getLong("matchpoint.equivalence.budget", 2_000);
  /** Every call result a program can observe, and every channel start and transfer. */
  static final Observe OBSERVE = Observe.calls("MPI_Recv", "MPI_Probe", "MPI_Iprobe", "MPI_Mprobe", "MPI_Improbe",
      "MPI_Mrecv", "MPI_Wait", "MPI_Test", "MPI_Waitany", "MPI_Waitsome", "MPI_Testall", "MPI_Testany", "MPI_Testsome",
      "MPI_Test_cancelled", "MPI_Sendrecv", "MPI_Sendrecv_replace", "MPI_Request_get_status", "MPI_Get_elements",
      "MPI_Comm_rank", "MPI_Comm_size").withChannelEvents();

  /**
   * Swarm programs over every feature, policy and network order, but for derived datatypes, the
   * exchanges and communicators created at run time, which {@link #typesExchangesCommunicators()}
   * draws on smaller programs: on programs of this size they leave about one naive enumeration in
   * eight within its budget, too few checks for the property (it ran out of tries in CI).
   */
  @Provide
  Arbitrary<SwarmProgram> everyFeature() {
    java.util.EnumSet<Feature> drawn = java.util.EnumSet.complementOf(
        java.util.EnumSet.of(Feature.DERIVED_TYPES, Feature.EXCHANGES, Feature.RUNTIME_COMMUNICATORS));
    return MpiArbitraries.swarmPrograms().features(drawn.toArray(Feature[]::new));
  }

  /**
   * Programs rich in wildcard choices: every message goes to one thread of rank 0 from its own
   * sender, every receive uses MPI_ANY_SOURCE, the messages are queued before the receiver starts
   * receiving, and the policy is {@code any}, so each receive branches the search on every queued
   * message; swarm testing over the calls that match (modes, MPI_PROC_NULL and channels, which add
   * no choice, are left to {@link #everyFeature()}).
   */
  @Provide
  Arbitrary<SwarmProgram> wildcardChoices() {
    return MpiArbitraries.swarmPrograms().messages(2, 2).threads(1).tags(0, 0).sourceWildcardPercent(100)
        .features(Feature.NONBLOCKING, Feature.COMPLETIONS, Feature.PERSISTENT, Feature.CANCEL, Feature.PROBES,
            Feature.MATCHED_PROBES, Feature.SENDRECV, Feature.RENDEZVOUS, Feature.UNORDERED, Feature.COMMUNICATORS)
        .requiredFeatures(Feature.FAN_IN, Feature.WILDCARDS, Feature.QUEUED).wildcardPolicies(WildcardPolicy.ANY);
  }

  /**
   * Programs of one or two messages that always use derived datatypes, the exchanges
   * (Sendrecv_replace, Isendrecv, Isendrecv_replace, Request_get_status) or a communicator created
   * at run time, one of them required per program, every other feature switched on or off as
   * usual, between two ranks: smaller than {@link #everyFeature()}'s, so that most naive enumerations
   * finish.
   */
  @Provide
  Arbitrary<SwarmProgram> typesExchangesCommunicators() {
    SwarmProgramArbitrary small = MpiArbitraries.swarmPrograms().ranks(2, 2).messages(1, 2);
    return Arbitraries.oneOf(small.requiredFeatures(Feature.DERIVED_TYPES), small.requiredFeatures(Feature.EXCHANGES),
        small.requiredFeatures(Feature.RUNTIME_COMMUNICATORS));
  }

  /**
   * On generated programs that use every call the model has (swarm testing switches features off
   * per program), the stateful search with persistent and sleep sets and source-DPOR reach the
   * outcome set of the naive enumeration of every schedule; each outcome also records every call
   * result a thread observed ({@link #OBSERVE}). See {@link #assertSameOutcomes} for budgets.
   */
  // Programs whose naive enumeration outgrows its budget are discarded: 13 to 29 of 60 complete
  // in the runs seen; jqwik's default (give up past five discards per check) would fail below 10.
  @Property(tries = 60, edgeCases = EdgeCasesMode.NONE, maxDiscardRatio = 10)
  @AddLifecycleHook(TriesFromSystemProperty.class)
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  void reducedSearches_onSwarmPrograms_reachTheOutcomesOfNaiveEnumeration(@ForAll("everyFeature") SwarmProgram p) {
    assertSameOutcomes(p);
  }

  /** The same on small programs that use derived datatypes, the exchanges or runtime communicators. */
  @Property(tries = 30, edgeCases = EdgeCasesMode.NONE, maxDiscardRatio = 10)
  @AddLifecycleHook(TriesFromSystemProperty.class)
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  void reducedSearches_onTypesExchangesAndCommunicators_reachTheOutcomesOfNaiveEnumeration(
      @ForAll("typesExchangesCommunicators") SwarmProgram p) {
    assertSameOutcomes(p);
  }

  /** The same on programs in which every receive chooses among queued messages ({@link #wildcardChoices()}). */
  @Property(tries = 80, edgeCases = EdgeCasesMode.NONE)
  @AddLifecycleHook(TriesFromSystemProperty.class)
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  void reducedSearches_onQueuedWildcardChoices_reachTheOutcomesOfNaiveEnumeration(
      @ForAll("wildcardChoices") SwarmProgram p) {
    assertSameOutcomes(p);
  }

  /**
   * Runs the naive enumeration, source-DPOR and the stateful search, serial and on {@link
   * #PARALLEL_THREADS} threads, on a program, each within {@link #BUDGET} schedules, and fails,
   * showing the program as a scenario file and a replay schedule of each missing outcome, when: the
   * serial and parallel stateful searches both finished with different outcome classes (or counts
   * of final states per class); a finished reduced search misses an outcome that the
   * naive enumeration (or, when that was cut, a random walk of the same budget) reached; the two
   * reduced searches both finished with different outcome sets; or every search finished and the
   * sets differ. A try in which a search was cut is then discarded, never counted as a pass (jqwik
   * fails the property when too many are). Outcomes are the observable classes (what each call
   * returned, not the order in which the model matched a thread's receives), compared in full.
   */
  static void assertSameOutcomes(SwarmProgram p) {
    ModelSpec spec = p.spec();
    Exploration naive = search(spec, Strategy.NAIVE, false);
    List<Exploration> unreduced = naive.exhaustive() ? List.of(naive)
        : List.of(naive, search(spec, Strategy.RANDOM, false));
    List<Exploration> reduced = new ArrayList<>();
    reduced.add(search(spec, Strategy.DPOR, true));
    Exploration serial = search(spec, Strategy.EXHAUSTIVE, true);
    Exploration parallel = Explore.run("swarm program", spec, Explore.options(Strategy.EXHAUSTIVE)
        .withScheduleBudget(BUDGET).withThreads(PARALLEL_THREADS), true, CHECKS, OBSERVE);
    if (serial.exhaustive() && parallel.exhaustive()) {
      assertEquals(counts(serial), counts(parallel),
          () -> "the parallel search reaches the serial one's outcome classes, as many final states each:\n" + p);
    }
    reduced.add(serial);
    reduced.add(parallel);
    for (Exploration r : reduced) {
      for (Exploration reference : unreduced) {
        if (r.exhaustive()) {
          assertReaches(r, reference, p);
        }
      }
      for (Exploration other : reduced) {
        if (other != r && r.exhaustive() && other.exhaustive()) {
          assertReaches(r, other, p);
        }
      }
    }
    boolean complete = naive.exhaustive() && reduced.stream().allMatch(Exploration::exhaustive);
    Statistics.label("searches").collect(complete ? "complete" : "cut by the budget: discarded");
    Assume.that(complete);
    for (Exploration r : reduced) {
      assertReaches(naive, r, p);
    }
  }

  /** Per outcome class: distinct final states reaching it, and whether it violates a check. */
  private static Map<String, String> counts(Exploration e) {
    Map<String, String> out = new TreeMap<>();
    e.report().outcomes().forEach((k, c) -> out.put(k, c.count() + (c.verdict().violation() ? " violating" : "")));
    return out;
  }

  private static Exploration search(ModelSpec spec, Strategy strategy, boolean persistentSets) {
    return Explore.run("swarm program", spec, Explore.options(strategy).withScheduleBudget(BUDGET), persistentSets,
        CHECKS, OBSERVE);
  }

  /** Fails unless {@code a} lists every outcome of {@code b}, showing the program and a replay of each one missed. */
  private static void assertReaches(Exploration a, Exploration b, SwarmProgram p) {
    Set<String> reached = a.report().outcomes().keySet();
    List<String> missing = new ArrayList<>();
    for (String o : b.report().outcomes().keySet()) {
      if (!reached.contains(o)) {
        missing.add(o);
      }
    }
    if (missing.isEmpty()) {
      return;
    }
    StringBuilder sb = new StringBuilder(a.summary() + " misses " + missing.size() + " of the outcomes that "
        + b.summary() + " reached:\n");
    for (String o : missing) {
      Counterexample c = b.example(v -> v.outcome().equals(o)).orElseThrow();
      sb.append("  ").append(o).append("\n    replay: matchpoint replay FILE --mode logical --schedule '")
          .append(c.schedule()).append("'\n");
    }
    sb.append("FILE, a scenario file (compare matchpoint explore FILE --strategy ").append(a.report().strategy()
        .configName()).append(" with --strategy ").append(b.report().strategy().configName()).append("):\n").append(p);
    throw new AssertionError(sb.toString());
  }

  /** Sets a property's tries from {@code -Dmatchpoint.equivalence.tries=N}, when given. */
  static final class TriesFromSystemProperty implements AroundPropertyHook {
    @Override
    public PropertyExecutionResult aroundProperty(PropertyLifecycleContext context, PropertyExecutor property) {
      Integer tries = Integer.getInteger("matchpoint.equivalence.tries");
      if (tries != null) {
        context.attributes().setTries(tries);
      }
      return property.execute();
    }
  }
}
