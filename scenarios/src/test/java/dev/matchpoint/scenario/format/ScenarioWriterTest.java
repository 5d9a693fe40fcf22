package dev.matchpoint.scenario.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.ScenarioLoader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import dev.matchpoint.scenario.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/** Writing a scenario and reading it back gives an equal scenario (needed by {@code import -o}). */
class ScenarioWriterTest {
  static Stream<Path> library() throws IOException {
    try (Stream<Path> files = Files.list(Path.of("library"))) {
      return files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList().stream();
    }
  }

  private static void assertRoundTrip(Scenario s) {
    String text = ScenarioWriter.write(s);
    Scenario back = ScenarioLoader.load(text, "written.yaml");
    assertEquals(s.withoutLocations(), back.withoutLocations(), text);
    assertEquals(text, ScenarioWriter.write(back), "writing is stable");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("library")
  void libraryScenario_survivesWriteThenLoad(Path file) {
    assertRoundTrip(ScenarioLoader.load(file));
  }

  @Test
  void textThatPlainYamlReadsAsNothing_isQuoted() {
    // Found by ScenarioFileFuzzTest: 'scenario: |' names the scenario '', which was written as
    // 'scenario: ' and read back as no name at all.
    for (String name : List.of("|", "''", "'null'", "'~'", "'NULL'")) {
      assertRoundTrip(ScenarioLoader.load("scenario: " + name + "\nsource: " + name
          + "\nranks:\n  - rank: 0\n    program: []\n", "f.yaml"));
    }
  }

  @Test
  void everyStatementAndOption_survivesWriteThenLoad() {
    String yaml = """
        scenario: everything
        source: "a 'quoted' source: with a colon"
        description: |
          Two lines
          of description.
        expect: race-reachable
        seed: 7
        mode: logical
        wildcard-policy: arrival
        bsend-overhead: 8
        call-cost: 3
        queues: bucketed
        step-budget: 1234
        network:
          latency: {model: lognormal, mu: 6.5, sigma: 0.25}
          order: unordered
          eager-threshold: 0
          header-bytes: 4
          eager-buffer: unlimited
          on-credit-exhausted: rendezvous
        communicators: [c1, c2]
        ranks:
          - rank: [0, 2]
            program:
              - buffer-attach: {bytes: 4096}
              - bsend: {dest: 1, tag: rank * 2 + 1, count: 3, type: double, comm: c2}
              - ibsend: {dest: proc-null, tag: 5, count: 1, type: byte, request: a}
              - issend: {dest: 1, tag: 6, request: b}
              - irsend: {dest: 1, tag: 7, request: c}
              - rsend: {dest: 1, tag: 8}
              - ssend: {dest: 1, tag: 9}
              - waitall: {requests: [a, b, c], statuses: [s1, s2, s3]}
              - sendrecv: {dest: 1, send-tag: 1, send-count: 2, send-type: int, source: any, recv-tag: any,
                  recv-count: 2, recv-type: long, comm: c1, status: sr}
              - buffer-detach
              - compute: {ns: sr.bytes * 10}
          - rank: 1
            threads:
              - program:
                  - iprobe: {source: any, tag: any, flag: f, status: st}
                  - if:
                      cond: not f or st.tag >= 3 and (st.source != proc-null)
                      then:
                        - improbe: {source: st.source, tag: st.tag, flag: g, message: m, status: st}
                        - imrecv: {message: m, count: st.count(double), type: double, request: r}
                        - test: {request: r, flag: g, status: st}
                        - waitany: {requests: [r], index: i, status: st}
                        - testany: {requests: [r], flag: g, index: i, status: st}
                        - testall: {requests: [r], flag: g}
                        - testsome: {requests: [r], outcount: n}
                        - waitsome: {requests: [r], outcount: n, indices: [i], statuses: [st]}
                        - get-count: {status: st, type: short, into: k}
                        - request-free: {request: r}
              - program:
                  - repeat:
                      times: size - 1
                      index: j
                      do:
                        - irecv: {source: j, tag: any, count: 8, type: char, comm: c1, request: q}
                        - wait: {request: q}
                        - mprobe: {source: any, tag: 0, message: mm}
                        - mrecv: {message: mm, count: 1, type: float}
                        - probe: {source: 0, tag: thread}
                        - recv: {source: 0, tag: 0, count: 0 - thread + 5}
        checks: [non-overtaking, no-errors]
        """;
    assertRoundTrip(ScenarioLoader.load(yaml, "everything.yaml"));
  }

  @Test
  void cancelPersistentAndChannelStatements_andTheirOptions_surviveWriteThenLoad() {
    String yaml = """
        scenario: issue-6
        send-cancel: until-matched
        seed000-message-cancel: true
        communicators: [c1]
        ranks:
          - rank: 0
            program:
              - isend: {dest: 1, request: s}
              - cancel: {request: s}
              - wait: {request: s, status: st}
              - test-cancelled: {status: st, flag: gone}
              - send-init: {dest: 1, tag: 1, count: 2, type: double, request: a}
              - bsend-init: {dest: proc-null, request: b}
              - ssend-init: {dest: 1, comm: c1, request: c}
              - rsend-init: {dest: 1, tag: rank + 3, request: d}
              - start: {request: a}
              - startall: {requests: [b, c, d]}
              - startall: {requests: [a]}
              - bind-channel: {request: a, channel: ch}
              - bind-channel: {request: b, channel: ch1, slack: 1}
              - ibind-channel: {request: c, channel: ch2, slack: 4}
              - bind-channels: {requests: [a, b], channels: [x, y]}
              - ibind-channels: {requests: [c, d], channels: [u, v], slack: [2, 3]}
              - unbind-channel: {channel: ch}
              - iunbind-channel: {channel: ch2}
              - unbind-channels: {channels: [x, y]}
              - iunbind-channels: {channels: [u, v]}
          - rank: 1
            program:
              - recv-init: {source: any, tag: any, count: 8, type: char, comm: c1, request: r}
              - mprobe: {source: 0, message: m}
              - message-cancel: {message: m}
        """;
    Scenario s = ScenarioLoader.load(yaml, "issue-6.yaml");
    assertEquals(dev.matchpoint.mpi.SendCancelPolicy.UNTIL_MATCHED, s.options().sendCancel());
    assertEquals(true, s.options().messageCancel());
    assertRoundTrip(s);
    String text = ScenarioWriter.write(s);
    for (String line : new String[] {"send-cancel: until-matched", "seed000-message-cancel: true",
        "- bind-channel: {request: a, channel: ch}", "- bind-channel: {request: b, channel: ch1, slack: 1}",
        "- ibind-channels: {requests: [c, d], channels: [u, v], slack: [2, 3]}", "- startall: {requests: [a]}"}) {
      assertTrue(text.contains(line), line + " in:\n" + text);
    }
  }

  /** The event trace of one timed run of the text (the {@code run --trace} JSON Lines) without statement locations. */
  private static List<String> run(String yaml, Path dir, String name) throws IOException {
    Path file = dir.resolve(name + ".yaml");
    Path trace = dir.resolve(name + ".jsonl");
    Files.writeString(file, yaml);
    StringWriter out = new StringWriter();
    CommandLine cli = new CommandLine(new Main());
    cli.setOut(new PrintWriter(out));
    cli.setErr(new PrintWriter(out));
    assertEquals(0, cli.execute("run", file.toString(), "--trace", trace.toString()), out.toString());
    List<String> events = new ArrayList<>();
    for (String line : Files.readAllLines(trace)) {
      events.add(line.replaceAll(",\"at\":\"[^\"]*\"", ""));
    }
    return events;
  }

  @Test
  void rankRanges_nameTheSameRanksAsTheirNumbers_andRunAlike(@TempDir Path dir) throws IOException {
    String ring = """
        scenario: ring
        ranks:
          - rank: %s
            program:
              - isend: {dest: (rank + 1) %% size, tag: 0, request: s}
              - recv: {source: (rank - 1) %% size, tag: 0}
              - wait: {request: s}
          - rank: %s
            program:
              - send: {dest: (rank + 1) %% size, tag: 0}
              - recv: {source: (rank - 1) %% size, tag: 0}
        """;
    String numbers = ring.formatted("[0, 2, 3, 4, 9, 10]", "[1, 5, 6, 7, 8, 11]");
    String ranges = ring.formatted("[0, 2..4, 9..10]", "[1, 5..8, 11..11]");
    Scenario byNumber = ScenarioLoader.load(numbers, "numbers.yaml");
    Scenario byRange = ScenarioLoader.load(ranges, "ranges.yaml");
    assertEquals(12, byRange.worldSize());
    assertEquals(byNumber.withoutLocations(), byRange.withoutLocations());
    String text = ScenarioWriter.write(byRange);
    assertTrue(text.contains("- rank: [0, 2..4, 9, 10]\n"), text);
    assertTrue(text.contains("- rank: [1, 5..8, 11]\n"), text);
    assertRoundTrip(byRange);
    List<String> expected = run(numbers, dir, "numbers");
    assertTrue(expected.size() > 12, "the run has events");
    assertEquals(expected, run(text, dir, "written"), "the same events at the same times");
  }
}
