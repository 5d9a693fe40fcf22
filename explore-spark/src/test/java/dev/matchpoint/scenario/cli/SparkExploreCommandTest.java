package dev.matchpoint.scenario.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.mpi.SpecClause;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * {@code matchpoint explore --engine spark} end to end, in process (the Spark engine is on this
 * module's class path, found by ServiceLoader): the same text report as the local level-by-level
 * search but for the elapsed line, and a counterexample whose replay line replays it; usage errors.
 * (In package {@code cli} for {@link Main#commandLine}.)
 */
class SparkExploreCommandTest {
  private record Result(int code, String out, String err) {}

  private static Result run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cmd = Main.commandLine();
    cmd.setOut(new PrintWriter(out));
    cmd.setErr(new PrintWriter(err));
    int code = cmd.execute(args);
    return new Result(code, out.toString(), err.toString());
  }

  private static String withoutTimings(String report) {
    return report.lines().filter(l -> !l.startsWith("elapsed:")).collect(Collectors.joining("\n"));
  }

  @Test
  @SpecClause(source = "issue 17", text = "violations carry their path (or enough to rebuild it) so that the report "
      + "prints the same shortest counterexample and replay line as the local search")
  void engineSpark_printsTheLocalReport_andItsReplayLineReplaysTheViolation() {
    Result spark = run("explore", "probe-race-2x2", "--engine", "spark", "--master", "local[2]");
    Result local = run("explore", "probe-race-2x2", "--levels", "--threads", "2");
    assertEquals(1, spark.code(), spark.err());
    assertEquals(withoutTimings(local.out()), withoutTimings(spark.out()));
    assertTrue(spark.err().contains("spark: level 0:"), spark.err());
    String line = spark.out().lines().filter(l -> l.startsWith("replay:")).findFirst().orElseThrow();
    List<String> args = new ArrayList<>();
    for (String a : line.substring(line.indexOf("matchpoint replay ") + "matchpoint ".length()).split(" ")) {
      args.add(a.startsWith("'") && a.endsWith("'") ? a.substring(1, a.length() - 1) : a);
    }
    Result replay = run(args.toArray(new String[0]));
    assertEquals(2, replay.code(), "the replay ends in the counterexample's deadlock: " + replay.out() + replay.err());
    assertTrue(replay.out().contains("probe-then-receive-same-message"), replay.out());
  }

  @Test
  @SpecClause(source = "issue 17", text = "Bad scenario input = one clear error naming file:line:column, exit 64.")
  void unknownEngine_masterWithoutSpark_andDpor_areUsageErrors() {
    Result unknown = run("explore", "mprobe-fix-2x2", "--engine", "flink");
    assertEquals(64, unknown.code());
    assertTrue(unknown.err().contains("expected local or spark, got 'flink'"), unknown.err());
    Result master = run("explore", "mprobe-fix-2x2", "--master", "local[2]");
    assertEquals(64, master.code());
    assertTrue(master.err().contains("--master needs --engine spark"), master.err());
    Result dpor = run("explore", "mprobe-fix-2x2", "--engine", "spark", "--strategy", "dpor");
    assertEquals(64, dpor.code());
    assertTrue(dpor.err().contains("does not run the dpor strategy"), dpor.err());
  }
}
