package dev.matchpoint.scenario.importer.goal;

import dev.matchpoint.scenario.importer.ImportedTrace;
import dev.matchpoint.scenario.importer.TraceImportException;
import dev.matchpoint.scenario.importer.TraceImporter;
import java.nio.file.Path;

/** Placeholder. */
public final class GoalImporter implements TraceImporter {
  @Override
  public ImportedTrace read(Path path) throws TraceImportException {
    throw TraceImportException.inFile(path, "not yet", null);
  }
}
