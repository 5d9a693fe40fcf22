package dev.matchpoint.core.net;

import dev.matchpoint.core.ConfigException;

/** What an eager send does when its sender has no eager credit left at the receiver. */
public enum CreditPolicy {
  /** Wait until the receiver returns credit, then inject (seed 004's flow control; the default). */
  WAIT("wait"),
  /** Use the rendezvous protocol instead, which needs no receiver buffer. */
  RENDEZVOUS("rendezvous");

  private final String configName;

  CreditPolicy(String configName) {
    this.configName = configName;
  }

  /**
   * The name used in scenario files.
   *
   * @return {@code wait} or {@code rendezvous}
   */
  public String configName() {
    return configName;
  }

  /**
   * Looks a policy up by name.
   *
   * @param field dotted path of the field, for the error message
   * @param name {@code wait} or {@code rendezvous}
   * @return the policy
   * @throws ConfigException naming the field when unknown
   */
  public static CreditPolicy named(String field, String name) {
    for (CreditPolicy p : values()) {
      if (p.configName.equals(name)) {
        return p;
      }
    }
    throw new ConfigException(field, "unknown credit policy '" + name + "' (expected wait or rendezvous)");
  }
}
