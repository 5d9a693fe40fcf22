/** The {@code matchpoint} command line: subcommands, exit codes and output writing. */
package dev.matchpoint.scenario.cli;
