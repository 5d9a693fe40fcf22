package dev.matchpoint.mpi.run;

import dev.matchpoint.core.kernel.Kernel;
import dev.matchpoint.core.random.RandomStreams;
import dev.matchpoint.core.sched.ChoiceKind;
import dev.matchpoint.core.sched.Scheduler;
import dev.matchpoint.core.sched.SchedulerSeam;
import dev.matchpoint.mpi.check.RunEnd;
import dev.matchpoint.mpi.rank.Action;
import dev.matchpoint.mpi.rank.ModelSpec;
import dev.matchpoint.mpi.rank.World;
import dev.matchpoint.mpi.trace.Trace;
import dev.matchpoint.mpi.trace.TraceSink;
import java.util.List;

/**
 * Runs a model once, deterministically: a pure function of (spec, options, seed, scheduler).
 */
public final class Runner {
  private Runner() {}

  /**
   * Logical mode: at each step the scheduler chooses one enabled action (a {@link ChoiceKind#STEP}
   * point), until no action is enabled or the step budget is spent.
   *
   * @param spec programs and options
   * @param scheduler answers the choices (e.g. seeded, replay, FIFO)
   * @param options budget, trace and checks
   * @return the result
   */
  public static RunResult logical(ModelSpec spec, Scheduler scheduler, RunOptions options) {
    Trace trace = options.keepTrace() ? new Trace() : null;
    TraceSink sink = TraceSink.both(trace == null ? TraceSink.NONE : trace, options.listener());
    World world = World.logical(spec, sink, options.checks(), true);
    SchedulerSeam seam = new SchedulerSeam(scheduler);
    boolean budget = false;
    while (true) {
      List<Action> enabled = world.enabled();
      if (enabled.isEmpty()) {
        break;
      }
      if (world.step() >= options.stepBudget()) {
        budget = true;
        break;
      }
      int i = seam.choose(ChoiceKind.STEP, enabled.size(), k -> world.describe(enabled.get(k)));
      world.execute(enabled.get(i));
    }
    return finish(world, seam, budget, world.step(), trace);
  }

  /**
   * Timed mode: a discrete-event simulation on its own kernel; latencies from the streams of
   * {@code seed}; ties, wildcard and completion choices from the scheduler.
   *
   * @param spec programs and options
   * @param seed the master seed of the random streams
   * @param scheduler answers the choices ({@code FifoScheduler} for the deterministic default)
   * @param options budgets, trace and checks
   * @return the result
   */
  public static RunResult timed(ModelSpec spec, long seed, Scheduler scheduler, RunOptions options) {
    Trace trace = options.keepTrace() ? new Trace() : null;
    // Without a kept trace, a listener or checks, the model skips the call, packet and
    // request-completion events nobody would read (World.timed).
    TraceSink sink = TraceSink.both(trace == null ? TraceSink.NONE : trace, options.listener());
    SchedulerSeam seam = new SchedulerSeam(scheduler);
    Kernel kernel = new Kernel(seam);
    World world = World.timed(spec, kernel, new RandomStreams(seed), seam, sink, options.checks());
    world.start();
    Kernel.RunResult r = kernel.run(options.stepBudget(), options.timeLimitNs());
    // Simulated time running past the kernel's horizon (e.g. a latency draw of 1e300 ns) is a time limit too.
    boolean budget = r.stop() == Kernel.Stop.EVENT_BUDGET || r.stop() == Kernel.Stop.TIME_LIMIT
        || r.stop() == Kernel.Stop.HORIZON;
    return finish(world, seam, budget, kernel.nowNs(), trace);
  }

  private static RunResult finish(World world, SchedulerSeam seam, boolean budget, long endTimeNs, Trace trace) {
    RunEnd end = world.end(budget);
    Outcome outcome;
    if (budget) {
      outcome = Outcome.BUDGET_EXHAUSTED;
    } else if (end.deadlocked()) {
      outcome = Outcome.DEADLOCK;
    } else if (!world.problems().isEmpty()) {
      outcome = Outcome.ERRONEOUS;
    } else {
      outcome = Outcome.OK;
    }
    return new RunResult(outcome, world.step(), endTimeNs, world.lastReceiveNs(), seam.schedule(), world.problems(),
        world.checks().violations(), world.report(), world.queueMaxima(), world.packetCounts(), trace);
  }
}
