package dev.matchpoint.scenario.importer;

import java.util.List;
import java.util.Objects;

/**
 * What one location did, as operations in program order.
 *
 * @param location the location
 * @param ops its operations in program order (OTF2: file order of the location's event file)
 */
public record LocationProgram(TraceLocation location, List<TraceOp> ops) {
  /** Validates and copies. */
  public LocationProgram {
    Objects.requireNonNull(location, "location");
    ops = List.copyOf(ops);
  }
}
