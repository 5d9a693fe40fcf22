package dev.matchpoint.scenario.importer;

import java.util.Comparator;
import java.util.Objects;

/**
 * One thread of execution of the traced run: the unit that has a program.
 *
 * @param id the format's location id: the OTF2 location id (unsigned 64-bit, e.g. 4294967296), or
 *     the rank for formats without threads
 * @param rank the MPI_COMM_WORLD rank of the process, at least 0
 * @param thread the thread index within the rank, at least 0; 0 is the thread that appears in
 *     OTF2's MPI_COMM_WORLD location group, the others follow by ascending location id
 * @param name a readable name, e.g. {@code "rank 0 thread 1"}
 */
public record TraceLocation(long id, int rank, int thread, String name) {
  /** Orders by rank, then thread: the order of {@link ImportedTrace#programs()}. */
  public static final Comparator<TraceLocation> BY_RANK_THEN_THREAD =
      Comparator.comparingInt(TraceLocation::rank).thenComparingInt(TraceLocation::thread);

  /**
   * Validates.
   *
   * @throws IllegalArgumentException when rank or thread is negative
   */
  public TraceLocation {
    Objects.requireNonNull(name, "name");
    if (rank < 0 || thread < 0) {
      throw new IllegalArgumentException("location " + id + ": rank " + rank + " thread " + thread);
    }
  }
}
