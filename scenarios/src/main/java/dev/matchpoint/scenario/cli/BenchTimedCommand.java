package dev.matchpoint.scenario.cli;

import dev.matchpoint.core.kernel.Kernel;
import dev.matchpoint.core.random.RandomStreams;
import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.core.sched.SchedulerSeam;
import dev.matchpoint.mpi.check.Checks;
import dev.matchpoint.mpi.check.RunEnd;
import dev.matchpoint.mpi.rank.ModelOptions;
import dev.matchpoint.mpi.rank.ModelSpec;
import dev.matchpoint.mpi.rank.World;
import dev.matchpoint.mpi.run.Outcome;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.mpi.trace.TraceSink;
import dev.matchpoint.scenario.library.TimedWorkloads;
import dev.matchpoint.scenario.library.TimedWorkloads.Workload;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryType;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code matchpoint bench timed}: the timed-mode figures of issue 12. Each workload of {@link
 * TimedWorkloads} is built (programs generated in Java) and run once in this JVM with the FIFO
 * scheduler, seed 0, no checks and no kept trace; the row gives simulated events (the model's steps,
 * {@link World#step}: the step counter trace events carry, one per thread step, packet delivery and
 * deferred completion; the kernel fires about 1.5 times as many events, its LogGOPS CPU and NIC
 * queue events being no steps) per CPU-second of the process and of the simulating thread, messages
 * per CPU-second, both CPU times, the peak heap and the peak heap per rank, with the target
 * beside the figure marked met or NOT MET.
 *
 * <p>How it measures: CPU time is the process's (user + system, all threads: the run, the garbage
 * collector, the JIT), from {@code com.sun.management.OperatingSystemMXBean#getProcessCpuTime},
 * taken before the workload's programs are generated and after its run has ended and been judged
 * (end to end, as {@link Runner#timed} runs it); the simulating thread's own CPU time ({@link
 * ThreadMXBean#getCurrentThreadCpuTime}) is printed beside it. Peak heap is the largest live heap
 * (the heap pools' usage right after a full collection, {@link System#gc}) sampled every million
 * kernel events and at the end of the run, with the world still reachable; the CPU of those
 * collections is left out of both times. Two small rings (two worlds, so that a new world's start
 * paths are compiled too) run first, unreported, to warm the JIT, and every row but the rings is
 * preceded by three unreported runs of a smaller workload of its kind (e.g. the bcast on 2^14
 * ranks), unless {@code --no-warm-up}.
 */
@Command(
    name = "timed",
    mixinStandardHelpOptions = true,
    usageHelpWidth = 100,
    header = "Timed-mode figures: ring, dissemination, binomial bcast, all-to-all, deep unexpected queue.",
    exitCodeOnInvalidInput = 64,
    exitCodeOnExecutionException = 70,
    description = {
      "Build each workload in Java and run it once in timed mode (FIFO scheduler, seed 0, default LogGP",
      "network, no checks, no kept trace). Print simulated events (model steps) per CPU-second (process: every",
      "thread, incl. GC and JIT) and per simulating-thread CPU-second, messages per CPU-second, both CPU times, peak",
      "live heap (after a full GC every million kernel events and at the end) and bytes per rank, with the issue's targets",
      "marked met or NOT MET. Workloads: ring-2/64/256 (1 M messages of 8 B, Irecv(ANY_SOURCE) + Send +",
      "Wait), dissemination-2^16/2^20, bcast-2^16/2^20 (binomial), alltoall-256/1024 (linear),",
      "deep-queue-64x500/64x4000 (reverse-tag ANY_SOURCE receives; bucketed queues, and reference at 500).",
      "Warm-up (not counted): two rings of 16 ranks first, and before every other row three runs of a smaller",
      "workload of its kind. Rows above --max-ranks are listed as skipped. Exits 0 whether or not the targets are met."
    },
    footerHeading = "%nExamples:%n",
    footer = {"  matchpoint bench timed",
        "  matchpoint bench timed --only ring --messages 100000",
        "  MATCHPOINT_JAVA_OPTS=-Xmx150m matchpoint bench timed --only ring-64",
        "  MATCHPOINT_JAVA_OPTS=-Xmx12g matchpoint bench timed --only dissemination,bcast --max-ranks 1048576"})
final class BenchTimedCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--only", paramLabel = "NAME", split = ",",
      description = "Run only the rows named by one of these, or whose name begins with one of these and a '-' "
          + "(e.g. ring: every ring; ring-2: that ring only; deep-queue).")
  List<String> only = List.of();

  @Option(names = "--messages", paramLabel = "N", defaultValue = "1000000",
      description = "Messages of each ring (default: ${DEFAULT-VALUE}).")
  long messages;

  @Option(names = "--queues", paramLabel = "KIND",
      description = "Matching queues of the ring, dissemination, bcast and all-to-all rows: reference or bucketed "
          + "(default: the model's default). The deep-queue rows run both.")
  String queues;

  @Option(names = "--no-warm-up",
      description = "Run no warm-up (neither the rings before the rows nor a row's smaller workload of its kind "
          + "before it): each row then pays the JIT's compilations of its paths.")
  boolean noWarmUp;

  @Option(names = "--max-ranks", paramLabel = "N", defaultValue = "65536",
      description = "Skip rows with more ranks (default: ${DEFAULT-VALUE}; at 2^20 ranks the dissemination needs "
          + "about 7.4 GB of heap, the bcast an estimated 1.7 GB).")
  int maxRanks;

  /**
   * A row: its workload (built when run), its targets, and a smaller workload of the same kind run
   * unreported just before it so that the JIT has compiled its paths (null: the rings' warm-up is
   * enough).
   */
  private record Row(String name, int ranks, Supplier<Workload> workload, double maxCpuSeconds, long maxHeapBytes,
      double minEventsPerCpuSecond, Supplier<Workload> warmUp) {}

  private static List<Row> rows(long ringMessages) {
    List<Row> rows = new ArrayList<>();
    for (int n : new int[] {2, 64, 256}) {
      rows.add(new Row("ring-" + n, n, () -> TimedWorkloads.ring(n, ringMessages),
          ringMessages == 1_000_000 ? 1 : -1, ringMessages == 1_000_000 ? 150_000_000L : -1, -1, null));
    }
    for (int n : new int[] {1 << 16, 1 << 20}) {
      rows.add(new Row("dissemination-" + n, n, () -> TimedWorkloads.dissemination(n), n == 1 << 16 ? 3 : -1,
          n == 1 << 16 ? 1_000_000_000L : -1, 5e6, () -> TimedWorkloads.dissemination(1 << 12)));
    }
    for (int n : new int[] {1 << 16, 1 << 20}) {
      rows.add(new Row("bcast-" + n, n, () -> TimedWorkloads.binomialBcast(n), -1, -1, 5e6,
          () -> TimedWorkloads.binomialBcast(1 << 14)));
    }
    for (int n : new int[] {256, 1024}) {
      rows.add(new Row("alltoall-" + n, n, () -> TimedWorkloads.allToAll(n), -1, -1, -1,
          () -> TimedWorkloads.allToAll(128)));
    }
    // Reference queues only at Q = 500: their reverse-tag search is quadratic, minutes at 4,000.
    rows.add(new Row("deep-queue-64x500-reference", 65,
        () -> TimedWorkloads.deepQueue(64, 500, ModelOptions.QueueKind.REFERENCE), -1, -1, -1,
        () -> TimedWorkloads.deepQueue(16, 100, ModelOptions.QueueKind.REFERENCE)));
    for (int q : new int[] {500, 4000}) {
      rows.add(new Row("deep-queue-64x" + q + "-bucketed", 65,
          () -> TimedWorkloads.deepQueue(64, q, ModelOptions.QueueKind.BUCKETED), -1, -1, -1,
          () -> TimedWorkloads.deepQueue(16, 500, ModelOptions.QueueKind.BUCKETED)));
    }
    return rows;
  }

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (messages < 2 || maxRanks < 2) {
      return Cli.badInput(err, "--messages and --max-ranks must be at least 2");
    }
    ModelOptions.QueueKind kind;
    try {
      kind = queues == null ? null : ModelOptions.QueueKind.valueOf(queues.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      return Cli.badInput(err, "--queues must be reference or bucketed, got " + queues);
    }
    List<Row> rows = rows(messages);
    for (String o : only) {
      if (rows.stream().noneMatch(r -> selects(o, r.name()))) {
        return Cli.badInput(err, "--only " + o + ": no workload is named by it; workloads: "
            + String.join(", ", rows.stream().map(Row::name).toList()));
      }
    }
    if (!noWarmUp) {
      // Two worlds: the second one's start takes the paths a new world takes (empty spares, first
      // links and hosts), so the first measured row does not pay for their deoptimisation.
      measure(() -> TimedWorkloads.ring(16, 200_000));
      measure(() -> TimedWorkloads.ring(16, 200_000));
    }
    out.println("Timed mode, FIFO scheduler, seed 0, default LogGP network, no checks, no kept trace; one run each "
        + (!noWarmUp ? "after a warm-up (two rings of 16 ranks, 200 k messages each)." : "without warm-up (--no-warm-up: "
        + "the first row includes the JIT's compilations)."));
    out.println("events: the model's steps (the trace's step counter: thread steps, packet deliveries, deferred "
        + "completions), not kernel events (about 1.5 times as many: LogGOPS CPU and NIC queue events are no steps).");
    out.println("cpu s: process CPU (user + system, all threads: simulation, GC, JIT) from building the workload to "
        + "the end of its run; sim s: the simulating thread's CPU alone; events/cpu-s and msgs/cpu-s divide by cpu s "
        + "(the targets' measure), events/sim-s by sim s; heap: peak live heap (full GC every 1 M kernel events and "
        + "at the end, not counted in cpu s or sim s).");
    out.println(String.format(Locale.ROOT, "%-28s %9s %11s %11s %13s %13s %13s %8s %8s %9s %10s  %s", "workload",
        "ranks", "messages", "events", "events/cpu-s", "events/sim-s", "msgs/cpu-s", "cpu s", "sim s", "heap MB",
        "B/rank", "targets"));
    for (Row row : rows) {
      if (!only.isEmpty() && only.stream().noneMatch(o -> selects(o, row.name()))) {
        continue;
      }
      if (row.ranks() > maxRanks) {
        out.println(String.format(Locale.ROOT, "%-28s %9d  skipped (more than --max-ranks %d)", row.name(),
            row.ranks(), maxRanks));
        continue;
      }
      out.flush();
      if (!noWarmUp && row.warmUp() != null) {
        for (int i = 0; i < ROW_WARM_UPS; i++) {
          measure(queued(row, row.warmUp(), kind));
        }
      }
      Measured m = measure(queued(row, row.workload(), kind));
      Workload w = m.workload();
      double cpu = m.cpuSeconds();
      double sim = m.simSeconds();
      long peak = m.peakLiveBytes();
      RunResult r = m.result();
      double events = r.steps() / cpu;
      List<String> verdicts = new ArrayList<>();
      if (row.maxCpuSeconds() > 0) {
        verdicts.add(verdict(String.format(Locale.ROOT, "<= %.0f cpu-s", row.maxCpuSeconds()),
            cpu <= row.maxCpuSeconds()));
      }
      if (row.maxHeapBytes() > 0) {
        verdicts.add(verdict(String.format(Locale.ROOT, "heap <= %d MB", row.maxHeapBytes() / 1_000_000),
            peak <= row.maxHeapBytes()));
      }
      if (row.minEventsPerCpuSecond() > 0) {
        verdicts.add(verdict(String.format(Locale.ROOT, ">= %.0f M events/cpu-s", row.minEventsPerCpuSecond() / 1e6),
            events >= row.minEventsPerCpuSecond()));
      }
      if (r.outcome() != dev.matchpoint.mpi.run.Outcome.OK) {
        verdicts.add("outcome " + r.outcome());
      }
      out.println(String.format(Locale.ROOT, "%-28s %9d %11d %11d %13.0f %13.0f %13.0f %8.2f %8.2f %9.1f %10.0f  %s",
          row.name(), w.ranks(), w.messages(), r.steps(), events, r.steps() / sim, w.messages() / cpu, cpu, sim, peak / 1e6,
          (double) peak / w.ranks(), verdicts.isEmpty() ? "-" : String.join(", ", verdicts)));
    }
    out.flush();
    return ExitCode.OK.code();
  }

  /** The row's workload or warm-up with {@code --queues} applied (not to the deep-queue rows, which set their own). */
  private static Supplier<Workload> queued(Row row, Supplier<Workload> w, ModelOptions.QueueKind kind) {
    return row.name().startsWith("deep-queue") || kind == null ? w : () -> withQueues(w.get(), kind);
  }

  /**
   * Runs of a row's own warm-up before it. With the rings' warm-up alone, about half of the
   * 2^16-rank bcast row's process CPU was the JIT compiling paths the ring does not take (blocking
   * receives, branches) and the simulating thread running them uncompiled meanwhile.
   */
  private static final int ROW_WARM_UPS = 3;

  private static String verdict(String target, boolean met) {
    return target + ": " + (met ? "met" : "NOT MET");
  }

  private static Workload withQueues(Workload w, ModelOptions.QueueKind kind) {
    ModelSpec s = w.spec();
    return new Workload(w.name(), w.ranks(), w.messages(),
        new ModelSpec(s.threads(), s.communicators(), s.options().withQueues(kind)));
  }

  /** One row's figures. */
  private record Measured(Workload workload, RunResult result, double cpuSeconds, double simSeconds,
      long peakLiveBytes) {}

  /**
   * Builds and runs a workload as {@link Runner#timed} does (FIFO scheduler, seed 0, no checks, no
   * kept trace), in slices of {@link #SLICE} kernel events. After each slice and at the end, with the
   * world still reachable, a full collection ({@link System#gc}) and the heap pools' usage give the
   * live heap; the largest is the peak. The CPU those collections take is not counted.
   */
  private static Measured measure(Supplier<Workload> build) {
    System.gc();
    long excluded = 0;
    long excludedSim = 0;
    long cpu0 = processCpuNs();
    long sim0 = THREADS.getCurrentThreadCpuTime();
    Workload w = build.get();
    SchedulerSeam seam = new SchedulerSeam(FifoScheduler.INSTANCE);
    Kernel kernel = new Kernel(seam);
    World world = World.timed(w.spec(), kernel, new RandomStreams(0), seam, TraceSink.NONE, Checks.none());
    world.start();
    long peak = 0;
    while (true) {
      Kernel.RunResult k = kernel.run(SLICE, Long.MAX_VALUE);
      long c = processCpuNs();
      long t = THREADS.getCurrentThreadCpuTime();
      peak = Math.max(peak, liveHeapBytes());
      excluded += processCpuNs() - c;
      excludedSim += THREADS.getCurrentThreadCpuTime() - t;
      if (k.stop() != Kernel.Stop.EVENT_BUDGET) {
        break;
      }
    }
    RunEnd end = world.end(false);
    Outcome outcome = end.deadlocked() ? Outcome.DEADLOCK : world.problems().isEmpty() ? Outcome.OK
        : Outcome.ERRONEOUS;
    RunResult r = new RunResult(outcome, world.step(), kernel.nowNs(), world.lastReceiveNs(), seam.schedule(),
        world.problems(), List.of(), world.report(), world.queueMaxima(), world.packetCounts(), null);
    double cpu = (processCpuNs() - cpu0 - excluded) / 1e9;
    double sim = (THREADS.getCurrentThreadCpuTime() - sim0 - excludedSim) / 1e9;
    return new Measured(w, r, cpu, sim, peak);
  }

  /** Kernel events between two live-heap samples. */
  private static final long SLICE = 1_000_000;

  private static long liveHeapBytes() {
    System.gc();
    return ManagementFactory.getMemoryPoolMXBeans().stream().filter(p -> p.getType() == MemoryType.HEAP)
        .mapToLong(p -> p.getUsage().getUsed()).sum();
  }

  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private static long processCpuNs() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }

  /** Whether {@code --only} entry {@code o} selects the row {@code name}: whole '-'-separated parts only. */
  static boolean selects(String o, String name) {
    return name.equals(o) || name.startsWith(o.endsWith("-") ? o : o + "-");
  }
}
