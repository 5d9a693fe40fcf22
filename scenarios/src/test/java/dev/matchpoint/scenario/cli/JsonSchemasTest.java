package dev.matchpoint.scenario.cli;

import static dev.matchpoint.scenario.cli.CliTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.matchpoint.scenario.JsonSchemas;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every JSON document the command line writes names its schema and version and matches the
 * published schema in docs/schemas (validated with networknt's json-schema-validator): run
 * summaries and JSON Lines traces of every library scenario in both modes, exploration reports of
 * every kind (violation, clean, fine classes, stopped by a budget), and the examples the schemas'
 * README documents.
 */
class JsonSchemasTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void runSummaries_andTraces_ofEveryLibraryScenario_matchTheirSchemas(@TempDir Path dir) throws IOException {
    List<Path> files;
    try (Stream<Path> s = Files.list(Path.of("library"))) {
      files = s.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
    }
    int lines = 0;
    Set<String> kinds = new TreeSet<>();
    for (Path f : files) {
      for (String mode : List.of("timed", "logical")) {
        Path trace = dir.resolve(mode + "-" + f.getFileName() + ".jsonl");
        CliTest.Result r = run("run", f.toString(), "--mode", mode, "--json", "--trace", trace.toString());
        JsonNode summary = JSON.readTree(r.out());
        assertEquals("matchpoint-run-summary", summary.get("schema").asText(), f.toString());
        assertEquals(1, summary.get("version").asInt());
        assertEquals(List.of(), JsonSchemas.errors("run-summary.schema.json", summary), f + " " + mode);
        List<String> traceLines = Files.readAllLines(trace);
        assertEquals("matchpoint-trace", JSON.readTree(traceLines.get(0)).get("schema").asText());
        // The first lines of each trace, and every line of a kind not validated yet (deep queues
        // write tens of thousands of lines of a few kinds).
        for (int i = 0; i < traceLines.size(); i++) {
          String line = traceLines.get(i);
          String kind = JSON.readTree(line).path("kind").asText("header");
          if (i < 100 || kinds.add(kind)) {
            kinds.add(kind);
            assertEquals(List.of(), JsonSchemas.errors("trace.schema.json", line), f + " " + mode + ": " + line);
            lines++;
          }
        }
      }
    }
    assertTrue(lines > 1000, lines + " trace lines");
    // Every kind of docs/trace-format.md, the header included, occurs in the library's traces.
    assertEquals(new TreeSet<>(List.of("header", "call", "return", "message_sent", "packet_sent", "packet_delivered",
        "message_arrived", "queued_unexpected", "receive_posted", "matched", "request_completed", "error",
        "erroneous", "thread_finished", "cancel", "channel")), kinds);
  }

  @Test
  void explorationReports_ofEveryKind_matchTheSchema() throws IOException {
    List<String[]> runs = List.of(
        new String[] {"explore", "probe-race-2x2", "--json"},
        new String[] {"explore", "mprobe-fix-2x2", "--json"},
        new String[] {"explore", "persistent-halo-exchange", "--json", "--fine-outcomes"},
        new String[] {"explore", "probe-race-3x3", "--json", "--max-states", "200", "--threads", "1"},
        new String[] {"explore", "mprobe-fix-3x3", "--json", "--max-states", "20", "--threads", "1"},
        new String[] {"explore", "bcast-deadlocks-if-synchronising", "--json"},
        new String[] {"explore", "type-signature-mismatch", "--json"},
        new String[] {"explore", "probe-race-2x2", "--json", "--strategy", "random", "--budget", "50"});
    for (String[] args : runs) {
      JsonNode report = JSON.readTree(run(args).out());
      assertEquals("matchpoint-explore-report", report.get("schema").asText(), String.join(" ", args));
      assertEquals(List.of(), JsonSchemas.errors("explore-report.schema.json", report), String.join(" ", args));
    }
  }

  @Test
  void outcomeClassesAndSteps_areStructuredFields() throws IOException {
    JsonNode report = JSON.readTree(run("explore", "probe-race-2x2", "--json", "--threads", "1").out());
    JsonNode cex = report.get("counterexample");
    assertEquals("deadlock", cex.get("result").asText());
    JsonNode first = cex.get("steps").get(0);
    assertEquals("call", first.get("kind").asText());
    assertEquals("r0.t0", first.get("thread").asText());
    assertTrue(first.get("call").asText().startsWith("MPI_Send("), first.toString());
    assertTrue(first.get("location").asText().endsWith("probe-race-2x2.yaml:18:9"), first.toString());
    JsonNode delivery = null;
    for (JsonNode step : cex.get("steps")) {
      if (step.get("kind").asText().equals("delivery") && step.get("packet").asText().equals("EAGER")) {
        delivery = step;
        break;
      }
    }
    assertTrue(delivery != null && delivery.get("dest").asInt() == 2 && delivery.get("message").asText()
        .matches("[01]#0"), String.valueOf(delivery));
    // The race: both threads' probes returned one message; the thread that did not receive it is blocked.
    JsonNode probes = cex.get("probes");
    assertEquals(2, probes.size());
    assertEquals(probes.get(0).get("messages"), probes.get(1).get("messages"));
    assertEquals(1, cex.get("blocked").size());
    List<String> checks = new ArrayList<>();
    cex.get("violations").forEach(v -> checks.add(v.get("check").asText()));
    assertEquals(List.of("no-deadlock", "probe-then-receive-same-message"), checks);
    for (JsonNode c : report.get("outcomes")) {
      String text = c.get("class").asText();
      assertTrue(text.startsWith(c.get("result").asText() + " | receipts "), text);
      for (JsonNode receipt : c.get("receipts")) {
        assertTrue(text.contains(receipt.get("request").asText() + "<-" + receipt.get("messages").get(0).asText()),
            text);
      }
    }
  }

  @Test
  void theSchemas_refuseDocumentsTheyDoNotDescribe() throws IOException {
    ObjectNode summary = (ObjectNode) JSON.readTree(run("run", "probe-race-2x2", "--json").out());
    assertEquals(List.of(), JsonSchemas.errors("run-summary.schema.json", summary));
    ObjectNode missing = summary.deepCopy();
    missing.remove("outcome");
    ObjectNode extra = summary.deepCopy();
    extra.put("outcomes", 3);
    ObjectNode wrongType = summary.deepCopy();
    wrongType.put("steps", "13");
    ObjectNode wrongValue = summary.deepCopy();
    wrongValue.put("outcome", "FINE");
    for (ObjectNode bad : List.of(missing, extra, wrongType, wrongValue)) {
      assertFalse(JsonSchemas.errors("run-summary.schema.json", bad).isEmpty(), bad.toString());
    }
    assertFalse(JsonSchemas.errors("trace.schema.json", "{\"step\":1,\"time_ns\":0,\"rank\":0,\"thread\":0,"
        + "\"kind\":\"matched\"}").isEmpty());
  }

  @Test
  void theExamplesInTheSchemasReadme_matchTheSchemaTheyName() throws IOException {
    String readme = Files.readString(JsonSchemas.DIR.resolve("README.md"));
    Matcher m = Pattern.compile("```json\\n(.*?)```", Pattern.DOTALL).matcher(readme);
    int checked = 0;
    while (m.find()) {
      for (String line : m.group(1).strip().split("\n")) {
        String file = switch (JSON.readTree(line).path("schema").asText("")) {
          case "matchpoint-run-summary" -> "run-summary.schema.json";
          case "matchpoint-explore-report" -> "explore-report.schema.json";
          default -> "trace.schema.json"; // the trace's header and its events (which carry no schema field)
        };
        assertEquals(List.of(), JsonSchemas.errors(file, line), line);
        checked++;
      }
    }
    assertTrue(checked >= 4, checked + " examples");
  }
}
