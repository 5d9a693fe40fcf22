package dev.matchpoint.scenario.cli;

import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.ScenarioException;
import dev.matchpoint.scenario.format.ConfigOverrides;
import java.io.PrintWriter;

/** Small helpers shared by the subcommands: bad-input reporting and scenario loading. */
final class Cli {
  /** The environment variable in which the launcher passes the name it was invoked by. */
  static final String COMMAND_VARIABLE = "MATCHPOINT_COMMAND";

  private Cli() {}

  /**
   * The command as the user invoked it, for the command lines the tool prints (replay, reproduce):
   * what the launcher passes in {@value #COMMAND_VARIABLE} ({@code ./matchpoint} when run as
   * {@code ./matchpoint}, {@code matchpoint} when found on the PATH), else {@code ./matchpoint}, the
   * launcher at the repository root.
   *
   * @return a word to start a printed command line with, quoted for a POSIX shell when needed
   */
  static String command() {
    String name = System.getenv(COMMAND_VARIABLE);
    return name == null || name.isBlank() ? "./matchpoint" : RunPlan.quote(name);
  }

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
