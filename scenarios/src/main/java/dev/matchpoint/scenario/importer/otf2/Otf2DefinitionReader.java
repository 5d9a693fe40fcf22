package dev.matchpoint.scenario.importer.otf2;

import dev.matchpoint.scenario.importer.TraceImportException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Reads global ({@code traces.def}) and local ({@code <loc>.def}) definition files, decoding the
 * records of TRACE-FORMATS.md §1.5 and skipping every other record by its length.
 */
final class Otf2DefinitionReader {
  private static final int CLOCK_PROPERTIES = 5;
  private static final int STRING = 10;
  private static final int ATTRIBUTE = 11;
  private static final int LOCATION_GROUP = 13;
  private static final int LOCATION = 14;
  private static final int REGION = 15;
  private static final int GROUP = 18;
  private static final int COMM = 22;
  private static final int MAPPING_TABLE = 5;
  private static final int CLOCK_OFFSET = 6;
  private static final int ID_MAP_DENSE = 0;

  private Otf2DefinitionReader() {}

  /** Visits one record: the buffer is positioned after the length; fields end at recordEnd. */
  @FunctionalInterface
  private interface RecordVisitor {
    void visit(int type, Otf2Buffer in, int recordStart) throws TraceImportException;
  }

  /**
   * Reads the global definitions.
   *
   * @param file the {@code traces.def} file
   * @param chunkSize chunk size of definition files, in bytes
   * @throws TraceImportException when the file is missing or malformed, or has no ClockProperties
   */
  static Otf2Definitions readGlobal(Path file, long chunkSize) throws TraceImportException {
    long[][] clockHolder = new long[1][];
    SortedMap<Long, String> strings = new TreeMap<>();
    SortedMap<Long, Otf2Definitions.Attribute> attributes = new TreeMap<>();
    SortedMap<Long, Otf2Definitions.LocationGroup> groupsOfLocations = new TreeMap<>();
    SortedMap<Long, Otf2Definitions.Location> locations = new TreeMap<>(Long::compareUnsigned);
    SortedMap<Long, Otf2Definitions.Region> regions = new TreeMap<>();
    SortedMap<Long, Otf2Definitions.Group> groups = new TreeMap<>();
    SortedMap<Long, Otf2Definitions.Comm> comms = new TreeMap<>();
    Otf2Buffer buffer = Otf2Buffer.open(file, chunkSize);
    readRecords(buffer, (type, in, at) -> {
      switch (type) {
        case CLOCK_PROPERTIES -> clockHolder[0] = new long[] {in.u64(), in.u64(), in.u64()};
        case STRING -> strings.put(in.u32(), in.string());
        case ATTRIBUTE -> {
          long self = in.u32();
          attributes.put(self, new Otf2Definitions.Attribute(self, in.u32(), in.u8()));
        }
        case LOCATION_GROUP -> {
          long self = in.u32();
          groupsOfLocations.put(self, new Otf2Definitions.LocationGroup(self, in.u32(), in.u8()));
        }
        case LOCATION -> {
          long self = in.u64();
          locations.put(
              self, new Otf2Definitions.Location(self, in.u32(), in.u8(), in.u64(), in.u32()));
        }
        case REGION -> {
          long self = in.u32();
          long name = in.u32();
          in.u32(); // description
          in.u8(); // region type (pre 1.1)
          in.u32(); // source file
          in.u32(); // begin line
          in.u32(); // end line
          in.u32(); // canonical name (1.1)
          int role = in.u8();
          int paradigm = in.u8();
          regions.put(self, new Otf2Definitions.Region(self, name, role, paradigm));
        }
        case GROUP -> {
          long self = in.u32();
          long name = in.u32();
          in.u8(); // group type before 1.2
          long n = in.u32();
          List<Long> members = new ArrayList<>();
          for (long i = 0; i < n; i++) {
            members.add(in.u64());
          }
          int groupType = in.u8();
          int paradigm = in.u8();
          groups.put(self, new Otf2Definitions.Group(self, name, groupType, paradigm, members));
        }
        case COMM -> {
          long self = in.u32();
          comms.put(self, new Otf2Definitions.Comm(self, in.u32(), in.u32(), in.u32()));
        }
        default -> {
          // other definitions are skipped by their length
        }
      }
    });
    if (clockHolder[0] == null) {
      throw TraceImportException.inFile(file, "no ClockProperties definition", null);
    }
    long[] c = clockHolder[0];
    return new Otf2Definitions(new Otf2Definitions.Clock(c[0], c[1], c[2]), strings, attributes,
        groupsOfLocations, locations, regions, groups, comms);
  }

  /**
   * Reads the local definitions of one location; a missing file means none.
   *
   * @param file the {@code <loc>.def} file
   * @param chunkSize chunk size of definition files, in bytes
   * @throws TraceImportException when the file exists but is malformed
   */
  static Otf2LocalDefinitions readLocal(Path file, long chunkSize) throws TraceImportException {
    if (!Files.exists(file)) {
      return Otf2LocalDefinitions.empty();
    }
    SortedMap<Integer, SortedMap<Long, Long>> mappings = new TreeMap<>();
    List<Otf2LocalDefinitions.ClockOffset> offsets = new ArrayList<>();
    readRecords(Otf2Buffer.open(file, chunkSize), (type, in, at) -> {
      if (type == MAPPING_TABLE) {
        int mappingType = in.u8();
        long size = in.u64();
        int mode = in.u8();
        SortedMap<Long, Long> table = new TreeMap<>();
        for (long i = 0; i < size; i++) {
          if (mode == ID_MAP_DENSE) {
            table.put(i, in.u64());
          } else {
            table.put(in.u64(), in.u64());
          }
        }
        mappings.put(mappingType, table);
      } else if (type == CLOCK_OFFSET) {
        offsets.add(new Otf2LocalDefinitions.ClockOffset(in.u64Full(), in.u64(), in.f64()));
      }
    });
    return new Otf2LocalDefinitions(mappings, offsets);
  }

  /** Walks the records of a chunked definition file up to its end-of-file marker. */
  private static void readRecords(Otf2Buffer in, RecordVisitor visitor)
      throws TraceImportException {
    in.readHeader(true);
    while (true) {
      if (in.atEndOfData()) {
        throw in.error(in.position(), "unexpected end of file (truncated?): no end-of-file marker");
      }
      int at = in.position();
      int type = in.u8();
      if (type == Otf2Buffer.END_OF_FILE) {
        return;
      }
      if (type == Otf2Buffer.END_OF_CHUNK || type == Otf2Buffer.END_OF_BUFFER) {
        if (!in.nextChunk()) {
          throw in.error(at, "unexpected end of file (truncated?): no end-of-file marker");
        }
        continue;
      }
      int end = in.recordEnd(at);
      visitor.visit(type, in, at);
      in.endRecord(at, end);
    }
  }
}
