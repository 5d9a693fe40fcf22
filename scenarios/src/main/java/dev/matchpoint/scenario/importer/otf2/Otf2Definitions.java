package dev.matchpoint.scenario.importer.otf2;

import java.util.Collections;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The global definitions Matchpoint uses (TRACE-FORMATS.md §1.5), each map sorted by id. Ids are
 * the archive's global ids; location ids are unsigned 64-bit and sorted as unsigned.
 *
 * @param clock the ClockProperties definition
 * @param strings String definitions by id
 * @param attributes Attribute definitions by id
 * @param locationGroups LocationGroup definitions by id
 * @param locations Location definitions by id (unsigned order)
 * @param regions Region definitions by id
 * @param groups Group definitions by id
 * @param comms Comm definitions by id
 */
public record Otf2Definitions(
    Clock clock,
    SortedMap<Long, String> strings,
    SortedMap<Long, Attribute> attributes,
    SortedMap<Long, LocationGroup> locationGroups,
    SortedMap<Long, Location> locations,
    SortedMap<Long, Region> regions,
    SortedMap<Long, Group> groups,
    SortedMap<Long, Comm> comms) {
  /** Group type COMM_LOCATIONS: the locations of MPI_COMM_WORLD in rank order. */
  public static final int GROUP_COMM_LOCATIONS = 4;
  /** Group type COMM_GROUP: members are indices into the COMM_LOCATIONS group. */
  public static final int GROUP_COMM_GROUP = 5;
  /** Group type COMM_SELF. */
  public static final int GROUP_COMM_SELF = 6;
  /** Paradigm MPI. */
  public static final int PARADIGM_MPI = 4;
  /** The UNDEFINED value of 32-bit references. */
  public static final long UNDEFINED_REF = 0xFFFF_FFFFL;

  /** Wraps the maps unmodifiable (the reader builds them as {@link TreeMap}s). */
  public Otf2Definitions {
    strings = Collections.unmodifiableSortedMap(strings);
    attributes = Collections.unmodifiableSortedMap(attributes);
    locationGroups = Collections.unmodifiableSortedMap(locationGroups);
    locations = Collections.unmodifiableSortedMap(locations);
    regions = Collections.unmodifiableSortedMap(regions);
    groups = Collections.unmodifiableSortedMap(groups);
    comms = Collections.unmodifiableSortedMap(comms);
  }

  /**
   * Returns a string definition's text, or {@code "<undefined>"}/{@code "<string N>"} when it is
   * undefined or missing.
   *
   * @param ref the string id
   * @return the text
   */
  public String string(long ref) {
    if (ref == UNDEFINED_REF) {
      return "<undefined>";
    }
    String s = strings.get(ref);
    return s != null ? s : "<string " + ref + ">";
  }

  /**
   * ClockProperties.
   *
   * @param timerResolution ticks per second
   * @param globalOffset the tick all relative times count from
   * @param traceLength the trace's length in ticks
   */
  public record Clock(long timerResolution, long globalOffset, long traceLength) {}

  /**
   * An Attribute definition.
   *
   * @param id its id
   * @param name string id of its name
   * @param type its OTF2_Type (1 UINT8 … 11 STRING … 17 COMM)
   */
  public record Attribute(long id, long name, int type) {}

  /**
   * A LocationGroup definition (a process).
   *
   * @param id its id
   * @param name string id of its name
   * @param type 1 PROCESS, 2 ACCELERATOR
   */
  public record LocationGroup(long id, long name, int type) {}

  /**
   * A Location definition (a thread).
   *
   * @param id its 64-bit id, the name of its event file
   * @param name string id of its name
   * @param type 1 CPU_THREAD, 2 GPU, 3 METRIC
   * @param numberOfEvents events the writer recorded
   * @param group its location group id
   */
  public record Location(long id, long name, int type, long numberOfEvents, long group) {}

  /**
   * A Region definition.
   *
   * @param id its id
   * @param name string id of its name
   * @param role its OTF2_RegionRole (28 POINT2POINT)
   * @param paradigm its OTF2_Paradigm (4 MPI)
   */
  public record Region(long id, long name, int role, int paradigm) {}

  /**
   * A Group definition.
   *
   * @param id its id
   * @param name string id of its name
   * @param type its OTF2_GroupType ({@link #GROUP_COMM_LOCATIONS}, {@link #GROUP_COMM_GROUP},
   *     {@link #GROUP_COMM_SELF}, …)
   * @param paradigm its OTF2_Paradigm
   * @param members its members in order (location ids, or indices into COMM_LOCATIONS)
   */
  public record Group(long id, long name, int type, int paradigm, List<Long> members) {
    /** Copies the members. */
    public Group {
      members = List.copyOf(members);
    }
  }

  /**
   * A Comm definition.
   *
   * @param id its id
   * @param name string id of its name
   * @param group id of its group
   * @param parent id of its parent communicator, or {@link #UNDEFINED_REF}
   */
  public record Comm(long id, long name, long group, long parent) {}
}
