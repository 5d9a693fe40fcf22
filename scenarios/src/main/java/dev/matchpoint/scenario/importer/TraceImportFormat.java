package dev.matchpoint.scenario.importer;

import dev.matchpoint.scenario.importer.goal.GoalImporter;
import dev.matchpoint.scenario.importer.otf2.Otf2Importer;
import dev.matchpoint.scenario.importer.simgrid.SimgridTiImporter;
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
