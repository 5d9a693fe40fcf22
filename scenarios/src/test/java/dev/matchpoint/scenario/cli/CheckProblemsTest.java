package dev.matchpoint.scenario.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code matchpoint check} reports every problem of a file, each with file:line:column (issue 16, item 10). */
class CheckProblemsTest {
  @TempDir Path dir;

  private List<String> errors(CliTest.Result r) {
    return r.err().lines().filter(l -> l.startsWith("matchpoint: error: ")).map(l -> l.substring(19)).toList();
  }

  @Test
  void check_reportsEveryProblem_inFileOrder_andExits64() throws Exception {
    Path f = dir.resolve("bad.yaml");
    Files.writeString(f, """
        scenario: bad
        mode: sometimes
        colour: blue
        checks: [non-overtaking, no-such-check]
        ranks:
          - rank: 0
            program:
              - send: {dest: 1, tag: 0}
              - frobnicate: {}
              - recv: {source: 1, tag: 0, colour: red}
          - rank: 1
            program:
              - recv: {source: 7, tag: 0}
        """);
    CliTest.Result r = CliTest.run("check", f.toString());
    assertEquals(64, r.code(), r.out());
    List<String> errors = errors(r);
    List<String> at = errors.stream().map(e -> e.substring(0, e.indexOf(": "))).toList();
    assertEquals(List.of(f + ":2:7", f + ":3:1", f + ":4:26", f + ":9:9", f + ":10:35", f + ":13:24"), at,
        r.err());
    assertTrue(errors.get(0).contains("unknown mode 'sometimes'"), errors.get(0));
    assertTrue(errors.get(1).contains("unknown key 'colour'"), errors.get(1));
    assertTrue(errors.get(2).contains("unknown check 'no-such-check'"), errors.get(2));
    assertTrue(errors.get(3).contains("unknown statement 'frobnicate'"), errors.get(3));
    assertTrue(errors.get(5).contains("rank 7"), errors.get(5));
    assertTrue(r.err().contains("6 problems in " + f), r.err());
  }

  @Test
  void check_compilesEveryProgram_reportingEachOnesProblem() throws Exception {
    Path f = dir.resolve("undefined.yaml");
    Files.writeString(f, """
        scenario: undefined
        ranks:
          - rank: 0
            program:
              - recv: {source: st.source, tag: 0}
          - rank: 1
            program:
              - send: {dest: 0, tag: q.tag}
        """);
    CliTest.Result r = CliTest.run("check", f.toString());
    assertEquals(64, r.code(), r.out());
    List<String> errors = errors(r);
    assertEquals(2, errors.size(), r.err());
    assertTrue(errors.get(0).startsWith(f + ":5:") && errors.get(0).contains("'st'"), errors.get(0));
    assertTrue(errors.get(1).startsWith(f + ":8:") && errors.get(1).contains("'q'"), errors.get(1));
  }

  @Test
  void check_ofAValidFile_orOneProblem_isUnchanged() throws Exception {
    CliTest.Result ok = CliTest.run("check", "library/probe-race-2x2.yaml");
    assertEquals(0, ok.code(), ok.err());
    Path f = dir.resolve("syntax.yaml");
    Files.writeString(f, "scenario: x\nranks: [\n");
    CliTest.Result r = CliTest.run("check", f.toString());
    assertEquals(64, r.code());
    assertEquals(1, errors(r).size(), r.err());
    assertTrue(errors(r).get(0).startsWith(f + ":3:1: YAML syntax error"), r.err());
    // run, explore and replay still stop at the first problem, the same one.
    Path bad = dir.resolve("two.yaml");
    Files.writeString(bad, "scenario: two\nmode: sometimes\nranks:\n  - rank: 0\n    program:\n      - frob: {}\n");
    CliTest.Result run = CliTest.run("run", bad.toString());
    assertEquals(64, run.code());
    assertEquals(1, errors(run).size(), run.err());
    assertTrue(errors(run).get(0).startsWith(bad + ":2:7"), run.err());
  }
}
