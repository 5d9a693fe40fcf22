package dev.matchpoint.scenario.importer.otf2;

import dev.matchpoint.scenario.importer.TraceImportException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A decoded OTF2 archive: anchor, global definitions and every location's events (TRACE-FORMATS.md
 * §1.2). Reading is all or nothing: {@link #read} returns a complete archive or throws.
 *
 * @param anchorFile the anchor file read
 * @param anchor the anchor
 * @param definitions the global definitions
 * @param events per location id (unsigned order) its events in file order
 */
public record Otf2Archive(
    Path anchorFile,
    Otf2Anchor anchor,
    Otf2Definitions definitions,
    SortedMap<Long, List<Otf2Event>> events) {
  /**
   * The order of libotf2's global event reader (TRACE-FORMATS.md §1.6): timestamp, then location
   * id, then file order within a location; timestamps and ids compare unsigned.
   */
  public static final Comparator<Otf2Event> MERGE_ORDER =
      Comparator.<Otf2Event>comparingLong(e -> e.timeTicks() ^ Long.MIN_VALUE)
          .thenComparingLong(e -> e.location() ^ Long.MIN_VALUE)
          .thenComparingInt(Otf2Event::sequence);

  /** Wraps the map unmodifiable. */
  public Otf2Archive {
    events = Collections.unmodifiableSortedMap(events);
  }

  /**
   * Reads an archive: {@code <dir>/<name>.otf2}, {@code <dir>/<name>.def} and {@code
   * <dir>/<name>/<location>.evt|.def}.
   *
   * @param anchorFile the anchor file; the archive name is its file name without {@code .otf2}
   * @return the archive
   * @throws TraceImportException when any file is missing or malformed (a truncated file, a wrong
   *     magic, an unknown anchor version, a record that runs past its chunk, a missing event file
   *     of a location that has events); the message names the file and byte offset
   */
  public static Otf2Archive read(Path anchorFile) throws TraceImportException {
    Otf2Anchor anchor = Otf2Anchor.read(anchorFile);
    String fileName = anchorFile.getFileName().toString();
    String name = fileName.endsWith(".otf2") ? fileName.substring(0, fileName.length() - 5) : fileName;
    Path dir = anchorFile.toAbsolutePath().getParent();
    Otf2Definitions definitions =
        Otf2DefinitionReader.readGlobal(dir.resolve(name + ".def"), anchor.chunkSizeDefinitions());
    Path locationDir = dir.resolve(name);
    SortedMap<Long, List<Otf2Event>> events = new TreeMap<>(Long::compareUnsigned);
    for (Otf2Definitions.Location location : definitions.locations().values()) {
      String id = Long.toUnsignedString(location.id());
      Path evt = locationDir.resolve(id + ".evt");
      if (location.numberOfEvents() == 0 && !Files.exists(evt)) {
        events.put(location.id(), List.of());
        continue;
      }
      Otf2LocalDefinitions local =
          Otf2DefinitionReader.readLocal(locationDir.resolve(id + ".def"), anchor.chunkSizeDefinitions());
      events.put(location.id(),
          List.copyOf(Otf2EventReader.read(evt, location.id(), anchor.chunkSizeEvents(), local)));
    }
    return new Otf2Archive(anchorFile, anchor, definitions, events);
  }

  /**
   * Returns all events merged by {@link #MERGE_ORDER}, the order in which {@code otf2-print} and
   * libotf2's global event reader deliver them.
   */
  public List<Otf2Event> mergedEvents() {
    List<Otf2Event> all = new ArrayList<>();
    for (Map.Entry<Long, List<Otf2Event>> e : events.entrySet()) {
      all.addAll(e.getValue());
    }
    all.sort(MERGE_ORDER);
    return all;
  }

  /**
   * Converts an absolute (corrected) tick count to ticks since the global offset.
   *
   * @param absoluteTicks unsigned ticks
   * @return ticks since {@link Otf2Definitions.Clock#globalOffset()}, negative if before it
   */
  public long relativeTicks(long absoluteTicks) {
    return absoluteTicks - definitions.clock().globalOffset();
  }
}
