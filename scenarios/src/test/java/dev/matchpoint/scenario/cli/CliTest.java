package dev.matchpoint.scenario.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.matchpoint.mpi.SpecClause;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The command line end to end: subcommands, outputs and exit codes. */
class CliTest {
  @TempDir Path dir;

  /** What one invocation did. */
  record Result(int code, String out, String err) {}

  static Result run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cmd = Main.commandLine();
    cmd.setOut(new PrintWriter(out));
    cmd.setErr(new PrintWriter(err));
    int code = cmd.execute(args);
    return new Result(code, out.toString(), err.toString());
  }

  /** The replay command a failing run printed, as arguments (without the leading 'matchpoint'). */
  static String[] replayArgs(Result r) {
    String line = r.out().lines().filter(l -> l.startsWith("replay:")).findFirst().orElseThrow();
    String cmd = line.substring(line.indexOf("matchpoint replay ") + "matchpoint ".length());
    List<String> args = new ArrayList<>();
    for (String a : cmd.split(" ")) {
      args.add(a.startsWith("'") && a.endsWith("'") ? a.substring(1, a.length() - 1) : a);
    }
    return args.toArray(new String[0]);
  }

  private List<String> files() throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void help_everywhere_withExamples_exitsZero() {
    for (String[] args : List.of(new String[] {"--help"}, new String[] {"run", "--help"},
        new String[] {"replay", "--help"}, new String[] {"list", "--help"}, new String[] {"check", "--help"},
        new String[] {"explore", "--help"}, new String[] {"help", "run"})) {
      Result r = run(args);
      assertEquals(0, r.code(), String.join(" ", args));
      assertTrue(r.out().contains("Example"), String.join(" ", args) + ":\n" + r.out());
    }
  }

  @Test
  @SpecClause(source = "MPI-3.1 §8.7", text = "For example, if the process executed a nonblocking send, it must "
      + "eventually call MPI_WAIT, MPI_TEST, MPI_REQUEST_FREE, or any derived function; if the process is the target "
      + "of a send, then it must post the matching receive")
  void workOutstandingAtTheEnd_isErroneousByDefault_namesEachStatement_andAScenarioCanLeaveTheCheckOut()
      throws IOException {
    String program = "scenario: leftovers\nranks:\n  - rank: 0\n    program:\n"
        + "      - isend: {dest: 1, tag: 0, request: s}\n"
        + "      - send: {dest: 1, tag: 1}\n"
        + "  - rank: 1\n    program: []\n";
    Path file = dir.resolve("leftovers.yaml");
    Files.writeString(file, program);
    Result r = run("run", file.toString());
    assertEquals(3, r.code(), r.out() + r.err());
    String f = file.toString();
    for (String finding : List.of(
        "complete-before-finalize: request r0.t0#0 (MPI_Isend to rank 1, tag 0), started at " + f + ":5:9, was never",
        "complete-before-finalize: message 0#0 (tag 0, 4 B, standard mode) sent at " + f + ":5:9 was never received",
        "complete-before-finalize: message 0#1 (tag 1, 4 B, standard mode) sent at " + f + ":6:9 was never received",
        "erroneous: work outstanding at MPI_Finalize (MPI-3.1 §8.7) at r1")) {
      assertTrue(r.out().contains(finding), finding + " in\n" + r.out());
    }
    assertEquals(1, run("explore", file.toString()).code(), "every schedule leaves the work outstanding");
    Files.writeString(file, program + "checks: [no-deadlock, no-errors]\n");
    Result off = run("run", file.toString());
    assertEquals(0, off.code(), "a scenario that lists its checks without complete-before-finalize is not judged:\n"
        + off.out());
  }

  @Test
  void usageErrors_exitWith64() {
    assertEquals(64, run().code(), "no subcommand");
    assertEquals(64, run("frobnicate").code());
    assertEquals(64, run("run").code(), "missing FILE");
    assertEquals(64, run("run", "truncation", "--no-such-option").code());
    assertEquals(64, run("run", "truncation", "--mode", "quick").code());
    assertEquals(64, run("run", "truncation", "--scheduler", "lifo").code());
    assertEquals(64, run("run", "truncation", "--seed", "x").code());
    assertEquals(64, run("replay", "truncation").code(), "missing --schedule");
    assertEquals(64, run("replay", "truncation", "--schedule", "1.x").code());
    assertEquals(64, run("run", "no-such-scenario").code());
    assertEquals(64, run("run", dir.resolve("missing.yaml").toString()).code());
  }

  @Test
  void list_printsOneLinePerLibraryScenario() {
    Result r = run("list");
    assertEquals(0, r.code());
    List<String> lines = r.out().lines().toList();
    assertEquals(dev.matchpoint.scenario.library.Library.names().size(), lines.size(), r.out());
    assertTrue(lines.size() >= 35, r.out());
    assertTrue(lines.stream().anyMatch(l -> l.startsWith("probe-race-2x2 ") && l.contains("race-reachable")));
    assertTrue(lines.stream().anyMatch(l -> l.startsWith("head-to-head-rendezvous ") && l.contains("deadlock")));
  }

  @Test
  void check_validatesWithoutRunning() throws IOException {
    Result ok = run("check", "library/mpi22-probe-correct.yaml");
    assertEquals(0, ok.code(), ok.err());
    assertTrue(ok.out().contains("ok: scenario mpi22-probe-correct, 3 ranks"), ok.out());
    Path bad = dir.resolve("bad.yaml");
    Files.writeString(bad, "scenario: bad\nranks:\n  - rank: 0\n    program:\n      - send: {dest: 3}\n");
    Result r = run("check", bad.toString());
    assertEquals(64, r.code());
    assertTrue(r.err().contains(bad + ":5:22: rank 3 in 'dest' of send is out of range"), r.err());
  }

  @Test
  void run_exitCodes_distinguishOkCheckFailedDeadlockErroneousAndBudget() throws IOException {
    assertEquals(0, run("run", "mprobe-fix-2x2").code());
    // The MPI-2.2 example's wrong pairing with one datatype on both sides breaks only the probe check.
    Path oneType = dir.resolve("one-type.yaml");
    Files.writeString(oneType, Files.readString(Path.of("library/mpi22-probe-any-source-round-robin.yaml"))
        .replace("type: real", "type: integer"));
    assertEquals(1, run("run", oneType.toString()).code());
    assertEquals(2, run("run", "head-to-head-rendezvous").code());
    assertEquals(3, run("run", "truncation").code());
    Path small = dir.resolve("budget.yaml");
    Files.writeString(small, Files.readString(Path.of("library/deep-unexpected-queue.yaml"))
        .replace("seed: 0\n", "seed: 0\nstep-budget: 100\n"));
    Result budget = run("run", small.toString());
    assertEquals(4, budget.code(), budget.out());
    assertTrue(budget.out().contains("BUDGET_EXHAUSTED"), budget.out());
  }

  @Test
  void run_printsTheBannerFirst_thenTheSummary() {
    Result r = run("run", "head-to-head-rendezvous");
    String[] lines = r.out().split("\n");
    assertTrue(lines[0].startsWith("seed=0 mode=timed scheduler=fifo wildcard-policy=any network=loggp("), lines[0]);
    for (String part : List.of("outcome:    DEADLOCK", "steps:", "end time:", "matches:    0", "deadlock:",
        "r0.t0 blocked in MPI_Send", "queue maxima", "rank 0: 0 / 1", "packets:    RTS=2", "replay:     "
        + "./matchpoint replay head-to-head-rendezvous --seed 0 --mode timed --schedule -")) {
      assertTrue(r.out().contains(part), part + " in:\n" + r.out());
    }
  }

  @Test
  void replay_ofThePrintedCommand_reproducesTheRunByteForByte() throws IOException {
    Path first = dir.resolve("first.jsonl");
    Result r = run("run", "library/probe-race-2x2.yaml", "--mode", "logical", "--seed", "3", "--trace",
        first.toString());
    assertEquals(2, r.code(), r.out());
    Path second = dir.resolve("second.jsonl");
    List<String> args = new ArrayList<>(List.of(replayArgs(r)));
    args.addAll(List.of("--trace", second.toString()));
    Result again = run(args.toArray(new String[0]));
    assertEquals(2, again.code(), again.out() + again.err());
    assertArrayEquals(Files.readAllBytes(first), Files.readAllBytes(second));
    assertTrue(again.out().lines().toList().get(0).contains("scheduler=replay("), again.out());
  }

  @Test
  void replay_ofAFifoTimedRun_reproducesIt() throws IOException {
    Path first = dir.resolve("fifo1.jsonl");
    Path second = dir.resolve("fifo2.jsonl");
    Result r = run("run", "mpi22-probe-any-source-round-robin", "--trace", first.toString());
    // The receive after the probe gets rank 0's MPI_INTEGER as MPI_REAL: erroneous as well (MPI-3.1 §3.3.1).
    assertEquals(3, r.code(), r.out());
    assertTrue(r.out().contains("probe-then-receive-same-message: the receive after a probe of 1#0 received 0#0"),
        r.out());
    List<String> args = new ArrayList<>(List.of(replayArgs(r)));
    args.addAll(List.of("--trace", second.toString()));
    assertEquals(3, run(args.toArray(new String[0])).code());
    assertArrayEquals(Files.readAllBytes(first), Files.readAllBytes(second));
  }

  @Test
  void replay_ofARandomTimedRun_reproducesItToo() throws IOException {
    Path first = dir.resolve("a.jsonl");
    Path second = dir.resolve("b.jsonl");
    Result r = run("run", "probe-race-3x3", "--scheduler", "random", "--seed", "5", "--trace", first.toString());
    assertTrue(r.code() == 0 || r.code() == 2, r.out());
    String schedule = r.out().lines().filter(l -> l.startsWith("schedule:")).findFirst().orElseThrow()
        .substring("schedule:".length()).strip();
    Result again = run("replay", "probe-race-3x3", "--seed", "5", "--mode", "timed", "--schedule", schedule,
        "--trace", second.toString());
    assertEquals(r.code(), again.code());
    assertArrayEquals(Files.readAllBytes(first), Files.readAllBytes(second));
  }

  @Test
  void replay_ofAScheduleThatDoesNotFit_isBadInput() {
    Result r = run("replay", "mprobe-fix-2x2", "--mode", "logical", "--schedule", "9.9.9");
    assertEquals(64, r.code());
    assertTrue(r.err().contains("does not fit"), r.err());
  }

  @Test
  void run_writesTheRequestedOutputs_andTheTimeline() throws IOException {
    Path trace = dir.resolve("t.jsonl");
    Path perfetto = dir.resolve("p.json");
    Result r = run("run", "mprobe-fix-2x2", "--trace", trace.toString(), "--perfetto", perfetto.toString(),
        "--timeline");
    assertEquals(0, r.code(), r.err());
    assertTrue(Files.readString(trace).startsWith("{\"schema\":\"matchpoint-trace\",\"version\":1,"));
    JsonNode p = new ObjectMapper().readTree(perfetto.toFile());
    assertTrue(p.get("traceEvents").size() > 10);
    assertTrue(r.out().contains("time (ns)    | rank 0"), r.out());
    assertEquals(List.of("p.json", "t.jsonl"), files(), "no temporary files left");
  }

  @Test
  void json_printsOneObjectForPrograms() throws IOException {
    Result r = run("run", "head-to-head-rendezvous", "--json");
    assertEquals(2, r.code());
    assertEquals(1, r.out().lines().count(), r.out());
    JsonNode n = new ObjectMapper().readTree(r.out());
    assertEquals("DEADLOCK", n.get("outcome").asText());
    assertEquals(2, n.get("exit_code").asInt());
    assertEquals(2, n.get("end_state").get("blocked_threads").size());
    assertEquals(2, n.get("packets").get("RTS").asInt());
    assertTrue(n.get("replay").asText().startsWith("./matchpoint replay head-to-head-rendezvous"));
  }

  @Test
  @dev.matchpoint.mpi.SpecClause(source = "LogGOPS (Hoefler et al., HPDC 2010), paraphrased as LogGOPSim.cpp implements it", text = "the simulation reports "
      + "the time at which the last process finished, its CPU done with its last message")
  void summary_reportsTheLastReceiveBesideTheEndTime() throws IOException {
    // Two back-to-back 1-byte sends, L = 1000, o = 200, g = 100, G = 0, no credit packets: the second
    // starts at 200 (the CPU is busy o with the first), arrives at 200 + o + L = 1400 and is received
    // at 1400 + o = 1600.
    Path f = dir.resolve("two.yaml");
    Files.writeString(f, """
        scenario: two
        network: {latency: {model: loggp, L: 1000, o: 200, g: 100, G: 0}, eager-buffer: unlimited}
        ranks:
          - rank: 0
            program: [{send: {dest: 1, type: byte}}, {send: {dest: 1, type: byte}}]
          - rank: 1
            program: [{recv: {source: 0, type: byte}}, {recv: {source: 0, type: byte}}]
        """);
    Result text = run("run", f.toString());
    assertEquals(0, text.code(), text.out() + text.err());
    assertTrue(text.out().contains("last recv:  1600 ns"), text.out());
    Result json = run("run", f.toString(), "--json");
    JsonNode n = new ObjectMapper().readTree(json.out());
    assertEquals(1600, n.get("last_receive_ns").asLong(), json.out());
    assertEquals(1600, n.get("end_time_ns").asLong(), json.out());
  }

  @Test
  void badInput_createsNoOutput_andLeavesAnExistingOneUntouched() throws IOException {
    Path bad = dir.resolve("bad.yaml");
    Files.writeString(bad, "scenario: bad\nranks:\n  - rank: 0\n    program:\n      - recv: {source: 0, tag: 70000}\n");
    Path existing = dir.resolve("existing.jsonl");
    Files.writeString(existing, "precious\n");
    List<String> before = files();
    Result r = run("run", bad.toString(), "--trace", existing.toString(), "--perfetto",
        dir.resolve("new.json").toString());
    assertEquals(64, r.code());
    assertTrue(r.err().contains(bad + ":5:32: tag 70000"), r.err());
    assertEquals("precious\n", Files.readString(existing));
    assertEquals(before, files());
    Result missingDir = run("run", "truncation", "--trace", dir.resolve("no/such/dir.jsonl").toString());
    assertEquals(64, missingDir.code());
    assertEquals(before, files());
  }
}
