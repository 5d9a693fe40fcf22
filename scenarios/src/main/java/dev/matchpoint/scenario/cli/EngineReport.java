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
 * Like {@code elapsed:}, the seconds and megabytes depend on the machine; the rest depends only on
 * the scenario and the partitions.
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
    sb.append(String.format(Locale.ROOT, "engine:      %s, master %s, %d partitions storing %d to %d states each%n",
        engine, f.master(), f.partitions(), f.leastPartitionStates(), f.mostPartitionStates()));
    for (ExploreEngine.Level l : f.levels()) {
      sb.append(String.format(Locale.ROOT, "  level %d: entries %d, final %d, successors %d, new states %d, %.2f s%n",
          l.level(), l.entries(), l.finals(), l.successors(), l.newStates(), l.seconds()));
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
