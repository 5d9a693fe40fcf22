package dev.matchpoint.scenario.export;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.trace.TraceEvent;
import dev.matchpoint.scenario.Scenario;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The JSON Lines trace: schema v1, fixed field order, identical bytes for identical runs. */
class JsonLinesTraceWriterTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static List<String> names(JsonNode n) {
    List<String> out = new ArrayList<>();
    for (Iterator<String> it = n.fieldNames(); it.hasNext(); ) {
      out.add(it.next());
    }
    return out;
  }

  @Test
  void sameScenarioSeedAndSchedule_giveByteIdenticalFiles() throws IOException {
    Scenario race = ExportFixtures.scenario("probe-race-3x3");
    byte[] a = ExportFixtures.jsonl(race, 11, "logical", ExportFixtures.logical(race, 11));
    byte[] b = ExportFixtures.jsonl(race, 11, "logical", ExportFixtures.logical(race, 11));
    assertArrayEquals(a, b);
    Scenario deep = ExportFixtures.scenario("head-to-head-eager");
    assertArrayEquals(ExportFixtures.jsonl(deep, 0, "timed", ExportFixtures.timed(deep)),
        ExportFixtures.jsonl(deep, 0, "timed", ExportFixtures.timed(deep)));
  }

  @Test
  void everyLine_isOneJsonObject_headerFirst_thenEventsWithTheCommonFieldsFirst() throws IOException {
    Scenario s = ExportFixtures.scenario("mprobe-fix-2x2");
    RunResult r = ExportFixtures.logical(s, 4);
    String text = new String(ExportFixtures.jsonl(s, 4, "logical", r), StandardCharsets.UTF_8);
    assertTrue(text.endsWith("\n"));
    String[] lines = text.split("\n");
    assertEquals(r.trace().events().size() + 1, lines.length);
    JsonNode header = JSON.readTree(lines[0]);
    assertEquals(List.of("schema", "version", "scenario", "seed", "mode", "schedule"), names(header));
    assertEquals("matchpoint-trace", header.get("schema").asText());
    assertEquals(1, header.get("version").asInt());
    assertEquals(r.schedule().trimmed().toString(), header.get("schedule").asText());
    for (int i = 1; i < lines.length; i++) {
      TraceEvent e = r.trace().events().get(i - 1);
      JsonNode n = JSON.readTree(lines[i]);
      assertEquals(List.of("step", "time_ns", "rank", "thread", "kind"), names(n).subList(0, 5), lines[i]);
      assertEquals(e.step(), n.get("step").asLong());
      assertEquals(e.timeNs(), n.get("time_ns").asLong());
      assertEquals(e.kind(), n.get("kind").asText());
    }
    JsonNode match = JSON.readTree(lines[1 + r.trace().events().indexOf(r.trace().matches().get(0))]);
    for (String field : List.of("match", "request", "message", "source", "seq", "tag", "posted_depth",
        "unexpected_depth")) {
      assertTrue(match.has(field), field + " in " + match);
    }
  }
}
