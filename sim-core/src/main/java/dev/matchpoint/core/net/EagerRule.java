package dev.matchpoint.core.net;

import dev.matchpoint.core.ConfigException;

/**
 * Which messages go eager: how an implementation compares a message with its eager threshold.
 * Implementations differ by the header and by one byte at the boundary, and so does the message
 * size at which a head-to-head exchange of standard sends starts to deadlock (seed 004).
 */
public enum EagerRule {
  /**
   * Eager when the payload is below the threshold ({@code payload < threshold}); the header is not
   * compared. MPICH with UCX (rendezvous from UCX_RNDV_THRESH on) and SimGrid (a send is detached
   * while its size is below {@code smpi/send-is-detached-thresh}). The default.
   */
  PAYLOAD_BELOW("payload-below"),
  /**
   * Eager when payload plus header is at most the threshold ({@code payload + header <=
   * threshold}). Open MPI's ob1: eager while the packed size is at most the BTL's eager limit minus
   * the ob1 header (vader: limit 4096, header 56, so 4040 bytes go eager and 4041 do not).
   */
  PAYLOAD_AND_HEADER_AT_MOST("payload-and-header-at-most");

  private final String configName;

  EagerRule(String configName) {
    this.configName = configName;
  }

  /**
   * The name used in scenario files.
   *
   * @return {@code payload-below} or {@code payload-and-header-at-most}
   */
  public String configName() {
    return configName;
  }

  /**
   * Whether a message goes eager under this rule.
   *
   * @param payloadBytes the message's payload in bytes, at least 0
   * @param headerBytes the per-message header in bytes, at least 0
   * @param thresholdBytes the eager threshold (limit) in bytes; {@link Long#MAX_VALUE} for none
   * @return true for eager, false for rendezvous
   */
  public boolean isEager(long payloadBytes, long headerBytes, long thresholdBytes) {
    return switch (this) {
      case PAYLOAD_BELOW -> payloadBytes < thresholdBytes;
      case PAYLOAD_AND_HEADER_AT_MOST ->
          thresholdBytes == Long.MAX_VALUE || payloadBytes + headerBytes <= thresholdBytes;
    };
  }

  /**
   * Looks a rule up by name.
   *
   * @param field dotted path of the field, for the error message
   * @param name {@code payload-below} or {@code payload-and-header-at-most}
   * @return the rule
   * @throws ConfigException naming the field and the accepted names when unknown
   */
  public static EagerRule named(String field, String name) {
    for (EagerRule r : values()) {
      if (r.configName.equals(name)) {
        return r;
      }
    }
    throw new ConfigException(field, "unknown eager rule '" + name
        + "' (expected payload-below or payload-and-header-at-most)");
  }
}
