package dev.matchpoint.scenario.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.ScenarioLoader;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code matchpoint import} and {@code matchpoint replay-trace} end to end (issue 7). */
class TraceCommandsTest {
  @TempDir Path dir;

  static String resource(String path) throws URISyntaxException {
    return Path.of(TraceCommandsTest.class.getResource(path).toURI()).toString();
  }

  @Test
  void import_writesAScenarioThatRunsLikeALibraryOne() throws Exception {
    Path out = dir.resolve("tree.yaml");
    CliTest.Result r = CliTest.run("import", resource("/traces/goal/binary_tree_4.goal"), "--format", "goal",
        "-o", out.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("4 ranks"), r.out());
    Scenario s = ScenarioLoader.load(Files.readString(out), out.toString());
    assertEquals(4, s.worldSize());
    CliTest.Result run = CliTest.run("run", out.toString(), "--mode", "logical");
    assertEquals(0, run.code(), run.out() + run.err());
  }

  @Test
  void import_badInput_exits64_andWritesNothing() throws Exception {
    Path out = dir.resolve("x.yaml");
    assertEquals(64, CliTest.run("import", dir.resolve("missing.otf2").toString(), "--format", "otf2", "-o",
        out.toString()).code(), "missing trace file");
    assertEquals(64, CliTest.run("import", resource("/traces/goal/binary_tree_4.goal"), "--format", "vampir",
        "-o", out.toString()).code(), "unknown format");
    assertEquals(64, CliTest.run("import", resource("/traces/goal/binary_tree_4.goal"), "--format", "goal").code(),
        "missing --output");
    Path garbage = dir.resolve("garbage.goal");
    Files.writeString(garbage, "num_ranks 2\nrank 0 {\n  l1: send 8b to 1 tag 0\n  l1 requires l9\n}\n");
    CliTest.Result r = CliTest.run("import", garbage.toString(), "--format", "goal", "-o", out.toString());
    assertEquals(64, r.code(), r.out());
    assertTrue(r.err().contains("garbage.goal"), "the error names the file: " + r.err());
    assertFalse(Files.exists(out), "no half-written scenario");
    Files.writeString(out, "keep me");
    CliTest.run("import", garbage.toString(), "--format", "goal", "-o", out.toString());
    assertEquals("keep me", Files.readString(out), "an existing file is left untouched");
  }

  @Test
  void replayTrace_writesTheMatchedMessageList_asJsonLines() throws Exception {
    Path out = dir.resolve("messages.jsonl");
    // Without credit packets, as the recorded run's timing needs (see ConversionAndReplayTest).
    Path model = dir.resolve("no-credits.yaml");
    Files.writeString(model, "scenario: no-credits\nnetwork: {eager-buffer: unlimited}\nranks:\n"
        + "  - {rank: 0, program: []}\n");
    CliTest.Result r = CliTest.run("replay-trace", resource("/traces/otf2/rich/traces.otf2"), "--format", "otf2",
        "--explore-budget", "0", "--messages", out.toString(), "--model-from", model.toString());
    assertEquals(0, r.code(), r.out() + r.err());
    assertTrue(r.out().contains("0 different"), r.out());
    List<JsonNode> lines = new ArrayList<>();
    ObjectMapper json = new ObjectMapper();
    for (String line : Files.readAllLines(out, StandardCharsets.UTF_8)) {
      lines.add(json.readTree(line));
    }
    assertEquals("matchpoint-messages", lines.get(0).get("schema").asText());
    assertEquals(1, lines.get(0).get("version").asInt());
    long messages = lines.stream().filter(n -> "message".equals(n.path("kind").asText())).count();
    JsonNode summary = lines.get(lines.size() - 1);
    assertEquals("summary", summary.get("kind").asText());
    assertEquals(messages, summary.get("messages").asLong());
    assertEquals(7, messages);
    for (JsonNode n : lines) {
      if ("message".equals(n.path("kind").asText())) {
        assertEquals("same", n.get("recorded_pairing").asText(), n.toString());
        assertTrue(n.get("match_time_ns").asLong() >= n.get("send_time_ns").asLong(), n.toString());
        assertTrue(n.get("search_length").asInt() >= 1, n.toString());
      }
    }
    assertTrue(lines.stream().anyMatch(n -> "queue".equals(n.path("kind").asText())), "queue depths over time");
  }

  @Test
  void replayTrace_withWildcards_reportsOtherPairings_andExitsOne() throws Exception {
    CliTest.Result r = CliTest.run("replay-trace", resource("/traces/otf2/rich/traces.otf2"), "--format", "otf2",
        "--any-source", "--explore-budget", "2000");
    assertEquals(1, r.code(), r.out() + r.err());
    assertTrue(r.out().contains("possible: "), r.out());
  }

  @Test
  void replayTrace_modelFrom_runsTheTraceOnAnotherScenariosNetwork() throws Exception {
    String trace = resource("/traces/goal/binary_tree_4.goal");
    CliTest.Result plain = CliTest.run("replay-trace", trace, "--format", "goal", "--explore-budget", "0");
    Path model = dir.resolve("all-rendezvous.yaml");
    Files.writeString(model, """
        scenario: all-rendezvous
        network:
          eager-threshold: 0
        ranks:
          - rank: 0
            program: []
        """);
    CliTest.Result rendezvous = CliTest.run("replay-trace", trace, "--format", "goal", "--explore-budget", "0",
        "--model-from", model.toString());
    assertEquals(0, plain.code(), plain.out() + plain.err());
    assertEquals(0, rendezvous.code(), rendezvous.out() + rendezvous.err());
    assertTrue(rendezvous.out().contains("model options of all-rendezvous"), rendezvous.out());
    assertFalse(endTime(plain.out()).equals(endTime(rendezvous.out())),
        "the rendezvous protocol's handshake changes the run's end time:\n" + plain.out() + rendezvous.out());
    assertEquals(64, CliTest.run("replay-trace", trace, "--format", "goal", "--model-from", "no-such-scenario").code());
  }

  private static String endTime(String out) {
    return out.lines().filter(l -> l.startsWith("timed run")).findFirst().orElseThrow()
        .replaceAll(".*, end ", "");
  }

  @Test
  void replayTrace_queueDepths_countOnlyReceivesThatWaited() throws Exception {
    // Rank 1 computes first, so both messages wait in its unexpected queue and each receive matches
    // at once: the posted receive queue stays empty throughout.
    Path goal = dir.resolve("late.goal");
    Files.writeString(goal, """
        num_ranks 2
        rank 0 {
        l1: send 8b to 1 tag 0
        l2: send 8b to 1 tag 1
        }
        rank 1 {
        l1: calc 100000
        l2: recv 8b from 0 tag 1
        l3: recv 8b from 0 tag 0
        l2 requires l1
        l3 requires l2
        }
        """);
    Path out = dir.resolve("late.jsonl");
    CliTest.Result r = CliTest.run("replay-trace", goal.toString(), "--format", "goal", "--explore-budget", "0",
        "--messages", out.toString());
    assertEquals(0, r.code(), r.out() + r.err());
    ObjectMapper json = new ObjectMapper();
    List<JsonNode> queue = new ArrayList<>();
    JsonNode summary = null;
    for (String line : Files.readAllLines(out, StandardCharsets.UTF_8)) {
      JsonNode n = json.readTree(line);
      if ("queue".equals(n.path("kind").asText()) && n.get("rank").asInt() == 1) {
        queue.add(n);
      } else if ("summary".equals(n.path("kind").asText())) {
        summary = n;
      }
    }
    assertEquals(List.of("0/1", "0/2", "0/1", "0/0"),
        queue.stream().map(n -> n.get("posted").asInt() + "/" + n.get("unexpected").asInt()).toList());
    JsonNode maxima = summary.get("queue_maxima");
    assertEquals(1, maxima.size(), maxima.toString());
    assertEquals(0, maxima.get(0).get("posted").asInt(), maxima.toString());
    assertEquals(2, maxima.get(0).get("unexpected").asInt(), maxima.toString());
  }
}
