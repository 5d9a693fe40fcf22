package dev.matchpoint.scenario.cli;

import dev.matchpoint.core.sched.ScheduleMismatchException;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.trace.TraceSink;
import dev.matchpoint.scenario.Mode;
import dev.matchpoint.scenario.export.AtomicFileWriter;
import dev.matchpoint.scenario.export.JsonLinesTraceWriter;
import dev.matchpoint.scenario.export.PerfettoTraceWriter;
import dev.matchpoint.scenario.export.TextTimeline;
import dev.matchpoint.scenario.export.TraceHeader;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What {@code run} and {@code replay} share: check the outputs can be written, print the banner,
 * run once while streaming the events to the output files, move the files into place, print the
 * timeline and the summary, and map the result to an exit code. Nothing is written when the input
 * is bad, and no output file is left half-written: the events go to temporary files in the target
 * directories, which are moved into place together at the end (all of them or, when one cannot
 * be, none) or deleted on failure. Only {@code
 * --timeline} keeps the whole trace in memory (it sorts events by time); {@code --json} keeps
 * every match, which it lists.
 */
final class RunSession {
  private RunSession() {}

  /**
   * Executes a plan.
   *
   * @param plan the run to make
   * @param outputs what to write and print
   * @param out standard output
   * @param err standard error
   * @return the exit code
   */
  static int execute(RunPlan plan, OutputOptions outputs, PrintWriter out, PrintWriter err) {
    for (Path p : new Path[] {outputs.trace, outputs.perfetto}) {
      String problem = p == null ? null : AtomicFileWriter.problem(p);
      if (problem != null) {
        return Cli.badInput(err, "cannot write " + p + ": " + problem);
      }
    }
    if (outputs.trace != null && outputs.trace.equals(outputs.perfetto)) {
      return Cli.badInput(err, "--trace and --perfetto name the same file " + outputs.trace);
    }
    if (!outputs.json) {
      out.println(plan.banner());
      out.flush();
    }
    boolean timeline = outputs.timeline && !outputs.json;
    SummaryEvents summary = new SummaryEvents(outputs.json ? Integer.MAX_VALUE : SummaryText.MATCH_LINES);
    AtomicFileWriter.Staged traceFile = null;
    AtomicFileWriter.Staged perfettoFile = null;
    try {
      TraceSink listener = summary;
      JsonLinesTraceWriter.Events jsonLines = null;
      PerfettoTraceWriter perfetto = null;
      if (outputs.trace != null) {
        traceFile = AtomicFileWriter.stage(outputs.trace);
        jsonLines = new JsonLinesTraceWriter.Events(traceFile.body());
        listener = TraceSink.both(listener, jsonLines);
      }
      if (outputs.perfetto != null) {
        perfettoFile = AtomicFileWriter.stage(outputs.perfetto);
        int[] threads = plan.scenario().ranks().stream().mapToInt(List::size).toArray();
        perfetto = new PerfettoTraceWriter(perfettoFile.body(), threads);
        listener = TraceSink.both(listener, perfetto);
      }
      RunResult r;
      try {
        r = plan.run(listener, timeline);
      } catch (ScheduleMismatchException e) {
        return Cli.badInput(err, "the schedule does not fit this scenario, seed and mode: " + e.getMessage());
      } catch (UncheckedIOException e) {
        return cannotWrite(err, e.getCause());
      }
      ExitCode exit = ExitCode.of(r);
      TraceHeader header = new TraceHeader(plan.scenario().name(), plan.seed(), plan.mode().configName(),
          r.schedule().trimmed().toString());
      List<AtomicFileWriter.Staged> files = new ArrayList<>();
      if (jsonLines != null) {
        jsonLines.flush();
        traceFile.finish(o -> JsonLinesTraceWriter.writeHeader(o, header));
        files.add(traceFile);
      }
      if (perfetto != null) {
        perfetto.finish(header, r.endTimeNs());
        files.add(perfettoFile);
      }
      AtomicFileWriter.commit(files);
      if (timeline) {
        out.print(TextTimeline.render(r.trace().events(), plan.scenario().worldSize(), plan.mode() == Mode.LOGICAL,
            Terminal.columns()));
      }
      summarise(plan, r, summary, exit, outputs, out);
      return exit.code();
    } catch (IOException e) {
      return cannotWrite(err, e);
    } finally {
      closeQuietly(traceFile);
      closeQuietly(perfettoFile);
    }
  }

  private static void summarise(RunPlan plan, RunResult r, SummaryEvents summary, ExitCode exit,
      OutputOptions outputs, PrintWriter out) {
    out.print(outputs.json ? SummaryJson.render(plan, r, summary, exit) : SummaryText.render(plan, r, summary, exit));
    if (outputs.trace != null && !outputs.json) {
      out.println("trace:      " + outputs.trace);
    }
    if (outputs.perfetto != null && !outputs.json) {
      out.println("perfetto:   " + outputs.perfetto);
    }
    out.flush();
  }

  private static int cannotWrite(PrintWriter err, IOException e) {
    err.println("matchpoint: error: " + (e instanceof AtomicFileWriter.OutputFileException ? e.getMessage()
        : "cannot write an output: " + e));
    err.flush();
    return ExitCode.INTERNAL.code();
  }

  /** Deletes a staged output that was not committed. */
  private static void closeQuietly(AtomicFileWriter.Staged file) {
    if (file != null) {
      file.close();
    }
  }
}
