package dev.matchpoint.scenario.importer;

import java.util.List;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Optional;

/**
 * The format-neutral result of importing a trace: what the scenario converter needs to build one
 * program per location (rank, thread).
 *
 * @param format the format read
 * @param clock the clock of all {@link TraceOp#timeTicks()}
 * @param communicators every communicator, by ascending id
 * @param programs one program per location, ordered by rank then thread
 * @param limits what this format could not tell ({@link TraceImportFormat#limits()})
 * @param warnings oddities of this trace that the importer handled, in input order
 * @param dependencies the dependency graph for schedule formats (GOAL); empty otherwise
 */
public record ImportedTrace(
    TraceImportFormat format,
    TraceClock clock,
    List<TraceCommunicator> communicators,
    List<LocationProgram> programs,
    List<FormatLimit> limits,
    List<ImportWarning> warnings,
    Optional<DependencyGraph> dependencies) {
  /** Validates and copies. */
  public ImportedTrace {
    Objects.requireNonNull(format, "format");
    Objects.requireNonNull(clock, "clock");
    communicators = List.copyOf(communicators);
    programs = List.copyOf(programs);
    limits = List.copyOf(limits);
    warnings = List.copyOf(warnings);
    Objects.requireNonNull(dependencies, "dependencies");
  }

  /**
   * Returns the program of a location.
   *
   * @param locationId the location's id
   * @return its program
   * @throws NoSuchElementException when the trace has no such location
   */
  public LocationProgram program(long locationId) {
    for (LocationProgram program : programs) {
      if (program.location().id() == locationId) {
        return program;
      }
    }
    throw new NoSuchElementException("no location " + Long.toUnsignedString(locationId));
  }

  /**
   * Returns a communicator by id.
   *
   * @param id the communicator id
   * @return the communicator
   * @throws NoSuchElementException when the trace has no such communicator
   */
  public TraceCommunicator communicator(long id) {
    for (TraceCommunicator communicator : communicators) {
      if (communicator.id() == id) {
        return communicator;
      }
    }
    throw new NoSuchElementException("no communicator " + id);
  }
}
