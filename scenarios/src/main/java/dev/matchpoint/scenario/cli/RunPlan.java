package dev.matchpoint.scenario.cli;

import dev.matchpoint.core.net.LatencyModel;
import dev.matchpoint.core.net.NetworkOptions;
import dev.matchpoint.core.net.ProtocolOptions;
import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.core.sched.ReplayScheduler;
import dev.matchpoint.core.sched.Schedule;
import dev.matchpoint.core.sched.Scheduler;
import dev.matchpoint.core.sched.SeededScheduler;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.mpi.trace.TraceSink;
import dev.matchpoint.scenario.Mode;
import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.ScenarioLoader;
import dev.matchpoint.scenario.format.ConfigOverrides;
import java.util.Locale;
import java.util.Objects;

/**
 * One deterministic run to make: the scenario, the seed, the mode and how choices are made. A run is
 * a pure function of these (DESIGN §2).
 *
 * @param file the FILE argument as given, for the replay command
 * @param scenario the scenario
 * @param seed the master seed
 * @param mode timed or logical
 * @param scheduler how choices are made
 * @param replay the schedule to follow when {@code scheduler} is {@link SchedulerKind#REPLAY}, else
 *     null
 * @param cfg the {@code --cfg} overrides the scenario was loaded with, repeated in the banner and
 *     the replay command
 */
record RunPlan(String file, Scenario scenario, long seed, Mode mode, SchedulerKind scheduler, Schedule replay,
    ConfigOverrides cfg) {
  /** How a run's choices are made. */
  enum SchedulerKind {
    /** Always the first option: same-time events in insertion order, lowest source first. */
    FIFO,
    /** Uniformly at random from the seed's {@code scheduler} stream. */
    RANDOM,
    /** A recorded schedule, choice by choice. */
    REPLAY;

    /**
     * The name on the command line.
     *
     * @return e.g. {@code random}
     */
    String configName() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  RunPlan {
    Objects.requireNonNull(scenario, "scenario");
    Objects.requireNonNull(mode, "mode");
    Objects.requireNonNull(scheduler, "scheduler");
  }

  /**
   * The scheduler of this plan, fresh.
   *
   * @return the scheduler
   */
  Scheduler newScheduler() {
    return switch (scheduler) {
      case FIFO -> FifoScheduler.INSTANCE;
      case RANDOM -> new SeededScheduler(seed);
      case REPLAY -> new ReplayScheduler(replay);
    };
  }

  /**
   * Runs the plan once, streaming its events to {@code listener} as they are produced.
   *
   * @param listener receives every event ({@link TraceSink#NONE} for none)
   * @param keepTrace whether the result keeps every event (memory then grows with the run's length)
   * @return the result, with its trace when {@code keepTrace}
   * @throws dev.matchpoint.core.sched.ScheduleMismatchException when a replayed schedule does not fit
   */
  RunResult run(TraceSink listener, boolean keepTrace) {
    var spec = ScenarioLoader.compile(scenario);
    RunOptions options = scenario.runOptions().withListener(listener).withKeepTrace(keepTrace);
    return mode == Mode.TIMED ? Runner.timed(spec, seed, newScheduler(), options)
        : Runner.logical(spec, newScheduler(), options);
  }

  /**
   * The VOPR-style banner: the seed first, then every option that decides the run.
   *
   * @return one line
   */
  String banner() {
    return "seed=" + seed + " mode=" + mode.configName() + " scheduler=" + newScheduler().describe() + " "
        + modelOptions(scenario) + cfgBanner(cfg) + " scenario=" + scenario.name();
  }

  /**
   * The {@code --cfg} overrides as banners print them.
   *
   * @param cfg the overrides
   * @return {@code " cfg=KEY:VALUE"} for each, in order; empty when none
   */
  static String cfgBanner(ConfigOverrides cfg) {
    StringBuilder sb = new StringBuilder();
    for (String arg : cfg.args()) {
      sb.append(" cfg=").append(arg);
    }
    return sb.toString();
  }

  /**
   * The {@code --cfg} overrides as a replay command repeats them.
   *
   * @param cfg the overrides
   * @return {@code " --cfg KEY:VALUE"} for each (quoted for a POSIX shell when needed); empty when none
   */
  static String cfgOptions(ConfigOverrides cfg) {
    StringBuilder sb = new StringBuilder();
    for (String arg : cfg.args()) {
      sb.append(" --cfg ").append(quote(arg));
    }
    return sb.toString();
  }

  /**
   * The scenario's model options as the banners print them: wildcard policy, network, protocol and
   * the cancel options, in a fixed order.
   *
   * @param scenario the scenario
   * @return e.g. {@code wildcard-policy=any network=loggp(...) ... seed000-message-cancel=false}
   */
  static String modelOptions(Scenario scenario) {
    NetworkOptions n = scenario.options().network();
    ProtocolOptions p = n.protocol();
    return "wildcard-policy=" + scenario.options().wildcard().configName() + " network=" + latency(n.latency())
        + " order=" + n.order().configName() + " eager-threshold=" + bytes(p.eagerThresholdBytes())
        + " eager-rule=" + p.eagerRule().configName() + " header-bytes=" + p.headerBytes()
        + " eager-buffer=" + bytes(p.eagerBufferBytesPerPeer())
        + " on-credit-exhausted=" + p.onCreditExhausted().configName() + " credit-packets=" + p.creditPackets()
        + " send-cancel="
        + scenario.options().sendCancel().configName() + " collective-sync="
        + scenario.options().collectiveSync().configName() + " seed000-message-cancel="
        + scenario.options().messageCancel();
  }

  private static String bytes(long b) {
    return b == Long.MAX_VALUE ? "unlimited" : Long.toString(b);
  }

  private static String latency(LatencyModel l) {
    if (l instanceof LatencyModel.Constant c) {
      return "constant(" + c.latencyNs() + "ns)";
    } else if (l instanceof LatencyModel.Uniform u) {
      return "uniform(" + u.minNs() + ".." + u.maxNs() + "ns)";
    } else if (l instanceof LatencyModel.Exponential e) {
      return "exponential(mean=" + e.meanNs() + "ns)";
    } else if (l instanceof LatencyModel.Lognormal ln) {
      return "lognormal(mu=" + ln.mu() + ",sigma=" + ln.sigma() + ")";
    } else if (l instanceof LatencyModel.LogGP g) {
      return "loggp(L=" + g.latencyNs() + ",o=" + g.overheadNs() + ",g=" + g.gapNs() + ",G=" + g.gapPerByteNs()
          + (g.overheadPerByteNs() == 0 ? "" : ",O=" + g.overheadPerByteNs()) + ")";
    }
    return l.configName();
  }

  /**
   * The command that replays a result of this plan exactly.
   *
   * @param r the result
   * @return e.g. {@code ./matchpoint replay f.yaml --seed 3 --mode logical --schedule 1.0*4}
   */
  String replayCommand(RunResult r) {
    return Cli.command() + " replay " + quote(file) + " --seed " + seed + " --mode " + mode.configName() + " --schedule "
        + quote(r.schedule().trimmed().toString()) + cfgOptions(cfg);
  }

  /**
   * Quotes a word for a POSIX shell when it needs it.
   *
   * @param s the word
   * @return the word, or it in single quotes
   */
  static String quote(String s) {
    return s.matches("[A-Za-z0-9_./:@%+=,-]+") ? s : "'" + s.replace("'", "'\\''") + "'";
  }
}
