package dev.matchpoint.scenario.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.scenario.cli.CliTest.Result;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * A throwable that escapes a command ends in one line and an exit code that never reads as a
 * result: 70 for an internal error (a stack overflow included), 4 when the heap ran out; never 1,
 * never a stack trace.
 */
class FailuresTest {
  @TempDir Path dir;

  /** Recurses without end: a real {@link StackOverflowError}. */
  @Command(name = "recurse")
  static final class Recurse implements Callable<Integer> {
    @Override
    public Integer call() {
      return depth(0);
    }

    private static int depth(int n) {
      return depth(n + 1) + 1;
    }
  }

  /** Asks for more heap than any test JVM has: a real {@link OutOfMemoryError}, at once. */
  @Command(name = "explore")
  static final class Hoard implements Callable<Integer> {
    static long[] hoard;

    @Override
    public Integer call() {
      hoard = new long[Integer.MAX_VALUE - 16];
      return 0;
    }
  }

  /** Fails inside a fork/join worker, as the parallel search's threads can. */
  @Command(name = "fork")
  static final class FailInWorker implements Callable<Integer> {
    @Override
    public Integer call() {
      return new java.util.concurrent.ForkJoinPool(2).invoke(java.util.concurrent.ForkJoinTask.adapt(
          (Callable<Integer>) FailInWorker::fail));
    }

    static Integer fail() {
      throw new IllegalStateException("a model invariant broke");
    }
  }

  /** Runs the command line as {@link Main#main} does, on a thread with a 512 KiB stack. */
  private static Result execute(CommandLine cmd, String... args) throws InterruptedException {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cmd.setOut(new PrintWriter(out));
    cmd.setErr(new PrintWriter(err));
    AtomicReference<Object> code = new AtomicReference<>();
    Thread t = new Thread(null, () -> {
      try {
        code.set(cmd.execute(args));
      } catch (Throwable escaped) {
        code.set(escaped);
      }
    }, "matchpoint", 512 << 10);
    t.start();
    t.join();
    assertTrue(code.get() instanceof Integer, "escaped the command line: " + code.get());
    return new Result((Integer) code.get(), out.toString(), err.toString());
  }

  private static void assertOneLine(Result r, String start) {
    List<String> lines = r.err().lines().toList();
    assertTrue(lines.size() <= 2 && lines.get(0).startsWith(start), r.err());
    assertTrue(!r.err().contains("\tat "), "no stack trace:\n" + r.err());
  }

  @Test
  @SpecClause(source = "docs/cli.md, Exit codes", text = "70 | internal error, including a stack overflow: one "
      + "line naming what failed, then the command that reproduces it")
  void aStackOverflow_isAnInternalError_exit70_inOneLine_withTheCommandThatReproducesIt() throws Exception {
    CommandLine cmd = Main.commandLine();
    cmd.addSubcommand("recurse", new Recurse());
    Result r = execute(cmd, "recurse");
    assertEquals(70, r.code(), r.err());
    assertOneLine(r, "matchpoint: internal error: stack overflow in " + Recurse.class.getName() + ".depth(");
    assertEquals("  to reproduce: ./matchpoint recurse", r.err().lines().toList().get(1));
  }

  @Test
  @SpecClause(source = "docs/cli.md, Exit codes", text = "70 | internal error, including a stack overflow: one "
      + "line naming what failed, then the command that reproduces it")
  void anErrorInAWorkerThread_namesTheCodeThatFailed_notThePoolThatRethrewIt() throws Exception {
    // The parallel search's ForkJoinPool rethrows a worker's exception as a copy made by reflection:
    // the line read "IllegalStateException: java.lang.IllegalStateException: ... at
    // jdk.internal.reflect.NativeConstructorAccessorImpl.newInstance0".
    CommandLine cmd = Main.commandLine();
    cmd.addSubcommand("fork", new FailInWorker());
    Result r = execute(cmd, "fork");
    assertEquals(70, r.code(), r.err());
    assertOneLine(r, "matchpoint: internal error: java.lang.IllegalStateException: a model invariant broke at "
        + FailInWorker.class.getName() + ".fail(FailuresTest.java:");
  }

  @Test
  @SpecClause(source = "docs/cli.md, Exit codes", text = "4 | budget exhausted: ... or the heap ran out (one line "
      + "naming the budget to set)")
  void anOutOfMemoryError_isABudgetStop_exit4_inOneLine_namingTheBudget() throws Exception {
    CommandLine cmd = Main.commandLine();
    cmd.getCommandSpec().removeSubcommand("explore");
    cmd.addSubcommand("explore", new Hoard());
    Result r = execute(cmd, "explore");
    assertEquals(4, r.code(), r.err());
    assertOneLine(r, "matchpoint: error: out of memory (");
    assertTrue(r.err().contains("--memory-budget") && r.err().contains("--max-states"), r.err());
    assertEquals(1, r.err().lines().count(), r.err());
  }

  @Test
  @SpecClause(source = "docs/cli.md, Exit codes", text = "4 | budget exhausted: ... or the heap ran out (one line "
      + "naming the budget to set)")
  void anOutOfMemoryError_namesWhatRanOut_notWhereTheJitCompilerWas() {
    // Seen in CI: the same run ran out as "Java heap space" or, inside a deoptimisation, as "Java
    // heap space: failed reallocation of scalar replaced objects"; the line must not depend on it.
    assertEquals("Java heap space",
        Failures.whatRanOut(new OutOfMemoryError("Java heap space: failed reallocation of scalar replaced objects")));
    assertEquals("Java heap space", Failures.whatRanOut(new OutOfMemoryError("Java heap space")));
    assertEquals("Metaspace", Failures.whatRanOut(new OutOfMemoryError("Metaspace")));
    assertEquals("memory", Failures.whatRanOut(new OutOfMemoryError()));
  }

  @Test
  @SpecClause(source = "docs/cli.md, Exit codes", text = "4 | budget exhausted: the step budget ran out before the run "
      + "ended; or simulated time would pass 2^53 ns (about 104 days, the end of the timed model's clock)")
  void decimalNetworkValuesBeyondTheClock_endTheRunAtTheHorizon_exit4WithItsSummary() throws Exception {
    // Found by fuzzing (issue 14): these ran into "cannot schedule -9223372036854775609 ns in the past", exit 70.
    // The inputs are also in the scenario fuzz target's corpus.
    // G-1e300-bcast: a collective's timed cost (rounds times one message) wrapped around and the run ended OK.
    for (String name : List.of("G-1e300", "O-1e300", "exponential-mean-1e300", "lognormal-mu-1000",
        "G-1e300-bcast")) {
      Path file = Path.of(getClass().getResource("/dev/matchpoint/scenario/fuzz/ScenarioFileFuzzTestInputs/"
          + "scenarioFile/found-network-" + name + ".yaml").toURI());
      Result r = execute(Main.commandLine(), "run", file.toString());
      assertEquals(4, r.code(), name + ": " + r.out() + r.err());
      assertTrue(r.out().contains("outcome:    BUDGET_EXHAUSTED  (exit 4)"), name + ": " + r.out());
      assertEquals("", r.err(), name);
    }
  }

  @Test
  @SpecClause(source = "docs/cli.md, Exit codes", text = "1 | a check failed")
  void inputsThatOverflowTheStackOrTheHeap_neverExit1_norPrintAStackTrace() throws Exception {
    // Reproducers of issue 14, defect 1: ~3,000 nested parentheses overflow the expression parser;
    // a schedule of 2^31-1 repeated choices is expanded whole. Each either is rejected as bad
    // input (64) or ends in one line (4 or 70); before, the error escaped with exit 1. (Since
    // defect 9's fix the schedule stays run-length and replays: ReplayScheduleTest.)
    int depth = 3000;
    Path nested = dir.resolve("nested.yaml");
    Files.writeString(nested, "scenario: nested\nranks:\n  - rank: 0\n    program:\n"
        + "      - send: {dest: 1, tag: 0, count: " + "(".repeat(depth) + "1" + ")".repeat(depth) + ", type: int}\n"
        + "  - rank: 1\n    program:\n      - recv: {source: 0, tag: 0, count: 1, type: int}\n");
    Result r = execute(Main.commandLine(), "run", nested.toString());
    assertNotEquals(1, r.code(), r.err());
    assertTrue(List.of(4, 64, 70).contains(r.code()), r.code() + "\n" + r.err());
    assertOneLine(r, "matchpoint: ");
    r = execute(Main.commandLine(), "replay", "probe-race-2x2", "--mode", "logical", "--schedule", "0*2147483647");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.err().isEmpty(), r.err());
  }

  @Test
  @SpecClause(source = "docs/cli.md, Exit codes", text = "4 | budget exhausted: ... or the heap ran out (one line "
      + "naming the budget to set)")
  void aRunWhoseTimelineOutgrowsTheHeap_endsWithExit4_namingWhatKeepsTheEvents() throws Exception {
    // Issue 14, defect 2: 'run --timeline' keeps every event to sort them; at -Xmx64m a million
    // messages outgrow the heap. Before: OutOfMemoryError, a stack trace and exit 1.
    Path loop = dir.resolve("loop.yaml");
    Files.writeString(loop, """
        scenario: loop
        ranks:
          - rank: 0
            program:
              - repeat: {times: 1000000, do: [{send: {dest: 1, tag: 0, count: 1, type: int}}]}
          - rank: 1
            program:
              - repeat: {times: 1000000, do: [{recv: {source: 0, tag: 0, count: 1, type: int}}]}
        """);
    String out = ExploreBudgetTest.forked("-Xmx64m", "run", loop.toString(), "--timeline");
    assertTrue(out.startsWith("exit 4\n"), out);
    assertTrue(out.contains("matchpoint: error: out of memory (Java heap space; the heap's maximum is ")
        && out.contains("--timeline keeps every event in memory"), out);
    assertTrue(!out.contains("\tat "), out);
    // Without --timeline: unexpected messages pile up (no eager-buffer limit, nobody receives them).
    Path flood = dir.resolve("flood.yaml");
    Files.writeString(flood, """
        scenario: flood
        network: {eager-buffer: unlimited}
        ranks:
          - rank: 0
            program:
              - repeat: {times: 100000000, do: [{send: {dest: 1, tag: 0, count: 1, type: int}}]}
          - rank: 1
            program:
              - recv: {source: 0, tag: 1, count: 1, type: int}
        """);
    out = ExploreBudgetTest.forked("-Xmx64m", "run", flood.toString());
    assertTrue(out.startsWith("exit 4\n"), out);
    assertTrue(out.contains("the messages queued or in flight outgrew it: lower the scenario's step-budget"), out);
  }

  @Test
  void theReproduceLine_quotesWhatTheShellWouldSplitOrExpand() {
    assertEquals("./matchpoint replay x.yaml --schedule '0*4.1' 'a b' 'it'\\''s'",
        Failures.reproduce(List.of("replay", "x.yaml", "--schedule", "0*4.1", "a b", "it's")));
  }
}
