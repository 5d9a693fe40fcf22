package dev.matchpoint.scenario.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.match.MessageIds;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.trace.TraceEvent;
import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.ScenarioLoader;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The flows of the Perfetto/Chrome trace as an independent reader sees them: Chrome DevTools' own
 * trace engine ({@code @paulirish/trace_engine}, the DevTools frontend's {@code models/trace}
 * published on npm, pinned in {@code src/test/node/package-lock.json}), run by Node on the written
 * file ({@code src/test/node/flows.mjs}). The engine binds a flow event to the first slice with its
 * time, process, thread and category, and draws an arrow between the slices one flow binds.
 * Skipped, saying why, when {@code node} or the npm packages ({@code npm ci} in
 * {@code scenarios/src/test/node}, which {@code .ci/run} does) are absent.
 */
class PerfettoFlowsInDevToolsTest {
  private static final Path NODE_DIR = Path.of("src", "test", "node");

  @TempDir
  Path dir;

  /** Skips the calling test, saying why, when the engine cannot run here. */
  private static void assumeEngineInstalled() {
    assumeTrue(nodeMajorVersion() >= 18, "skipped: `node` 18 or later is not on PATH (install Node.js; .ci/run does)");
    assumeTrue(Files.isRegularFile(NODE_DIR.resolve("node_modules/@paulirish/trace_engine/package.json")),
        "skipped: Chrome DevTools' trace engine is not installed: run `npm ci` in scenarios/src/test/node "
            + "(.ci/run does)");
  }

  /** The major version of {@code node} on PATH, or 0 when there is none. */
  private static int nodeMajorVersion() {
    try {
      Process p = new ProcessBuilder("node", "--version").redirectErrorStream(true).start();
      String v = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
      if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0 || !v.matches("v\\d+\\..*")) {
        return 0;
      }
      return Integer.parseInt(v.substring(1, v.indexOf('.')));
    } catch (IOException x) {
      return 0;
    } catch (InterruptedException x) {
      Thread.currentThread().interrupt();
      return 0;
    }
  }

  /** A flow as the engine sees it: the slice it starts at and the slice it ends at. */
  private record Arrow(JsonNode from, JsonNode to) {}

  private List<Arrow> flowsInDevTools(Scenario s, RunResult r, String mode) throws Exception {
    assumeEngineInstalled();
    Path trace = dir.resolve(s.name() + "-" + mode + ".json");
    try (OutputStream out = Files.newOutputStream(trace)) {
      PerfettoTraceWriter.write(out, ExportFixtures.header(s, s.seed(), mode, r), r.trace(), ExportFixtures.threads(s),
          r.endTimeNs());
    }
    Process p = new ProcessBuilder("node", NODE_DIR.resolve("flows.mjs").toAbsolutePath().toString(),
        trace.toAbsolutePath().toString()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    String json = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "node finished");
    assertEquals(0, p.exitValue(), "flows.mjs exit status");
    List<Arrow> arrows = new ArrayList<>();
    for (JsonNode flow : new ObjectMapper().readTree(json)) {
      assertEquals(2, flow.size(), "a message's flow binds its send and its receive only: " + flow);
      arrows.add(new Arrow(flow.get(0), flow.get(1)));
    }
    return arrows;
  }

  /** Each delivered message as {@code SOURCE#SEQ>DEST}, from the run itself. */
  private static TreeSet<String> delivered(RunResult r) {
    TreeSet<String> out = new TreeSet<>();
    for (TraceEvent.Matched m : r.trace().of(TraceEvent.Matched.class)) {
      if (m.match().receives()) {
        assertTrue(out.add(MessageIds.format(m.messageKey()) + ">" + m.rank()), "received once");
      }
    }
    return out;
  }

  /**
   * Checks that the engine finds one flow per delivered message, from the slice that sent it to
   * the slice that received it, and returns the flows by message.
   */
  private List<Arrow> assertOneFlowPerDeliveredMessage(String name, String mode) throws Exception {
    Scenario s = ScenarioLoader.load(Path.of("src", "test", "resources", "perfetto", name + ".yaml"));
    RunResult r = mode.equals("timed") ? ExportFixtures.timed(s) : ExportFixtures.logical(s, 0);
    List<Arrow> arrows = flowsInDevTools(s, r, mode);
    TreeSet<String> drawn = new TreeSet<>();
    for (Arrow a : arrows) {
      JsonNode send = a.from().get("args");
      JsonNode receive = a.to().get("args");
      assertEquals("message_sent", send.get("kind").asText(), "flow starts at a send: " + a);
      assertEquals("matched", receive.get("kind").asText(), "flow ends at a match: " + a);
      assertTrue(receive.get("match").asText().matches("RECEIVE|MRECV"), "the match receives: " + a);
      assertEquals(send.get("message").asText(), receive.get("message").asText(), "the same message: " + a);
      assertEquals(send.get("dest").asInt(), a.to().get("pid").asInt(), "received at the send's destination: " + a);
      assertTrue(drawn.add(send.get("message").asText() + ">" + send.get("dest").asInt()), "one flow each: " + a);
    }
    assertEquals(delivered(r), drawn, "every delivered message has its flow");
    return arrows;
  }

  @ParameterizedTest
  @ValueSource(strings = {"timed", "logical"})
  @SpecClause(source = "docs/trace-format.md, Perfetto / Chrome trace", text = "One flow arrow per received "
      + "message, from its send marker (`\"ph\": \"s\"`) to the receive or matched receive that received it")
  void halo_hasOneFlowPerMessage_fromItsSendToItsReceive_inDevTools(String mode) throws Exception {
    List<Arrow> arrows = assertOneFlowPerDeliveredMessage("halo-4-startall", mode);
    assertEquals(24, arrows.size(), "4 ranks x 2 neighbours x 3 iterations");
  }

  @ParameterizedTest
  @ValueSource(strings = {"timed", "logical"})
  @SpecClause(source = "docs/trace-format.md, Perfetto / Chrome trace", text = "One flow arrow per received "
      + "message, from its send marker (`\"ph\": \"s\"`) to the receive or matched receive that received it")
  void rankSendingToTwoDestinations_hasAnArrowToEach_inDevTools(String mode) throws Exception {
    List<Arrow> arrows = assertOneFlowPerDeliveredMessage("fan-out-startall", mode);
    TreeSet<String> ends = new TreeSet<>();
    for (Arrow a : arrows) {
      assertEquals(0, a.from().get("pid").asInt());
      ends.add(a.from().get("args").get("dest").asInt() + "->" + a.to().get("pid").asInt());
    }
    assertEquals(new TreeSet<>(List.of("1->1", "2->2")), ends);
  }
}
