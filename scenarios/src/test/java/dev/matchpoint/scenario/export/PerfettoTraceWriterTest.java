package dev.matchpoint.scenario.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.trace.TraceEvent;
import dev.matchpoint.scenario.Scenario;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The Perfetto/Chrome trace: it parses, has the tracks, and one flow per delivered message. */
class PerfettoTraceWriterTest {
  private static JsonNode write(Scenario s, RunResult r, String mode) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PerfettoTraceWriter.write(out, ExportFixtures.header(s, s.seed(), mode, r), r.trace(), ExportFixtures.threads(s),
        r.endTimeNs());
    return new ObjectMapper().readTree(out.toByteArray());
  }

  private static List<JsonNode> phase(JsonNode root, String ph) {
    List<JsonNode> out = new ArrayList<>();
    root.get("traceEvents").forEach(e -> {
      if (e.get("ph").asText().equals(ph)) {
        out.add(e);
      }
    });
    return out;
  }

  private static long received(RunResult r) {
    return r.trace().matches().stream().filter(m -> m.match().receives()).count();
  }

  @ParameterizedTest
  @ValueSource(strings = {"mprobe-fix-3x3", "head-to-head-eager", "mpi22-probe-correct", "rendezvous-late-receive",
      "probe-race-2x2", "rsend-causally-before-receive"})
  void trace_hasOneFlowPerDeliveredMessage_fromItsSendToItsReceive(String name) throws IOException {
    Scenario s = ExportFixtures.scenario(name);
    RunResult r = ExportFixtures.timed(s);
    JsonNode root = write(s, r, "timed");
    List<JsonNode> starts = phase(root, "s");
    List<JsonNode> ends = phase(root, "f");
    assertEquals(received(r), starts.size(), "one flow start per received message");
    assertEquals(received(r), ends.size(), "one flow end per received message");
    TreeSet<Long> ids = new TreeSet<>();
    starts.forEach(e -> ids.add(e.get("id").asLong()));
    assertEquals(starts.size(), ids.size(), "flow ids are distinct");
    TreeSet<Long> endIds = new TreeSet<>();
    ends.forEach(e -> {
      endIds.add(e.get("id").asLong());
      assertEquals("e", e.get("bp").asText());
    });
    assertEquals(ids, endIds, "every flow starts and ends");
    // Each flow endpoint sits on a marker slice of its own track at the same time, so viewers bind it.
    List<JsonNode> slices = phase(root, "X");
    for (JsonNode f : phase(root, "s")) {
      assertTrue(slices.stream().anyMatch(x -> x.get("pid").equals(f.get("pid")) && x.get("tid").equals(f.get("tid"))
          && x.get("ts").decimalValue().equals(f.get("ts").decimalValue())
          && x.get("name").asText().startsWith("send ")), f.toString());
    }
  }

  @Test
  void trace_namesATrackPerRankThreadAndPerLink_andHasACallSlicePerCall() throws IOException {
    Scenario s = ExportFixtures.scenario("probe-race-3x3");
    RunResult r = ExportFixtures.logical(s, 2);
    JsonNode root = write(s, r, "logical");
    Map<String, Integer> names = new TreeMap<>();
    for (JsonNode m : phase(root, "M")) {
      if (m.get("name").asText().equals("thread_name")) {
        names.merge(m.get("args").get("name").asText(), 1, Integer::sum);
      }
    }
    for (String t : List.of("r0.t0", "r1.t0", "r2.t0", "r3.t0", "r3.t1", "r3.t2", "link 0->3", "link 1->3",
        "link 2->3")) {
      assertEquals(1, names.get(t), t + " in " + names);
    }
    long calls = phase(root, "X").stream().filter(x -> x.get("cat").asText().equals("call")).count();
    assertEquals(r.trace().of(TraceEvent.CallStarted.class).size(), calls);
    for (JsonNode x : phase(root, "X")) {
      assertTrue(x.get("dur").decimalValue().signum() >= 0, x.toString());
    }
    assertEquals("matchpoint-perfetto", root.get("otherData").get("schema").asText());
  }

  /**
   * The writer streams: it places a packet on a lane when the packet is sent, long before its
   * delivery shows in the stream when a rank queues many packets. Each link still gets exactly
   * as many lanes as it has packets in flight at once ({@code [time_ns, available_ns)}).
   */
  @Test
  void trace_givesEachLinkAsManyLanesAsItHasPacketsInFlightAtOnce() throws IOException {
    Scenario s = ExportFixtures.scenario("deep-unexpected-queue");
    RunResult r = ExportFixtures.timed(s);
    Map<String, List<long[]>> byLink = new TreeMap<>();
    for (TraceEvent.PacketSent p : r.trace().of(TraceEvent.PacketSent.class)) {
      byLink.computeIfAbsent("link " + p.rank() + "->" + p.dest(), k -> new ArrayList<>())
          .add(new long[] {p.timeNs(), p.availableNs()});
    }
    Map<String, Integer> expected = new TreeMap<>();
    byLink.forEach((link, packets) -> {
      int most = 0;
      for (long[] p : packets) {
        int overlapping = 0;
        for (long[] q : packets) {
          if (q[0] <= p[0] && p[0] < q[1]) {
            overlapping++;
          }
        }
        most = Math.max(most, overlapping);
      }
      expected.put(link, most);
    });
    Map<String, Integer> lanes = new TreeMap<>();
    int networkPid = ExportFixtures.threads(s).length;
    for (JsonNode m : phase(write(s, r, "timed"), "M")) {
      if (m.get("pid").asInt() == networkPid && m.get("name").asText().equals("thread_name")) {
        lanes.merge(m.get("args").get("name").asText().replaceAll(" \\(lane \\d+\\)", ""), 1, Integer::sum);
      }
    }
    assertTrue(expected.values().stream().anyMatch(n -> n > 1), "some link has overlapping packets");
    assertEquals(expected, lanes);
  }
}
