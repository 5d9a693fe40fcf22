package dev.matchpoint.scenario.cli;

import static dev.matchpoint.scenario.cli.CliTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.core.explore.ProgressListener;
import dev.matchpoint.scenario.cli.CliTest.Result;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** {@code matchpoint explore} end to end: reports, replay commands, exit codes, JSON. */
class ExploreCommandTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static JsonNode json(Result r) throws IOException {
    assertEquals(1, r.out().lines().count(), r.out());
    return JSON.readTree(r.out());
  }

  /** A printed replay command as arguments, without the leading 'matchpoint' and with quotes removed. */
  private static List<String> args(String command) {
    List<String> out = new ArrayList<>();
    for (String a : command.substring("./matchpoint ".length()).split(" ")) {
      out.add(a.startsWith("'") && a.endsWith("'") ? a.substring(1, a.length() - 1) : a);
    }
    return out;
  }

  private static Set<String> violations(JsonNode replay) {
    Set<String> out = new TreeSet<>();
    replay.get("violations").forEach(v -> out.add(v.get("check").asText() + ": " + v.get("message").asText()));
    return out;
  }

  @Test
  void explore_probeRace2x2_findsTheRace_andPrintsAShortestScheduleAndItsReplay() {
    Result r = run("explore", "library/probe-race-2x2.yaml");
    assertEquals(1, r.code(), r.out() + r.err());
    String[] lines = r.out().split("\n");
    assertTrue(lines[0].startsWith("seed=0 strategy=exhaustive schedule-budget=10000000 time-budget=10m "), lines[0]);
    for (String part : List.of("search:      exhaustive (search complete)", "outcomes:    6 distinct, 4 violating",
        "shortest violating schedule (9 steps):", "r2.t0 MPI_Probe(source=MPI_ANY_SOURCE",
        "=> r2.t1 matched 0#0 via PROBE; r2.t1 MPI_Probe returns source=0", "=> r2.t1 MPI_Recv blocks",
        "probe-then-receive-same-message: the receive r2.t1#0 after a probe of 0#0 never received it",
        "replay:      ./matchpoint replay library/probe-race-2x2.yaml --mode logical --schedule '0*4.1.0.2'",
        "(the replay ends DEADLOCK with 2 violation(s): exit 2)", "result:      violation found  (exit 1)")) {
      assertTrue(r.out().contains(part), part + " in:\n" + r.out());
    }
  }

  @Test
  void explore_printedReplayCommand_reproducesTheSameViolations() throws IOException {
    JsonNode report = json(run("explore", "library/probe-race-2x2.yaml", "--json"));
    assertTrue(report.get("violation_found").asBoolean());
    JsonNode cex = report.get("counterexample");
    assertTrue(cex.get("shortest").asBoolean());
    List<String> replayArgs = args(report.get("replay").asText());
    replayArgs.add("--json");
    Result replayed = run(replayArgs.toArray(new String[0]));
    assertEquals(2, replayed.code(), replayed.out() + replayed.err());
    JsonNode replay = json(replayed);
    assertEquals("DEADLOCK", replay.get("outcome").asText());
    assertEquals(violations(cex), violations(replay));
    assertEquals(cex.get("steps").size(), replay.get("steps").asInt());
  }

  @Test
  void explore_everyOutcomeClassSchedule_replaysToThatKindOfOutcome() throws IOException {
    JsonNode report = json(run("explore", "probe-race-2x2", "--json"));
    assertEquals(6, report.get("outcomes").size());
    for (JsonNode c : report.get("outcomes")) {
      Result r = run("replay", "probe-race-2x2", "--mode", "logical", "--schedule", c.get("schedule").asText(),
          "--json");
      JsonNode replay = json(r);
      String kind = c.get("result").asText();
      assertEquals(kind.toUpperCase(java.util.Locale.ROOT), replay.get("outcome").asText(), c.toString());
      assertEquals(c.get("violation").asBoolean(), replay.get("violations").size() > 0, c.toString());
    }
  }

  @Test
  void explore_mprobeFix2x2_isCleanAndExhaustive() {
    Result r = run("explore", "library/mprobe-fix-2x2.yaml");
    assertEquals(0, r.code(), r.out() + r.err());
    for (String part : List.of("search:      exhaustive (search complete)", "outcomes:    2 distinct, 0 violating",
        "receipts r2.t0#0<-0#0 r2.t1#0<-1#0", "receipts r2.t0#0<-1#0 r2.t1#0<-0#0",
        "result:      no violation in any schedule (exhaustive)  (exit 0)")) {
      assertTrue(r.out().contains(part), part + " in:\n" + r.out());
    }
    assertFalse(r.out().contains("replay:"), r.out());
  }

  @Test
  void explore_budgetRunningOutWithoutAViolation_exitsWith4_andSaysSo() {
    for (String strategy : List.of("exhaustive", "dpor", "naive")) {
      Result r = run("explore", "mprobe-fix-3x3", "--strategy", strategy, "--budget", "5");
      assertEquals(4, r.code(), strategy + ":\n" + r.out());
      assertTrue(r.out().contains("search:      NOT exhaustive (schedule budget of 5 reached)"), r.out());
      assertTrue(r.out().contains("no violation found before the budget ran out (not exhaustive)  (exit 4)"), r.out());
    }
    Result sampled = run("explore", "mprobe-fix-2x2", "--strategy", "random", "--budget", "20");
    assertEquals(0, sampled.code(), "a finished sample is not a budget running out:\n" + sampled.out());
    assertTrue(sampled.out().contains("no violation found in 20 sampled schedules (not exhaustive)"), sampled.out());
  }

  @Test
  void explore_samplingStrategies_findTheRaceToo_andTheirOptionsReachTheBanner() {
    Result pct = run("explore", "probe-race-2x2", "--strategy", "pct", "--budget", "200", "--seed", "7",
        "--pct-depth", "2");
    assertEquals(1, pct.code(), pct.out());
    assertTrue(pct.out().startsWith("seed=7 strategy=pct schedule-budget=200 time-budget=10m pct-depth=2 "),
        pct.out());
    assertTrue(pct.out().contains("reduction=none"), pct.out());
    Result random = run("explore", "probe-race-2x2", "--strategy", "random", "--time-budget", "30s");
    assertEquals(1, random.code(), random.out());
    assertTrue(random.out().startsWith("seed=0 strategy=random schedule-budget=10000 time-budget=30s "), random.out());
  }

  @Test
  void explore_noReduction_reachesTheSameOutcomeClasses() throws IOException {
    JsonNode reduced = json(run("explore", "probe-race-2x2", "--json"));
    JsonNode full = json(run("explore", "probe-race-2x2", "--json", "--no-reduction"));
    assertEquals("persistent-sets+sleep-sets", reduced.get("reduction").asText());
    assertEquals("sleep-sets", full.get("reduction").asText());
    assertEquals(outcomes(reduced), outcomes(full));
    assertTrue(full.get("states").asLong() >= reduced.get("states").asLong());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.7.5", text = "The error-free execution of MPI_WAITALL(count, array_of_requests, "
      + "array_of_statuses) has the same effect as the execution of MPI_WAIT(&array_of_request[i], "
      + "&array_of_statuses[i]), for i=0 ,..., count-1, in some arbitrary order.")
  void explore_persistentHaloExchange_isOneObservableOutcome_andEightMatchOrdersWithFineOutcomes() throws IOException {
    JsonNode observable = json(run("explore", "persistent-halo-exchange", "--json"));
    JsonNode fine = json(run("explore", "persistent-halo-exchange", "--json", "--fine-outcomes"));
    assertTrue(observable.get("banner").asText().contains(" outcomes=observable "), observable.get("banner").asText());
    assertTrue(fine.get("banner").asText().contains(" outcomes=fine "), fine.get("banner").asText());
    assertTrue(observable.get("exhaustive").asBoolean() && fine.get("exhaustive").asBoolean());
    assertEquals(Set.of("ok | receipts r0.t0#2<-2#0 r0.t0#3<-1#0 r1.t0#2<-0#0 r1.t0#3<-2#0 r2.t0#2<-1#0 "
        + "r2.t0#3<-0#0"), outcomes(observable));
    // Each rank's two receives match in either order inside the model: 2^3 classes, all ok.
    assertEquals(8, fine.get("outcomes").size(), outcomes(fine).toString());
    fine.get("outcomes").forEach(o -> assertTrue(o.get("class").asText().startsWith("ok | receipts r0.t0<-"), o
        .toString()));
  }

  private static Set<String> outcomes(JsonNode report) {
    Set<String> out = new TreeSet<>();
    report.get("outcomes").forEach(o -> out.add(o.get("class").asText()));
    return out;
  }

  @Test
  void explore_json_isOneObjectWithTheDocumentedFields() throws IOException {
    JsonNode n = json(run("explore", "mprobe-fix-2x2", "--json"));
    for (String field : List.of("schema", "version", "scenario", "file", "expect", "seed", "strategy", "schedule_budget", "time_budget_ms",
        "max_states", "memory_budget_bytes", "pct_depth", "max_steps", "reduction", "banner", "exhaustive",
        "stop_reason", "stopped_by", "schedules", "states", "transitions", "max_depth", "frontier", "elapsed_ms", "search_ms",
        "states_per_second", "peak_heap_bytes", "violation_found", "outcomes", "counterexample", "replay",
        "exit_code")) {
      assertNotNull(n.get(field), field + " in " + n);
    }
    assertTrue(n.get("exhaustive").asBoolean());
    assertEquals(0, n.get("exit_code").asInt());
    assertTrue(n.get("counterexample").isNull());
    assertEquals(2, n.get("outcomes").size());
    assertEquals(600_000, n.get("time_budget_ms").asLong());
  }

  @Test
  void explore_output_isDeterministic_exceptTheElapsedLine() {
    String a = withoutElapsed(run("explore", "probe-race-2x2", "--threads", "1").out());
    String b = withoutElapsed(run("explore", "probe-race-2x2", "--threads", "1").out());
    assertEquals(a, b);
  }

  @Test
  void explore_onSeveralThreads_printsTheSerialReport_exceptTheFiguresItMarksAsVarying() {
    String serial = run("explore", "mprobe-fix-3x3", "--threads", "1").out();
    for (int run = 0; run < 3; run++) {
      Result r = run("explore", "mprobe-fix-3x3", "--threads", "4");
      assertEquals(0, r.code(), r.out() + r.err());
      assertTrue(r.out().contains("transitions: ") && r.out().contains("[4 threads: varies from run to run]"), r.out());
      assertEquals(withoutVarying(serial), withoutVarying(r.out()));
    }
  }

  /** The report without its elapsed time, states, schedules, transitions, depth and example schedules. */
  private static String withoutVarying(String out) {
    return out.lines().filter(l -> !l.startsWith("elapsed:") && !l.startsWith("schedules:")
        && !l.startsWith("transitions:") && !l.startsWith("states:") && !l.startsWith("depth:")).map(l -> l.replaceAll(" schedule \\S+$", " schedule S")
        .replaceAll("reaching it\\).*", "reaching it)")).collect(Collectors.joining("\n"));
  }

  private static String withoutElapsed(String out) {
    return out.lines().filter(l -> !l.startsWith("elapsed:")).collect(Collectors.joining("\n"));
  }

  @Test
  void explore_badInput_exitsWith64() {
    assertEquals(64, run("explore").code(), "missing FILE");
    assertEquals(64, run("explore", "mprobe-fix-2x2", "--strategy", "bfs").code());
    assertEquals(64, run("explore", "mprobe-fix-2x2", "--budget", "0").code());
    assertEquals(64, run("explore", "mprobe-fix-2x2", "--time-budget", "soon").code());
    assertEquals(64, run("explore", "mprobe-fix-2x2", "--time-budget", "0s").code());
    assertEquals(64, run("explore", "mprobe-fix-2x2", "--pct-depth", "0").code());
    assertEquals(64, run("explore", "mprobe-fix-2x2", "--seed", "-1").code());
    assertEquals(64, run("explore", "mprobe-fix-2x2", "--threads", "0").code());
    assertEquals(64, run("explore", "no-such-scenario").code());
    Result r = run("explore", "mprobe-fix-2x2", "--strategy", "bfs");
    assertTrue(r.err().contains("unknown strategy 'bfs' (expected random, pct, dpor, exhaustive or naive)"), r.err());
  }

  @Test
  void durations_parseTheShortFormsAndIso8601() {
    assertEquals(java.time.Duration.ofMillis(250), Durations.parse("250ms"));
    assertEquals(java.time.Duration.ofSeconds(30), Durations.parse("30s"));
    assertEquals(java.time.Duration.ofMinutes(10), Durations.parse("10m"));
    assertEquals(java.time.Duration.ofHours(2), Durations.parse("2h"));
    assertEquals(java.time.Duration.ofSeconds(90), Durations.parse("PT1M30S"));
    assertEquals("90s", Durations.format(java.time.Duration.ofSeconds(90)));
    assertEquals("10m", Durations.format(java.time.Duration.ofMinutes(10)));
    assertEquals("1500ms", Durations.format(java.time.Duration.ofMillis(1500)));
  }

  @Test
  void progressLine_drawsOnlyWhenAStreamIsGiven_andShowsStatesRateDepthAndTime() {
    // Tests run with standard error redirected: no line, whatever the command prints.
    assertFalse(TerminalProgress.wanted());
    ProgressListener.Progress p = new ProgressListener.Progress("search", 120_000, 480_000, 9_000, 37, 3_000);
    try (TerminalProgress none = TerminalProgress.open()) {
      assertFalse(none.drawing());
      none.progress(p);
      assertEquals("", none.current());
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (TerminalProgress line = new TerminalProgress(new PrintStream(bytes, true, StandardCharsets.UTF_8))) {
      assertTrue(line.drawing());
      line.progress(p);
      assertEquals("search: 120000 states, 40000 states/s, depth 37, 3.0 s", line.current());
    }
    String drawn = bytes.toString(StandardCharsets.UTF_8);
    assertTrue(drawn.contains("\rsearch: 120000 states, 40000 states/s, depth 37, 3.0 s"), drawn);
    assertFalse(drawn.contains("%"), "no percentage of a schedule budget: " + drawn);
    assertEquals("search: 9000 schedules, 3000 schedules/s, depth 37, 3.0 s",
        TerminalProgress.line(new ProgressListener.Progress("search", 0, 480_000, 9_000, 37, 3_000)));
  }

}
