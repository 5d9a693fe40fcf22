package dev.matchpoint.properties.oracle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.matchpoint.core.sched.ReplayScheduler;
import dev.matchpoint.core.sched.Schedule;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.ScenarioLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * A failing property writes its shrunk workload as a scenario file under {@code target/} and prints
 * the {@code ./matchpoint replay} line for it (issue 16, item 5): run through jqwik's engine, the
 * report names a file that exists, loads as a scenario, and whose printed schedule, replayed, breaks
 * the same rule.
 */
class CounterexampleFileTest {
  private static final Pattern FILE = Pattern.compile("scenario file: (\\S+)");
  private static final Pattern REPLAY = Pattern.compile("\\./matchpoint replay (\\S+) --mode logical --schedule '?([^'\\s]+)'?");

  @Test
  @SpecClause(source = "seed 000 §1", text = "a message could be found by the MPI_Probe in both threads, while only "
      + "one of the threads could successfully receive the message (the other will block)")
  void failingProperty_writesTheShrunkWorkloadAsAScenario_whoseReplayLineReproducesTheRace() throws Exception {
    LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
        .selectors(selectClass(DeliberatelyFailingProbeRace.class)).build();
    SummaryGeneratingListener listener = new SummaryGeneratingListener();
    System.setProperty(DeliberatelyFailingProbeRace.RUN, "true");
    try {
      LauncherFactory.create().execute(request, listener);
    } finally {
      System.clearProperty(DeliberatelyFailingProbeRace.RUN);
    }
    TestExecutionSummary summary = listener.getSummary();
    assertEquals(1, summary.getTotalFailureCount(), "the property must fail");
    String report = summary.getFailures().get(0).getException().getMessage();

    assertFalse(report.contains("Runner.logical"), report);
    Matcher file = FILE.matcher(report);
    assertTrue(file.find(), report);
    Path yaml = Path.of(file.group(1));
    assertTrue(yaml.startsWith(Path.of(CounterexampleFiles.DIRECTORY).toAbsolutePath()), yaml::toString);
    assertTrue(Files.isRegularFile(yaml), yaml::toString);
    Matcher replay = REPLAY.matcher(report);
    assertTrue(replay.find(), report);
    assertEquals(yaml.toString(), replay.group(1));

    Scenario s = ScenarioLoader.load(yaml);
    assertEquals(List.of(CheckKind.PROBE_THEN_RECEIVE_SAME_MESSAGE), s.checks());
    // Shrunk: the race needs two messages into two threads of one rank, and no more.
    assertEquals(2, s.worldSize(), report);
    assertEquals(2, s.ranks().get(0).size() + s.ranks().get(1).size() - 1, report);
    RunResult r = Runner.logical(s.spec(), new ReplayScheduler(Schedule.parse(replay.group(2))),
        RunOptions.keepingTrace(s.newChecks()));
    assertTrue(r.violations().stream().anyMatch(v -> v.check().equals(
        CheckKind.PROBE_THEN_RECEIVE_SAME_MESSAGE.configName())), () -> r.outcome() + " " + r.violations());
  }
}
