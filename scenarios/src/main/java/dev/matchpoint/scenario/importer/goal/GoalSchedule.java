package dev.matchpoint.scenario.importer.goal;

import java.util.List;
import java.util.Optional;

/**
 * A parsed GOAL schedule.
 *
 * @param numRanks the declared number of ranks
 * @param ranks per rank its operations and dependencies, by rank (ranks without a block are
 *     empty)
 */
record GoalSchedule(int numRanks, List<Rank> ranks) {
  enum Kind { SEND, RECV, CALC }

  /**
   * One operation. {@code peer} and {@code tag} are -1 for a receive's wildcard.
   *
   * @param index position in the rank's block, from 0
   * @param label its label, if any
   * @param kind send, recv or calc
   * @param amount bytes for send/recv, time units for calc
   * @param peer destination or source rank, -1 for any (recv only); 0 for calc
   * @param tag the tag, -1 for any (recv only)
   * @param line line it was declared on
   */
  record Op(int index, Optional<String> label, Kind kind, long amount, long peer, long tag,
      int line) {}

  /**
   * A dependency.
   *
   * @param dependent the op that waits
   * @param prerequisite the op it waits for
   * @param startOnly true for {@code irequires} (waits for the start only)
   * @param line line it was declared on
   * @param column column of its first label
   */
  record Dependency(int dependent, int prerequisite, boolean startOnly, int line, int column) {}

  /**
   * One rank's block.
   *
   * @param ops operations in file order
   * @param dependencies dependencies in file order
   */
  record Rank(List<Op> ops, List<Dependency> dependencies) {}
}
