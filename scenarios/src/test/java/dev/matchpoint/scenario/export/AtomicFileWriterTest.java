package dev.matchpoint.scenario.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Outputs appear whole or not at all. */
class AtomicFileWriterTest {
  @TempDir Path dir;

  private List<String> files() throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void write_createsAndThenReplacesTheFile() throws IOException {
    Path f = dir.resolve("out.jsonl");
    AtomicFileWriter.write(f, o -> o.write("first\n".getBytes(StandardCharsets.UTF_8)));
    AtomicFileWriter.write(f, o -> o.write("second\n".getBytes(StandardCharsets.UTF_8)));
    assertEquals("second\n", Files.readString(f));
    assertEquals(List.of("out.jsonl"), files());
  }

  @Test
  void aWriteThatFailsHalfway_leavesTheOldFileAndNoTemporaryFile() throws IOException {
    Path f = dir.resolve("out.json");
    Files.writeString(f, "old");
    IOException e = assertThrows(IOException.class, () -> AtomicFileWriter.write(f, o -> {
      o.write("partial".getBytes(StandardCharsets.UTF_8));
      throw new IOException("disk full");
    }));
    assertEquals("cannot write " + f.toAbsolutePath() + ": disk full", e.getMessage());
    assertEquals("old", Files.readString(f));
    assertEquals(List.of("out.json"), files());
  }

  @Test
  void problem_namesAMissingDirectoryOrADirectoryTarget() {
    assertNull(AtomicFileWriter.problem(dir.resolve("ok.json")));
    assertNotNull(AtomicFileWriter.problem(dir.resolve("missing/out.json")));
    assertNotNull(AtomicFileWriter.problem(dir));
  }

  @Test
  void aStagedFile_appearsOnlyWhenCommitted_withItsPrefixBeforeTheStreamedBody() throws IOException {
    Path f = dir.resolve("out.jsonl");
    Files.writeString(f, "old");
    try (AtomicFileWriter.Staged staged = AtomicFileWriter.stage(f)) {
      staged.body().write("event 1\nevent 2\n".getBytes(StandardCharsets.UTF_8));
      staged.body().flush();
      assertEquals("old", Files.readString(f), "nothing is seen at the target before the commit");
      staged.commit(o -> o.write("header\n".getBytes(StandardCharsets.UTF_8)));
    }
    assertEquals("header\nevent 1\nevent 2\n", Files.readString(f));
    assertEquals(List.of("out.jsonl"), files(), "no temporary file is left");
  }

  @Test
  void aStagedFile_closedWithoutCommit_leavesTheOldFileAndNoTemporaryFile() throws IOException {
    Path f = dir.resolve("out.json");
    Files.writeString(f, "old");
    try (AtomicFileWriter.Staged staged = AtomicFileWriter.stage(f)) {
      staged.body().write("half a run".getBytes(StandardCharsets.UTF_8));
    }
    assertEquals("old", Files.readString(f));
    assertEquals(List.of("out.json"), files());
  }

  @Test
  void aStagedBody_longerThanOneSegment_isCopiedWhole_andNoSegmentIsLeft() throws IOException {
    Path f = dir.resolve("big.jsonl");
    StringBuilder expected = new StringBuilder("head\n");
    try (AtomicFileWriter.Staged staged = new AtomicFileWriter.Staged(f.toAbsolutePath(), 10)) {
      for (int i = 0; i < 7; i++) {
        String line = "line " + i + "\n";
        staged.body().write(line.getBytes(StandardCharsets.UTF_8));
        expected.append(line);
      }
      staged.body().write('!');
      expected.append('!');
      staged.commit(o -> o.write("head\n".getBytes(StandardCharsets.UTF_8)));
    }
    assertEquals(expected.toString(), Files.readString(f));
    assertEquals(List.of("big.jsonl"), files());
  }

  @Test
  @dev.matchpoint.mpi.SpecClause(source = "docs/cli.md, Output files", text = "Either all requested outputs appear "
      + "or none does, and the message names the file")
  void twoStagedFiles_whenTheSecondCannotBeFinished_neitherAppears_andTheErrorNamesTheSecond() throws IOException {
    Path trace = dir.resolve("t.jsonl");
    Path perfetto = dir.resolve("p.json");
    Files.writeString(trace, "old");
    try (AtomicFileWriter.Staged a = AtomicFileWriter.stage(trace);
        AtomicFileWriter.Staged b = AtomicFileWriter.stage(perfetto)) {
      a.body().write("new trace".getBytes(StandardCharsets.UTF_8));
      b.body().write("new perfetto".getBytes(StandardCharsets.UTF_8));
      a.finish(o -> o.write("header\n".getBytes(StandardCharsets.UTF_8)));
      IOException e = assertThrows(IOException.class, () -> {
        b.finish(o -> {
          throw new IOException("No space left on device");
        });
        AtomicFileWriter.commit(List.of(a, b));
      });
      assertEquals("cannot write " + perfetto.toAbsolutePath() + ": No space left on device", e.getMessage());
    }
    assertEquals("old", Files.readString(trace));
    assertEquals(List.of("t.jsonl"), files(), "no Perfetto file, no temporary file");
  }
}
