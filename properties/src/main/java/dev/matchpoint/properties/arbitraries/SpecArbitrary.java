package dev.matchpoint.properties.arbitraries;

import dev.matchpoint.core.net.NetworkOptions;
import dev.matchpoint.mpi.WildcardPolicy;
import dev.matchpoint.properties.MessagePlan;
import dev.matchpoint.properties.ReceiveCall;
import dev.matchpoint.properties.SendCall;
import dev.matchpoint.properties.Workload;
import net.jqwik.api.Arbitrary;

/**
 * Generates {@link Workload}s: multi-rank, multi-threaded MPI programs given as lists of messages,
 * each sent and received exactly once (balanced by construction). Every method returns a new,
 * immutable arbitrary; the defaults are documented on each method. Shrinking removes messages, moves
 * them to lower ranks and threads (fewer threads), towards tag 0, the smallest size, the first
 * listed call, no wildcard and message order.
 *
 * <pre>{@code
 * SpecArbitrary specs = MpiArbitraries.specs()
 *     .ranks(2, 4).threads(1, 3).messages(1, 4).tags(0, 3)
 *     .wildcardPercent(30).messageBytes(0, 8192)
 *     .receives(ReceiveCall.PROBE_RECV, ReceiveCall.MPROBE_MRECV);
 * }</pre>
 */
public interface SpecArbitrary extends Arbitrary<Workload> {
  /**
   * Ranks in the world. Default 2 to 3.
   *
   * @param min at least 2 (a message goes to another rank)
   * @param max at least {@code min}
   * @return a new arbitrary
   * @throws IllegalArgumentException when the bounds are out of range
   */
  SpecArbitrary ranks(int min, int max);

  /**
   * Threads per rank: a message's send and receive are placed on threads {@code 0 .. max - 1} of
   * their ranks (renumbered densely), and every rank runs at least {@code min} threads (extra
   * threads run empty programs). Default 1 to 2.
   *
   * @param min at least 1
   * @param max at least {@code min}
   * @return a new arbitrary
   * @throws IllegalArgumentException when the bounds are out of range
   */
  SpecArbitrary threads(int min, int max);

  /**
   * Number of messages. Default 1 to 4.
   *
   * @param min at least 0
   * @param max at least {@code min}
   * @return a new arbitrary
   * @throws IllegalArgumentException when the bounds are out of range
   */
  SpecArbitrary messages(int min, int max);

  /**
   * Tags of messages. Default 0 to 1.
   *
   * @param min at least 0
   * @param max at least {@code min}, at most 32767 (MPI's smallest allowed MPI_TAG_UB)
   * @return a new arbitrary
   * @throws IllegalArgumentException when the bounds are out of range
   */
  SpecArbitrary tags(int min, int max);

  /**
   * Payload sizes in bytes; choose a range around the network's eager threshold to mix eager and
   * rendezvous messages. Default 0 to 8192 (the default threshold is 4096).
   *
   * @param min at least 0
   * @param max at least {@code min}, at most {@link Integer#MAX_VALUE}
   * @return a new arbitrary
   * @throws IllegalArgumentException when the bounds are out of range
   */
  SpecArbitrary messageBytes(long min, long max);

  /**
   * The chance, in percent, that a receive or probe pattern uses MPI_ANY_SOURCE, and independently
   * MPI_ANY_TAG. Default 20 for both.
   *
   * @param percent 0 to 100
   * @return a new arbitrary
   * @throws IllegalArgumentException when out of range
   */
  SpecArbitrary wildcardPercent(int percent);

  /**
   * The chance, in percent, that a receive or probe pattern uses MPI_ANY_SOURCE. Default 20.
   *
   * @param percent 0 to 100
   * @return a new arbitrary
   * @throws IllegalArgumentException when out of range
   */
  SpecArbitrary sourceWildcardPercent(int percent);

  /**
   * The chance, in percent, that a receive or probe pattern uses MPI_ANY_TAG. Default 20.
   *
   * @param percent 0 to 100
   * @return a new arbitrary
   * @throws IllegalArgumentException when out of range
   */
  SpecArbitrary tagWildcardPercent(int percent);

  /**
   * The send calls to draw from; shrinking prefers the first. Default every {@link SendCall}.
   *
   * @param calls at least one
   * @return a new arbitrary
   * @throws IllegalArgumentException when empty
   */
  SpecArbitrary sends(SendCall... calls);

  /**
   * The receive calls to draw from; shrinking prefers the first. Default every {@link ReceiveCall}.
   *
   * @param calls at least one
   * @return a new arbitrary
   * @throws IllegalArgumentException when empty
   */
  SpecArbitrary receives(ReceiveCall... calls);

  /**
   * Every message goes to rank 0 from one of the other ranks (the shape of the probe examples).
   * Default off: any rank sends to any other.
   *
   * @return a new arbitrary
   */
  SpecArbitrary fanIn();

  /**
   * Every receive gets a thread of its own (the matched-probe pattern of seed 000 §1: T threads, T
   * messages). Default off: receives are placed on threads at random.
   *
   * @return a new arbitrary
   */
  SpecArbitrary oneReceiveThreadPerMessage();

  /**
   * Every thread runs its calls in message order (all order keys 0). A program so generated with
   * single-threaded ranks and no wildcard runs in one global order, so it cannot deadlock. Default
   * off: each send and receive gets a random order key, which permutes the calls of a thread.
   *
   * @return a new arbitrary
   */
  SpecArbitrary inMessageOrder();

  /**
   * The networks to draw from. Default {@link NetworkOptions#defaults()} only.
   *
   * @param networks e.g. {@code MpiArbitraries.networks().orders(DeliveryOrder.UNORDERED)}
   * @return a new arbitrary
   */
  SpecArbitrary networks(Arbitrary<NetworkOptions> networks);

  /**
   * The wildcard policies to draw from. Default {@link WildcardPolicy#ANY} only (the standard).
   *
   * @param policies at least one
   * @return a new arbitrary
   * @throws IllegalArgumentException when empty
   */
  SpecArbitrary wildcardPolicies(WildcardPolicy... policies);

  /**
   * The arbitrary of single messages this one combines into lists, for users who build workloads of
   * their own shape.
   *
   * @return the message arbitrary of the current settings
   */
  Arbitrary<MessagePlan> messagePlans();
}
