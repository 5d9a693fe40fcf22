package dev.matchpoint.scenario.importer.simgrid;

import dev.matchpoint.scenario.importer.ImportLimits;
import dev.matchpoint.scenario.importer.ImportWarning;
import dev.matchpoint.scenario.importer.ImportedTrace;
import dev.matchpoint.scenario.importer.LocationProgram;
import dev.matchpoint.scenario.importer.TraceClock;
import dev.matchpoint.scenario.importer.TraceCommunicator;
import dev.matchpoint.scenario.importer.TraceImportException;
import dev.matchpoint.scenario.importer.TraceImportFormat;
import dev.matchpoint.scenario.importer.TraceImporter;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Imports a SimGrid time-independent trace (TRACE-FORMATS.md §2.1, SimGrid 3.32's {@code
 * xbt_replay.cpp} and {@code smpi_replay.cpp}). The input is either one file holding every rank's
 * actions, or an index file whose every line names one per-rank file (rank i is the i-th line,
 * paths relative to the index file's directory). Blank lines and lines starting with {@code #}
 * are skipped. Each rank becomes one location (thread 0) whose program is its actions in file
 * order; see {@link TiProgramBuilder} for each action.
 */
public final class SimgridTiImporter implements TraceImporter {
  /** Creates an importer; it keeps no state between reads. */
  public SimgridTiImporter() {}

  /**
   * Reads a TI trace.
   *
   * @param path the trace file or the index of per-rank files
   * @return the import
   * @throws TraceImportException on a missing file or per-rank file, an unknown action, a wrong
   *     number of arguments, a non-numeric field, a rank that does not match its per-rank file, a
   *     partner outside the ranks, a message above {@link ImportLimits#MAX_MESSAGE_BYTES}, a rank
   *     or index entry beyond {@link ImportLimits#rankProblem}, or an index entry that is not a
   *     file name; the message names the file, line and column
   */
  @Override
  public ImportedTrace read(Path path) throws TraceImportException {
    List<TiLine> lines = lines(path);
    boolean index = !lines.isEmpty() && lines.stream().allMatch(l -> l.tokens().size() == 1);
    SortedMap<Integer, List<TiLine>> byRank = new TreeMap<>();
    if (index) {
      for (int rank = 0; rank < lines.size(); rank++) {
        TiLine entry = lines.get(rank);
        Path file;
        try {
          file = path.toAbsolutePath().getParent().resolve(entry.tokens().get(0));
        } catch (InvalidPathException e) {
          throw TraceImportException.atLine(path, entry.line(), entry.columns().get(0),
              "not a file name: " + e.getReason());
        }
        if (!Files.isRegularFile(file)) {
          throw TraceImportException.atLine(path, entry.line(), entry.columns().get(0),
              "missing per-rank file " + file);
        }
        List<TiLine> rankLines = lines(file);
        for (TiLine l : rankLines) {
          int r = rankOf(l);
          if (r != rank) {
            throw TraceImportException.atLine(file, l.line(), l.columns().get(0),
                "rank " + r + " in the file listed for rank " + rank);
          }
        }
        byRank.put(rank, rankLines);
      }
    } else {
      for (TiLine l : lines) {
        byRank.computeIfAbsent(rankOf(l), r -> new ArrayList<>()).add(l);
      }
    }
    int ranks = byRank.isEmpty() ? 0 : byRank.lastKey() + 1;
    String tooMany = ImportLimits.rankProblem(ranks);
    if (tooMany != null) {
      TiLine last = byRank.get(byRank.lastKey()).get(0);
      throw TraceImportException.atLine(last.file(), last.line(), last.columns().get(0),
          "rank " + (ranks - 1) + " makes " + tooMany);
    }
    List<ImportWarning> warnings = new ArrayList<>();
    List<LocationProgram> programs = new ArrayList<>();
    for (int rank = 0; rank < ranks; rank++) {
      TiProgramBuilder builder = new TiProgramBuilder(rank, ranks, warnings);
      for (TiLine l : byRank.getOrDefault(rank, List.of())) {
        builder.add(l);
      }
      programs.add(builder.build());
    }
    List<Integer> world = new ArrayList<>();
    for (int r = 0; r < ranks; r++) {
      world.add(r);
    }
    return new ImportedTrace(
        TraceImportFormat.SIMGRID_TI,
        TraceClock.untimed(),
        List.of(new TraceCommunicator(0, "MPI_COMM_WORLD", world, false)),
        programs,
        TraceImportFormat.SIMGRID_TI.limits(),
        warnings,
        Optional.empty());
  }

  private static int rankOf(TiLine l) throws TraceImportException {
    String token = l.tokens().get(0);
    try {
      int rank = Integer.parseInt(token);
      if (rank >= ImportLimits.MAX_RANKS) {
        throw TraceImportException.atLine(l.file(), l.line(), l.columns().get(0),
            "rank " + rank + " above the largest rank a scenario may have, " + (ImportLimits.MAX_RANKS - 1));
      }
      if (rank >= 0) {
        return rank;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw TraceImportException.atLine(l.file(), l.line(), l.columns().get(0),
        "expected a rank (a non-negative integer), found '" + token + "'");
  }

  /**
   * The file's non-blank, non-comment lines. A file whose lines so far are all single file names
   * (an index) stops at the first entry beyond the rank limits, before it can fill the heap.
   */
  private static List<TiLine> lines(Path file) throws TraceImportException {
    List<TiLine> lines = new ArrayList<>();
    boolean index = true;
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      int number = 0;
      for (String text = in.readLine(); text != null; text = in.readLine()) {
        number++;
        String s = text.strip();
        if (s.isEmpty() || s.startsWith("#")) {
          continue;
        }
        TiLine l = TiLine.parse(file, number, text);
        lines.add(l);
        index &= l.tokens().size() == 1;
        String tooMany = index ? ImportLimits.rankProblem(lines.size()) : null;
        if (tooMany != null) {
          throw TraceImportException.atLine(file, number, l.columns().get(0),
              "an index of per-rank files listing " + tooMany);
        }
      }
    } catch (NoSuchFileException e) {
      throw TraceImportException.inFile(file, "missing file", e);
    } catch (IOException e) {
      throw TraceImportException.inFile(file, "cannot read: " + e.getMessage(), e);
    }
    return lines;
  }
}
