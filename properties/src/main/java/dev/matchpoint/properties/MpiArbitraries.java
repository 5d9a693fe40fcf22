package dev.matchpoint.properties;

import dev.matchpoint.mpi.WildcardPolicy;
import dev.matchpoint.properties.arbitraries.NetworkArbitrary;
import dev.matchpoint.properties.arbitraries.ProgramArbitrary;
import dev.matchpoint.properties.arbitraries.ScheduleArbitrary;
import dev.matchpoint.properties.arbitraries.SpecArbitrary;
import dev.matchpoint.properties.arbitraries.SwarmProgramArbitrary;
import dev.matchpoint.properties.internal.DefaultNetworkArbitrary;
import dev.matchpoint.properties.internal.DefaultProgramArbitrary;
import dev.matchpoint.properties.internal.DefaultScheduleArbitrary;
import dev.matchpoint.properties.internal.DefaultSpecArbitrary;
import dev.matchpoint.properties.internal.DefaultSwarmProgramArbitrary;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.arbitraries.LongArbitrary;

/**
 * The entry point to Matchpoint's jqwik arbitraries, in the manner of jqwik's {@code Arbitraries} and
 * {@code Web}: each method returns a typed, fluent, immutable arbitrary with documented defaults.
 *
 * <pre>{@code
 * @Property
 * void nonOvertaking(@ForAll("workloads") Workload w) {
 *   TraceAssertions.assertNever(Explore.exhaustive(w, CheckKind.NON_OVERTAKING), CheckKind.NON_OVERTAKING);
 * }
 *
 * @Provide
 * Arbitrary<Workload> workloads() {
 *   return MpiArbitraries.specs().ranks(2, 3).threads(1, 2).wildcardPercent(30)
 *       .networks(MpiArbitraries.networks().eagerThresholds(0, 4096));
 * }
 * }</pre>
 */
public final class MpiArbitraries {
  private MpiArbitraries() {}

  /**
   * Balanced multi-rank, multi-threaded workloads (sends, receives, probes and matched probes, with
   * wildcards, sizes around the eager threshold) that compile to a {@code ModelSpec}.
   *
   * @return the default {@link SpecArbitrary}: 2–3 ranks, 1–2 threads, 1–4 messages, tags 0–1,
   *     0–8192 bytes, 20% wildcards, every call, the default network, wildcard policy {@code any}
   */
  public static SpecArbitrary specs() {
    return new DefaultSpecArbitrary();
  }

  /**
   * Balanced multi-rank, multi-threaded programs over every call the model has (persistent
   * requests, channels, cancel, every completion call, Sendrecv and the other exchanges, probes and
   * matched probes, every send mode, MPI_PROC_NULL, a declared duplicate communicator and one created
   * at run time, derived datatypes), with swarm testing: each program switches each {@link Feature}
   * on or off.
   *
   * @return the default {@link SwarmProgramArbitrary}: 2–3 ranks, up to 2 threads, 1–3 messages,
   *     tags 0–1, every feature on with chance 50%, every wildcard and send-cancel policy
   */
  public static SwarmProgramArbitrary swarmPrograms() {
    return new DefaultSwarmProgramArbitrary();
  }

  /**
   * Free-form single-thread programs, not balanced.
   *
   * @return the default {@link ProgramArbitrary}: world of 2, 0–4 calls, tags 0–1, 0–8192 bytes,
   *     20% wildcards, every call
   */
  public static ProgramArbitrary programs() {
    return new DefaultProgramArbitrary();
  }

  /**
   * Network configurations.
   *
   * @return the default {@link NetworkArbitrary}: per-pair FIFO or unordered; eager threshold 4096, 0
   *     or unbounded; 16 KiB eager buffer per peer; wait for credit; three latency models
   */
  public static NetworkArbitrary networks() {
    return new DefaultNetworkArbitrary();
  }

  /**
   * Master seeds for timed runs (every random stream derives from it, STYLE pattern 4).
   *
   * @return any long, shrinking towards 0
   */
  public static LongArbitrary seeds() {
    return Arbitraries.longs();
  }

  /**
   * Schedules to drive logical runs through a {@link ModuloScheduler}.
   *
   * @return the default {@link ScheduleArbitrary}: 0–64 choices, each in 0–3
   */
  public static ScheduleArbitrary schedules() {
    return new DefaultScheduleArbitrary();
  }

  /**
   * The wildcard policies of DESIGN §4.
   *
   * @return {@code any}, {@code arrival} or {@code round-robin}, shrinking towards {@code any}
   */
  public static Arbitrary<WildcardPolicy> wildcardPolicies() {
    return Arbitraries.of(WildcardPolicy.class);
  }
}
