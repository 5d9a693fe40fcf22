package dev.matchpoint.core.net;

import java.util.Objects;

/**
 * A unit the network carries from one endpoint (rank) to another.
 *
 * @param kind short label for traces, e.g. {@code EAGER}, {@code RTS}, {@code CREDIT}
 * @param source sending endpoint, {@code [0, endpoints)}
 * @param dest receiving endpoint, {@code [0, endpoints)}
 * @param sizeBytes bytes on the wire (payload plus header), at least 0
 * @param payload opaque to the network; immutable, and a {@link dev.matchpoint.core.StateHashable}
 *     when the run is explored; may be null
 */
public record Packet(String kind, int source, int dest, long sizeBytes, Object payload) {
  /**
   * Validates.
   *
   * @throws IllegalArgumentException when an endpoint or the size is negative
   */
  public Packet {
    Objects.requireNonNull(kind, "kind");
    if (source < 0 || dest < 0) {
      throw new IllegalArgumentException("negative endpoint in " + kind + " " + source + "->" + dest);
    }
    if (sizeBytes < 0) {
      throw new IllegalArgumentException("negative packet size " + sizeBytes);
    }
  }
}
