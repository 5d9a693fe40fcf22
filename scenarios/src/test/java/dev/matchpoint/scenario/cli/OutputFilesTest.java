package dev.matchpoint.scenario.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.scenario.cli.CliTest.Result;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The output files of the command line (issue 14, defects 11 to 13): the usual mode, all or none,
 * and no temporary file left behind, even by a writer killed with {@code kill -9}.
 */
class OutputFilesTest {
  @TempDir Path dir;

  /** Rank 0 sends {@code n} messages that rank 1 receives one by one. */
  private Path loop(String name, int n) throws IOException {
    Path file = dir.resolve(name + ".yaml");
    Files.writeString(file, "scenario: " + name + "\nranks:\n"
        + "  - rank: 0\n    program:\n"
        + "      - repeat: {times: " + n + ", do: [{send: {dest: 1, tag: 0, count: 1, type: int}}]}\n"
        + "  - rank: 1\n    program:\n"
        + "      - repeat: {times: " + n + ", do: [{recv: {source: 0, tag: 0, count: 1, type: int}}]}\n");
    return file;
  }

  private List<String> temporaries() throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".tmp")).sorted().toList();
    }
  }

  private static String mode(Path p) throws IOException {
    return PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
  }

  @Test
  @SpecClause(source = "docs/cli.md, Output files", text = "A new output file gets the mode any program's new "
      + "file gets under the process's umask (rw-r--r-- under umask 022); a replaced file keeps its mode")
  void outputs_getTheUsualModeUnderTheUmask_andAReplacedFileKeepsItsMode() throws Exception {
    Path reference = Files.createFile(dir.resolve("reference"));
    Path trace = dir.resolve("t.jsonl");
    Path perfetto = dir.resolve("p.json");
    Path imported = dir.resolve("tree.yaml");
    Path messages = dir.resolve("m.jsonl");
    String goal = TraceCommandsTest.resource("/traces/goal/binary_tree_4.goal");
    List<String[]> writes = List.of(
        new String[] {"run", "probe-race-2x2", "--trace", trace.toString(), "--perfetto", perfetto.toString()},
        new String[] {"import", goal, "--format", "goal", "-o", imported.toString()},
        new String[] {"replay-trace", goal, "--format", "goal", "--explore-budget", "0", "--messages",
            messages.toString()});
    for (String[] args : writes) {
      Result r = CliTest.run(args);
      assertTrue(r.code() != 70 && r.code() != 64, String.join(" ", args) + ":\n" + r.err());
    }
    for (Path p : List.of(trace, perfetto, imported, messages)) {
      assertEquals(mode(reference), mode(p), p + " has the mode of a new file (before: rw-------)");
    }
    Set<PosixFilePermission> groupReadable = PosixFilePermissions.fromString("rw-r-----");
    for (Path p : List.of(trace, perfetto, imported, messages)) {
      Files.setPosixFilePermissions(p, groupReadable);
    }
    for (String[] args : writes) {
      CliTest.run(args);
    }
    for (Path p : List.of(trace, perfetto, imported, messages)) {
      assertEquals("rw-r-----", mode(p), p + " keeps its mode when replaced");
    }
    assertEquals(List.of(), temporaries());
  }

  @Test
  @SpecClause(source = "docs/cli.md, Output files", text = "Either all requested outputs appear or none does, and "
      + "the message names the file")
  void whenTheSecondOutputCannotBeMovedIntoPlace_theFirstIsPutBack_andTheMessageNamesTheFile() throws Exception {
    // The Perfetto file's target becomes a directory while the run streams (after the checks that
    // come before a run), so moving it into place fails after the trace was moved. Before: the new
    // trace stayed and the message named a temporary file, not the output.
    Path file = loop("long", 20_000);
    Path trace = dir.resolve("t.jsonl");
    Path perfetto = dir.resolve("p.json");
    Files.writeString(trace, "the old trace\n");
    Thread blocker = new Thread(() -> {
      try {
        while (temporaries().stream().noneMatch(n -> n.startsWith(".p.json."))) {
          Thread.sleep(1);
        }
        Files.createDirectories(perfetto.resolve("in-the-way"));
      } catch (IOException | InterruptedException e) {
        throw new IllegalStateException(e);
      }
    });
    blocker.start();
    Result r = CliTest.run("run", file.toString(), "--trace", trace.toString(), "--perfetto", perfetto.toString());
    blocker.join();
    assertEquals(70, r.code(), r.out() + r.err());
    assertEquals("the old trace\n", Files.readString(trace), "the trace moved into place is put back");
    assertEquals("matchpoint: error: cannot write " + perfetto.toAbsolutePath() + ": Is a directory",
        r.err().strip());
    assertEquals(List.of(), temporaries());
  }

  @Test
  @SpecClause(source = "docs/cli.md, Output files", text = "a write interrupted by kill -9 leaves its temporary "
      + "file, which the next write to the same file deletes")
  void theTemporaryFileOfAKilledWriter_isDeletedByTheNextWriteToTheSameFile() throws Exception {
    Path file = loop("endless", 100_000_000);
    Path trace = dir.resolve("t.jsonl");
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Process writer = new ProcessBuilder(java.toString(), "-Xmx256m", "-cp", System.getProperty("java.class.path"),
        Main.class.getName(), "run", file.toString(), "--trace", trace.toString())
        .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectErrorStream(true).start();
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (temporaries().isEmpty() || Files.size(dir.resolve(temporaries().get(0))) < (1 << 20)) {
        assertTrue(writer.isAlive() && System.nanoTime() < deadline, "the writer streams its trace");
        Thread.sleep(10);
      }
    } finally {
      writer.destroyForcibly();
      writer.waitFor();
    }
    List<String> left = temporaries();
    assertEquals(1, left.size(), "kill -9 leaves the temporary file: " + left);
    assertTrue(left.get(0).startsWith(".t.jsonl."), left.toString());
    Path small = loop("small", 10);
    Result r = CliTest.run("run", small.toString(), "--trace", trace.toString());
    assertEquals(0, r.code(), r.out() + r.err());
    assertEquals(List.of(), temporaries(), "the next write to t.jsonl deletes what the killed writer left");
    assertTrue(Files.readString(trace).startsWith("{"), "and writes the trace");
    Files.writeString(dir.resolve(".t.jsonl.12345.tmp"), "not named like a temporary of ours");
    CliTest.run("run", small.toString(), "--trace", trace.toString());
    assertEquals(List.of(".t.jsonl.12345.tmp"), temporaries(), "other files are left alone");
  }
}
