package dev.matchpoint.scenario.cli;

import dev.matchpoint.core.sched.Schedule;
import dev.matchpoint.scenario.Mode;
import dev.matchpoint.scenario.Scenario;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code matchpoint replay FILE --schedule S}: re-runs one recorded schedule exactly. */
@Command(
    name = "replay",
    mixinStandardHelpOptions = true,
    usageHelpWidth = 100,
    header = "Re-run one recorded schedule exactly.",
    exitCodeOnInvalidInput = 64,
    exitCodeOnExecutionException = 70,
    description = {
      "Re-run one recorded schedule exactly: the string every failing run prints after 'replay:'.",
      "Give the same seed and mode as the run that printed it; the outputs are the same bytes."
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  matchpoint replay scenarios/library/probe-race-2x2.yaml --mode logical --schedule '0*4.1.0.2'",
      "  matchpoint replay head-to-head-rendezvous --seed 0 --mode timed --schedule - --timeline",
      "",
      "Exit codes: as for 'run'; a schedule that does not fit the scenario is bad input (64)."
    })
final class ReplayCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", paramLabel = "FILE", description = "Scenario file or library scenario name.")
  String file;

  @Option(names = "--schedule", required = true, paramLabel = "S",
      description = "The recorded schedule, e.g. 1.0*4.2 ('-' for the empty schedule).")
  String schedule;

  @Option(names = "--seed", paramLabel = "N", description = "Master seed of the recorded run (default: the "
      + "scenario's 'seed').")
  Long seed;

  @Option(names = "--mode", paramLabel = "MODE", description = "timed or logical, as recorded (default: the "
      + "scenario's 'mode', else timed).")
  String mode;

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
    if (seed != null && seed < 0) {
      return Cli.badInput(err, "--seed must be >= 0, got " + seed);
    }
    Schedule s;
    try {
      s = Schedule.parse(schedule);
    } catch (IllegalArgumentException e) {
      return Cli.badInput(err, "--schedule: " + e.getMessage());
    }
    Scenario sc = Cli.load(file, cfg, err);
    if (sc == null) {
      return ExitCode.BAD_INPUT.code();
    }
    RunPlan plan = new RunPlan(file, sc, seed != null ? seed : sc.seed(), m != null ? m : sc.mode(),
        RunPlan.SchedulerKind.REPLAY, s, cfg.overrides());
    return RunSession.execute(plan, outputs, out, err);
  }
}
