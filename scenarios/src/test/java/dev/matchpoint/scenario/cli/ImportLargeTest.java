package dev.matchpoint.scenario.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.scenario.importer.GoalPatterns;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code run} and {@code check} read every file {@code import} writes, whatever its size (issue 12). */
class ImportLargeTest {
  @TempDir Path dir;

  @Test
  void anImportedFileOverThreeMebibytes_checksAndRuns() throws Exception {
    // 5 ranks exchanging along 3,500 permutations that no rank-relative program can share.
    Path goal = dir.resolve("perm.goal");
    GoalPatterns.permutations(5, 3500, goal);
    Path out = dir.resolve("perm.yaml");
    CliTest.Result imported = CliTest.run("import", goal.toString(), "--format", "goal", "-o", out.toString());
    assertEquals(0, imported.code(), imported.err());
    assertTrue(Files.size(out) > 3L << 20, "the file is " + Files.size(out) + " bytes");
    CliTest.Result check = CliTest.run("check", out.toString());
    assertEquals(0, check.code(), check.out() + check.err());
    CliTest.Result run = CliTest.run("run", out.toString());
    assertEquals(0, run.code(), run.err());
    assertTrue(run.out().contains("matches:    17500"), run.out().substring(0, 600));
  }

  @Test
  void nestingDeeperThanTheLimit_isBadInputNamingTheLine() throws Exception {
    Path deep = dir.resolve("deep.yaml");
    Files.writeString(deep, "scenario: deep\nranks: " + "[".repeat(300) + "]".repeat(300) + "\n");
    CliTest.Result check = CliTest.run("check", deep.toString());
    assertEquals(64, check.code(), check.out() + check.err());
    assertTrue(check.err().contains("deep.yaml:2:") && check.err().contains("nest deeper than 200 levels"),
        check.err());
  }
}
