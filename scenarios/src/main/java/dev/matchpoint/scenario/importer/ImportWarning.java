package dev.matchpoint.scenario.importer;

import java.util.Objects;

/**
 * Something odd in this particular trace that the importer handled without failing (for example
 * a completion of a request that was never posted). Format-wide limits are {@link FormatLimit}s.
 *
 * @param location the location concerned
 * @param where where in the input, e.g. {@code "traces/0.evt byte 812"} or {@code "line 7"}
 * @param message what happened and what the importer did
 */
public record ImportWarning(long location, String where, String message) {
  /** Validates that no component is null. */
  public ImportWarning {
    Objects.requireNonNull(where, "where");
    Objects.requireNonNull(message, "message");
  }
}
