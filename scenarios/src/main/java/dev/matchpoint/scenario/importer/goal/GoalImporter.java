package dev.matchpoint.scenario.importer.goal;

import dev.matchpoint.scenario.importer.DependencyGraph;
import dev.matchpoint.scenario.importer.ImportedTrace;
import dev.matchpoint.scenario.importer.LocationProgram;
import dev.matchpoint.scenario.importer.MessageSize;
import dev.matchpoint.scenario.importer.ReceiveSpec;
import dev.matchpoint.scenario.importer.RequestKey;
import dev.matchpoint.scenario.importer.SourcePattern;
import dev.matchpoint.scenario.importer.TagPattern;
import dev.matchpoint.scenario.importer.TraceClock;
import dev.matchpoint.scenario.importer.TraceCommunicator;
import dev.matchpoint.scenario.importer.TraceImportException;
import dev.matchpoint.scenario.importer.TraceImportFormat;
import dev.matchpoint.scenario.importer.TraceImporter;
import dev.matchpoint.scenario.importer.TraceLocation;
import dev.matchpoint.scenario.importer.TraceOp;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeSet;

/**
 * Imports a LogGOPSim GOAL schedule (TRACE-FORMATS.md §2.3). The dependency graph is kept in
 * {@link ImportedTrace#dependencies()}; each rank's program is one deterministic linearisation:
 * operations in topological order, taking the earliest in file order among those whose
 * prerequisites are placed; every send is an {@link TraceOp.Isend} and every receive an {@link
 * TraceOp.Irecv} (GOAL operations do not block by themselves), a {@code requires} on a send or
 * receive becomes a {@link TraceOp.Wait} on it just before the dependent operation, {@code calc}
 * becomes a {@link TraceOp.Compute}, and one final Wait completes what is still outstanding.
 * Receives keep -1 as a wildcard source or tag. Requests are numbered per rank in file order.
 */
public final class GoalImporter implements TraceImporter {
  private static final OptionalLong NO_TIME = OptionalLong.empty();

  /** Creates an importer; it keeps no state between reads. */
  public GoalImporter() {}

  /**
   * Reads a GOAL file.
   *
   * @param path the {@code .goal} file
   * @return the import
   * @throws TraceImportException on a missing file, an unknown operation or keyword, a
   *     non-numeric field, an unknown or duplicate label, an unterminated block or comment, a rank
   *     outside {@code num_ranks}, a {@code num_ranks} beyond {@link
   *     dev.matchpoint.scenario.importer.ImportLimits#rankProblem}, a message above {@link
   *     dev.matchpoint.scenario.importer.ImportLimits#MAX_MESSAGE_BYTES}, or a dependency cycle; the
   *     message names file, line and column
   */
  @Override
  public ImportedTrace read(Path path) throws TraceImportException {
    // Each rank's parsed block is dropped once it is linearised, and the text once it is parsed.
    List<GoalSchedule.Rank> blocks = new ArrayList<>(GoalParser.parse(path, text(path)).ranks());
    Map<Long, MessageSize> sizes = new HashMap<>();
    List<LocationProgram> programs = new ArrayList<>();
    List<DependencyGraph.Node> nodes = new ArrayList<>();
    List<DependencyGraph.Edge> edges = new ArrayList<>();
    List<Integer> world = new ArrayList<>();
    for (int rank = 0; rank < blocks.size(); rank++) {
      world.add(rank);
      GoalSchedule.Rank block = blocks.set(rank, null);
      programs.add(linearise(path, rank, block, nodes, sizes));
      for (GoalSchedule.Dependency d : block.dependencies()) {
        edges.add(new DependencyGraph.Edge(rank, d.dependent(), d.prerequisite(),
            d.startOnly() ? DependencyGraph.Kind.IREQUIRES : DependencyGraph.Kind.REQUIRES));
      }
    }
    return new ImportedTrace(
        TraceImportFormat.GOAL,
        TraceClock.untimed(),
        List.of(new TraceCommunicator(0, "MPI_COMM_WORLD", world, false)),
        programs,
        TraceImportFormat.GOAL.limits(),
        List.of(),
        Optional.of(new DependencyGraph(nodes, edges)));
  }

  private static String text(Path path) throws TraceImportException {
    try {
      return Files.readString(path, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      throw TraceImportException.inFile(path, "missing file", e);
    } catch (IOException e) {
      throw TraceImportException.inFile(path, "cannot read: " + e.getMessage(), e);
    }
  }

  /** Linearises one rank; {@code sizes} shares one {@link MessageSize} per distinct amount. */
  private static LocationProgram linearise(Path path, int rank, GoalSchedule.Rank block,
      List<DependencyGraph.Node> nodes, Map<Long, MessageSize> sizes) throws TraceImportException {
    List<GoalSchedule.Op> ops = block.ops();
    int n = ops.size();
    int[] waitingFor = new int[n];
    List<List<GoalSchedule.Dependency>> dependents = new ArrayList<>();
    List<List<GoalSchedule.Dependency>> prerequisites = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      dependents.add(new ArrayList<>());
      prerequisites.add(new ArrayList<>());
    }
    for (GoalSchedule.Dependency d : block.dependencies()) {
      waitingFor[d.dependent()]++;
      dependents.get(d.prerequisite()).add(d);
      prerequisites.get(d.dependent()).add(d);
    }
    TreeSet<Integer> ready = new TreeSet<>();
    for (int i = 0; i < n; i++) {
      if (waitingFor[i] == 0) {
        ready.add(i);
      }
    }
    RequestKey[] requests = new RequestKey[n];
    boolean[] waited = new boolean[n];
    int[] opIndex = new int[n];
    List<RequestKey> outstanding = new ArrayList<>();
    List<TraceOp> program = new ArrayList<>();
    int placed = 0;
    while (!ready.isEmpty()) {
      int i = ready.pollFirst();
      placed++;
      for (GoalSchedule.Dependency d : prerequisites.get(i)) {
        int p = d.prerequisite();
        if (!d.startOnly() && requests[p] != null && !waited[p]) {
          waited[p] = true;
          outstanding.remove(requests[p]);
          program.add(new TraceOp.Wait(NO_TIME, List.of(requests[p])));
        }
      }
      GoalSchedule.Op op = ops.get(i);
      opIndex[i] = program.size();
      switch (op.kind()) {
        case SEND -> {
          requests[i] = new RequestKey(rank, i, 0);
          program.add(new TraceOp.Isend(NO_TIME, requests[i], (int) op.peer(), 0, op.tag(),
              sizes.computeIfAbsent(op.amount(), MessageSize::bytes)));
        }
        case RECV -> {
          requests[i] = new RequestKey(rank, i, 0);
          SourcePattern source =
              op.peer() < 0 ? SourcePattern.any() : SourcePattern.rank((int) op.peer());
          TagPattern tag = op.tag() < 0 ? TagPattern.any() : TagPattern.of(op.tag());
          program.add(new TraceOp.Irecv(NO_TIME, requests[i],
              Optional.of(new ReceiveSpec(source, tag, 0, sizes.computeIfAbsent(op.amount(), MessageSize::bytes)))));
        }
        case CALC -> program.add(
            new TraceOp.Compute(NO_TIME, op.amount(), TraceOp.ComputeUnit.GOAL_TIME_UNITS));
      }
      if (requests[i] != null) {
        outstanding.add(requests[i]);
      }
      for (GoalSchedule.Dependency d : dependents.get(i)) {
        if (--waitingFor[d.dependent()] == 0) {
          ready.add(d.dependent());
        }
      }
    }
    if (placed < n) {
      for (GoalSchedule.Dependency d : block.dependencies()) {
        if (waitingFor[d.dependent()] > 0) {
          throw TraceImportException.atLine(path, d.line(), d.column(),
              "dependency cycle in rank " + rank);
        }
      }
    }
    if (!outstanding.isEmpty()) {
      program.add(new TraceOp.Wait(NO_TIME, outstanding));
    }
    for (int i = 0; i < n; i++) {
      nodes.add(new DependencyGraph.Node(rank, i, ops.get(i).label(), opIndex[i]));
    }
    return new LocationProgram(new TraceLocation(rank, rank, 0, "rank " + rank), program);
  }
}
