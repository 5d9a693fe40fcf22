package dev.matchpoint.scenario.importer.otf2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.scenario.importer.TraceImportException;
import dev.matchpoint.scenario.importer.TraceImportFormat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Broken copies of the worked archive: every error names the file and the byte offset. */
class Otf2BadInputTest {
  @TempDir Path dir;
  private Path anchor;
  private Path rank0;

  @BeforeEach
  void copyWorkedArchive() throws IOException {
    Path source = Otf2Samples.anchor("worked").getParent();
    try (Stream<Path> files = Files.walk(source)) {
      for (Path p : files.toList()) {
        Path target = dir.resolve(source.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          Files.copy(p, target);
        }
      }
    }
    anchor = dir.resolve("traces.otf2");
    rank0 = dir.resolve("traces").resolve("0.evt");
  }

  private TraceImportException importFails() {
    return assertThrows(TraceImportException.class,
        () -> TraceImportFormat.OTF2.importer().read(anchor));
  }

  private static void patch(Path file, int offset, int value) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    bytes[offset] = (byte) value;
    Files.write(file, bytes);
  }

  @Test
  void intactCopy_imports() throws Exception {
    assertEquals(3, TraceImportFormat.OTF2.importer().read(anchor).programs().size());
  }

  @Test
  void truncatedEventFile_namesFileAndOffset() throws IOException {
    byte[] bytes = Files.readAllBytes(rank0);
    Files.write(rank0, Arrays.copyOf(bytes, 0x35)); // inside the Isend record
    TraceImportException e = importFails();
    assertEquals(rank0, e.file());
    assertTrue(e.getMessage().contains("0.evt: byte "), e.getMessage());
    assertTrue(e.reason().contains("truncated"), e.getMessage());
  }

  @Test
  void eventFileCutAtARecordBoundary_isTruncatedNotComplete() throws IOException {
    byte[] bytes = Files.readAllBytes(rank0);
    Files.write(rank0, Arrays.copyOf(bytes, bytes.length - 2)); // drop END_OF_FILE, END_OF_BUFFER
    TraceImportException e = importFails();
    assertEquals("byte " + (bytes.length - 2), e.place());
    assertTrue(e.reason().contains("no end-of-file marker"), e.getMessage());
  }

  @Test
  void wrongAnchorMagic_namesAnchorAndOffset() throws IOException {
    patch(anchor, 5, 'X'); // "OTFX"
    TraceImportException e = importFails();
    assertEquals(anchor, e.file());
    assertEquals("byte 2", e.place());
    assertTrue(e.reason().startsWith("wrong magic"), e.getMessage());
  }

  @Test
  void wrongChunkHeader_namesEventFile() throws IOException {
    patch(rank0, 0, 0x04);
    TraceImportException e = importFails();
    assertEquals(rank0, e.file());
    assertEquals("byte 0", e.place());
    assertTrue(e.reason().startsWith("wrong magic"), e.getMessage());
  }

  @Test
  void unknownAnchorVersion_isRejected() throws IOException {
    patch(anchor, 7, 4);
    TraceImportException e = importFails();
    assertEquals("byte 7", e.place());
    assertTrue(e.reason().contains("unknown anchor format version 4"), e.getMessage());
  }

  @Test
  void recordRunningPastItsChunk_namesTheRecord() throws IOException {
    patch(rank0, 0x2f, 0xF0); // the Isend at 0x2e claims 240 bytes in a 200-byte file
    TraceImportException e = importFails();
    assertEquals(rank0, e.file());
    assertEquals("byte " + 0x2e, e.place());
    assertTrue(e.reason().contains("runs past the end of its chunk"), e.getMessage());
  }

  @Test
  void missingEventFile_namesIt() throws IOException {
    Path rank1 = dir.resolve("traces").resolve("1.evt");
    Files.delete(rank1);
    TraceImportException e = importFails();
    assertEquals(rank1, e.file());
    assertTrue(e.reason().contains("missing"), e.getMessage());
  }

  @Test
  void missingGlobalDefinitions_namesThem() throws IOException {
    Files.delete(dir.resolve("traces.def"));
    assertEquals(dir.resolve("traces.def"), importFails().file());
  }
}
