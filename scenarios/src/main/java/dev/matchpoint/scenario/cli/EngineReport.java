package dev.matchpoint.scenario.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.util.Locale;

/**
 * The figures an {@code explore --engine} run adds to the report ({@link ExploreEngine.Figures}, issue
 * 17), as text lines after {@code elapsed:} and as the JSON report's {@code engine} object. The text
 * lines, one per level and one per executor, each parse with one regular expression:
 *
 * <pre>
 * engine:      spark, master local[2], 4 partitions storing 8 to 12 states each
 *   level 0: entries 1, final 0, successors 2, new states 2, 0.20 s
 *   executor 192.0.2.2:41213: at most 0.7 MB cached
 * </pre>
 *
 * A swarm ({@code --strategy random|pct}) has a line per task instead of the levels:
 *
 * <pre>
 * engine:      spark, master local[2], swarm of 4 tasks, seeds 0 to 3
 *   task 0: seed 0, schedules 25, transitions 300, classes 2, 0.20 s, executor 192.0.2.2:41213
 * </pre>
 *
 * Like {@code elapsed:}, the seconds, megabytes and executors depend on the machine; the rest depends
 * only on the scenario, the partitions and the seeds.
 */
final class EngineReport {
  private EngineReport() {}

  /**
   * Appends the text lines.
   *
   * @param sb the report so far
   * @param engine the engine's name
   * @param f its figures
   */
  static void text(StringBuilder sb, String engine, ExploreEngine.Figures f) {
    if (f.tasks().isEmpty()) {
      sb.append(String.format(Locale.ROOT, "engine:      %s, master %s, %d partitions storing %d to %d states each%n",
          engine, f.master(), f.partitions(), f.leastPartitionStates(), f.mostPartitionStates()));
    } else {
      sb.append(String.format(Locale.ROOT, "engine:      %s, master %s, swarm of %d tasks, seeds %d to %d%n", engine,
          f.master(), f.tasks().size(), f.tasks().get(0).seed(), f.tasks().get(f.tasks().size() - 1).seed()));
    }
    for (ExploreEngine.Level l : f.levels()) {
      sb.append(String.format(Locale.ROOT, "  level %d: entries %d, final %d, successors %d, new states %d, %.2f s%n",
          l.level(), l.entries(), l.finals(), l.successors(), l.newStates(), l.seconds()));
    }
    for (ExploreEngine.Task t : f.tasks()) {
      sb.append(String.format(Locale.ROOT, "  task %d: seed %d, schedules %d, transitions %d, classes %d, %.2f s, "
          + "executor %s%n", t.task(), t.seed(), t.schedules(), t.transitions(), t.classes(), t.seconds(), t.executor()));
    }
    for (ExploreEngine.Executor e : f.executors()) {
      sb.append("  executor ").append(e.id()).append(": at most ").append(e.megabytes()).append(" MB cached\n");
    }
  }

  /**
   * Writes the JSON report's {@code engine} field (docs/schemas/explore-report.schema.json).
   *
   * @param g the generator, inside the report's object
   * @param engine the engine's name
   * @param f its figures
   * @throws IOException from the generator
   */
  static void json(JsonGenerator g, String engine, ExploreEngine.Figures f) throws IOException {
    g.writeObjectFieldStart("engine");
    g.writeStringField("name", engine);
    g.writeStringField("master", f.master());
    g.writeNumberField("partitions", f.partitions());
    g.writeNumberField("least_partition_states", f.leastPartitionStates());
    g.writeNumberField("most_partition_states", f.mostPartitionStates());
    g.writeArrayFieldStart("levels");
    for (ExploreEngine.Level l : f.levels()) {
      g.writeStartObject();
      g.writeNumberField("level", l.level());
      g.writeNumberField("entries", l.entries());
      g.writeNumberField("finals", l.finals());
      g.writeNumberField("successors", l.successors());
      g.writeNumberField("new_states", l.newStates());
      g.writeNumberField("seconds", l.seconds());
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeArrayFieldStart("tasks");
    for (ExploreEngine.Task t : f.tasks()) {
      g.writeStartObject();
      g.writeNumberField("task", t.task());
      g.writeNumberField("seed", t.seed());
      g.writeNumberField("schedules", t.schedules());
      g.writeNumberField("transitions", t.transitions());
      g.writeNumberField("classes", t.classes());
      g.writeNumberField("seconds", t.seconds());
      g.writeStringField("executor", t.executor());
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeArrayFieldStart("executors");
    for (ExploreEngine.Executor e : f.executors()) {
      g.writeStartObject();
      g.writeStringField("id", e.id());
      g.writeNumberField("cached_bytes", e.cachedBytes());
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeEndObject();
  }
}
