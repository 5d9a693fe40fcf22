/**
 * The {@code matchpoint} command line (picocli): {@code run}, {@code replay}, {@code list} and
 * {@code check}, one class each over a shared run session; {@code explore} over the sim-core
 * explorer, with its text and JSON reports and a terminal progress bar; {@code bench explore};
 * the text and JSON summaries; and the exit codes of {@link dev.matchpoint.scenario.cli.ExitCode},
 * documented in {@code docs/cli.md}.
 */
package dev.matchpoint.scenario.cli;
