package dev.matchpoint.scenario.cli;

import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.ScenarioException;
import dev.matchpoint.scenario.ScenarioLoader;
import dev.matchpoint.scenario.format.ConfigOverrides;
import dev.matchpoint.scenario.library.Library;
import java.nio.file.Files;
import java.nio.file.Path;

/** Resolves a command's FILE argument: a scenario file, or else the name of a library scenario. */
final class ScenarioInput {
  private ScenarioInput() {}

  /**
   * Loads and validates the scenario.
   *
   * @param file a path, or a library name such as {@code probe-race-2x2}
   * @return the scenario
   * @throws ScenarioException when it cannot be found or is invalid
   */
  static Scenario load(String file) {
    return load(file, ConfigOverrides.NONE);
  }

  /**
   * Loads and validates the scenario with {@code --cfg} overrides of its model options.
   *
   * @param file a path, or a library name such as {@code probe-race-2x2}
   * @param overrides the overrides
   * @return the scenario
   * @throws ScenarioException when it cannot be found or is invalid
   */
  static Scenario load(String file, ConfigOverrides overrides) {
    return isPath(file) ? ScenarioLoader.load(Path.of(file), overrides) : Library.load(file, overrides);
  }

  /**
   * Whether the argument names a file rather than a library scenario: it exists, holds a {@code /}
   * or ends with {@code .yaml} or {@code .yml}.
   *
   * @param file the argument
   * @return true for a file
   */
  static boolean isPath(String file) {
    return Files.exists(Path.of(file)) || file.contains("/") || file.endsWith(".yaml") || file.endsWith(".yml");
  }
}
