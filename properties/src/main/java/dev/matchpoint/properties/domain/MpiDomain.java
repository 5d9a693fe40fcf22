package dev.matchpoint.properties.domain;

import dev.matchpoint.core.net.NetworkOptions;
import dev.matchpoint.core.sched.Schedule;
import dev.matchpoint.mpi.WildcardPolicy;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.properties.MpiArbitraries;
import dev.matchpoint.properties.SwarmProgram;
import dev.matchpoint.properties.Workload;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Provide;
import net.jqwik.api.domains.DomainContextBase;

/**
 * The default arbitraries by type, for {@code @Domain(MpiDomain.class)}: a parameter {@code @ForAll
 * Workload w} gets {@link MpiArbitraries#specs()}, {@code @ForAll NetworkOptions n} gets {@link
 * MpiArbitraries#networks()}, and so on for {@link SwarmProgram}, {@link Schedule}, {@link Program}
 * and {@link WildcardPolicy}.
 */
public class MpiDomain extends DomainContextBase {
  /** Creates the domain; jqwik instantiates it. */
  public MpiDomain() {}

  /**
   * Workloads.
   *
   * @return {@link MpiArbitraries#specs()}
   */
  @Provide
  public Arbitrary<Workload> workloads() {
    return MpiArbitraries.specs();
  }

  /**
   * Swarm programs over every call.
   *
   * @return {@link MpiArbitraries#swarmPrograms()}
   */
  @Provide
  public Arbitrary<SwarmProgram> swarmPrograms() {
    return MpiArbitraries.swarmPrograms();
  }

  /**
   * Networks.
   *
   * @return {@link MpiArbitraries#networks()}
   */
  @Provide
  public Arbitrary<NetworkOptions> networks() {
    return MpiArbitraries.networks();
  }

  /**
   * Schedules.
   *
   * @return {@link MpiArbitraries#schedules()}
   */
  @Provide
  public Arbitrary<Schedule> schedules() {
    return MpiArbitraries.schedules();
  }

  /**
   * Single-thread programs.
   *
   * @return {@link MpiArbitraries#programs()}
   */
  @Provide
  public Arbitrary<Program> programs() {
    return MpiArbitraries.programs();
  }

  /**
   * Wildcard policies.
   *
   * @return {@link MpiArbitraries#wildcardPolicies()}
   */
  @Provide
  public Arbitrary<WildcardPolicy> wildcardPolicies() {
    return MpiArbitraries.wildcardPolicies();
  }
}
