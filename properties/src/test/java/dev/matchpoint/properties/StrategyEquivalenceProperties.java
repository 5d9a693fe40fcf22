package dev.matchpoint.properties;

import static dev.matchpoint.mpi.program.ProgramBuilder.anySource;
import static dev.matchpoint.mpi.program.ProgramBuilder.count;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static dev.matchpoint.mpi.program.ProgramBuilder.source;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.explore.ExploreOptions;
import dev.matchpoint.core.explore.Strategy;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.WildcardPolicy;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.rank.ModelSpec;
import dev.matchpoint.properties.oracle.Explore;
import dev.matchpoint.properties.oracle.Exploration;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * Exhaustive means exhaustive (DESIGN §5): on small scenarios the reduced searches (source-DPOR with
 * sleep sets; the stateful search with persistent and sleep sets) reach exactly the outcome classes
 * of a search without reduction, and run fewer schedules than the naive enumeration of every
 * schedule.
 *
 * <p>The reference without reduction is {@link Strategy#NAIVE} (every schedule, no state caching)
 * when it finishes within {@link #NAIVE_BUDGET} schedules. For larger scenarios (the 3x3 probe race
 * has more than three million schedules) the reference is {@link Strategy#EXHAUSTIVE} on the
 * transition system with persistent sets off (every enabled action is expanded; only the visited-
 * state cache prunes, which cannot lose an outcome), and the naive count is reported as a lower
 * bound; the table says which reference each row used.
 */
class StrategyEquivalenceProperties {
  /** The most schedules the naive enumeration runs before the reference falls back. */
  static final long NAIVE_BUDGET = 50_000;
  private static final String CLAUSE = "Exhaustive means exhaustive: on small scenarios the reduced search must reach "
      + "exactly the same set of outcomes as brute-force enumeration, and a test says so.";
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
      return String.format("| %-40s | %9s | %6d | %10d | %8d | %s |", name, naiveCount(), dpor.report().schedules(),
          exhaustive.report().schedules(), reference.report().outcomes().size(), referenceName());
    }
  }

  static final String HEADER = String.format("| %-40s | %9s | %6s | %10s | %8s | %s |\n|%s|%s|%s|%s|%s|%s|",
      "scenario", "naive", "dpor", "exhaustive", "outcomes", "outcome reference", "-".repeat(42), "-".repeat(11),
      "-".repeat(8), "-".repeat(12), "-".repeat(10), "-".repeat(20));

  static Row searches(String name, ModelSpec spec) {
    ExploreOptions naiveOptions = Explore.options(Strategy.NAIVE).withScheduleBudget(NAIVE_BUDGET);
    Exploration naive = Explore.run(name, spec, naiveOptions, false, CHECKS);
    Exploration reference = naive.exhaustive() ? naive
        : Explore.run(name, spec, Explore.options(Strategy.EXHAUSTIVE), false, CHECKS);
    Exploration dpor = Explore.run(name, spec, Explore.options(Strategy.DPOR), true, CHECKS);
    Exploration exhaustive = Explore.run(name, spec, Explore.options(Strategy.EXHAUSTIVE), true, CHECKS);
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

  /** The fixed scenarios: both probe races at 2x2 and 3x3, and seed 001's MPI_ANY_SOURCE example. */
  @Example
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  void reducedSearches_reachTheOutcomesOfTheUnreducedSearch_withFewerSchedules() {
    List<Row> rows = new ArrayList<>();
    rows.add(searches("probe race 2x2 (Probe, Recv)", probeRace(2, false)));
    rows.add(searches("probe race 3x3 (Probe, Recv)", probeRace(3, false)));
    rows.add(searches("matched probe 2x2 (Mprobe, Mrecv)", probeRace(2, true)));
    rows.add(searches("matched probe 3x3 (Mprobe, Mrecv)", probeRace(3, true)));
    rows.add(searches("seed 001 MPI_ANY_SOURCE example", ProbeExamplesProperties.seed001(true, WildcardPolicy.ANY)));
    StringBuilder table = new StringBuilder("schedules run by each strategy (naive budget " + NAIVE_BUDGET + ")\n")
        .append(HEADER).append('\n');
    rows.forEach(r -> table.append(r).append('\n'));
    System.out.print(table);
    for (Row r : rows) {
      assertTrue(r.dpor().report().schedules() < r.naive().report().schedules(), r::toString);
      assertTrue(r.exhaustive().report().schedules() < r.naive().report().schedules(), r::toString);
    }
  }

  /** Small generated workloads of every call, on both delivery orders and all thresholds. */
  @Provide
  Arbitrary<Workload> small() {
    return MpiArbitraries.specs().ranks(2, 3).threads(1, 2).messages(2, 3).tags(0, 1).wildcardPercent(40)
        .messageBytes(0, 8192).networks(MpiArbitraries.networks());
  }

  /** Generated cancel-free workloads (the generator has no cancel): the same outcome classes, never more schedules. */
  @Property(tries = 10)
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  void reducedSearches_onGeneratedWorkloads_reachTheSameOutcomes(@ForAll("small") Workload w) {
    Row row = searches(w.messages().size() + " messages, " + w.maxThreads() + " threads max, "
        + w.network().order().configName(), w.spec());
    System.out.println(row + "\n" + w);
    Statistics.label("reference").collect(row.reference() == row.naive() ? "naive" : "exhaustive without reduction");
    Statistics.label("dpor fewer than naive").collect(row.dpor().report().schedules()
        < row.naive().report().schedules());
  }
}
