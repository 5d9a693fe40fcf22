package dev.matchpoint.scenario.export;

import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.core.sched.SeededScheduler;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.ScenarioLoader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;

/** Library runs for the exporter tests. */
final class ExportFixtures {
  private ExportFixtures() {}

  static Scenario scenario(String name) {
    return ScenarioLoader.load(Path.of("library", name + ".yaml"));
  }

  static RunResult timed(Scenario s) {
    return Runner.timed(ScenarioLoader.compile(s), s.seed(), FifoScheduler.INSTANCE, s.runOptions().withKeepTrace(true));
  }

  static RunResult logical(Scenario s, long seed) {
    return Runner.logical(ScenarioLoader.compile(s), new SeededScheduler(seed), s.runOptions().withKeepTrace(true));
  }

  static TraceHeader header(Scenario s, long seed, String mode, RunResult r) {
    return new TraceHeader(s.name(), seed, mode, r.schedule().trimmed().toString());
  }

  static byte[] jsonl(Scenario s, long seed, String mode, RunResult r) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    JsonLinesTraceWriter.write(out, header(s, seed, mode, r), r.trace());
    return out.toByteArray();
  }

  static int[] threads(Scenario s) {
    return s.ranks().stream().mapToInt(java.util.List::size).toArray();
  }
}
