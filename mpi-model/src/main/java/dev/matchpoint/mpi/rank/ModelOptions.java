package dev.matchpoint.mpi.rank;

import dev.matchpoint.core.ConfigException;
import dev.matchpoint.core.net.NetworkOptions;
import dev.matchpoint.mpi.WildcardPolicy;

/**
 * Settings of the model MPI.
 *
 * @param wildcard which source an MPI_ANY_SOURCE receive or probe takes; default {@code any}
 * @param network network and protocol settings
 * @param bsendOverheadBytes MPI_BSEND_OVERHEAD: attached buffer bytes a buffered send uses beyond
 *     its payload; default 0
 * @param callCostNs timed mode: simulated time each MPI call takes before the thread's next call;
 *     default 0
 * @param queues which queue implementation the matching engines use
 */
public record ModelOptions(WildcardPolicy wildcard, NetworkOptions network, long bsendOverheadBytes,
    long callCostNs, QueueKind queues) {
  /** Matching queue implementations. */
  public enum QueueKind {
    /** Linear lists exactly as the standard reads; cheap to copy (exploration's default). */
    REFERENCE,
    /** Per-envelope bins with expected constant-time exact matching (long timed runs). */
    BUCKETED
  }

  /**
   * Validates.
   *
   * @throws ConfigException naming the field
   */
  public ModelOptions {
    if (wildcard == null) {
      throw new ConfigException("wildcard-policy", "is required (any, arrival or round-robin)");
    }
    if (network == null) {
      throw new ConfigException("network", "is required");
    }
    ConfigException.requireNonNegative("bsend-overhead", bsendOverheadBytes, "bytes");
    ConfigException.requireNonNegative("call-cost", callCostNs, "ns");
    if (queues == null) {
      throw new ConfigException("queues", "is required (reference or bucketed)");
    }
  }

  /**
   * Defaults: wildcard policy {@code any}, default network, no bsend overhead, zero call cost,
   * reference queues.
   *
   * @return the defaults
   */
  public static ModelOptions defaults() {
    return new ModelOptions(WildcardPolicy.ANY, NetworkOptions.defaults(), 0, 0, QueueKind.REFERENCE);
  }

  /**
   * A copy with another wildcard policy.
   *
   * @param p the policy
   * @return the copy
   */
  public ModelOptions withWildcard(WildcardPolicy p) {
    return new ModelOptions(p, network, bsendOverheadBytes, callCostNs, queues);
  }

  /**
   * A copy with other network options.
   *
   * @param n the options
   * @return the copy
   */
  public ModelOptions withNetwork(NetworkOptions n) {
    return new ModelOptions(wildcard, n, bsendOverheadBytes, callCostNs, queues);
  }

  /**
   * A copy with another queue implementation.
   *
   * @param q the kind
   * @return the copy
   */
  public ModelOptions withQueues(QueueKind q) {
    return new ModelOptions(wildcard, network, bsendOverheadBytes, callCostNs, q);
  }

  /**
   * A copy with another call cost.
   *
   * @param ns nanoseconds per call
   * @return the copy
   */
  public ModelOptions withCallCost(long ns) {
    return new ModelOptions(wildcard, network, bsendOverheadBytes, ns, queues);
  }
}
