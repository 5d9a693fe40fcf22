/**
 * The {@code matchpoint} command line (picocli): {@code run}, {@code replay}, {@code list} and
 * {@code check}, one class each over a shared run session; {@code explore} over the sim-core
 * explorer, with its text and JSON reports and a terminal progress bar; {@code bench explore};
 * the text and JSON summaries; the exit codes of {@link dev.matchpoint.scenario.cli.ExitCode},
 * documented in {@code docs/cli.md}; and {@code Failures}, which turns whatever a command lets
 * escape into one line and exit 70 (or 4 when the heap ran out).
 */
package dev.matchpoint.scenario.cli;
