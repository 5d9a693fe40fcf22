package dev.matchpoint.scenario.importer.simgrid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SimgridTiImporterTest {
  private static final OptionalLong NONE = OptionalLong.empty();
  @TempDir Path dir;

  private static Path resource(String name) throws URISyntaxException {
    return Path.of(SimgridTiImporterTest.class.getResource("/traces/simgrid/" + name).toURI());
  }

  private static ImportedTrace read(Path path) throws TraceImportException {
    return TraceImportFormat.named("simgrid-ti").importer().read(path);
  }

  private static MessageSize typed(long count, int type) {
    return new MessageSize(OptionalLong.of(count), "simgrid-type-" + type, OptionalLong.empty());
  }

  private static MessageSize bytes(long count) {
    return new MessageSize(OptionalLong.of(count), "MPI_BYTE", OptionalLong.of(1));
  }

  @Test
  void splitTrace_rank1_isTheExampleOfSection21() throws Exception {
    ImportedTrace trace = read(resource("split/ti_trace.txt"));
    assertEquals(3, trace.programs().size());
    RequestKey first = new RequestKey(1, 0, 0);
    RequestKey second = new RequestKey(1, 1, 0);
    assertEquals(
        List.of(
            new TraceOp.Compute(NONE, 0.08874, TraceOp.ComputeUnit.FLOPS),
            new TraceOp.Irecv(NONE, first, Optional.of(
                new ReceiveSpec(SourcePattern.rank(0), TagPattern.of(7), 0, typed(256, 1)))),
            new TraceOp.Compute(NONE, 0.03906, TraceOp.ComputeUnit.FLOPS),
            new TraceOp.Irecv(NONE, second, Optional.of(
                new ReceiveSpec(SourcePattern.any(), TagPattern.of(5), 0, typed(1, 1)))),
            new TraceOp.Test(NONE, first, TraceOp.TestOutcome.UNKNOWN),
            new TraceOp.Wait(NONE, List.of(first, second))),
        trace.program(1).ops());
    assertEquals(
        List.of(
            new TraceOp.Compute(NONE, 0.01, TraceOp.ComputeUnit.FLOPS),
            new TraceOp.Isend(NONE, new RequestKey(0, 0, 0), 1, 0, 7, typed(256, 1)),
            new TraceOp.Send(NONE, 2, 0, 3, typed(2, 1)),
            new TraceOp.Wait(NONE, List.of(new RequestKey(0, 0, 0)))),
        trace.program(0).ops());
    assertTrue(trace.limits().contains(FormatLimit.ANY_SOURCE_WRITTEN_AS_UNDEFINED));
    assertEquals(List.of(0, 1, 2), trace.communicator(0).worldRanks());
    assertEquals(List.of(), trace.warnings());
  }

  @Test
  void singleFile_withCommentsBlankLinesAndTabs_readsEveryRank() throws Exception {
    ImportedTrace trace = read(resource("all_ranks.txt"));
    assertEquals(new TraceOp.Isend(NONE, new RequestKey(0, 0, 0), 1, 0, 7,
        new MessageSize(OptionalLong.of(256), "MPI_DOUBLE", OptionalLong.of(8))),
        trace.program(0).ops().get(1), "init with an argument makes MPI_DOUBLE the default");
    assertEquals(OptionalLong.of(256), ((TraceOp.Irecv) trace.program(1).ops().get(1)).spec()
        .orElseThrow().size().sizeBytes(), "plain init: MPI_BYTE");
    assertEquals(new TraceOp.Recv(NONE,
        new ReceiveSpec(SourcePattern.rank(0), TagPattern.of(3), 0, bytes(2))),
        trace.program(2).ops().get(0));
    assertEquals(new TraceOp.Compute(NONE, 0.5, TraceOp.ComputeUnit.SECONDS),
        trace.program(2).ops().get(2));
    List<TraceOp> rank0 = trace.program(0).ops();
    assertEquals(new TraceOp.Wait(NONE, List.of(new RequestKey(0, 1, 0), new RequestKey(0, 2, 0))),
        rank0.get(rank0.size() - 1), "sendRecv posts both and waits for both");
  }

  private TraceImportException failure(String text) throws Exception {
    Path file = dir.resolve("bad.txt");
    Files.writeString(file, text);
    return assertThrows(TraceImportException.class, () -> read(file));
  }

  @Test
  void unknownAction_namesFileLineAndColumn() throws Exception {
    TraceImportException e = failure("0 init\n0  frobnicate 1\n");
    assertEquals("line 2, column 4", e.place());
    assertTrue(e.getMessage().contains("bad.txt: line 2, column 4: unknown action 'frobnicate'"),
        e.getMessage());
  }

  @Test
  void collectiveRootOutsideTheRanks_namesItsColumn_andMissingSizesAreRejected() throws Exception {
    TraceImportException root = failure("0 reduce 4 4 2\n1 reduce 4 4 2\n");
    assertEquals("line 1, column 14", root.place());
    assertTrue(root.getMessage().contains("root 2 outside ranks 0..1"), root.getMessage());
    TraceImportException size = failure("0 bcast\n");
    assertTrue(size.getMessage().contains("bcast takes at least 1 argument(s), found 0"), size.getMessage());
  }

  @Test
  void wrongArity_isRejected() throws Exception {
    TraceImportException e = failure("0 send 1 7\n1 recv 0 7 4\n");
    assertEquals("line 1, column 3", e.place());
    assertTrue(e.reason().contains("send takes 3 to 4 argument(s), found 2"), e.getMessage());
  }

  @Test
  void nonNumericField_isRejected() throws Exception {
    TraceImportException e = failure("0 send 1 seven 4\n1 recv 0 7 4\n");
    assertEquals("line 1, column 10", e.place());
    assertTrue(e.reason().contains("non-numeric field 'seven'"), e.getMessage());
    assertTrue(failure("0 compute fast\n").reason().contains("non-numeric field 'fast'"));
    assertTrue(failure("x send 1 7 4\n").reason().contains("expected a rank"));
  }

  @Test
  void partnerOutsideRanks_isRejected() throws Exception {
    TraceImportException e = failure("0 send 5 7 4\n1 init\n");
    assertTrue(e.reason().contains("partner 5 outside ranks 0..1"), e.getMessage());
  }

  @Test
  void missingPerRankFile_namesTheIndexLine() throws Exception {
    Files.writeString(dir.resolve("r0.txt"), "0 init\n");
    Path index = dir.resolve("index.txt");
    Files.writeString(index, "r0.txt\nr1.txt\n");
    TraceImportException e = assertThrows(TraceImportException.class, () -> read(index));
    assertEquals(index, e.file());
    assertEquals("line 2, column 1", e.place());
    assertTrue(e.reason().contains("missing per-rank file"), e.getMessage());
  }

  @Test
  void perRankFileWithAnotherRank_isRejected() throws Exception {
    Files.writeString(dir.resolve("r0.txt"), "1 init\n");
    Path index = dir.resolve("index.txt");
    Files.writeString(index, "r0.txt\n");
    TraceImportException e = assertThrows(TraceImportException.class, () -> read(index));
    assertEquals(dir.resolve("r0.txt"), e.file());
  }
}
