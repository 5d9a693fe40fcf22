package dev.matchpoint.mpi;

import dev.matchpoint.core.ConfigException;

/**
 * Whether MPI_Cancel of a send can succeed. The standard lets an implementation always let the send
 * win ("either the cancellation succeeds, or the communication succeeds, but not both", MPI-3.1
 * §3.8.4), and widely used implementations do.
 */
public enum SendCancelPolicy {
  /**
   * Cancelling a send always fails; a rendezvous send still completes only when its receive starts.
   * The default.
   */
  NEVER("never"),
  /**
   * A send can be cancelled until it has matched at the receiver: a cancel request travels to the
   * receiver, which removes the message (eager data or RTS) if it is still unmatched and answers
   * (seed 001, "Advice to implementors": cancelling an eager send may require communication with the
   * intended receiver).
   */
  UNTIL_MATCHED("until-matched");

  private final String configName;

  SendCancelPolicy(String configName) {
    this.configName = configName;
  }

  /**
   * The scenario-file name.
   *
   * @return {@code never} or {@code until-matched}
   */
  public String configName() {
    return configName;
  }

  /**
   * Looks a policy up.
   *
   * @param field dotted field path for the message
   * @param name {@code never} or {@code until-matched}
   * @return the policy
   * @throws ConfigException naming the field when unknown
   */
  public static SendCancelPolicy named(String field, String name) {
    for (SendCancelPolicy p : values()) {
      if (p.configName.equals(name)) {
        return p;
      }
    }
    throw new ConfigException(field, "unknown send-cancel policy '" + name + "' (expected never or until-matched)");
  }
}
