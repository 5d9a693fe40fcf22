package dev.matchpoint.scenario.cli;

import dev.matchpoint.scenario.format.ConfigOverrides;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The {@code --cfg KEY:VALUE} option of {@code run}, {@code replay}, {@code explore} and {@code test}: model
 * options that override the scenario file's ({@link ConfigOverrides}), echoed in the banner and in
 * every replay command printed.
 */
final class ConfigOptions {
  @Option(names = "--cfg", paramLabel = "KEY:VALUE",
      description = "Override a network, protocol or policy key of the scenario, e.g. network.latency.L:500, "
          + "network.eager-threshold:unlimited, wildcard-policy:arrival (repeatable; keys: docs/cli.md).")
  List<String> cfg = new ArrayList<>();

  /**
   * The overrides given.
   *
   * @return the parsed overrides
   * @throws dev.matchpoint.scenario.ScenarioException when one is malformed
   */
  ConfigOverrides overrides() {
    return ConfigOverrides.parse(cfg);
  }
}
