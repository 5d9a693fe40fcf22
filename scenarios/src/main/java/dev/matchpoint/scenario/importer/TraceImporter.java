package dev.matchpoint.scenario.importer;

import java.nio.file.Path;

/** Reads one trace format into the format-neutral {@link ImportedTrace}. */
public interface TraceImporter {
  /**
   * Imports a trace completely, or not at all.
   *
   * @param path the trace: an OTF2 anchor file, a SimGrid TI file (all ranks, or a list of
   *     per-rank files), or a GOAL schedule
   * @return the complete import
   * @throws TraceImportException when the trace is missing, malformed or uses something the
   *     importer does not support; the message names the file and the byte offset or line and
   *     column
   */
  ImportedTrace read(Path path) throws TraceImportException;
}
