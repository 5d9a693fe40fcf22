package dev.matchpoint.scenario.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.program.Expr;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Stmt;
import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.ScenarioLoader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 14, defects 5 to 8 and 10: trace values the model cannot hold, rank counts beyond the
 * limits, peers outside the world and bad file names are bad input naming the trace location
 * (exit 64, nothing written); long computations and gaps import; {@code replay-trace} of an
 * erroneous run does not exit 0. The reproducers are also in the fuzz targets' regression corpus.
 */
class TraceInputLimitsTest {
  private static final String BAD_TRACE = "A bad trace exits 64 naming the file and record offset or line, and "
      + "writes nothing.";
  @TempDir Path dir;

  private Path write(String name, String text) throws IOException {
    Path p = dir.resolve(name);
    Files.writeString(p, text, StandardCharsets.UTF_8);
    return p;
  }

  /** Runs import and asserts it was refused as bad input, with one line and no output file. */
  private String importRefused(Path trace, String format, String... more) {
    Path out = dir.resolve("out.yaml");
    List<String> args = new ArrayList<>(List.of("import", trace.toString(), "--format", format, "-o", out.toString()));
    args.addAll(List.of(more));
    CliTest.Result r = CliTest.run(args.toArray(new String[0]));
    assertEquals(64, r.code(), r.out() + r.err());
    assertFalse(r.err().contains("\tat "), "no stack trace: " + r.err());
    assertEquals(1, r.err().lines().count(), r.err());
    assertFalse(Files.exists(out), "nothing written");
    return r.err();
  }

  private Scenario imported(Path trace, String format, String... more) {
    Path out = dir.resolve("out.yaml");
    List<String> args = new ArrayList<>(List.of("import", trace.toString(), "--format", format, "-o", out.toString()));
    args.addAll(List.of(more));
    CliTest.Result r = CliTest.run(args.toArray(new String[0]));
    assertEquals(0, r.code(), r.out() + r.err());
    CliTest.Result check = CliTest.run("check", out.toString());
    assertEquals(0, check.code(), check.err());
    return ScenarioLoader.load(out);
  }

  /** The nanoseconds of each compute statement of a rank's first thread, in program order. */
  private static List<Integer> computes(Scenario s, int rank) {
    List<Integer> ns = new ArrayList<>();
    for (Stmt st : s.ranks().get(rank).get(0).body()) {
      if (st instanceof Stmt.Call c && c.op() instanceof MpiOp.Compute k) {
        ns.add(((Expr.Lit) k.durationNs()).value());
      }
    }
    return ns;
  }

  /** A copy of a test OTF2 archive with one byte of one file replaced; returns the anchor. */
  private Path patchedOtf2(String archive, String file, int offset, int... bytes) throws Exception {
    Path source = Path.of(getClass().getResource("/traces/otf2/" + archive).toURI());
    Path target = dir.resolve(archive);
    try (Stream<Path> files = Files.walk(source)) {
      for (Path p : files.toList()) {
        Path t = target.resolve(source.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(t);
        } else {
          Files.copy(p, t);
        }
      }
    }
    byte[] content = Files.readAllBytes(target.resolve(file));
    for (int i = 0; i < bytes.length; i++) {
      content[offset + i] = (byte) bytes[i];
    }
    Files.write(target.resolve(file), content);
    return target.resolve("traces.otf2");
  }

  @Test
  @SpecClause(source = "docs/cli.md, import", text = BAD_TRACE)
  void tiSendAbove2to31Bytes_isBadInputAtItsCount() throws Exception {
    Path trace = write("big.txt", "0 send 1 0 3000000000\n1 recv 0 0 3000000000\n");
    String err = importRefused(trace, "simgrid-ti");
    assertTrue(err.contains("big.txt: line 1, column 12: count 3000000000")
        && err.contains("largest message of 2147483647 bytes"), err);
  }

  @Test
  @SpecClause(source = "docs/cli.md, import", text = BAD_TRACE)
  void goalMessageAbove2to31Bytes_isBadInputAtItsSize() throws Exception {
    Path trace = write("big.goal", "num_ranks 2\nrank 0 {\nsend 3000000000b to 1 tag 0\n}\n"
        + "rank 1 {\nrecv 3000000000b from 0 tag 0\n}\n");
    String err = importRefused(trace, "goal");
    assertTrue(err.contains("big.goal: line 3, column 6: message size 3000000000 bytes"), err);
  }

  @Test
  @SpecClause(source = "docs/cli.md, import", text = BAD_TRACE)
  void otf2LengthWithTheTopBitSet_isBadInputAtItsRecord() throws Exception {
    // The worked archive's MpiSend at byte 0x51 of 0.evt; its length becomes 0xff: UINT64_MAX.
    Path anchor = patchedOtf2("worked", "traces/0.evt", 0x58, 0xff);
    String err = importRefused(anchor, "otf2");
    assertTrue(err.contains("0.evt: byte 81: message size 18446744073709551615 bytes"), err);
  }

  @Test
  @SpecClause(source = "docs/cli.md, import", text = "A computation or gap above 2^31 - 1 ns (2.1 s) becomes several "
      + "`compute` statements.")
  void tiComputeAndOtf2GapAbove2to31Ns_importAsSeveralComputes() throws Exception {
    Scenario ti = imported(write("long.txt", "0 compute 3000000000\n1 compute 1\n"), "simgrid-ti");
    List<Integer> threeSeconds = List.of(Integer.MAX_VALUE, (int) (3_000_000_000L - Integer.MAX_VALUE));
    assertEquals(threeSeconds, computes(ti, 0));
    // The worked archive's Leave at 0x45 moves from 1,030 to 4,010 ticks of 1 ms: 3 s after the Isend.
    Scenario otf2 = imported(patchedOtf2("worked", "traces/0.evt", 0x46, 0xaa, 0x0f), "otf2", "--timing");
    List<Integer> gaps = computes(otf2, 0);
    assertEquals(threeSeconds, gaps.subList(0, 2), "the gap from the Isend to the Send: " + gaps);
  }

  @Test
  @SpecClause(source = "docs/cli.md, import", text = "Before writing, `import` compiles the scenario as `check` does; "
      + "a trace that converts to a scenario `check` would reject is bad input naming the trace location of the "
      + "statement at fault.")
  void otf2PeerOutsideTheWorld_isBadInputAtTheSend() throws Exception {
    // The rich archive's sub-communicator group lists world ranks [2, 0]; 2 becomes 7 of 3 ranks.
    Path anchor = patchedOtf2("rich", "traces.def", 0x2d2, 0x07);
    String err = importRefused(anchor, "otf2");
    assertTrue(err.contains(".evt: byte ") && err.contains("is world rank 7, outside the 3 ranks"), err);
  }

  @Test
  @SpecClause(source = "docs/cli.md, replay-trace", text = "3 when the timed run ended erroneous (its problems are "
      + "printed) and 4 when it ran out of steps, as for `run`.")
  void replayTrace_ofAnErroneousRun_exits3AndSaysWhy() throws Exception {
    Path trace = write("trunc.txt", "0 send 1 0 8\n1 recv 0 0 4\n");
    CliTest.Result r = CliTest.run("replay-trace", trace.toString(), "--format", "simgrid-ti");
    assertEquals(3, r.code(), r.out() + r.err());
    assertTrue(r.out().contains("ERRONEOUS") && r.out().contains("problem: "), r.out());
  }

  @Test
  @SpecClause(source = "docs/cli.md, import", text = "a rank at or above 2^24 or more ranks than the heap allows "
      + "(about 1 KB per rank: `MATCHPOINT_JAVA_OPTS=-Xmx...` raises it)")
  void rankCountsBeyondTheLimits_areBadInputAtTheirField() throws Exception {
    String err = importRefused(write("huge.goal", "num_ranks 100000000\n"), "goal");
    assertTrue(err.contains("huge.goal: line 1, column 11: num_ranks 100000000: 100000000 ranks, more than the "
        + "16777216 (2^24)"), err);
    // 2^32 + 1 was read as 1 rank.
    err = importRefused(write("wrap.goal", "num_ranks 4294967297\nrank 0 {\ncalc 1\n}\n"), "goal");
    assertTrue(err.contains("wrap.goal: line 1, column 11: num_ranks 4294967297"), err);
    err = importRefused(write("huge.txt", "0 compute 1\n99999999 compute 1\n"), "simgrid-ti");
    assertTrue(err.contains("huge.txt: line 2, column 1: rank 99999999 above the largest rank"), err);
  }

  @Test
  @SpecClause(source = "docs/cli.md, import", text = "a rank at or above 2^24 or more ranks than the heap allows "
      + "(about 1 KB per rank: `MATCHPOINT_JAVA_OPTS=-Xmx...` raises it)")
  void tiIndexOfMoreRanksThanTheHeapAllows_stopsAtTheEntryBeyond() throws Exception {
    write("r.txt", "# no action\n");
    write("index.txt", "r.txt\n".repeat(100_000));
    Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx64m",
        "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"), Main.class.getName(), "import",
        dir.resolve("index.txt").toString(), "--format", "simgrid-ti", "-o", dir.resolve("out.yaml").toString())
        .redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(64, p.waitFor(), output);
    // 64 MiB of heap at 1 KiB per rank: the entry of rank 65,536 (or fewer, as the JVM rounds the heap) is refused.
    assertTrue(output.matches("(?s)matchpoint: error: .*index.txt: line \\d+, column 1: an index of per-rank files "
        + "listing \\d+ ranks, which may take \\d+ MiB of heap.*"), output);
    assertFalse(Files.exists(dir.resolve("out.yaml")));
  }

  @Test
  @SpecClause(source = "docs/cli.md, import", text = BAD_TRACE)
  void tiIndexEntryWithANulByte_isBadInputAtTheEntry() throws Exception {
    Path index = write("index.txt", "a\u0000b\nc\n");
    String err = importRefused(index, "simgrid-ti");
    assertTrue(err.contains("index.txt: line 1, column 1: not a file name"), err);
  }

  @Test
  @SpecClause(source = "docs/cli.md, import", text = "The conversion is linear in the trace's length and the file is "
      + "written one rank entry at a time")
  void tiNamingRank65535_importsAsAFewRankRanges() throws Exception {
    // Issue 14 defect 8: this took 29 s of CPU when the conversion scanned every location for every rank (11 s at
    // cbceba7^, with the same file). Its time is bounded in the fuzz corpus replay (SimGridTiFuzzTest input
    // defect8-rank-65535: 2 s + 10 us per rank of CPU); here, what it writes: the 65,534 idle ranks as one entry.
    Path trace = write("far.txt", "0 compute 1\n65535 send 0 0 1\n0 recv 65535 0 1\n65535 compute 1\n");
    Scenario s = imported(trace, "simgrid-ti");
    assertEquals(65_536, s.worldSize());
    String yaml = Files.readString(dir.resolve("out.yaml"));
    assertEquals(3, yaml.lines().filter(l -> l.matches("\\s*- rank: .*")).count(), yaml);
    assertTrue(yaml.contains("rank: 1..65534"), yaml);
  }

  @Test
  @SpecClause(source = "docs/cli.md, replay-trace", text = "or when the exploration stopped at a budget "
      + "(`--explore-budget`, `--explore-time`, its memory budget of 75% of the heap, the step limit) before it was "
      + "exhaustive and found no other pairing")
  void replayTrace_ofTheMultichunkSampleIn64MiB_stopsAtTheMemoryBudgetWithExit4AndAReport() throws Exception {
    // Issue 14 defect 2: this died of OutOfMemoryError at -Xmx768m; then it exited 0 although the exploration had
    // stopped at its memory budget, which says nothing about the pairings it did not reach.
    Path anchor = Path.of(getClass().getResource("/traces/otf2/multichunk/traces.otf2").toURI());
    Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx64m",
        "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"), Main.class.getName(), "replay-trace",
        anchor.toString(), "--format", "otf2").redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(4, p.waitFor(), output);
    assertTrue(output.contains("observed in the model: 12000 same, 0 different"), output);
    assertTrue(output.contains("not exhaustive: the heap ran out before the memory budget"), output);
  }
}
