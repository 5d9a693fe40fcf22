package dev.matchpoint.scenario.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The output options shared by {@code run} and {@code replay}. */
public final class OutputOptions {
  @Option(names = "--trace", paramLabel = "OUT.jsonl",
      description = "Write the event trace as JSON Lines (schema: docs/trace-format.md).")
  Path trace;

  @Option(names = "--perfetto", paramLabel = "OUT.json",
      description = "Write a Chrome/Perfetto trace-event file (open it in ui.perfetto.dev).")
  Path perfetto;

  @Option(names = "--timeline", description = "Print a plain-text timeline of every event before the summary.")
  boolean timeline;

  @Option(names = "--json", description = "Print the summary as one JSON object instead of text.")
  boolean json;
}
