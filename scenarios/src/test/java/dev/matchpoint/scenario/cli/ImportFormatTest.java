package dev.matchpoint.scenario.cli;

import static dev.matchpoint.scenario.cli.TraceCommandsTest.resource;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code matchpoint import} without {@code --format} tells the format from the file (issue 16, item 10). */
class ImportFormatTest {
  @TempDir Path dir;

  /** Imports with and without --format and returns the scenario written without it. */
  private String sameAsExplicit(String trace, String format) throws Exception {
    Path explicit = dir.resolve("explicit.yaml");
    Path inferred = dir.resolve("inferred.yaml");
    CliTest.Result a = CliTest.run("import", trace, "--format", format, "-o", explicit.toString());
    assertEquals(0, a.code(), a.err());
    CliTest.Result b = CliTest.run("import", trace, "-o", inferred.toString());
    assertEquals(0, b.code(), trace + ": " + b.err());
    assertEquals(Files.readString(explicit), Files.readString(inferred), trace);
    return Files.readString(inferred);
  }

  @Test
  void import_withoutFormat_readsEachFormatAsItsOption() throws Exception {
    sameAsExplicit(resource("/traces/otf2/worked/traces.otf2"), "otf2");
    sameAsExplicit(resource("/traces/goal/binary_tree_4.goal"), "goal");
    sameAsExplicit(resource("/traces/simgrid/all_ranks.txt"), "simgrid-ti");
    sameAsExplicit(resource("/traces/simgrid/split/ti_trace.txt"), "simgrid-ti");
  }

  @Test
  void import_withoutFormat_looksInsideFilesWhoseNameSaysNothing() throws Exception {
    Path goal = dir.resolve("schedule.txt");
    Files.copy(Path.of(resource("/traces/goal/binary_tree_4.goal")), goal);
    sameAsExplicit(goal.toString(), "goal");
    Path ti = dir.resolve("trace");
    Files.copy(Path.of(resource("/traces/simgrid/all_ranks.txt")), ti);
    sameAsExplicit(ti.toString(), "simgrid-ti");
  }

  @Test
  void import_withoutFormat_ofAnUnknownFile_exits64_namingTheFileAndTheOption() throws Exception {
    Path notes = dir.resolve("notes.txt");
    Files.writeString(notes, "# my notes\nhello world\n");
    Path out = dir.resolve("out.yaml");
    CliTest.Result r = CliTest.run("import", notes.toString(), "-o", out.toString());
    assertEquals(64, r.code(), r.out());
    assertTrue(r.err().contains(notes.toString()) && r.err().contains("--format"), r.err());
    assertFalse(Files.exists(out));
    Path binary = dir.resolve("blob");
    Files.write(binary, new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1, 2, 3});
    assertEquals(64, CliTest.run("import", binary.toString(), "-o", out.toString()).code());
    assertEquals(64, CliTest.run("import", dir.resolve("missing").toString(), "-o", out.toString()).code());
  }
}
