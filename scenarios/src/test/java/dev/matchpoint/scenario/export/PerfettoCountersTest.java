package dev.matchpoint.scenario.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.trace.TraceEvent;
import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.ScenarioLoader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The counter tracks of the Perfetto/Chrome trace: queue depths and in-flight bytes per rank. */
class PerfettoCountersTest {
  /** Per {@code pid/name/series}: the counter's value from each time (µs) on. */
  private static Map<String, TreeMap<BigDecimal, Long>> counters(Scenario s, RunResult r, String mode)
      throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PerfettoTraceWriter.write(out, ExportFixtures.header(s, s.seed(), mode, r), r.trace(), ExportFixtures.threads(s),
        r.endTimeNs());
    Map<String, TreeMap<BigDecimal, Long>> series = new TreeMap<>();
    for (JsonNode e : new ObjectMapper().readTree(out.toByteArray()).get("traceEvents")) {
      if (e.get("ph").asText().equals("C")) {
        e.get("args").properties().forEach(a -> {
          TreeMap<BigDecimal, Long> values = series.computeIfAbsent(
              e.get("pid").asInt() + "/" + e.get("name").asText() + "/" + a.getKey(), k -> new TreeMap<>());
          assertTrue(values.put(e.get("ts").decimalValue(), a.getValue().asLong()) == null,
              "one sample per time: " + e);
        });
      }
    }
    return series;
  }

  /** A series' values in time order, each change once. */
  private static List<Long> changes(TreeMap<BigDecimal, Long> series) {
    List<Long> out = new ArrayList<>();
    for (long v : series.values()) {
      if (out.isEmpty() || out.get(out.size() - 1) != v) {
        out.add(v);
      }
    }
    return out;
  }

  private static long at(Map<String, TreeMap<BigDecimal, Long>> counters, String series, long timeNs) {
    TreeMap<BigDecimal, Long> values = counters.getOrDefault(series, new TreeMap<>());
    Map.Entry<BigDecimal, Long> e = values.floorEntry(BigDecimal.valueOf(timeNs, 3));
    return e == null ? 0 : e.getValue();
  }

  @ParameterizedTest
  @ValueSource(strings = {"timed", "logical"})
  @SpecClause(source = "docs/trace-format.md, Perfetto / Chrome trace", text = "`queue depth`, series `posted` "
      + "(receives in its posted receive queue) and `unexpected` (messages in its unexpected message queue)")
  void queueDepths_goUpAndDown_asMessagesAndReceivesWait(String mode) throws IOException {
    Scenario s = ScenarioLoader.load(Path.of("src", "test", "resources", "perfetto", "queues-up-and-down.yaml"));
    RunResult r = mode.equals("timed") ? ExportFixtures.timed(s) : ExportFixtures.logical(s, 0);
    Map<String, TreeMap<BigDecimal, Long>> c = counters(s, r, mode);
    assertEquals(List.of(1L, 0L, 1L, 0L), changes(c.get("1/queue depth/posted")),
        "rank 1: blocked receive for tag 7, matched; receive for tag 5, matched");
    assertEquals(List.of(0L, 1L, 2L, 3L, 2L, 1L, 0L), changes(c.get("1/queue depth/unexpected")),
        "rank 1: tags 0, 1, 2 wait, then are received");
    assertEquals(List.of(4L, 0L), changes(c.get("1/in-flight/bytes")), "rank 1's one message");
    List<Long> bytes = changes(c.get("0/in-flight/bytes"));
    assertEquals(16L, bytes.stream().mapToLong(Long::longValue).max().orElse(0), "rank 0: four 4-byte messages");
    assertEquals(0L, bytes.get(bytes.size() - 1), "everything delivered");
  }

  static Stream<String> libraryScenarios() throws IOException {
    try (Stream<Path> files = Files.list(Path.of("library"))) {
      return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".yaml"))
          .map(n -> n.substring(0, n.length() - 5)).sorted().toList().stream();
    }
  }

  /**
   * At every time a rank's queues change, its counters hold the depths that the model's last
   * {@code matched} (both queues) or {@code queued_unexpected} (the unexpected queue) event of that
   * time reports; its in-flight bytes are those of its packets sent and not yet delivered then.
   */
  @ParameterizedTest
  @MethodSource("libraryScenarios")
  @SpecClause(source = "docs/trace-format.md, Perfetto / Chrome trace", text = "each with the values after the "
      + "last event of that time")
  void counters_holdTheDepthsTheModelReports_inEveryLibraryScenario(String name) throws IOException {
    Scenario s = ExportFixtures.scenario(name);
    for (String mode : List.of("timed", "logical")) {
      RunResult r = mode.equals("timed") ? ExportFixtures.timed(s) : ExportFixtures.logical(s, 0);
      Map<String, TreeMap<BigDecimal, Long>> c = counters(s, r, mode);
      // Per rank and time: the depths the last reporting event of that time gives (-1: not reported).
      Map<String, long[]> reported = new TreeMap<>();
      // Per rank: the changes of its bytes sent and not delivered, by time (sent and delivered are
      // stamped on different ranks' clocks, so the trace does not give them in time order).
      Map<Integer, TreeMap<Long, Long>> changes = new TreeMap<>();
      for (TraceEvent e : r.trace().events()) {
        String key = e.rank() + "@" + e.timeNs();
        if (e instanceof TraceEvent.Matched m) {
          reported.put(key, new long[] {m.postedDepth(), m.unexpectedDepth()});
        } else if (e instanceof TraceEvent.QueuedUnexpected q) {
          reported.put(key, new long[] {-1, q.unexpectedDepth()});
        } else if (e instanceof TraceEvent.ReceivePosted || e instanceof TraceEvent.CancelDecided) {
          reported.remove(key);
        } else if (e instanceof TraceEvent.PacketSent p) {
          changes.computeIfAbsent(p.rank(), k -> new TreeMap<>()).merge(p.timeNs(), p.sizeBytes(), Long::sum);
        } else if (e instanceof TraceEvent.PacketDelivered d) {
          changes.computeIfAbsent(d.source(), k -> new TreeMap<>()).merge(d.timeNs(), -d.sizeBytes(), Long::sum);
        }
      }
      reported.forEach((key, depths) -> {
        int rank = Integer.parseInt(key.substring(0, key.indexOf('@')));
        long t = Long.parseLong(key.substring(key.indexOf('@') + 1));
        if (depths[0] >= 0) {
          assertEquals(depths[0], at(c, rank + "/queue depth/posted", t), mode + " posted depth of rank " + key);
        }
        assertEquals(depths[1], at(c, rank + "/queue depth/unexpected", t), mode + " unexpected depth of " + key);
      });
      changes.forEach((rank, byTime) -> {
        long inFlight = 0;
        for (Map.Entry<Long, Long> d : byTime.entrySet()) {
          inFlight += d.getValue();
          assertEquals(inFlight, at(c, rank + "/in-flight/bytes", d.getKey()),
              mode + " in-flight bytes of rank " + rank + " at " + d.getKey());
        }
        assertEquals(0, inFlight, "nothing stays in flight");
      });
      assertFalse(name.equals("deep-unexpected-queue") && reported.isEmpty(), "the model reported depths");
    }
  }
}
