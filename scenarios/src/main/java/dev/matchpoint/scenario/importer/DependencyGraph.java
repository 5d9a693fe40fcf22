package dev.matchpoint.scenario.importer;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A schedule's dependency graph (GOAL), kept beside its linearised programs. Nodes are the
 * schedule's operations; edges say which must complete (or start) before another starts.
 *
 * @param nodes every operation, per location in file order
 * @param edges every dependency, in file order
 */
public record DependencyGraph(List<Node> nodes, List<Edge> edges) {
  /** Validates and copies. */
  public DependencyGraph {
    nodes = List.copyOf(nodes);
    edges = List.copyOf(edges);
  }

  /** How an edge constrains its target. */
  public enum Kind {
    /** GOAL {@code a requires b}: a starts after b completes. */
    REQUIRES,
    /** GOAL {@code a irequires b}: a starts after b starts. */
    IREQUIRES
  }

  /**
   * One operation of the schedule.
   *
   * @param location the location (rank) it belongs to
   * @param index its position among the location's operations in file order, from 0
   * @param label its label, if it has one
   * @param opIndex the position of its operation in the location's linearised program ({@link
   *     LocationProgram#ops()})
   */
  public record Node(long location, int index, Optional<String> label, int opIndex) {
    /** Validates that no component is null. */
    public Node {
      Objects.requireNonNull(label, "label");
    }
  }

  /**
   * A dependency between two operations of one location.
   *
   * @param location the location
   * @param dependent the node index that waits
   * @param prerequisite the node index it waits for
   * @param kind whether it waits for completion or only for the start
   */
  public record Edge(long location, int dependent, int prerequisite, Kind kind) {
    /** Validates that no component is null. */
    public Edge {
      Objects.requireNonNull(kind, "kind");
    }
  }
}
