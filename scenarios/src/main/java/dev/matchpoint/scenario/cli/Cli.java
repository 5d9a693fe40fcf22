package dev.matchpoint.scenario.cli;

import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.ScenarioException;
import dev.matchpoint.scenario.format.ConfigOverrides;
import java.io.PrintWriter;

/** Small helpers shared by the subcommands: bad-input reporting and scenario loading. */
final class Cli {
  private Cli() {}

  /**
   * Reports bad input on standard error.
   *
   * @param err standard error
   * @param message what is wrong
   * @return {@link ExitCode#BAD_INPUT}'s code
   */
  static int badInput(PrintWriter err, String message) {
    err.println("matchpoint: error: " + message);
    err.flush();
    return ExitCode.BAD_INPUT.code();
  }

  /**
   * Loads a scenario, reporting a problem as bad input.
   *
   * @param file the FILE argument
   * @param err standard error
   * @return the scenario, or null after reporting the problem
   */
  static Scenario load(String file, PrintWriter err) {
    return load(file, ConfigOverrides.NONE, err);
  }

  /**
   * Loads a scenario with {@code --cfg} overrides, reporting a problem as bad input.
   *
   * @param file the FILE argument
   * @param cfg the {@code --cfg} option
   * @param err standard error
   * @return the scenario, or null after reporting the problem
   */
  static Scenario load(String file, ConfigOptions cfg, PrintWriter err) {
    try {
      return load(file, cfg.overrides(), err);
    } catch (ScenarioException e) {
      badInput(err, e.getMessage());
      return null;
    }
  }

  private static Scenario load(String file, ConfigOverrides overrides, PrintWriter err) {
    try {
      return ScenarioInput.load(file, overrides);
    } catch (ScenarioException e) {
      badInput(err, e.getMessage());
      return null;
    }
  }
}
