package dev.matchpoint.scenario.cli;

import dev.matchpoint.core.sched.ScheduleMismatchException;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.trace.Trace;
import dev.matchpoint.scenario.Mode;
import dev.matchpoint.scenario.export.AtomicFileWriter;
import dev.matchpoint.scenario.export.JsonLinesTraceWriter;
import dev.matchpoint.scenario.export.PerfettoTraceWriter;
import dev.matchpoint.scenario.export.TextTimeline;
import dev.matchpoint.scenario.export.TraceHeader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/**
 * What {@code run} and {@code replay} share: check the outputs can be written, print the banner,
 * run once, write the outputs atomically, print the timeline and the summary, and map the result
 * to an exit code. Nothing is written when the input is bad.
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
    RunResult r;
    try {
      r = plan.run();
    } catch (ScheduleMismatchException e) {
      return Cli.badInput(err, "the schedule does not fit this scenario, seed and mode: " + e.getMessage());
    }
    ExitCode exit = ExitCode.of(r);
    TraceHeader header = new TraceHeader(plan.scenario().name(), plan.seed(), plan.mode().configName(),
        r.schedule().trimmed().toString());
    Trace trace = r.trace();
    try {
      if (outputs.trace != null) {
        AtomicFileWriter.write(outputs.trace, o -> JsonLinesTraceWriter.write(o, header, trace));
      }
      if (outputs.perfetto != null) {
        int[] threads = plan.scenario().ranks().stream().mapToInt(List::size).toArray();
        AtomicFileWriter.write(outputs.perfetto,
            o -> PerfettoTraceWriter.write(o, header, trace, threads, r.endTimeNs()));
      }
    } catch (IOException e) {
      err.println("matchpoint: error: cannot write an output: " + e);
      err.flush();
      return ExitCode.INTERNAL.code();
    }
    if (outputs.timeline && !outputs.json) {
      out.print(TextTimeline.render(trace.events(), plan.scenario().worldSize(), plan.mode() == Mode.LOGICAL));
    }
    out.print(outputs.json ? SummaryJson.render(plan, r, exit) : SummaryText.render(plan, r, exit));
    if (outputs.trace != null && !outputs.json) {
      out.println("trace:      " + outputs.trace);
    }
    if (outputs.perfetto != null && !outputs.json) {
      out.println("perfetto:   " + outputs.perfetto);
    }
    out.flush();
    return exit.code();
  }
}
