package dev.matchpoint.scenario;

import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.check.Checks;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.rank.ModelOptions;
import dev.matchpoint.mpi.rank.ModelSpec;
import dev.matchpoint.mpi.run.RunOptions;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;

/**
 * A named MPI workload with everything needed to run it: per rank the program of each thread, the
 * communicators, the model and network options, the seed, the default mode, the checks (oracles)
 * to apply and the outcome it is expected to have. Immutable; the scenario file format ({@link
 * ScenarioLoader}) and Java code build the same value.
 *
 * @param name short name, e.g. {@code probe-race-2x2}
 * @param description what the scenario shows, possibly several lines; empty when not given
 * @param source where the pattern comes from (a seed, a section of the standard); empty when not
 *     given
 * @param expect the expected outcome, or null when the scenario states none
 * @param seed master seed of the random streams (timed mode) and of the seeded scheduler
 * @param mode the mode {@code matchpoint run} uses unless told otherwise
 * @param ranks per rank of MPI_COMM_WORLD (index = rank), the program of each thread (at least one)
 * @param communicators duplicates of MPI_COMM_WORLD, in order; the i-th gets context id i + 1
 * @param options model, network and protocol options
 * @param checks the oracles, in report order
 * @param stepBudget the most steps (logical) or kernel events (timed) a run may take
 */
public record Scenario(String name, String description, String source, Expectation expect, long seed, Mode mode,
    List<List<Program>> ranks, List<String> communicators, ModelOptions options, List<CheckKind> checks,
    long stepBudget) {

  /**
   * Copies and validates.
   *
   * @throws IllegalArgumentException when there is no rank, a rank has no thread, a communicator
   *     name repeats or is {@code world}, or the step budget is not positive
   */
  public Scenario {
    Objects.requireNonNull(name, "name");
    description = description == null ? "" : description;
    source = source == null ? "" : source;
    Objects.requireNonNull(mode, "mode");
    Objects.requireNonNull(options, "options");
    if (ranks.isEmpty()) {
      throw new IllegalArgumentException("a scenario needs at least one rank");
    }
    List<List<Program>> copy = new ArrayList<>();
    for (int r = 0; r < ranks.size(); r++) {
      if (ranks.get(r).isEmpty()) {
        throw new IllegalArgumentException("rank " + r + " has no thread");
      }
      copy.add(List.copyOf(ranks.get(r)));
    }
    ranks = Collections.unmodifiableList(copy);
    communicators = List.copyOf(communicators);
    if (new TreeSet<>(communicators).size() != communicators.size() || communicators.contains(MpiOp.WORLD)) {
      throw new IllegalArgumentException("communicator names must be distinct and not 'world': " + communicators);
    }
    checks = List.copyOf(checks);
    if (stepBudget <= 0) {
      throw new IllegalArgumentException("the step budget must be positive, got " + stepBudget);
    }
  }

  /**
   * Number of ranks in MPI_COMM_WORLD.
   *
   * @return the size
   */
  public int worldSize() {
    return ranks.size();
  }

  /**
   * Compiles every program into the model's specification.
   *
   * @return the spec
   * @throws dev.matchpoint.mpi.program.ProgramException at the first program that does not
   *     compile, naming the statement's location
   */
  public ModelSpec spec() {
    ModelSpec.Builder b = ModelSpec.builder().options(options);
    communicators.forEach(b::communicator);
    for (List<Program> threads : ranks) {
      b.rank(threads.toArray(new Program[0]));
    }
    return b.build();
  }

  /**
   * Fresh instances of the scenario's checks, for one run.
   *
   * @return the checks, in order
   */
  public Checks newChecks() {
    List<dev.matchpoint.mpi.check.Check> out = new ArrayList<>();
    for (CheckKind k : checks) {
      out.add(k.create());
    }
    return new Checks(out);
  }

  /**
   * Run options for one run: the step budget, no time limit, the trace kept, fresh checks.
   *
   * @return the options
   */
  public RunOptions runOptions() {
    return RunOptions.of(newChecks()).withStepBudget(stepBudget);
  }

  /**
   * This scenario with every statement's location set to {@link
   * dev.matchpoint.mpi.program.SourceLocation#unknown()}, so scenarios read from different files
   * (or built in Java) compare equal when their programs are the same.
   *
   * @return the copy
   */
  public Scenario withoutLocations() {
    List<List<Program>> stripped = new ArrayList<>();
    for (List<Program> threads : ranks) {
      List<Program> t = new ArrayList<>();
      for (Program p : threads) {
        t.add(ProgramLocations.strip(p));
      }
      stripped.add(t);
    }
    return new Scenario(name, description, source, expect, seed, mode, stripped, communicators, options, checks,
        stepBudget);
  }
}
