package dev.matchpoint.scenario.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.matchpoint.mpi.SpecClause;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * {@code matchpoint explore --engine spark} end to end, in process (the Spark engine is on this
 * module's class path, found by ServiceLoader): the same text report as the local level-by-level
 * search but for the elapsed line and the engine's figures (per level, per executor), which add up
 * to the report's, in text and JSON; a counterexample whose replay line replays it; usage errors.
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

  /** A level line of the text report (EngineReport). */
  private static final Pattern LEVEL = Pattern.compile(
      "  level (\\d+): entries (\\d+), final (\\d+), successors (\\d+), new states (\\d+), \\d+\\.\\d\\d s");

  /** The report without its timings and the engine's figures. */
  private static String withoutTimings(String report) {
    return report.lines().filter(l -> !l.startsWith("elapsed:") && !l.startsWith("engine:")
        && !l.startsWith("  level ") && !l.startsWith("  executor ")).collect(Collectors.joining("\n"));
  }

  private static long figure(String report, String label) {
    String line = report.lines().filter(l -> l.startsWith(label)).findFirst().orElseThrow();
    return Long.parseLong(line.substring(label.length()).trim().split(" ")[0]);
  }

  @Test
  @SpecClause(source = "issue 17", text = "The report is the same as the local search's (states, transitions, depth, "
      + "outcome classes, verdict), plus per-level and per-executor figures")
  void engineSpark_reportsEachLevelAndExecutor_inTextAndJson_addingUpToTheReportsFigures() throws Exception {
    Result text = run("explore", "mprobe-fix-3x3", "--engine", "spark", "--master", "local[2]");
    assertEquals(0, text.code(), text.err());
    String engine = text.out().lines().filter(l -> l.startsWith("engine:")).findFirst().orElseThrow();
    assertTrue(engine.startsWith("engine:      spark, master local[2], 4 partitions storing "), engine);
    List<Matcher> levels = text.out().lines().map(LEVEL::matcher).filter(Matcher::matches).toList();
    assertEquals(figure(text.out(), "depth:") + 1, levels.size(), text.out());
    long stored = 1;
    long successors = 0;
    for (int i = 0; i < levels.size(); i++) {
      assertEquals(i, Integer.parseInt(levels.get(i).group(1)));
      successors += Long.parseLong(levels.get(i).group(4));
      stored += Long.parseLong(levels.get(i).group(5));
    }
    assertEquals(figure(text.out(), "states:"), stored, text.out());
    assertEquals(figure(text.out(), "transitions:"), successors, text.out());
    assertEquals(0, Long.parseLong(levels.get(levels.size() - 1).group(5)), "the last level finds nothing new");
    assertTrue(text.out().lines().anyMatch(l -> l.matches("  executor \\S+:\\d+: at most \\d+\\.\\d MB cached")),
        text.out());

    Result json = run("explore", "mprobe-fix-3x3", "--engine", "spark", "--master", "local[2]", "--json");
    assertEquals(0, json.code(), json.err());
    JsonNode report = new ObjectMapper().readTree(json.out());
    JsonNode e = report.get("engine");
    assertEquals("spark", e.get("name").asText());
    assertEquals("local[2]", e.get("master").asText());
    assertEquals(4, e.get("partitions").asInt());
    assertEquals(levels.size(), e.get("levels").size());
    long jsonStored = 1;
    for (int i = 0; i < levels.size(); i++) {
      JsonNode l = e.get("levels").get(i);
      assertEquals(i, l.get("level").asInt());
      assertEquals(Long.parseLong(levels.get(i).group(2)), l.get("entries").asLong());
      assertEquals(Long.parseLong(levels.get(i).group(3)), l.get("finals").asLong());
      assertEquals(Long.parseLong(levels.get(i).group(4)), l.get("successors").asLong());
      jsonStored += l.get("new_states").asLong();
    }
    assertEquals(report.get("states").asLong(), jsonStored);
    assertFalse(e.get("executors").isEmpty(), json.out());
    assertTrue(e.get("executors").get(0).get("cached_bytes").asLong() > 0, json.out());
    Result local = run("explore", "mprobe-fix-3x3", "--levels", "--json");
    assertFalse(new ObjectMapper().readTree(local.out()).has("engine"), "only --engine spark adds the figures");
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

  /** One line naming the option and the value, exit 64, nothing of Spark's (no stack trace, no Spark log). */
  private static void usageError(Result r, String message) {
    assertEquals(64, r.code(), r.err());
    assertEquals("matchpoint: error: " + message + "\n", r.err());
    assertEquals("", r.out());
  }

  @Test
  @SpecClause(source = "issue 17", text = "Bad scenario input = one clear error naming file:line:column, exit 64.")
  void malformedMaster_localModeWithoutCores_threads_andBadPartitions_areUsageErrors_beforeSparkStarts() {
    String forms = "expected local, local[N], local[*], local[N,F], local-cluster[N,C,M] or spark://HOST:PORT, got ";
    usageError(run("explore", "mprobe-fix-2x2", "--engine", "spark", "--master", "local[x]"),
        "--master: " + forms + "'local[x]'");
    usageError(run("explore", "mprobe-fix-2x2", "--engine", "spark", "--master", "spark://host"),
        "--master: " + forms + "'spark://host'");
    usageError(run("explore", "mprobe-fix-2x2", "--engine", "spark", "--master", "yarnn"),
        "--master: " + forms + "'yarnn'");
    usageError(run("explore", "mprobe-fix-2x2", "--engine", "spark", "--master", "local[0]"),
        "--master: local[0] asks for 0 threads or workers; give 1 to 999999999, or * for every core");
    usageError(run("explore", "mprobe-fix-2x2", "--engine", "spark", "--threads", "2"),
        "--threads does not apply to --engine spark, whose cores are its master's: --master local[N] for N cores "
            + "here, a cluster's executors otherwise");
    System.setProperty("spark.matchpoint.partitions", "abc");
    try {
      usageError(run("explore", "mprobe-fix-2x2", "--engine", "spark", "--master", "local[2]"),
          "-Dspark.matchpoint.partitions: expected a number of partitions from 1 to 999999999, got 'abc'");
    } finally {
      System.clearProperty("spark.matchpoint.partitions");
    }
  }

  @Test
  @SpecClause(source = "docs/cli.md, Exit codes of explore", text = "70 | internal error (one line, see \"Exit "
      + "codes\"); with `--engine spark`, also a `--master spark://HOST:PORT` that nothing answers at: one line naming "
      + "the master and the connection's failure")
  void unreachableStandaloneMaster_isOneLineAndExit70_withoutStartingSpark() throws Exception {
    int port;
    try (java.net.ServerSocket free = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      port = free.getLocalPort();
    }
    Result r = run("explore", "mprobe-fix-2x2", "--engine", "spark", "--master", "spark://127.0.0.1:" + port);
    assertEquals(70, r.code(), r.err());
    List<String> lines = r.err().lines().toList();
    assertEquals(1, lines.size(), r.err());
    assertTrue(lines.get(0).startsWith("matchpoint: error: --master spark://127.0.0.1:" + port
        + ": no Spark master accepts connections at 127.0.0.1:" + port + " ("), r.err());
    assertTrue(lines.get(0).endsWith("; start it, or check the host and port (docs/distributed.md)"), r.err());
    assertFalse(r.out().contains("states:"), r.out());
  }

  /** A task line of a swarm's text report (EngineReport). */
  private static final Pattern TASK = Pattern.compile("  task (\\d+): seed (\\d+), schedules (\\d+), transitions "
      + "(\\d+), classes (\\d+), \\d+\\.\\d\\d s, executor \\S+:\\d+");

  @Test
  @SpecClause(source = "issue 17", text = "The report is the same as the local search's (states, transitions, depth, "
      + "outcome classes, verdict), plus per-level and per-executor figures")
  void swarm_reportsEachTask_itsSeedAndExecutor_addingUpToTheReportsFigures_inTextAndJson() throws Exception {
    Result text = run("explore", "mprobe-fix-2x2", "--engine", "spark", "--master", "local[2]", "--strategy", "random",
        "--seed", "5", "--budget", "30");
    assertEquals(0, text.code(), text.err());
    assertTrue(text.out().contains("\nengine:      spark, master local[2], swarm of 4 tasks, seeds 5 to 8\n"), text.out());
    List<Matcher> tasks = text.out().lines().map(TASK::matcher).filter(Matcher::matches).toList();
    assertEquals(4, tasks.size(), text.out());
    long schedules = 0;
    long transitions = 0;
    for (int i = 0; i < tasks.size(); i++) {
      assertEquals(i, Integer.parseInt(tasks.get(i).group(1)));
      assertEquals(5 + i, Long.parseLong(tasks.get(i).group(2)));
      assertEquals(i < 2 ? 8 : 7, Long.parseLong(tasks.get(i).group(3)), "30 schedules shared out among 4 tasks");
      schedules += Long.parseLong(tasks.get(i).group(3));
      transitions += Long.parseLong(tasks.get(i).group(4));
      assertTrue(Integer.parseInt(tasks.get(i).group(5)) >= 1);
    }
    assertEquals(figure(text.out(), "schedules:"), schedules, text.out());
    assertEquals(figure(text.out(), "transitions:"), transitions, text.out());
    assertTrue(text.out().lines().anyMatch(l -> l.matches("  executor \\S+:\\d+: at most \\d+\\.\\d MB cached")),
        text.out());

    Result json = run("explore", "mprobe-fix-2x2", "--engine", "spark", "--master", "local[2]", "--strategy", "random",
        "--seed", "5", "--budget", "30", "--json");
    assertEquals(0, json.code(), json.err());
    JsonNode engine = new ObjectMapper().readTree(json.out()).get("engine");
    assertEquals(4, engine.get("tasks").size(), json.out());
    assertEquals(0, engine.get("levels").size(), json.out());
    for (int i = 0; i < 4; i++) {
      JsonNode t = engine.get("tasks").get(i);
      assertEquals(5 + i, t.get("seed").asLong());
      assertEquals(Long.parseLong(tasks.get(i).group(4)), t.get("transitions").asLong());
    }
  }
}
