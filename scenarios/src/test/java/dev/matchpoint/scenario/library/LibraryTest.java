package dev.matchpoint.scenario.library;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.core.sched.ReplayScheduler;
import dev.matchpoint.mpi.run.Outcome;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.mpi.trace.TraceEvent;
import dev.matchpoint.scenario.Expectation;
import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.ScenarioLoader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Runs the whole canonical library and checks every scenario's stated expectation. {@code ok},
 * {@code deadlock} and {@code erroneous} must hold for the timed run with the scenario's seed and,
 * where the scenario is small enough to enumerate, for every logical schedule; {@code
 * race-reachable} needs a logical schedule that violates a check, found by a {@link RaceSearch}
 * and confirmed by replaying it.
 */
class LibraryTest {
  private static final Path DIR = Path.of("library");
  private static final RaceSearch RACES = new SeededRaceSearch(1000);

  static Stream<String> names() throws IOException {
    try (Stream<Path> files = Files.list(DIR)) {
      return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".yaml")).sorted()
          .map(n -> n.substring(0, n.length() - 5)).toList().stream();
    }
  }

  private static Scenario load(String name) {
    return ScenarioLoader.load(DIR.resolve(name + ".yaml"));
  }

  @Test
  void library_onDiskAndOnTheClasspath_listsTheSameScenarios_andHasTheRequiredOnes() throws IOException {
    List<String> disk = names().toList();
    assertEquals(disk, Library.names());
    for (String required : List.of("probe-race-2x2", "probe-race-3x3", "mprobe-fix-2x2", "mprobe-fix-3x3",
        "mpi22-probe-correct", "mpi22-probe-any-source", "mpi22-probe-any-source-round-robin",
        "ssend-matched-by-mprobe", "proc-null-mprobe", "head-to-head-eager", "head-to-head-rendezvous",
        "rendezvous-late-receive", "rendezvous-early-receive", "truncation", "deep-unexpected-queue")) {
      assertTrue(disk.contains(required), required);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("names")
  void libraryScenario_isNamedAfterItsFile_andNamesItsSourceAndExpectation(String name) {
    Scenario s = load(name);
    assertEquals(name, s.name());
    assertFalse(s.source().isBlank(), "source");
    assertFalse(s.description().isBlank(), "description");
    assertNotNull(s.expect(), "expect");
    assertEquals(s.withoutLocations(), Library.load(name).withoutLocations(), "the packaged copy is the same");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("names")
  void libraryScenario_meetsItsExpectation(String name) {
    Scenario s = load(name);
    Optional<TreeSet<LogicalEnumerator.End>> ends = new LogicalEnumerator(100_000, 400).ends(s);
    if (s.expect() == Expectation.RACE_REACHABLE) {
      Optional<RaceSearch.Witness> w = RACES.find(s);
      assertTrue(w.isPresent(), name + ": no logical schedule among 1000 seeds violates a check");
      RunResult replay = Runner.logical(ScenarioLoader.compile(s), new ReplayScheduler(w.get().schedule()),
          s.runOptions());
      assertEquals(w.get().violations(), replay.violations(), "the witness replays");
      ends.ifPresent(e -> assertTrue(e.stream().anyMatch(LogicalEnumerator.End::violated), e.toString()));
      return;
    }
    Outcome expected = switch (s.expect()) {
      case OK -> Outcome.OK;
      case DEADLOCK -> Outcome.DEADLOCK;
      default -> Outcome.ERRONEOUS;
    };
    RunResult timed = Runner.timed(ScenarioLoader.compile(s), s.seed(), FifoScheduler.INSTANCE, s.runOptions());
    assertEquals(expected, timed.outcome(), name + " timed: " + timed.problems() + " " + timed.violations());
    if (expected == Outcome.OK) {
      assertEquals(List.of(), timed.violations(), name + " timed");
    }
    if (ends.isPresent()) {
      for (LogicalEnumerator.End e : ends.get()) {
        assertEquals(expected, e.outcome(), name + " in some logical schedule: " + ends.get());
        if (expected == Outcome.OK) {
          assertFalse(e.violated(), name + " in some logical schedule: " + ends.get());
        }
      }
    } else {
      assertEquals("deep-unexpected-queue", name, "only the deep queue is too large to enumerate");
    }
  }

  private static RunResult timed(String name) {
    Scenario s = load(name);
    return Runner.timed(ScenarioLoader.compile(s), s.seed(), FifoScheduler.INSTANCE, s.runOptions());
  }

  @Test
  void rendezvousLateReceive_queuesTheRtsAsUnexpected_earlyReceive_matchesItOnArrival_seed004Figure5() {
    RunResult late = timed("rendezvous-late-receive");
    RunResult early = timed("rendezvous-early-receive");
    assertEquals(1, late.trace().of(TraceEvent.QueuedUnexpected.class).size());
    assertEquals(0, early.trace().of(TraceEvent.QueuedUnexpected.class).size());
    for (RunResult r : List.of(late, early)) {
      assertEquals(1L, r.packetCounts().get("RTS"));
      assertEquals(1L, r.packetCounts().get("CTS"));
      assertEquals(1L, r.packetCounts().get("DATA"));
    }
  }

  @Test
  void ssendMatchedByMprobe_returnsOnlyAfterTheMrecvStarted_seed000Revision3() {
    RunResult r = timed("ssend-matched-by-mprobe");
    long ssendReturned = r.trace().of(TraceEvent.CallReturned.class).stream()
        .filter(c -> c.call().equals("MPI_Ssend")).findFirst().orElseThrow().timeNs();
    long mrecvStarted = r.trace().of(TraceEvent.CallStarted.class).stream()
        .filter(c -> c.call().equals("MPI_Mrecv")).findFirst().orElseThrow().timeNs();
    assertTrue(mrecvStarted >= 10_000, "rank 1 computed first");
    assertTrue(ssendReturned >= mrecvStarted, "Ssend returned at " + ssendReturned + " before Mrecv at "
        + mrecvStarted);
  }

  @Test
  void deepUnexpectedQueue_holdsAllTenThousandMessages_andReceivesEachOnce() {
    RunResult r = timed("deep-unexpected-queue");
    assertEquals(10_000, r.queueMaxima()[1][1]);
    assertEquals(10_000, r.trace().matches().size());
    assertEquals(99, r.trace().matches().get(0).tag(), "reverse tag order: 99 first");
  }
}
