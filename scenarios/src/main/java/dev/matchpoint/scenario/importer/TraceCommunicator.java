package dev.matchpoint.scenario.importer;

import java.util.List;
import java.util.Objects;

/**
 * A communicator of the trace and its ranks' MPI_COMM_WORLD ranks.
 *
 * @param id the id operations use (OTF2 global Comm id; 0 for formats with only MPI_COMM_WORLD)
 * @param name its name, e.g. {@code MPI_COMM_WORLD}
 * @param worldRanks element r is the world rank of rank r in this communicator; empty for a
 *     communicator of type MPI_COMM_SELF, whose only rank is the calling process
 * @param self true for an MPI_COMM_SELF-like communicator (OTF2 group type COMM_SELF)
 */
public record TraceCommunicator(long id, String name, List<Integer> worldRanks, boolean self) {
  /** Validates and copies. */
  public TraceCommunicator {
    Objects.requireNonNull(name, "name");
    worldRanks = List.copyOf(worldRanks);
  }

  /**
   * Returns the world rank of a rank of this communicator (TRACE-FORMATS.md §1.5, "Rank ↔
   * location").
   *
   * @param commRank rank in this communicator
   * @return the MPI_COMM_WORLD rank
   * @throws IllegalArgumentException when the rank is outside the communicator, or the
   *     communicator is a self communicator (whose rank 0 depends on the caller)
   */
  public int worldRank(int commRank) {
    if (self) {
      throw new IllegalArgumentException("communicator " + name + " is a self communicator");
    }
    if (commRank < 0 || commRank >= worldRanks.size()) {
      throw new IllegalArgumentException(
          "rank " + commRank + " outside communicator " + name + " of size " + worldRanks.size());
    }
    return worldRanks.get(commRank);
  }
}
