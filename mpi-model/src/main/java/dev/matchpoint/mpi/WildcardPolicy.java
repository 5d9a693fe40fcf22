package dev.matchpoint.mpi;

import dev.matchpoint.core.ConfigException;

/**
 * Which source an MPI_ANY_SOURCE receive or probe takes when several sources have a matching
 * message waiting. The standard fixes the order only within one source (MPI-3.1 §3.5, "Order"), so
 * any source's earliest matching message is allowed (DESIGN §4).
 */
public enum WildcardPolicy {
  /** The standard: every permitted source is a scheduler choice, so exploration sees them all. */
  ANY("any"),
  /** The message that arrived first (after reordering by sequence number), as MPICH and SimGrid do. */
  ARRIVAL("arrival"),
  /**
   * Open MPI's ob1 (ompi/mca/pml/ob1/pml_ob1_recvreq.c, recv_req_match_wild): scan sources from one
   * past the communicator's pointer, wrapping around; the pointer starts at 0 (so the first scan
   * starts at source 1) and moves to the matched source on every MPI_ANY_SOURCE match from the
   * unexpected queue, receive or probe alike.
   */
  ROUND_ROBIN("round-robin");

  private final String configName;

  WildcardPolicy(String configName) {
    this.configName = configName;
  }

  /**
   * The scenario-file name.
   *
   * @return e.g. {@code round-robin}
   */
  public String configName() {
    return configName;
  }

  /**
   * Looks a policy up.
   *
   * @param field dotted field path for the message
   * @param name {@code any}, {@code arrival} or {@code round-robin}
   * @return the policy
   * @throws ConfigException naming the field when unknown
   */
  public static WildcardPolicy named(String field, String name) {
    for (WildcardPolicy p : values()) {
      if (p.configName.equals(name)) {
        return p;
      }
    }
    throw new ConfigException(field, "unknown wildcard policy '" + name + "' (expected any, arrival or round-robin)");
  }
}
