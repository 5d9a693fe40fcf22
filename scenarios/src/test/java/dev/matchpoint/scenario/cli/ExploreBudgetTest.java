package dev.matchpoint.scenario.cli;

import static dev.matchpoint.scenario.cli.CliTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.matchpoint.scenario.cli.CliTest.Result;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code matchpoint explore} under its budgets (time, states, memory): each stops the phase it
 * governs, the search or the shortest-violation search, with exit 4 when no violation was found
 * and a report that names the budget and how far the search got; the counterexample says whether
 * it is the shortest, shortened or as found.
 */
class ExploreBudgetTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * A scenario that loops: rank 0 sends a million eager messages that rank 1 receives one by one.
   * Its schedules are about two million steps long and the state grows with every message rank 0
   * runs ahead, so one depth-first path outgrows any heap long before the 100 000-step limit.
   */
  private static final String LOOP = """
      scenario: loop
      seed: 0
      ranks:
        - rank: 0
          program:
            - repeat:
                times: 1000000
                do:
                  - send: {dest: 1, tag: 0, count: 1, type: int}
        - rank: 1
          program:
            - repeat:
                times: 1000000
                do:
                  - recv: {source: 0, tag: 0, count: 1, type: int}
      checks: [no-deadlock]
      """;

  @TempDir Path dir;

  private Path loop() throws IOException {
    Path file = dir.resolve("loop.yaml");
    Files.writeString(file, LOOP, StandardCharsets.UTF_8);
    return file;
  }

  private static JsonNode json(Result r) throws IOException {
    assertEquals(1, r.out().lines().count(), r.out() + r.err());
    return JSON.readTree(r.out());
  }

  @Test
  void loopingScenario_theTimeBudgetStopsOneEndlessSchedule_exit4WithAReport() throws IOException {
    Path file = loop();
    // Before: the time budget was read only at the leaves of the search, and this one has none.
    Result r = assertTimeoutPreemptively(Duration.ofSeconds(90),
        () -> run("explore", file.toString(), "--time-budget", "2s", "--threads", "1", "--json"));
    assertEquals(4, r.code(), r.out() + r.err());
    JsonNode n = json(r);
    assertFalse(n.get("exhaustive").asBoolean());
    assertEquals("time", n.get("stopped_by").asText());
    assertEquals("time budget of 2 s reached", n.get("stop_reason").asText());
    assertEquals(0, n.get("schedules").asLong());
    assertTrue(n.get("max_depth").asInt() > 0, n.toString());
    assertEquals(n.get("states").asLong() - 1, n.get("max_depth").asLong(), "one path, one state per step");
    assertTrue(n.get("frontier").asLong() >= 0, n.toString());
    assertTrue(n.get("peak_heap_bytes").asLong() > 0, n.toString());
  }

  @Test
  void loopingScenario_inA128MegabyteHeap_endsAtTheMemoryBudget_notInOutOfMemoryError() throws Exception {
    String out = forked("-Xmx128m", "explore", loop().toString());
    for (String part : List.of("exit 4\n", "search:      NOT exhaustive (memory budget of ",
        "stopped by:  memory budget, with ", "result:      no violation found before the budget ran out")) {
      assertTrue(out.contains(part), part + " in:\n" + out);
    }
  }

  /** The probe race 4 x 4 (the library's probe-race-TxT at T = 4, as {@code Patterns.probeRace(4)} builds it). */
  private static final String RACE_4X4 = """
      scenario: probe-race-4x4
      seed: 0
      wildcard-policy: any
      network:
        latency: {model: loggp, L: 1000, o: 200, g: 100, G: 0.1}
        order: per-pair-fifo
        eager-threshold: 4096
      ranks:
        - rank: [0, 1, 2, 3]
          program:
            - send: {dest: 4, tag: 0, count: rank + 1, type: int}
        - rank: 4
          threads: 4
          program:
            - probe: {source: any, tag: 0, status: st}
            - recv: {source: st.source, tag: 0, count: st.count, type: int}
      checks: [probe-then-receive-same-message, no-deadlock, complete-before-finalize]
      """;

  static String forked(String heap, String... args) throws Exception {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    List<String> command = new java.util.ArrayList<>(List.of(java.toString(), heap, "-cp",
        System.getProperty("java.class.path"), Main.class.getName()));
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(5, TimeUnit.MINUTES), out);
    assertFalse(out.contains("OutOfMemoryError"), out);
    return "exit " + p.exitValue() + "\n" + out;
  }

  @Test
  void probeRace4x4_inA128MegabyteHeap_theShortestViolationIsEstablished() throws Exception {
    // The search stores 55,876 states; the breadth-first search for a shortest violation follows the
    // persistent sets (49,361 states, 8 bytes each besides the table) and holds only two levels of
    // states whole, so it fits too. (Over every enabled action it stored 182,746 HashMap entries and
    // the memory budget stopped it.)
    Path file = dir.resolve("probe-race-4x4.yaml");
    Files.writeString(file, RACE_4X4, StandardCharsets.UTF_8);
    String out = forked("-Xmx128m", "explore", file.toString());
    for (String part : List.of("exit 1\n", "search:      exhaustive (search complete)", "states:      55876 stored",
        "shortest violating schedule (17 steps):", "length:      shortest: established by a breadth-first search over "
            + "49361 states", "result:      violation found  (exit 1)")) {
      assertTrue(out.contains(part), part + " in:\n" + out);
    }
  }

  @Test
  void stateBudget_stopsTheSearch_exit4_andTheReportSaysHowFarItGot() throws IOException {
    JsonNode n = json(run("explore", "mprobe-fix-3x3", "--max-states", "100", "--threads", "1", "--json"));
    assertEquals(4, n.get("exit_code").asInt());
    assertEquals("states", n.get("stopped_by").asText());
    assertEquals("state budget of 100 reached", n.get("stop_reason").asText());
    assertEquals(100, n.get("states").asLong());
    assertEquals(100, n.get("max_states").asLong());
    assertTrue(n.get("frontier").asLong() > 0, "a cut search leaves work on its stack: " + n);
    Result text = run("explore", "mprobe-fix-3x3", "--max-states", "100", "--threads", "1");
    assertEquals(4, text.code());
    assertTrue(text.out().contains("stopped by:  states budget, with " + n.get("frontier").asLong()
        + " transitions left unexplored on the search stack"), text.out());
    JsonNode complete = json(run("explore", "mprobe-fix-3x3", "--json"));
    assertTrue(complete.get("exhaustive").asBoolean());
    assertTrue(complete.get("stopped_by").isNull());
    assertTrue(complete.get("frontier").isNull());
  }

  @Test
  void stateBudget_stopsTheParallelSearchToo_atExactlyTheBudget() throws IOException {
    JsonNode n = json(run("explore", "mprobe-fix-3x3", "--max-states", "100", "--threads", "2", "--json"));
    assertEquals(4, n.get("exit_code").asInt());
    assertEquals("states", n.get("stopped_by").asText());
    assertEquals(100, n.get("states").asLong(), "no more states stored than the budget: " + n);
    assertTrue(n.get("frontier").asLong() >= 0, "the states left queued are reported: " + n);
  }

  @Test
  void memoryBudget_stopsTheSearch_exit4() throws IOException {
    // No JVM runs in 1 MiB of live heap: the first poll (after 1024 transitions) stops the search.
    JsonNode n = json(run("explore", loop().toString(), "--memory-budget", "1m", "--threads", "1", "--json"));
    assertEquals(4, n.get("exit_code").asInt());
    assertEquals("memory", n.get("stopped_by").asText());
    assertEquals("memory budget of 1 MB reached", n.get("stop_reason").asText());
    assertEquals(1 << 20, n.get("memory_budget_bytes").asLong());
    assertEquals(1024, n.get("transitions").asLong());
  }

  @Test
  void shortestViolation_isProvenWhenTheBreadthFirstSearchFits() throws IOException {
    JsonNode cex = json(run("explore", "probe-race-3x3", "--json")).get("counterexample");
    assertEquals("shortest", cex.get("length").asText());
    assertTrue(cex.get("shortest").asBoolean());
    assertEquals(13, cex.get("steps").size());
    assertTrue(cex.get("length_note").asText().startsWith("shortest: established by a breadth-first search over "),
        cex.toString());
  }

  @Test
  void shortestViolation_pastTheStateBudget_isTheFoundScheduleShortened_andLabelledSo() throws IOException {
    // One thread: which violation a parallel search finds first varies from run to run.
    // 1000 states: the search finds a 14-step violation; the breadth-first search from the initial
    // state does not fit, those from the schedule's last prefixes do and find 13 steps.
    JsonNode n = json(run("explore", "probe-race-3x3", "--max-states", "1000", "--json", "--threads", "1"));
    assertEquals(1, n.get("exit_code").asInt());
    assertEquals("states", n.get("stopped_by").asText());
    JsonNode cex = n.get("counterexample");
    assertEquals("shortened", cex.get("length").asText());
    assertFalse(cex.get("shortest").asBoolean());
    assertEquals(13, cex.get("steps").size());
    assertEquals("shortened from 14 to 13 steps, not proven shortest: the breadth-first search from the initial "
        + "state stopped at the states budget after 1000 states with 316 left in its queue",
        cex.get("length_note").asText());
    Result text = run("explore", "probe-race-3x3", "--max-states", "1000", "--threads", "1");
    assertTrue(text.out().contains("shortened violating schedule (not proven shortest) (13 steps):"), text.out());
    // The shortened schedule still replays to a violation.
    List<String> replay = new java.util.ArrayList<>(List.of(n.get("replay").asText().substring("./matchpoint "
        .length()).replace("'", "").split(" ")));
    Result replayed = run(replay.toArray(new String[0]));
    assertEquals(2, replayed.code(), replayed.out() + replayed.err());

    JsonNode asFound = json(run("explore", "probe-race-3x3", "--max-states", "200", "--json", "--threads", "1")).get("counterexample");
    assertEquals("as-found", asFound.get("length").asText());
    assertEquals(14, asFound.get("steps").size());
    assertTrue(asFound.get("length_note").asText().startsWith("as found, not proven shortest: the breadth-first "
        + "search from the initial state stopped at the states budget after 200 states"), asFound.toString());
  }

  @Test
  void memoryBudget_governsTheShortestViolationSearchToo() throws IOException {
    JsonNode n = json(run("explore", "probe-race-3x3", "--memory-budget", "1m", "--json"));
    assertEquals("memory", n.get("stopped_by").asText());
    JsonNode cex = n.get("counterexample");
    assertFalse(cex.get("shortest").asBoolean(), cex.toString());
    assertTrue(cex.get("length_note").asText().contains("stopped at the memory budget"), cex.toString());
  }

  @Test
  void badBudgets_areBadInput() {
    assertEquals(64, run("explore", "mprobe-fix-2x2", "--max-states", "0").code());
    assertEquals(64, run("explore", "mprobe-fix-2x2", "--memory-budget", "lots").code());
    assertEquals(64, run("explore", "mprobe-fix-2x2", "--memory-budget", "0").code());
    assertEquals(512L << 20, ExploreCommand.bytes("512m"));
    assertEquals(2L << 30, ExploreCommand.bytes("2G"));
    assertEquals(1000, ExploreCommand.bytes("1000"));
  }
}
