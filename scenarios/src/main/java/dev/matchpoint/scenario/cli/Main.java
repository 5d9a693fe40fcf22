package dev.matchpoint.scenario.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code matchpoint} command: entry point of the launcher script at the repository root.
 * Without a subcommand it prints its help.
 */
@Command(
    name = "matchpoint",
    mixinStandardHelpOptions = true,
    version = "matchpoint 0.1.0-SNAPSHOT",
    description = {
      "A deterministic discrete-event simulator of MPI point-to-point matching semantics.",
      "Same scenario + same seed + same configuration = byte-identical event trace."
    })
public final class Main implements Runnable {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  /**
   * Runs the command line.
   *
   * @param args command-line arguments
   */
  public static void main(String[] args) {
    System.exit(new CommandLine(new Main()).execute(args));
  }

  @Override
  public void run() {
    spec.commandLine().usage(System.out);
  }
}
