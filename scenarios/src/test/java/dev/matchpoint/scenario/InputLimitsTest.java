package dev.matchpoint.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.scenario.format.ScenarioWriter;
import java.util.Collections;
import org.junit.jupiter.api.Test;

/**
 * Issue 14 defects 3 and 4: integers beyond a key's range, and expressions or YAML nested beyond
 * the format's limits, are one located error at load time, never a wrapped-around value or a
 * StackOverflowError later.
 */
class InputLimitsTest {
  private static final String TWO_RANKS = "scenario: x\nranks:\n  - rank: 0\n    program:\n"
      + "      - send: {dest: 1, tag: 0, count: COUNT}\n  - rank: 1\n    program:\n"
      + "      - recv: {source: 0, tag: 0, count: 200}\n";

  private static ScenarioException error(String yaml) {
    return assertThrows(ScenarioException.class, () -> ScenarioLoader.load(yaml, "f.yaml"));
  }

  private static void assertError(String yaml, int line, int column, String... fragments) {
    ScenarioException e = error(yaml);
    assertEquals(line + ":" + column, e.line() + ":" + e.column(), e.getMessage());
    for (String f : fragments) {
      assertTrue(e.getMessage().contains(f), "expected '" + f + "' in: " + e.getMessage());
    }
  }

  private static String rank1(String entry) {
    return "scenario: x\nranks:\n  - rank: 0\n    program: []\n  - " + entry + "\n    program: []\n";
  }

  @Test
  void integersBeyondAKeysRange_areRefusedWithTheRange_neverNarrowed() {
    // threads: 4294967298 once read as 2 threads, 9223372036854775807 as -1 (IllegalArgumentException).
    assertError(rank1("rank: 1\n    threads: 4294967298"), 6, 14, "expected an integer from 1 to 65535",
        "for 'threads', got 4294967298");
    assertError(rank1("rank: 1\n    threads: 9223372036854775807"), 6, 14, "from 1 to 65535",
        "got 9223372036854775807");
    assertError(rank1("rank: 1\n    threads: 65536"), 6, 14, "from 1 to 65535", "got 65536");
    assertError(rank1("rank: 4294967297"), 5, 11, "rank 4294967297 is out of range (ranks are 0..16777215)");
    assertError(rank1("rank: [1, 4294967295]"), 5, 15, "rank 4294967295 is out of range");
    // Beyond 64 bits: the range, not "expected an integer".
    assertError("scenario: x\ncall-cost: 99999999999999999999\nranks: []\n", 2, 12,
        "expected an integer from 0 to 2147483647 (ns) for 'call-cost', got 99999999999999999999");
    assertError("scenario: x\nseed: 99999999999999999999\nranks: [{rank: 0, program: []}]\n", 2, 7,
        "expected an integer >= 0 (the master seed) for 'seed', got 99999999999999999999 (at most "
            + "9223372036854775807)");
    assertError("scenario: x\nseed: -99999999999999999999\nranks: [{rank: 0, program: []}]\n", 2, 7,
        "expected an integer >= 0", "got -99999999999999999999");
    // Durations and sizes that passed check and overflowed simulated time or a packet's size in run (exit 70).
    assertError("scenario: x\ncall-cost: 9223372036854775807\nranks: []\n", 2, 12,
        "expected an integer from 0 to 2147483647 (ns) for 'call-cost'");
    assertError("scenario: x\nnetwork: {latency: {model: loggp, L: 2147483648}}\nranks: []\n", 2, 38,
        "from 0 to 2147483647 (ns) for 'L', got 2147483648");
    assertError("scenario: x\nnetwork: {latency: {model: constant, value: 9223372036854775807}}\nranks: []\n", 2,
        45, "from 0 to 2147483647 (ns) for 'value'");
    assertError("scenario: x\nnetwork: {header-bytes: 9223372036854775807}\nranks: []\n", 2, 25,
        "from 0 to 2147483647 (bytes) for 'header-bytes'");
  }

  @Test
  void aSumOfMoreThan101Terms_isRefusedAtTheOperator_notOverflowingTheStackWhenRunOrPrinted() {
    // A 5,000-term sum passed check and overflowed the stack in Vars.eval (run) and Expr.toString (explore).
    String sum = String.join(" + ", Collections.nCopies(5000, "1"));
    int column = "      - send: {dest: 1, tag: 0, count: ".length() + 1;
    assertError(TWO_RANKS.replace("COUNT", sum), 5, column + 100 * 4 + 2, "in 'count' of send",
        "nests deeper than 100 operators");
  }

  @Test
  void aSumOf101Terms_loads_andWritesBackToTheSameScenario() {
    String sum = String.join(" + ", Collections.nCopies(101, "rank"));
    Scenario s = ScenarioLoader.load(TWO_RANKS.replace("COUNT", sum), "f.yaml");
    Scenario again = ScenarioLoader.load(ScenarioWriter.write(s), "g.yaml");
    assertEquals(s.withoutLocations(), again.withoutLocations());
  }

  @Test
  void deeplyNestedParentheses_minusAndNot_areRefusedAtTheCharacter() {
    // 1,900 parentheses overflowed the expression parser's stack.
    int column = "      - send: {dest: 1, tag: 0, count: ".length() + 1;
    String parens = "(".repeat(1900) + "1" + ")".repeat(1900);
    assertError(TWO_RANKS.replace("COUNT", parens), 5, column + 100, "nests deeper than 100 levels of parentheses");
    String minus = "'" + "- ".repeat(3000) + "rank'";
    assertError(TWO_RANKS.replace("COUNT", minus), 5, column + 1 + 200, "nests deeper than 100 levels");
    String cond = "scenario: x\nranks:\n  - rank: 0\n    program:\n      - if: {cond: '" + "not ".repeat(3000)
        + "rank == 0', then: []}\n";
    assertError(cond, 5, "      - if: {cond: '".length() + 1 + 400, "nests deeper than 100 levels");
    String nested = "(".repeat(100) + "rank == 0" + ")".repeat(100);
    ScenarioLoader.load(cond.replace("not ".repeat(3000) + "rank == 0", nested), "f.yaml");
  }

  @Test
  void yamlNestedDeeperThan200Levels_isRefusedAtTheLevelThatPassesIt() {
    // The document's own mapping is the first level, so the 200th '[' is the 201st.
    // 1,600 levels of flow nesting overflowed SnakeYAML's composer.
    assertError("scenario: x\nranks: " + "[".repeat(1600) + "]".repeat(1600) + "\n", 2, 207,
        "mappings and lists nest deeper than 200 levels");
    assertError("scenario: x\nranks: " + "{a: ".repeat(1600) + "1" + "}".repeat(1600) + "\n", 2, 804,
        "nest deeper than 200 levels");
  }
}
