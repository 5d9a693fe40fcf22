package dev.matchpoint.scenario.importer.otf2;

import dev.matchpoint.scenario.importer.TraceImportException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The anchor file {@code <archive>.otf2} (TRACE-FORMATS.md §1.4, anchor format version 3).
 *
 * @param otf2Version the writing library's version, e.g. {@code "3.0.2"}
 * @param chunkSizeEvents chunk size of event files, in bytes
 * @param chunkSizeDefinitions chunk size of definition files, in bytes
 * @param substrate 1 POSIX, 2 SION, 3 NONE
 * @param compression 1 NONE, 2 ZLIB
 * @param numberOfLocations locations the archive declares
 * @param numberOfGlobalDefinitions global definition records the archive declares
 * @param machine machine name
 * @param creator creator string
 * @param description description string
 * @param properties archive properties in file order
 * @param traceId the trace identifier (random per archive)
 */
public record Otf2Anchor(
    String otf2Version,
    long chunkSizeEvents,
    long chunkSizeDefinitions,
    int substrate,
    int compression,
    long numberOfLocations,
    long numberOfGlobalDefinitions,
    String machine,
    String creator,
    String description,
    Map<String, String> properties,
    long traceId) {
  /** The only anchor format version this reader knows. */
  public static final int ANCHOR_FORMAT_VERSION = 3;

  private static final int SUBSTRATE_POSIX = 1;
  private static final int COMPRESSION_NONE = 1;

  /** Copies the properties, keeping file order. */
  public Otf2Anchor {
    properties = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(properties));
  }

  /**
   * Reads an anchor file.
   *
   * @param file the anchor file
   * @return the anchor
   * @throws TraceImportException when the file is missing, truncated, has the wrong magic, an
   *     unknown anchor format version, or uses a substrate or compression this reader does not
   *     support (SION, zlib); the message names the file and byte offset
   */
  static Otf2Anchor read(Path file) throws TraceImportException {
    Otf2Buffer in = Otf2Buffer.open(file, 0);
    in.readHeader(false);
    int magicAt = in.position();
    String magic = in.string();
    if (!"OTF2".equals(magic)) {
      throw in.error(magicAt, "wrong magic: expected \"OTF2\", found \"" + magic + "\"");
    }
    int versionAt = in.position();
    int anchorVersion = in.u8();
    if (anchorVersion != ANCHOR_FORMAT_VERSION) {
      throw in.error(
          versionAt,
          "unknown anchor format version " + anchorVersion + " (this reader knows "
              + ANCHOR_FORMAT_VERSION + ")");
    }
    in.u8(); // trace format version
    String version = in.u8() + "." + in.u8() + "." + in.u8();
    long chunkEvents = in.u64Full();
    long chunkDefs = in.u64Full();
    int substrateAt = in.position();
    int substrate = in.u8();
    int compression = in.u8();
    if (substrate != SUBSTRATE_POSIX) {
      throw in.error(substrateAt, "unsupported file substrate " + substrate + " (only POSIX)");
    }
    if (compression != COMPRESSION_NONE) {
      throw in.error(substrateAt + 1, "unsupported compression " + compression + " (only none)");
    }
    if (chunkEvents <= 0 || chunkDefs <= 0 || chunkEvents > Integer.MAX_VALUE
        || chunkDefs > Integer.MAX_VALUE) {
      throw in.error(versionAt + 4, "implausible chunk sizes " + chunkEvents + ", " + chunkDefs);
    }
    long locations = in.u64Full();
    long definitions = in.u64Full();
    String machine = in.string();
    String creator = in.string();
    String description = in.string();
    int count = in.u32Full();
    Map<String, String> properties = new LinkedHashMap<>();
    for (int i = 0; i < count; i++) {
      properties.put(in.string(), in.string());
    }
    long traceId = in.u64Full();
    in.u32Full(); // snapshots
    in.u32Full(); // thumbnails
    int endAt = in.position();
    if (in.u8() != Otf2Buffer.END_OF_FILE) {
      throw in.error(endAt, "expected the end-of-file marker 0x02");
    }
    return new Otf2Anchor(version, chunkEvents, chunkDefs, substrate, compression, locations,
        definitions, machine, creator, description, properties, traceId);
  }
}
