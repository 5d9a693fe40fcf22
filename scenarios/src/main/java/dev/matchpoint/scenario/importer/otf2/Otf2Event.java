package dev.matchpoint.scenario.importer.otf2;

import java.util.List;
import java.util.Objects;

/**
 * One decoded event of one location.
 *
 * @param location the location id (unsigned 64-bit)
 * @param timeTicks absolute time in ticks after clock-offset correction (unsigned 64-bit, as in
 *     the file; subtract {@link Otf2Definitions.Clock#globalOffset()} for relative time)
 * @param sequence position among the location's decoded events, from 0 (file order)
 * @param byteOffset offset of the record's type byte in its event file
 * @param attributes the attribute list that preceded the record, in file order
 * @param record the record
 */
public record Otf2Event(
    long location,
    long timeTicks,
    int sequence,
    long byteOffset,
    List<Otf2Attribute> attributes,
    Otf2Record record) {
  /** Copies the attributes. */
  public Otf2Event {
    attributes = List.copyOf(attributes);
    Objects.requireNonNull(record, "record");
  }
}
