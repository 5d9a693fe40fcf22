package dev.matchpoint.mpi.rank;

import dev.matchpoint.core.ConfigException;
import dev.matchpoint.core.net.NetworkOptions;
import dev.matchpoint.mpi.CollectiveSync;
import dev.matchpoint.mpi.SendCancelPolicy;
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
 * @param sendCancel whether MPI_Cancel of a send can succeed; default {@code never}
 * @param messageCancel whether MPI_Message_cancel of the matched-probe proposal (seed 000 §3.1, not
 *     part of MPI-3) is available; default false
 * @param collectiveSync whether blocking collectives synchronise their callers (MPI-3.1 §5.1);
 *     default {@code any}
 */
public record ModelOptions(WildcardPolicy wildcard, NetworkOptions network, long bsendOverheadBytes,
    long callCostNs, QueueKind queues, SendCancelPolicy sendCancel, boolean messageCancel,
    CollectiveSync collectiveSync) {
  /** Matching queue implementations. */
  public enum QueueKind {
    /** Linear lists exactly as the standard reads, whatever their length. */
    REFERENCE,
    /**
     * The default: linear lists while short, per-envelope bins with expected constant-time exact
     * matching once a queue holds more than {@link dev.matchpoint.mpi.match.AdaptivePostedQueue#BINS_ABOVE}
     * entries. Same answers and search lengths as {@link #REFERENCE}.
     */
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
    if (sendCancel == null) {
      throw new ConfigException("send-cancel", "is required (never or until-matched)");
    }
    if (collectiveSync == null) {
      throw new ConfigException("collective-sync", "is required (any, always or never)");
    }
  }

  /**
   * Options with the default collective-sync policy {@code any}.
   *
   * @param wildcard see the record
   * @param network see the record
   * @param bsendOverheadBytes see the record
   * @param callCostNs see the record
   * @param queues see the record
   * @param sendCancel see the record
   * @param messageCancel see the record
   */
  public ModelOptions(WildcardPolicy wildcard, NetworkOptions network, long bsendOverheadBytes, long callCostNs,
      QueueKind queues, SendCancelPolicy sendCancel, boolean messageCancel) {
    this(wildcard, network, bsendOverheadBytes, callCostNs, queues, sendCancel, messageCancel, CollectiveSync.ANY);
  }

  /**
   * Defaults: wildcard policy {@code any}, default network, no bsend overhead, zero call cost,
   * bucketed queues (lists while short, bins when long: {@link
   * dev.matchpoint.mpi.match.AdaptivePostedQueue}), sends never cancellable, no MPI_Message_cancel.
   *
   * @return the defaults
   */
  public static ModelOptions defaults() {
    return new ModelOptions(WildcardPolicy.ANY, NetworkOptions.defaults(), 0, 0, QueueKind.BUCKETED,
        SendCancelPolicy.NEVER, false);
  }

  /**
   * A copy with another wildcard policy.
   *
   * @param p the policy
   * @return the copy
   */
  public ModelOptions withWildcard(WildcardPolicy p) {
    return new ModelOptions(p, network, bsendOverheadBytes, callCostNs,
        queues, sendCancel, messageCancel, collectiveSync);
  }

  /**
   * A copy with other network options.
   *
   * @param n the options
   * @return the copy
   */
  public ModelOptions withNetwork(NetworkOptions n) {
    return new ModelOptions(wildcard, n, bsendOverheadBytes, callCostNs,
        queues, sendCancel, messageCancel, collectiveSync);
  }

  /**
   * A copy with another queue implementation.
   *
   * @param q the kind
   * @return the copy
   */
  public ModelOptions withQueues(QueueKind q) {
    return new ModelOptions(wildcard, network, bsendOverheadBytes, callCostNs,
        q, sendCancel, messageCancel, collectiveSync);
  }

  /**
   * A copy with another call cost.
   *
   * @param ns nanoseconds per call
   * @return the copy
   */
  public ModelOptions withCallCost(long ns) {
    return new ModelOptions(wildcard, network, bsendOverheadBytes, ns,
        queues, sendCancel, messageCancel, collectiveSync);
  }

  /**
   * A copy with another send-cancel policy.
   *
   * @param p the policy
   * @return the copy
   */
  public ModelOptions withSendCancel(SendCancelPolicy p) {
    return new ModelOptions(wildcard, network, bsendOverheadBytes, callCostNs,
        queues, p, messageCancel, collectiveSync);
  }

  /**
   * A copy with MPI_Message_cancel of seed 000 switched on or off.
   *
   * @param on whether it is available
   * @return the copy
   */
  public ModelOptions withMessageCancel(boolean on) {
    return new ModelOptions(wildcard, network, bsendOverheadBytes, callCostNs, queues, sendCancel, on, collectiveSync);
  }

  /**
   * A copy with another collective-sync policy.
   *
   * @param p the policy
   * @return the copy
   */
  public ModelOptions withCollectiveSync(CollectiveSync p) {
    return new ModelOptions(wildcard, network, bsendOverheadBytes, callCostNs, queues, sendCancel, messageCancel, p);
  }
}
