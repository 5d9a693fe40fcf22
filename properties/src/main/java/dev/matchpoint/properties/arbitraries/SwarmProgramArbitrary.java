package dev.matchpoint.properties.arbitraries;

import dev.matchpoint.mpi.SendCancelPolicy;
import dev.matchpoint.mpi.WildcardPolicy;
import dev.matchpoint.properties.Feature;
import dev.matchpoint.properties.SwarmProgram;
import net.jqwik.api.Arbitrary;

/**
 * Generates {@link SwarmProgram}s: balanced multi-rank, multi-threaded MPI programs that may use
 * every call the model has, with swarm testing: each program switches each {@link Feature} on with
 * a fixed chance, so small programs exercise each feature with few others around it. Every method
 * returns a new, immutable arbitrary. Shrinking switches features off, removes messages, and moves
 * each towards ranks 0 and 1, thread 0, tag 0, the small size, the first listed call and mode, no
 * wildcard, one round; the program, its policies and network shrink towards {@code any}, {@code
 * never} and per-pair FIFO.
 *
 * <pre>{@code
 * SwarmProgramArbitrary programs = MpiArbitraries.swarmPrograms()
 *     .ranks(2, 3).threads(2).messages(1, 3)
 *     .features(Feature.PERSISTENT, Feature.WILDCARDS, Feature.COMPLETIONS)
 *     .wildcardPolicies(WildcardPolicy.ANY);
 * }</pre>
 */
public interface SwarmProgramArbitrary extends Arbitrary<SwarmProgram> {
  /**
   * Ranks in the world. Default 2 to 3.
   *
   * @param min at least 2 (a message goes to another rank)
   * @param max at least {@code min}
   * @return a new arbitrary
   * @throws IllegalArgumentException when the bounds are out of range
   */
  SwarmProgramArbitrary ranks(int min, int max);

  /**
   * The most threads per rank (renumbered densely; needs {@link Feature#THREADS} above 1). Default 2.
   *
   * @param max at least 1
   * @return a new arbitrary
   * @throws IllegalArgumentException when less than 1
   */
  SwarmProgramArbitrary threads(int max);

  /**
   * Number of messages (each sent and received once per round). Default 1 to 3.
   *
   * @param min at least 0
   * @param max at least {@code min}
   * @return a new arbitrary
   * @throws IllegalArgumentException when the bounds are out of range
   */
  SwarmProgramArbitrary messages(int min, int max);

  /**
   * Tags. Default 0 to 1.
   *
   * @param min at least 0
   * @param max at least {@code min}, at most 32767
   * @return a new arbitrary
   * @throws IllegalArgumentException when the bounds are out of range
   */
  SwarmProgramArbitrary tags(int min, int max);

  /**
   * The chance that a receive pattern uses MPI_ANY_SOURCE in a program with {@link
   * Feature#WILDCARDS}. Default 50.
   *
   * @param percent 0 to 100
   * @return a new arbitrary
   * @throws IllegalArgumentException when out of range
   */
  SwarmProgramArbitrary sourceWildcardPercent(int percent);

  /**
   * The features a program may switch on. Default every {@link Feature}.
   *
   * @param features at least one
   * @return a new arbitrary
   * @throws IllegalArgumentException when empty
   */
  SwarmProgramArbitrary features(Feature... features);

  /**
   * Features every program switches on (and uses where its messages allow), besides those drawn.
   * Default none.
   *
   * @param features any number
   * @return a new arbitrary
   */
  SwarmProgramArbitrary requiredFeatures(Feature... features);

  /**
   * The chance that a program switches each of its features on. Default 50; 100 switches every
   * feature on in every program (no swarm).
   *
   * @param percent 0 to 100
   * @return a new arbitrary
   * @throws IllegalArgumentException when out of range
   */
  SwarmProgramArbitrary featurePercent(int percent);

  /**
   * Wildcard policies (DESIGN §4). Default {@code any}, {@code arrival}, {@code round-robin}.
   *
   * @param policies at least one
   * @return a new arbitrary
   * @throws IllegalArgumentException when empty
   */
  SwarmProgramArbitrary wildcardPolicies(WildcardPolicy... policies);

  /**
   * Send-cancel policies. Default {@code never}, {@code until-matched}.
   *
   * @param policies at least one
   * @return a new arbitrary
   * @throws IllegalArgumentException when empty
   */
  SwarmProgramArbitrary sendCancelPolicies(SendCancelPolicy... policies);
}
