package dev.matchpoint.mpi;

import dev.matchpoint.core.ConfigException;

/**
 * Whether a blocking collective synchronises its callers. MPI-3.1 §5.1: "A collective communication
 * call may, or may not, have the effect of synchronizing all calling processes." MPI_Barrier always
 * does (§5.3: it "blocks the caller until all group members have called it"), and so, in the model,
 * does every operation whose result needs every member's data (Allreduce, Reduce_scatter_block,
 * Allgather, Alltoall, the root of Reduce, Gather and Gatherv).
 */
public enum CollectiveSync {
  /**
   * The standard: each call's return is a scheduler choice between synchronising and not, wherever
   * the two differ. The default.
   */
  ANY("any"),
  /** Every member returns only once every member has called the operation. */
  ALWAYS("always"),
  /**
   * A member returns once its own part is done: a Bcast root at once, a Bcast non-root once the
   * root has called ({@link CollectiveKind#needsAll}, {@link CollectiveKind#needsRoot}).
   */
  NEVER("never");

  private final String configName;

  CollectiveSync(String configName) {
    this.configName = configName;
  }

  /**
   * The scenario-file name.
   *
   * @return {@code any}, {@code always} or {@code never}
   */
  public String configName() {
    return configName;
  }

  /**
   * Looks a policy up.
   *
   * @param field dotted field path for the message
   * @param name {@code any}, {@code always} or {@code never}
   * @return the policy
   * @throws ConfigException naming the field when unknown
   */
  public static CollectiveSync named(String field, String name) {
    for (CollectiveSync p : values()) {
      if (p.configName.equals(name)) {
        return p;
      }
    }
    throw new ConfigException(field, "unknown collective-sync policy '" + name + "' (expected any, always or never)");
  }
}
