package dev.matchpoint.scenario.importer.goal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.scenario.importer.DependencyGraph;
import dev.matchpoint.scenario.importer.FormatLimit;
import dev.matchpoint.scenario.importer.ImportedTrace;
import dev.matchpoint.scenario.importer.MessageSize;
import dev.matchpoint.scenario.importer.ReceiveSpec;
import dev.matchpoint.scenario.importer.RequestKey;
import dev.matchpoint.scenario.importer.SourcePattern;
import dev.matchpoint.scenario.importer.TagPattern;
import dev.matchpoint.scenario.importer.TraceImportException;
import dev.matchpoint.scenario.importer.TraceImportFormat;
import dev.matchpoint.scenario.importer.TraceOp;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GoalImporterTest {
  private static final OptionalLong NONE = OptionalLong.empty();
  @TempDir Path dir;

  private static ImportedTrace read(Path path) throws TraceImportException {
    return TraceImportFormat.named("goal").importer().read(path);
  }

  private static Path resource(String name) throws Exception {
    return Path.of(GoalImporterTest.class.getResource("/traces/goal/" + name).toURI());
  }

  private static ReceiveSpec spec(SourcePattern source, TagPattern tag, long bytes) {
    return new ReceiveSpec(source, tag, 0, MessageSize.bytes(bytes));
  }

  @Test
  void binaryTree_rank1_waitsForItsReceiveBeforeForwarding() throws Exception {
    ImportedTrace trace = read(resource("binary_tree_4.goal"));
    assertEquals(4, trace.programs().size());
    RequestKey recv = new RequestKey(1, 0, 0);
    RequestKey send = new RequestKey(1, 1, 0);
    assertEquals(
        List.of(
            new TraceOp.Irecv(NONE, recv, Optional.of(
                spec(SourcePattern.rank(0), TagPattern.of(0), 1))),
            new TraceOp.Wait(NONE, List.of(recv)),
            new TraceOp.Isend(NONE, send, 3, 0, 0, MessageSize.bytes(1)),
            new TraceOp.Wait(NONE, List.of(send))),
        trace.program(1).ops());
    DependencyGraph graph = trace.dependencies().orElseThrow();
    assertEquals(List.of(new DependencyGraph.Edge(1, 1, 0, DependencyGraph.Kind.REQUIRES)),
        graph.edges());
    assertTrue(trace.limits().contains(FormatLimit.SCHEDULE_LINEARISED));
  }

  @Test
  void features_wildcardsLabelsAndIrequires() throws Exception {
    ImportedTrace trace = read(resource("features.goal"));
    RequestKey r1 = new RequestKey(0, 0, 0);
    RequestKey s1 = new RequestKey(0, 2, 0);
    RequestKey r2 = new RequestKey(0, 3, 0);
    assertEquals(
        List.of(
            new TraceOp.Irecv(NONE, r1, Optional.of(spec(SourcePattern.any(), TagPattern.any(), 64))),
            new TraceOp.Wait(NONE, List.of(r1)),
            new TraceOp.Compute(NONE, 500, TraceOp.ComputeUnit.GOAL_TIME_UNITS),
            new TraceOp.Isend(NONE, s1, 1, 0, 3, MessageSize.bytes(8)),
            new TraceOp.Irecv(NONE, r2, Optional.of(
                spec(SourcePattern.rank(2), TagPattern.of(0), 16))),
            new TraceOp.Wait(NONE, List.of(s1, r2))),
        trace.program(0).ops());
    DependencyGraph graph = trace.dependencies().orElseThrow();
    assertEquals(List.of(
            new DependencyGraph.Edge(0, 1, 0, DependencyGraph.Kind.REQUIRES),
            new DependencyGraph.Edge(0, 2, 1, DependencyGraph.Kind.IREQUIRES)),
        graph.edges());
    assertEquals(new DependencyGraph.Node(0, 1, Optional.of("c1"), 2), graph.nodes().get(1));
    assertEquals(new DependencyGraph.Node(2, 0, Optional.empty(), 0), graph.nodes().get(6));
    assertTrue(trace.limits().contains(FormatLimit.WILDCARDS_AS_MINUS_ONE));
  }

  @Test
  void dependencyOrder_overridesFileOrder() throws Exception {
    Path file = dir.resolve("order.goal");
    Files.writeString(file, "num_ranks 1\nrank 0 {\na: calc 1\nb: calc 2\na requires b\n}\n");
    assertEquals(List.of(2.0, 1.0), read(file).program(0).ops().stream()
        .map(o -> ((TraceOp.Compute) o).amount()).toList());
  }

  private TraceImportException failure(String text) throws Exception {
    Path file = dir.resolve("bad.goal");
    Files.writeString(file, text);
    return assertThrows(TraceImportException.class, () -> read(file));
  }

  @Test
  void badInput_namesFileLineAndColumn() throws Exception {
    TraceImportException e = failure("num_ranks 2\nrank 0 {\n  l1: bcast 4b to 1\n}\n");
    assertTrue(e.getMessage().contains("bad.goal: line 3, column 7: unknown operation 'bcast'"),
        e.getMessage());
    assertEquals("line 3, column 12",
        failure("num_ranks 2\nrank 0 {\nsend 4b to x\n}\n").place(), "non-numeric field");
    assertTrue(failure("num_ranks 2\nrank 0 {\nsend four b to 1\n}\n").reason()
        .contains("non-numeric field 'four'"));
    TraceImportException label = failure("num_ranks 1\nrank 0 {\na: calc 1\na requires zz\n}\n");
    assertEquals("line 4, column 12", label.place());
    assertTrue(label.reason().contains("unknown label zz"));
    TraceImportException block = failure("num_ranks 1\nrank 0 {\na: calc 1\n");
    assertEquals("line 2, column 1", block.place());
    assertTrue(block.reason().contains("unterminated block of rank 0"));
    assertTrue(failure("num_ranks 1\n/* open\n").reason().contains("unterminated comment"));
    assertTrue(failure("num_ranks 1\nrank 0 {\nsend 1b to 0 tag -1\n}\n").reason()
        .contains("non-numeric field '-1'"), "a send has no wildcard tag");
    assertTrue(failure("num_ranks 1\nrank 0 {\nrecv 1b from 3\n}\n").reason()
        .contains("outside num_ranks"));
    TraceImportException cycle =
        failure("num_ranks 1\nrank 0 {\na: calc 1\nb: calc 1\na requires b\nb requires a\n}\n");
    assertTrue(cycle.reason().contains("dependency cycle"), cycle.getMessage());
    assertTrue(failure("rank 0 {\n}\n").reason().contains("before num_ranks"));
  }
}
