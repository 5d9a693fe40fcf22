package dev.matchpoint.scenario.cli;

import dev.matchpoint.scenario.ScenarioException;
import dev.matchpoint.scenario.ScenarioLoader;
import dev.matchpoint.scenario.export.AtomicFileWriter;
import dev.matchpoint.scenario.format.ScenarioWriter;
import dev.matchpoint.scenario.importer.ImportedTrace;
import dev.matchpoint.scenario.importer.ScenarioConverter;
import dev.matchpoint.scenario.importer.TraceImportException;
import dev.matchpoint.scenario.importer.TraceImportFormat;
import java.io.BufferedWriter;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code matchpoint import FILE --format F -o scenario.yaml}: a trace becomes a scenario. */
@Command(
    name = "import",
    mixinStandardHelpOptions = true,
    usageHelpWidth = 100,
    header = "Convert a trace (OTF2, SimGrid TI, GOAL) into a scenario file.",
    exitCodeOnInvalidInput = 64,
    exitCodeOnExecutionException = 70,
    description = {
      "Convert a trace into a scenario: one program per location (rank and thread), so run, explore,",
      "replay and the timelines work on it. The scenario's description says what the trace could not",
      "tell (OTF2 loses whether a receive was posted with a wildcard; TI writes MPI_ANY_SOURCE as",
      "-333; GOAL keeps -1) and how the conversion handled it."
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  matchpoint import traces/app/traces.otf2 -o app.yaml",
      "  matchpoint import ti_trace.txt --format simgrid-ti --any-source -o what-if.yaml",
      "  matchpoint import tree.goal --format goal -o tree.yaml",
      "",
      "FILE is an OTF2 anchor file (traces.otf2), a TI trace or per-rank file list, or a GOAL schedule;",
      "without --format, the format is told from the file (exit 64 when it cannot be).",
      "Exit codes: 0 written, 64 bad input (the message names the file and byte or line, or the",
      "location and operation; nothing is written), 70 internal."
    })
final class ImportCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", paramLabel = "FILE", description = "The trace file.")
  Path file;

  @Option(names = "--format", paramLabel = "F", description = "otf2, simgrid-ti or goal (default: told from the "
      + "file: .otf2 or the OTF2 magic, .goal or 'num_ranks', 'RANK ACTION' lines or a per-rank file list).")
  String format;

  @Option(names = {"-o", "--output"}, required = true, paramLabel = "OUT", description = "Scenario file to write.")
  Path output;

  @Option(names = "--any-source",
      description = "Make every receive's source MPI_ANY_SOURCE, to ask what a wildcard would have done.")
  boolean anySource;

  @Option(names = "--timing", description = "Keep the time between a location's operations as computation "
      + "(timestamped formats; an approximation).")
  boolean timing;

  @Option(names = "--flops-per-ns", paramLabel = "X", defaultValue = "1.0",
      description = "Machine speed for 'compute <flops>' records (default 1.0).")
  double flopsPerNs;

  @Option(names = "--name", paramLabel = "NAME", description = "Scenario name (default: the trace file's name).")
  String name;

  @Override
  public Integer call() {
    var err = spec.commandLine().getErr();
    TraceImportFormat f;
    try {
      f = format != null ? TraceImportFormat.named(format) : TraceImportFormat.detect(file);
    } catch (IllegalArgumentException | TraceImportException e) {
      return Cli.badInput(err, e.getMessage());
    }
    if (!(flopsPerNs > 0)) {
      return Cli.badInput(err, "--flops-per-ns must be positive, got " + flopsPerNs);
    }
    String problem = AtomicFileWriter.problem(output);
    if (problem != null) {
      return Cli.badInput(err, problem);
    }
    try {
      ImportedTrace trace = f.importer().read(file);
      ScenarioConverter.Conversion c = ScenarioConverter.convert(trace, file.toString(),
          name != null ? name : file.getFileName().toString(),
          new ScenarioConverter.Options(anySource, timing, flopsPerNs).withRankRelative());
      try {
        // What import writes, check must accept: compile it before writing anything.
        ScenarioLoader.compile(c.scenario());
      } catch (ScenarioException | IllegalArgumentException e) {
        return Cli.badInput(err, file + ": the trace converts to a scenario that does not load, so nothing "
            + "was written: " + e.getMessage());
      }
      AtomicFileWriter.write(output, out -> {
        Writer w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 1 << 16);
        ScenarioWriter.write(c.scenario(), w);
        w.flush();
      });
      var out = spec.commandLine().getOut();
      out.println("imported " + trace.programs().size() + " location(s) of " + file + " into " + output + " ("
          + c.scenario().worldSize() + " ranks)");
      c.notes().forEach(n -> out.println("  note: " + n));
      out.flush();
      return ExitCode.OK.code();
    } catch (TraceImportException e) {
      return Cli.badInput(err, e.getMessage());
    } catch (java.io.IOException e) {
      err.println("matchpoint: error: " + (e instanceof AtomicFileWriter.OutputFileException ? e.getMessage()
          : "cannot write " + output + ": " + e.getMessage()));
      err.flush();
      return ExitCode.INTERNAL.code();
    }
  }
}
