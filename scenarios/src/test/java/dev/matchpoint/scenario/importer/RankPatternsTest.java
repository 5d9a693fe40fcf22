package dev.matchpoint.scenario.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.mpi.program.Expr;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.program.Stmt;
import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.ScenarioLoader;
import dev.matchpoint.scenario.cli.Main;
import dev.matchpoint.scenario.format.ScenarioWriter;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** Import writes the ranks of one pattern as one program relative to {@code rank} (issue 12). */
class RankPatternsTest {
  @TempDir Path dir;

  private Scenario convert(String goal, boolean relative) throws Exception {
    Path file = dir.resolve("s.goal");
    Files.writeString(file, goal);
    ImportedTrace trace = TraceImportFormat.GOAL.importer().read(file);
    ScenarioConverter.Options o = ScenarioConverter.Options.defaults();
    return ScenarioConverter.convert(trace, "s.goal", "s", relative ? o.withRankRelative() : o).scenario();
  }

  private static long entries(String yaml) {
    return yaml.lines().filter(l -> l.startsWith("  - rank:")).count();
  }

  /** The event trace of one timed run (the {@code run --trace} JSON Lines) without statement locations. */
  private List<String> run(Scenario s, String name) throws Exception {
    Path file = dir.resolve(name + ".yaml");
    Path trace = dir.resolve(name + ".jsonl");
    Files.writeString(file, ScenarioWriter.write(s));
    StringWriter out = new StringWriter();
    CommandLine cli = new CommandLine(new Main());
    cli.setOut(new PrintWriter(out));
    cli.setErr(new PrintWriter(out));
    assertEquals(0, cli.execute("run", file.toString(), "--trace", trace.toString()), out.toString());
    List<String> events = new ArrayList<>();
    for (String line : Files.readAllLines(trace)) {
      events.add(line.replaceAll(",\"at\":\"[^\"]*\"", ""));
    }
    return events;
  }

  private static int eval(Expr e, int rank, int size) {
    if (e instanceof Expr.Lit l) {
      return l.value();
    } else if (e instanceof Expr.MyRank) {
      return rank;
    } else if (e instanceof Expr.WorldSize) {
      return size;
    }
    Expr.Binary b = (Expr.Binary) e;
    int x = eval(b.left(), rank, size);
    int y = eval(b.right(), rank, size);
    return switch (b.op()) {
      case ADD -> x + y;
      case SUB -> x - y;
      case MOD -> Math.floorMod(x, y);
      default -> throw new AssertionError(b);
    };
  }

  /** The calls of a program with every send's dest and receive's source evaluated for one rank. */
  private static List<MpiOp> at(Program p, int rank, int size) {
    List<MpiOp> out = new ArrayList<>();
    for (Stmt s : p.body()) {
      MpiOp op = ((Stmt.Call) s).op();
      if (op instanceof MpiOp.Isend i) {
        op = new MpiOp.Isend(i.mode(), new Expr.Lit(eval(i.dest(), rank, size)), i.tag(), i.count(), i.type(),
            i.comm(), i.request());
      } else if (op instanceof MpiOp.Irecv i && !(i.source() instanceof Expr.AnySource)) {
        op = new MpiOp.Irecv(new Expr.Lit(eval(i.source(), rank, size)), i.tag(), i.count(), i.type(), i.comm(),
            i.request());
      }
      out.add(op);
    }
    return out;
  }

  /** Asserts that the written file, read back, gives every rank exactly its literal calls and runs alike. */
  private String assertSameAsLiteral(String goal, int size) throws Exception {
    Scenario literal = convert(goal, false);
    String yaml = ScenarioWriter.write(convert(goal, true));
    Scenario written = ScenarioLoader.load(yaml, "s.yaml");
    assertEquals(size, written.worldSize());
    for (int r = 0; r < size; r++) {
      assertEquals(at(literal.ranks().get(r).get(0), r, size), at(written.ranks().get(r).get(0), r, size),
          "rank " + r);
    }
    List<String> expected = run(literal, "literal");
    assertTrue(expected.size() > size, "the run has events");
    assertEquals(expected, run(written, "written"), "the same events at the same times");
    return yaml;
  }

  @Test
  void bcast_theRanksOfOneTreeLevelShareOneProgram_andRunAsTheirLiteralPrograms() throws Exception {
    String yaml = assertSameAsLiteral(GoalPatterns.bcast(64), 64);
    // Rank 0, rank 1, then one entry per level: 2-3, 4-7, 8-15, 16-31, 32-63.
    assertEquals(7, entries(yaml), yaml);
    assertTrue(yaml.contains("- rank: 32..63\n"), yaml);
    assertTrue(yaml.contains("source: rank - 32"), yaml);
    assertTrue(yaml.contains("dest: rank + 16"), yaml);
  }

  @Test
  void dissemination_andAllToAll_shareOneProgramAcrossAllRanks_withPeersModuloSize() throws Exception {
    String dissemination = assertSameAsLiteral(GoalPatterns.dissemination(16), 16);
    assertEquals(1, entries(dissemination), dissemination);
    assertTrue(dissemination.contains("dest: (rank + 8) % size"), dissemination);
    String alltoall = assertSameAsLiteral(GoalPatterns.alltoall(16), 16);
    assertEquals(1, entries(alltoall), alltoall);
    assertTrue(alltoall.contains("source: (rank - 7) % size"), alltoall);
  }

  @Test
  void bcastOf65536Ranks_namesEachTreeLevelAsOneRange() throws Exception {
    String yaml = ScenarioWriter.write(convert(GoalPatterns.bcast(65_536), true));
    List<String> ranks = yaml.lines().filter(l -> l.startsWith("  - rank:")).toList();
    List<String> expected = new ArrayList<>(List.of("  - rank: 0", "  - rank: 1", "  - rank: [2, 3]"));
    for (int level = 4; level < 65_536; level *= 2) {
      expected.add("  - rank: " + level + ".." + (2 * level - 1));
    }
    assertEquals(expected, ranks);
    // 14,385,136 bytes as literal programs and 462,069 with the ranks listed one by one.
    assertTrue(yaml.length() < 20_000, "written in " + yaml.length() + " bytes");
    Scenario back = ScenarioLoader.load(yaml, "s.yaml");
    assertEquals(65_536, back.worldSize());
    assertSame(back.ranks().get(32_768).get(0), back.ranks().get(65_535).get(0));
  }

  @Test
  void aRankOffThePattern_keepsItsLiteralProgram_andTheOthersStillShare() throws Exception {
    // Rank 5 sends to 13 with tag 1 where its level sends with tag 0.
    String goal = GoalPatterns.bcast(16).replace("rank 5 {\nl0: recv 8b from 1 tag 0\nl1: send 8b to 13 tag 0",
        "rank 5 {\nl0: recv 8b from 1 tag 0\nl1: send 8b to 13 tag 1");
    Scenario s = convert(goal, true);
    assertSame(s.ranks().get(4).get(0), s.ranks().get(6).get(0));
    assertSame(s.ranks().get(4).get(0), s.ranks().get(7).get(0));
    assertNotSame(s.ranks().get(4).get(0), s.ranks().get(5).get(0));
    String yaml = ScenarioWriter.write(s);
    assertTrue(yaml.contains("- rank: [4, 6, 7]"), yaml);
    assertTrue(yaml.contains("dest: 13, tag: 1"), yaml);
  }
}
