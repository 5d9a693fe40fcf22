package dev.matchpoint.spark;

import dev.matchpoint.core.explore.LevelStep;
import dev.matchpoint.mpi.explore.MpiTransitionSystem;
import dev.matchpoint.mpi.explore.Outcomes;
import dev.matchpoint.mpi.rank.Action;
import dev.matchpoint.mpi.rank.World;
import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.ScenarioLoader;
import dev.matchpoint.scenario.format.ConfigOverrides;
import dev.matchpoint.scenario.library.Library;
import java.io.IOException;
import java.io.InputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A scenario's logical-mode model as a Spark task ships it: the scenario's text (read once, on the
 * driver, so executors need no access to the file), the name its statement locations carry, the
 * {@code --cfg} overrides, the reduction and the outcome classing. Each JVM compiles it once into
 * an {@link MpiTransitionSystem} (thread-safe, DESIGN: the parallel search shares one) and keeps it
 * for every task of the exploration.
 *
 * @param file the name in statement locations: the path as given, or {@code scenarios/library/NAME.yaml}
 * @param text the scenario's YAML text
 * @param cfg the {@code --cfg} arguments
 * @param reduction whether persistent sets prune the search
 * @param outcomes how finely final states are classed
 */
record ScenarioModel(String file, String text, List<String> cfg, boolean reduction, Outcomes outcomes)
    implements Serializable {
  private static final long serialVersionUID = 1L;
  private static final Map<ScenarioModel, MpiTransitionSystem> MODELS = new ConcurrentHashMap<>();

  ScenarioModel {
    cfg = List.copyOf(cfg);
  }

  /**
   * The model of a {@code FILE} argument, resolved as the command line resolves it: a path when the
   * file exists, holds a {@code /} or ends with {@code .yaml} or {@code .yml}, else a library name.
   *
   * @param arg the FILE argument
   * @param cfg the {@code --cfg} arguments
   * @param reduction whether persistent sets prune the search
   * @param outcomes how finely final states are classed
   * @return the model
   * @throws UncheckedIOException when the file cannot be read
   */
  static ScenarioModel of(String arg, List<String> cfg, boolean reduction, Outcomes outcomes) {
    Path p = Path.of(arg);
    boolean path = Files.exists(p) || arg.contains("/") || arg.endsWith(".yaml") || arg.endsWith(".yml");
    try {
      if (path) {
        return new ScenarioModel(p.toString(), Files.readString(p, StandardCharsets.UTF_8), cfg, reduction, outcomes);
      }
      try (InputStream in = Library.class.getClassLoader().getResourceAsStream(Library.RESOURCE_DIR + "/" + arg
          + ".yaml")) {
        if (in == null) {
          throw new IllegalArgumentException("no library scenario " + arg);
        }
        return new ScenarioModel(Library.REPOSITORY_DIR + "/" + arg + ".yaml",
            new String(in.readAllBytes(), StandardCharsets.UTF_8), cfg, reduction, outcomes);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + arg, e);
    }
  }

  /**
   * The model, compiled once per JVM.
   *
   * @return the transition system
   * @throws dev.matchpoint.scenario.ScenarioException when the scenario is invalid
   */
  MpiTransitionSystem open() {
    return MODELS.computeIfAbsent(this, m -> {
      Scenario s = ScenarioLoader.load(m.text, m.file, ConfigOverrides.parse(m.cfg));
      return new MpiTransitionSystem(ScenarioLoader.compile(s), s.checks(), m.reduction, m.outcomes);
    });
  }

  /**
   * A level step over the model.
   *
   * @return the step
   */
  LevelStep<World, Action> step() {
    return new LevelStep<>(open());
  }
}
