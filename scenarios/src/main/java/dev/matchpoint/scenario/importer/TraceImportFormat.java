package dev.matchpoint.scenario.importer;

import dev.matchpoint.scenario.importer.goal.GoalImporter;
import dev.matchpoint.scenario.importer.otf2.Otf2Importer;
import dev.matchpoint.scenario.importer.simgrid.SimgridTiImporter;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * The trace formats Matchpoint imports, as a registry: the constant's {@link #formatName()} is the
 * only name of a format (as in Caffeine's {@code TraceFormat}). Each format states the {@link
 * FormatLimit}s every trace it reads carries.
 */
public enum TraceImportFormat {
  /** OTF2 archives (Score-P, python3-otf2); TRACE-FORMATS.md §1. */
  OTF2(
      "otf2",
      Otf2Importer::new,
      List.of(
          FormatLimit.RECEIVE_WILDCARDS_NOT_RECORDED,
          FormatLimit.CANCEL_RECORDED_AT_COMPLETION,
          FormatLimit.THREAD_ORDER_FROM_TIMESTAMPS)),
  /** SimGrid time-independent traces; TRACE-FORMATS.md §2.1. */
  SIMGRID_TI(
      "simgrid-ti",
      SimgridTiImporter::new,
      List.of(
          FormatLimit.ANY_SOURCE_WRITTEN_AS_UNDEFINED,
          FormatLimit.WORLD_COMMUNICATOR_ONLY,
          FormatLimit.NO_REQUEST_IDS,
          FormatLimit.NO_CANCEL,
          FormatLimit.NO_TIMESTAMPS)),
  /** LogGOPSim GOAL schedules; TRACE-FORMATS.md §2.3. */
  GOAL(
      "goal",
      GoalImporter::new,
      List.of(
          FormatLimit.WILDCARDS_AS_MINUS_ONE,
          FormatLimit.WORLD_COMMUNICATOR_ONLY,
          FormatLimit.NO_REQUEST_IDS,
          FormatLimit.NO_CANCEL,
          FormatLimit.NO_TIMESTAMPS,
          FormatLimit.SCHEDULE_LINEARISED));

  private final String formatName;
  private final Supplier<TraceImporter> factory;
  private final List<FormatLimit> limits;

  TraceImportFormat(String formatName, Supplier<TraceImporter> factory, List<FormatLimit> limits) {
    this.formatName = formatName;
    this.factory = factory;
    this.limits = limits;
  }

  /**
   * Looks a format up by its name.
   *
   * @param name {@code otf2}, {@code simgrid-ti} or {@code goal}; case-insensitive
   * @return the format
   * @throws IllegalArgumentException when no format has that name; the message lists the names
   */
  public static TraceImportFormat named(String name) {
    String wanted = name.toLowerCase(Locale.ROOT);
    for (TraceImportFormat format : values()) {
      if (format.formatName.equals(wanted)) {
        return format;
      }
    }
    throw new IllegalArgumentException(
        "unknown trace format '"
            + name
            + "'; known: "
            + Arrays.stream(values()).map(f -> f.formatName).collect(Collectors.joining(", ")));
  }

  /** The lines of a text trace {@link #detect} reads at most before it gives up. */
  private static final int DETECT_LINES = 64;

  /**
   * The format of a trace file, told from its name and its first bytes, for {@code matchpoint
   * import} without {@code --format}:
   *
   * <ul>
   *   <li>{@link #OTF2}: the name ends with {@code .otf2} (an OTF2 archive's anchor file), or the
   *       file starts with an OTF2 buffer header naming {@code "OTF2"} (its magic);
   *   <li>{@link #GOAL}: the name ends with {@code .goal}, or the first line that is not blank and
   *       not a comment starts with {@code num_ranks} (LogGOPSim's GOAL schedule header);
   *   <li>{@link #SIMGRID_TI}: the first such line is a TI action, {@code RANK ACTION ...} with a
   *       non-negative integer rank (SimGrid's time-independent trace), or every such line is one
   *       word and the first names an existing file next to the trace (an index of per-rank files).
   * </ul>
   *
   * @param file the trace file
   * @return the format
   * @throws TraceImportException when the file is missing or unreadable, or matches no format;
   *     the message names the file, the formats it tried and the {@code --format} option
   */
  public static TraceImportFormat detect(Path file) throws TraceImportException {
    String name = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
    if (name.endsWith(".otf2")) {
      return OTF2;
    }
    if (name.endsWith(".goal")) {
      return GOAL;
    }
    byte[] head;
    try (InputStream in = Files.newInputStream(file)) {
      head = in.readNBytes(16);
    } catch (NoSuchFileException e) {
      throw TraceImportException.inFile(file, "missing file", e);
    } catch (IOException e) {
      throw TraceImportException.inFile(file, "cannot read: " + e.getMessage(), e);
    }
    if (new String(head, StandardCharsets.ISO_8859_1).contains("OTF2")) {
      return OTF2;
    }
    try (BufferedReader in = new BufferedReader(new java.io.InputStreamReader(Files.newInputStream(file),
        StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)))) {
      int seen = 0;
      for (String line = in.readLine(); line != null && seen < DETECT_LINES; line = in.readLine()) {
        String s = line.strip();
        if (s.isEmpty() || s.startsWith("#") || s.startsWith("//")) {
          continue;
        }
        seen++;
        String[] words = s.split("\\s+");
        if (words[0].equals("num_ranks")) {
          return GOAL;
        }
        if (words.length >= 2 && words[0].matches("\\d{1,9}") && words[1].matches("[A-Za-z_]+")) {
          return SIMGRID_TI;
        }
        if (words.length == 1 && file.toAbsolutePath().getParent() != null) {
          try {
            if (Files.isRegularFile(file.toAbsolutePath().getParent().resolve(words[0]))) {
              return SIMGRID_TI;
            }
          } catch (java.nio.file.InvalidPathException e) {
            // not a file name: not an index
          }
        }
        break;
      }
    } catch (CharacterCodingException e) {
      // binary, and not OTF2: no format
    } catch (IOException e) {
      throw TraceImportException.inFile(file, "cannot read: " + e.getMessage(), e);
    }
    throw TraceImportException.inFile(file, "cannot tell the trace format: not an OTF2 anchor file (.otf2), "
        + "not a GOAL schedule (.goal, or 'num_ranks N' first), not a SimGrid TI trace ('RANK ACTION ...' lines, "
        + "or a list of per-rank files); give --format otf2, simgrid-ti or goal", null);
  }

  /** Returns the name used on the command line and in scenario files. */
  public String formatName() {
    return formatName;
  }

  /** Returns a new importer for this format. */
  public TraceImporter importer() {
    return factory.get();
  }

  /** Returns what every trace of this format cannot tell, in declaration order. */
  public List<FormatLimit> limits() {
    return limits;
  }
}
