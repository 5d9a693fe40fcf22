package dev.matchpoint.scenario.importer.otf2;

import java.util.Collections;
import java.util.List;
import java.util.SortedMap;

/**
 * The local definitions of one location ({@code <loc>.def}; TRACE-FORMATS.md §1.5): mapping tables
 * from local to global ids, and clock offsets.
 *
 * @param mappings per mapping type (0 STRING, 1 ATTRIBUTE, 3 REGION, 6 COMM, …) the local → global
 *     id map
 * @param clockOffsets clock offsets in file order
 */
public record Otf2LocalDefinitions(
    SortedMap<Integer, SortedMap<Long, Long>> mappings, List<ClockOffset> clockOffsets) {
  /** Mapping type of string ids. */
  public static final int MAPPING_STRING = 0;
  /** Mapping type of attribute ids. */
  public static final int MAPPING_ATTRIBUTE = 1;
  /** Mapping type of region ids. */
  public static final int MAPPING_REGION = 3;
  /** Mapping type of communicator ids. */
  public static final int MAPPING_COMM = 6;

  /** Wraps unmodifiable. */
  public Otf2LocalDefinitions {
    mappings = Collections.unmodifiableSortedMap(mappings);
    clockOffsets = List.copyOf(clockOffsets);
  }

  /** Returns the local definitions of a location without a {@code .def} file. */
  public static Otf2LocalDefinitions empty() {
    return new Otf2LocalDefinitions(new java.util.TreeMap<>(), List.of());
  }

  /**
   * Maps a local id to its global id; ids without a mapping stay as they are (as libotf2 does).
   *
   * @param mappingType the mapping type
   * @param localId the local id
   * @return the global id
   */
  public long map(int mappingType, long localId) {
    SortedMap<Long, Long> table = mappings.get(mappingType);
    if (table == null) {
      return localId;
    }
    Long global = table.get(localId);
    return global != null ? global : localId;
  }

  /**
   * One ClockOffset definition.
   *
   * @param time the local tick it was measured at
   * @param offset ticks to add to local time at {@code time} to get global time
   * @param standardDeviation of the measurement, in ticks
   */
  public record ClockOffset(long time, long offset, double standardDeviation) {}
}
