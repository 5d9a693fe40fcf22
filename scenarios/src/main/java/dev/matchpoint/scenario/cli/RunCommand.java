package dev.matchpoint.scenario.cli;

import dev.matchpoint.scenario.Mode;
import dev.matchpoint.scenario.Scenario;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code matchpoint run FILE}: one deterministic run with a summary and the requested outputs. */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    usageHelpWidth = 100,
    header = "Run a scenario once, deterministically, and print a summary.",
    exitCodeOnInvalidInput = 64,
    exitCodeOnExecutionException = 70,
    description = {
      "Run a scenario once, deterministically, and print a summary: outcome, matches, errors,",
      "violations, the deadlock report, queue-depth maxima, packet counts and the simulated end time.",
      "Every run prints its banner first and, on failure, the command that replays it."
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  matchpoint run scenarios/library/probe-race-2x2.yaml --mode logical --seed 3",
      "  matchpoint run deep-unexpected-queue",
      "  matchpoint run head-to-head-rendezvous --trace out.jsonl --perfetto out.json --timeline",
      "",
      "FILE is a scenario file, or the name of a library scenario (see 'matchpoint list').",
      "Exit codes: 0 ok, 1 a check failed, 2 deadlock, 3 erroneous, 4 budget exhausted, 64 bad input, 70 internal."
    })
final class RunCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", paramLabel = "FILE", description = "Scenario file or library scenario name.")
  String file;

  @Option(names = "--seed", paramLabel = "N", description = "Master seed (default: the scenario's 'seed').")
  Long seed;

  @Option(names = "--mode", paramLabel = "MODE",
      description = "timed or logical (default: the scenario's 'mode', else timed).")
  String mode;

  @Option(names = "--scheduler", paramLabel = "KIND",
      description = "fifo (first option at every choice) or random (seeded). Default: fifo in timed mode, "
          + "random in logical mode.")
  String scheduler;

  @Mixin OutputOptions outputs = new OutputOptions();

  @Mixin ConfigOptions cfg = new ConfigOptions();

  @Override
  public Integer call() {
    var out = spec.commandLine().getOut();
    var err = spec.commandLine().getErr();
    Mode m = null;
    if (mode != null && (m = Mode.named(mode)) == null) {
      return Cli.badInput(err, "unknown mode '" + mode + "' (expected timed or logical)");
    }
    RunPlan.SchedulerKind kind = null;
    if (scheduler != null) {
      if (!scheduler.equals("fifo") && !scheduler.equals("random")) {
        return Cli.badInput(err, "unknown scheduler '" + scheduler + "' (expected fifo or random)");
      }
      kind = scheduler.equals("fifo") ? RunPlan.SchedulerKind.FIFO : RunPlan.SchedulerKind.RANDOM;
    }
    if (seed != null && seed < 0) {
      return Cli.badInput(err, "--seed must be >= 0, got " + seed);
    }
    Scenario s = Cli.load(file, cfg, err);
    if (s == null) {
      return ExitCode.BAD_INPUT.code();
    }
    Mode runMode = m != null ? m : s.mode();
    if (kind == null) {
      kind = runMode == Mode.TIMED ? RunPlan.SchedulerKind.FIFO : RunPlan.SchedulerKind.RANDOM;
    }
    RunPlan plan = new RunPlan(file, s, seed != null ? seed : s.seed(), runMode, kind, null, cfg.overrides());
    return RunSession.execute(plan, outputs, out, err);
  }
}
