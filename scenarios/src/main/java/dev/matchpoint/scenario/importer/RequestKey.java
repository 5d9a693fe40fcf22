package dev.matchpoint.scenario.importer;

/**
 * Names one non-blocking request of one location for the whole import. OTF2 request ids are per
 * location and reused once a request is retired (TRACE-FORMATS.md §1.6), so the key adds how many
 * earlier requests of this location had the same id.
 *
 * @param location the location (OTF2 location id; rank for SimGrid TI and GOAL, whose threads are
 *     not recorded)
 * @param requestId the format's request id (OTF2), or the posting sequence number 0, 1, 2, … where
 *     the format has none
 * @param reuse 0 for the first request with this id on this location, 1 for the next, …
 */
public record RequestKey(long location, long requestId, int reuse) implements Comparable<RequestKey> {
  /**
   * Validates.
   *
   * @throws IllegalArgumentException when {@code reuse} is negative
   */
  public RequestKey {
    if (reuse < 0) {
      throw new IllegalArgumentException("negative reuse " + reuse);
    }
  }

  @Override
  public int compareTo(RequestKey other) {
    int c = Long.compare(location, other.location);
    if (c == 0) {
      c = Long.compareUnsigned(requestId, other.requestId);
    }
    return c != 0 ? c : Integer.compare(reuse, other.reuse);
  }

  @Override
  public String toString() {
    return "req(" + location + ":" + Long.toUnsignedString(requestId) + "#" + reuse + ")";
  }
}
