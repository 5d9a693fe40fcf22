package dev.matchpoint.scenario.bench;

import dev.matchpoint.core.explore.ExplorationReport;
import dev.matchpoint.core.explore.ExploreOptions;
import dev.matchpoint.core.explore.Explorer;
import dev.matchpoint.core.explore.ProgressListener;
import dev.matchpoint.core.explore.Strategy;
import dev.matchpoint.mpi.explore.MpiTransitionSystem;
import dev.matchpoint.mpi.explore.Outcomes;
import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.ScenarioLoader;
import dev.matchpoint.scenario.library.Patterns;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * JMH figures of {@code matchpoint explore} on one thread (issue 13's targets; {@code matchpoint
 * bench explore} prints the same explorations with their serial and parallel columns): the
 * matched-probe pattern 6 x 6 ({@link Patterns#matchedProbe}) searched exhaustively, and the probe
 * race 4 x 4 ({@link Patterns#probeRace}) searched exhaustively, its shortest violating schedule
 * included. Seconds per exploration, single shot after one warm-up (each exploration takes seconds,
 * so steady-state iterations would only repeat it), in a forked JVM with the serial collector and a
 * 4 GB heap, as the {@code matchpoint} launcher runs. The bench profile runs it after the tests:
 * {@code mvn -B -Pbench -pl scenarios -am verify}. A benchmark fails when the exploration is not
 * complete (or the race has no violation), so a figure is never that of a cut search.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgs = {"-XX:+UseSerialGC", "-Xmx4g"})
@Warmup(iterations = 1)
@Measurement(iterations = 3)
public class ExploreBench {
  private static ExplorationReport explore(Scenario s) {
    MpiTransitionSystem ts = new MpiTransitionSystem(ScenarioLoader.compile(s), s.checks(), true, Outcomes.OBSERVABLE);
    ExploreOptions o = ExploreOptions.of(Strategy.EXHAUSTIVE).withTimeBudget(Duration.ofMinutes(10)).withThreads(1);
    ExplorationReport r = Explorer.explore(ts, o, ProgressListener.NONE);
    if (!r.exhaustive()) {
      throw new IllegalStateException(s.name() + ": the exploration was cut: " + r.stopReason());
    }
    return r;
  }

  /**
   * The matched-probe pattern 6 x 6, exhaustive (issue 13: at most 3 CPU-s).
   *
   * @return the report
   */
  @Benchmark
  public ExplorationReport mprobe6x6() {
    return explore(Patterns.matchedProbe(6));
  }

  /**
   * The probe race 4 x 4, exhaustive, with its shortest violating schedule (issue 13: under 1 s).
   *
   * @return the report
   */
  @Benchmark
  public ExplorationReport probeRace4x4() {
    ExplorationReport r = explore(Patterns.probeRace(4));
    if (r.counterexample() == null || !r.counterexample().shortest()) {
      throw new IllegalStateException("probe-race-4x4: no shortest violating schedule: " + r.counterexample());
    }
    return r;
  }

  /**
   * Runs the benchmarks of this class.
   *
   * @param args unused
   * @throws RunnerException when JMH fails
   */
  public static void main(String[] args) throws RunnerException {
    new Runner(new OptionsBuilder().include(ExploreBench.class.getName() + "\\.").build()).run();
  }
}
