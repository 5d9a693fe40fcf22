package dev.matchpoint.scenario.cli;

import dev.matchpoint.mpi.run.Outcome;
import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.export.AtomicFileWriter;
import dev.matchpoint.scenario.export.MatchedMessagesWriter;
import dev.matchpoint.scenario.importer.ImportedTrace;
import dev.matchpoint.scenario.importer.ScenarioConverter;
import dev.matchpoint.scenario.importer.TraceImportException;
import dev.matchpoint.scenario.importer.TraceImportFormat;
import dev.matchpoint.scenario.importer.TraceReplay;
import dev.matchpoint.scenario.importer.matching.MatchResult;
import dev.matchpoint.scenario.importer.matching.MessageMatcher;
import dev.matchpoint.scenario.importer.otf2.Otf2Archive;
import dev.matchpoint.scenario.importer.otf2.Otf2Messages;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code matchpoint replay-trace FILE --format F}: runs a trace's programs through the model and
 * reports what changed relative to the recorded matching.
 */
@Command(
    name = "replay-trace",
    mixinStandardHelpOptions = true,
    usageHelpWidth = 100,
    header = "Replay a trace through the model and compare its matching with the recorded one.",
    exitCodeOnInvalidInput = 64,
    exitCodeOnExecutionException = 70,
    description = {
      "Convert a trace into programs (as 'import' does), run them in timed mode on the configured",
      "network, pair every receive with the send whose message it got, compare with the pairing the",
      "trace recorded (OTF2: the seed 002 normalisation and message matching; TI and GOAL record",
      "none), and explore the logical schedules (within a budget) for other possible pairings.",
      "--messages writes the matched message list with queue depths over time and match search",
      "lengths as JSON Lines (docs/trace-format.md)."
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  matchpoint replay-trace traces/app/traces.otf2 --format otf2",
      "  matchpoint replay-trace traces/app/traces.otf2 --format otf2 --any-source --messages m.jsonl",
      "",
      "Exit codes: 0 the model's pairing is the recorded one and no other pairing was found,",
      "1 a different pairing was observed or found possible, 3 the timed run ended erroneous, 4 it",
      "reached its step budget or a budget (schedules, time, memory) stopped the exploration before",
      "it was exhaustive, 64 bad input, 70 internal."
    })
final class ReplayTraceCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", paramLabel = "FILE", description = "The trace file.")
  Path file;

  @Option(names = "--format", required = true, paramLabel = "F", description = "otf2, simgrid-ti or goal.")
  String format;

  @Option(names = "--any-source", description = "Make every receive's source MPI_ANY_SOURCE.")
  boolean anySource;

  @Option(names = "--timing", description = "Keep the time between a location's operations as computation.")
  boolean timing;

  @Option(names = "--seed", paramLabel = "N", defaultValue = "0", description = "Master seed of the timed run.")
  long seed;

  @Option(names = "--explore-budget", paramLabel = "N", defaultValue = "100000",
      description = "Schedules the exploration may run; 0 skips it (default 100000).")
  long exploreBudget;

  @Option(names = "--explore-time", paramLabel = "SECONDS", defaultValue = "60",
      description = "Wall-clock limit of the exploration in seconds (default 60).")
  long exploreSeconds;

  @Option(names = "--messages", paramLabel = "OUT.jsonl", description = "Write the matched message list.")
  Path messages;

  @Option(names = "--model-from", paramLabel = "SCENARIO",
      description = "Take the network, protocol and matching options from this scenario file or library "
          + "scenario instead of the defaults.")
  String modelFrom;

  @Override
  public Integer call() {
    PrintWriter err = spec.commandLine().getErr();
    PrintWriter out = spec.commandLine().getOut();
    TraceImportFormat f;
    try {
      f = TraceImportFormat.named(format);
    } catch (IllegalArgumentException e) {
      return Cli.badInput(err, e.getMessage());
    }
    if (exploreBudget < 0 || exploreSeconds < 1) {
      return Cli.badInput(err, "--explore-budget must be >= 0 and --explore-time >= 1");
    }
    if (messages != null && AtomicFileWriter.problem(messages) != null) {
      return Cli.badInput(err, AtomicFileWriter.problem(messages));
    }
    Scenario model = null;
    if (modelFrom != null) {
      model = Cli.load(modelFrom, err);
      if (model == null) {
        return ExitCode.BAD_INPUT.code();
      }
    }
    try {
      ImportedTrace trace = f.importer().read(file);
      ScenarioConverter.Conversion c = ScenarioConverter.convert(trace, file.toString(),
          file.getFileName().toString(), new ScenarioConverter.Options(anySource, timing, 1.0));
      if (model != null) {
        c = c.withOptions(model.options());
      }
      MatchResult recorded = f == TraceImportFormat.OTF2
          ? MessageMatcher.match(Otf2Messages.normalise(Otf2Archive.read(file))) : null;
      TraceReplay.Report r = TraceReplay.replay(trace, c, recorded, seed, exploreBudget,
          Duration.ofSeconds(exploreSeconds));
      out.println("trace " + file + " (" + f.formatName() + "): " + c.scenario().worldSize() + " ranks, "
          + trace.programs().size() + " locations" + (anySource ? ", receives as MPI_ANY_SOURCE" : "")
          + (model != null ? ", model options of " + model.name() : ""));
      c.notes().forEach(n -> out.println("  note: " + n));
      out.println("timed run (seed " + seed + "): " + r.run().outcome() + ", " + r.delivered().size()
          + " messages delivered, end " + r.run().endTimeNs() + " ns");
      r.run().problems().stream().limit(10).forEach(p -> out.println("  problem: " + p));
      r.run().violations().stream().limit(10).forEach(v -> out.println("  violation: " + v));
      if (recorded == null) {
        out.println("recorded matching: none (the " + f.formatName() + " format records no pairing)");
      } else {
        out.println("recorded matching: " + r.recordedPairs().size() + " pairs, " + recorded.unmatchedSends().size()
            + " unmatched sends, " + recorded.unmatchedReceives().size() + " unmatched receives");
        out.println("observed in the model: " + (r.delivered().size() - r.differences().size()) + " same, "
            + r.differences().size() + " different");
        r.differences().forEach(d -> out.println("  different: " + d));
      }
      if (r.exploration() != null) {
        out.println("exploration (" + r.exploration().schedules() + " schedules, " + r.exploration().states()
            + " states, " + (r.exploration().exhaustive() ? "exhaustive" : "not exhaustive: "
            + r.exploration().stopReason()) + "): " + (r.otherPairings().isEmpty() ? "no other pairing reachable"
            : r.otherPairings().size() + " other outcome class(es) with a different pairing reachable"));
        r.otherPairings().stream().limit(10).forEach(o -> out.println("  possible: " + o));
      }
      if (messages != null) {
        AtomicFileWriter.write(messages, o -> MatchedMessagesWriter.write(o, file.toString(), f.formatName(), r));
        out.println("matched messages: " + messages);
      }
      out.flush();
      // An erroneous or unfinished timed run decides the exit code; a deadlock does not, since a trace
      // with records the other side never matched (a receive nobody sends) deadlocks in any replay.
      if (r.run().outcome() == Outcome.ERRONEOUS || r.run().outcome() == Outcome.BUDGET_EXHAUSTED) {
        return ExitCode.of(r.run()).code();
      }
      if (!r.differences().isEmpty() || !r.otherPairings().isEmpty()) {
        return ExitCode.CHECK_FAILED.code();
      }
      // As for explore: an exploration that a budget (schedules, time, memory, steps) cut short has not
      // shown that no other pairing is reachable.
      return r.exploration() != null && !r.exploration().exhaustive() ? ExitCode.BUDGET_EXHAUSTED.code()
          : ExitCode.OK.code();
    } catch (TraceImportException e) {
      return Cli.badInput(err, e.getMessage());
    } catch (java.io.IOException e) {
      err.println("matchpoint: error: " + (e instanceof AtomicFileWriter.OutputFileException ? e.getMessage()
          : "cannot write " + messages + ": " + e.getMessage()));
      err.flush();
      return ExitCode.INTERNAL.code();
    }
  }
}
