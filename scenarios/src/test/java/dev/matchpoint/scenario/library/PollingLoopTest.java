package dev.matchpoint.scenario.library;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.explore.ExplorationReport;
import dev.matchpoint.core.explore.ExploreOptions;
import dev.matchpoint.core.explore.Explorer;
import dev.matchpoint.core.explore.ProgressListener;
import dev.matchpoint.core.explore.Strategy;
import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.core.sched.SeededScheduler;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.explore.MpiTransitionSystem;
import dev.matchpoint.mpi.program.Cond;
import dev.matchpoint.mpi.program.Stmt;
import dev.matchpoint.mpi.run.Outcome;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.mpi.trace.TraceEvent;
import dev.matchpoint.scenario.ExpectationCheck;
import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.ScenarioException;
import dev.matchpoint.scenario.ScenarioLoader;
import dev.matchpoint.scenario.format.ScenarioWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code while} and {@code until} loops (issue 15): polling with MPI_Iprobe and MPI_Test runs in
 * timed mode until the step budget, and in logical mode a poll that only spins is stuttering, so
 * exploration ends with the outcome classes of the equivalent blocking program.
 */
class PollingLoopTest {
  private static final String PROBE_3_8_1 = "MPI_PROBE behaves like MPI_IPROBE except that it is a blocking call "
      + "that returns only after a matching message has been found.";

  /** Rank 1 polls for a tag-0 message; rank 0 sends only tag 1, so no poll ever succeeds. */
  private static final String NEVER = """
      scenario: never
      step-budget: 5000
      call-cost: 10
      ranks:
        - rank: 0
          program:
            - send: {dest: 1, tag: 1}
        - rank: 1
          program:
            - until:
                cond: flag
                do:
                  - iprobe: {source: 0, tag: 0, flag: flag}
            - recv: {source: 0, tag: 0}
            - recv: {source: 0, tag: 1}
      checks: [no-deadlock]
      """;

  /**
   * Rank 1 polls a receive request and a probe in one loop (a two-call stuttering cycle) while
   * rank 0 sends the message the request receives, then the one the probe finds.
   */
  private static final String TWO_POLLS = """
      scenario: two-polls
      call-cost: 50
      ranks:
        - rank: 0
          program:
            - send: {dest: 1, tag: 0}
            - send: {dest: 1, tag: 1}
        - rank: 1
          program:
            - irecv: {source: 0, tag: 0, request: r}
            - iprobe: {source: 0, tag: 1, flag: seen}
            - test: {request: r, flag: done}
            - while:
                cond: not done or not seen
                do:
                  - iprobe: {source: 0, tag: 1, flag: seen}
                  - test: {request: r, flag: done}
            - recv: {source: 0, tag: 1}
      checks: [no-deadlock, no-errors]
      """;

  private static Scenario scenario(String yaml) {
    return ScenarioLoader.load(yaml, "test.yaml");
  }

  private static ExplorationReport explore(Scenario s, Strategy strategy) {
    ExploreOptions options = new ExploreOptions(strategy, 100_000, Duration.ofSeconds(60), 0, 3, 2_000, true);
    return Explorer.explore(new MpiTransitionSystem(ScenarioLoader.compile(s), s.checks(), true), options,
        ProgressListener.NONE);
  }

  @Test
  void whileAndUntil_parseToConditionalLoops_andWriteBackTheSame() {
    Scenario s = scenario(TWO_POLLS);
    Stmt.While loop = (Stmt.While) s.ranks().get(1).get(0).body().get(3);
    assertEquals(false, loop.until());
    assertEquals(new Cond.Or(List.of(new Cond.Not(new Cond.Flag("done")), new Cond.Not(new Cond.Flag("seen")))),
        loop.cond());
    assertEquals(2, loop.body().size());
    Stmt.While until = (Stmt.While) scenario(NEVER).ranks().get(1).get(0).body().get(0);
    assertEquals(true, until.until());
    assertEquals(new Cond.Flag("flag"), until.cond());
    for (String yaml : List.of(NEVER, TWO_POLLS)) {
      Scenario read = scenario(yaml);
      assertEquals(read.withoutLocations(), scenario(ScenarioWriter.write(read)).withoutLocations());
    }
  }

  @Test
  void untilWithoutCond_isBadInputAtTheStatement() {
    ScenarioException e = org.junit.jupiter.api.Assertions.assertThrows(ScenarioException.class,
        () -> scenario(NEVER.replace("cond: flag", "cnd: flag")));
    assertTrue(e.getMessage().startsWith("test.yaml:"), e.getMessage());
    assertTrue(e.getMessage().contains("cnd"), e.getMessage());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.8.1", text = PROBE_3_8_1)
  void iprobePollingLoop_explores_toTheOutcomeClassesOfTheMpiProbeProgram() {
    ExplorationReport polling = ExpectationCheck.explore(ScenarioLoader.load(Path.of("library/iprobe-polling-loop.yaml")));
    ExplorationReport probe = ExpectationCheck.explore(ScenarioLoader.load(Path.of("library/mpi22-probe-correct.yaml")));
    assertTrue(polling.exhaustive(), polling.stopReason());
    assertEquals(probe.outcomes().keySet(), polling.outcomes().keySet());
    assertEquals(2, polling.outcomes().size(), "rank 2 may see either message first");
  }

  @ParameterizedTest
  @EnumSource(value = Strategy.class, names = {"EXHAUSTIVE", "DPOR", "NAIVE"})
  @SpecClause(source = "MPI-3.1 §3.8.1", text = PROBE_3_8_1)
  void pollThatNeverSucceeds_explores_toADeadlockAtTheIprobe_asMpiProbeWould(Strategy strategy) {
    // Before the stuttering rule the exhaustive search found no final state at all ("0 outcomes,
    // exhaustive") and DPOR ran into its step limit.
    ExplorationReport r = explore(scenario(NEVER), strategy);
    assertTrue(r.exhaustive(), r.stopReason());
    assertEquals(Set.of("deadlock | receipts none | blocked r1.t0 MPI_Iprobe(source=0, tag=0, comm=world) at "
        + "test.yaml:13:15 | violations no-deadlock: deadlock: r1.t0 MPI_Iprobe(source=0, tag=0, comm=world) at "
        + "test.yaml:13:15"),
        r.outcomes().keySet());
    String until = "      - until:\n          cond: flag\n          do:\n            - iprobe: {source: 0, tag: 0, flag: flag}\n";
    assertTrue(NEVER.contains(until));
    ExplorationReport blocking = explore(scenario(NEVER.replace(until, "      - probe: {source: 0, tag: 0}\n")), strategy);
    assertEquals(1, blocking.outcomes().size());
    assertTrue(blocking.outcomes().keySet().iterator().next().startsWith("deadlock | receipts none | blocked r1.t0 "
        + "MPI_Probe(source=0, tag=0, comm=world)"), blocking.outcomes().toString());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "irecv: {source: 0, tag: 0, request: r}|until: {cond: done, do: [test: {request: r, flag: done}]}|MPI_Test",
      "irecv: {source: 0, tag: 0, request: r}|until: {cond: flag or done, do: [iprobe: {source: 0, tag: 0, flag: flag}, "
          + "test: {request: r, flag: done}]}|MPI_Test",
      "iprobe: {source: proc-null, tag: 0, flag: f}|while: {cond: f, do: [send: {dest: proc-null}]}|MPI_Send",
      "iprobe: {source: proc-null, tag: 0, flag: f}|until: {cond: not f, do: [iprobe: {source: proc-null, flag: f}]}"
          + "|MPI_Iprobe"})
  @SpecClause(source = "MPI-3.1 §3.7.3", text = "A call to MPI_TEST returns flag = true if the operation identified "
      + "by request is complete.")
  void loopThatChangesNothing_explores_toADeadlockAtItsCall(String before, String loop, String call) {
    Scenario s = scenario(NEVER.replace("      - until:\n          cond: flag\n          do:\n"
        + "            - iprobe: {source: 0, tag: 0, flag: flag}\n", "      - " + before + "\n      - " + loop + "\n"));
    ExplorationReport r = explore(s, Strategy.EXHAUSTIVE);
    assertTrue(r.exhaustive(), r.stopReason());
    assertEquals(1, r.outcomes().size(), r.outcomes().keySet().toString());
    assertTrue(r.outcomes().keySet().iterator().next().startsWith("deadlock | receipts none | blocked r1.t0 " + call
        + "("), r.outcomes().keySet().toString());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.7.3", text = "A call to MPI_TEST returns flag = true if the operation identified "
      + "by request is complete.")
  void twoPollsInOneLoop_explore_finishesOk_andTheLogicalAndTimedRunsFinishOk() {
    Scenario s = scenario(TWO_POLLS);
    ExplorationReport r = explore(s, Strategy.EXHAUSTIVE);
    assertTrue(r.exhaustive(), r.stopReason());
    assertEquals(Set.of("ok | receipts r1.t0#0<-0#0 r1.t0#1<-0#1 | probes r1.t0<-0#1"), r.outcomes().keySet());
    RunResult logical = Runner.logical(ScenarioLoader.compile(s), new SeededScheduler(7), s.runOptions());
    assertEquals(Outcome.OK, logical.outcome(), logical.problems().toString());
    RunResult timed = Runner.timed(ScenarioLoader.compile(s), s.seed(), FifoScheduler.INSTANCE, s.runOptions());
    assertEquals(Outcome.OK, timed.outcome(), timed.problems().toString());
  }

  @Test
  void pollThatNeverSucceeds_timed_pollsEveryCallCost_untilTheStepBudget() {
    Scenario s = scenario(NEVER);
    RunResult r = Runner.timed(ScenarioLoader.compile(s), s.seed(), FifoScheduler.INSTANCE,
        s.runOptions().withKeepTrace(true));
    assertEquals(Outcome.BUDGET_EXHAUSTED, r.outcome());
    List<TraceEvent.CallStarted> polls = r.trace().of(TraceEvent.CallStarted.class).stream()
        .filter(c -> c.call().equals("MPI_Iprobe")).toList();
    assertTrue(polls.size() > 1_000, "polled " + polls.size() + " times");
    long atCallCost = 0;
    for (int i = 1; i < polls.size(); i++) {
      long interval = polls.get(i).timeNs() - polls.get(i - 1).timeNs();
      assertTrue(interval >= 10, "each MPI_Iprobe takes at least call-cost: " + interval);
      atCallCost += interval == 10 ? 1 : 0;
    }
    // The others also wait for the rank's CPU, busy receiving the tag-1 message (o = 200 ns).
    assertTrue(atCallCost >= polls.size() - 3, atCallCost + " of " + polls.size());
  }

  @Test
  void loopWithoutAnMpiCall_thatNeverEnds_isAProgramErrorAtTheLoop_notAHang() {
    Scenario s = scenario("""
        scenario: spin
        ranks:
          - rank: 0
            program:
              - send: {dest: 0, tag: 0}
              - recv: {source: 0, tag: 0, status: st}
              - while:
                  cond: st.source == 0
                  do:
                    - get-count: {status: st, into: n}
        """);
    RunResult r = Runner.logical(ScenarioLoader.compile(s), new SeededScheduler(0), s.runOptions().withKeepTrace(true));
    assertEquals(Outcome.ERRONEOUS, r.outcome());
    assertEquals(List.of("erroneous: program error at r0.t0"), r.problems());
    TraceEvent.ErroneousUse e = r.trace().of(TraceEvent.ErroneousUse.class).get(0);
    assertTrue(e.detail().contains("without an MPI call"), e.detail());
    assertEquals(s.ranks().get(0).get(0).body().get(2).at(), e.at(), "the while statement");
  }
}
