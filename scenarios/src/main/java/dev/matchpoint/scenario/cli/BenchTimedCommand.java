package dev.matchpoint.scenario.cli;

import com.sun.management.GarbageCollectionNotificationInfo;
import dev.matchpoint.core.sched.FifoScheduler;
import dev.matchpoint.mpi.check.Checks;
import dev.matchpoint.mpi.rank.ModelOptions;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.mpi.run.RunResult;
import dev.matchpoint.mpi.run.Runner;
import dev.matchpoint.scenario.library.TimedWorkloads;
import dev.matchpoint.scenario.library.TimedWorkloads.Workload;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.lang.management.ThreadMXBean;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code matchpoint bench timed}: the timed-mode figures of issue 12. Each workload of {@link
 * TimedWorkloads} is built (programs generated in Java) and run once in this JVM with the FIFO
 * scheduler, seed 0, no checks and no kept trace; the row gives simulated events (kernel events
 * fired) and messages per CPU-second, the CPU seconds, the peak heap and the peak heap per rank,
 * with the target beside the figure marked met or NOT MET.
 *
 * <p>How it measures: CPU time is the process's (user + system, all threads: the run, the garbage
 * collector, the JIT), from {@code com.sun.management.OperatingSystemMXBean#getProcessCpuTime},
 * taken before the workload is built and after its run ends; the running thread's own CPU time
 * ({@link ThreadMXBean#getCurrentThreadCpuTime}) is printed too. Peak heap is the largest heap
 * occupancy seen after any garbage collection during the row (from the collectors' notifications,
 * plus one forced collection before the row) or, when no collection ran, the sum of the heap pools'
 * peak usage ({@link MemoryPoolMXBean#getPeakUsage}, reset before the row), which includes garbage
 * and so overstates. A small ring runs first, unreported, to warm the JIT.
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
      "network, no checks, no kept trace). Print simulated events and messages per CPU-second, CPU",
      "seconds (process: every thread, incl. GC and JIT; and the simulating thread alone), peak heap",
      "(largest occupancy after a garbage collection) and bytes per rank, with the issue's targets",
      "marked met or NOT MET. Workloads: ring-2/64/256 (1 M messages of 8 B, Irecv(ANY_SOURCE) + Send +",
      "Wait), dissemination-2^16/2^20, bcast-2^16/2^20 (binomial), alltoall-256/1024 (linear),",
      "deep-queue-64x500/64x4000 (reverse-tag ANY_SOURCE receives; bucketed and reference queues).",
      "Rows above --max-ranks are listed as skipped. Exits 0 whether or not the targets are met."
    },
    footerHeading = "%nExamples:%n",
    footer = {"  matchpoint bench timed",
        "  matchpoint bench timed --only ring --messages 100000",
        "  MATCHPOINT_JAVA_OPTS=-Xmx150m matchpoint bench timed --only ring-64",
        "  MATCHPOINT_JAVA_OPTS=-Xmx20g matchpoint bench timed --only dissemination,bcast --max-ranks 1048576"})
final class BenchTimedCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--only", paramLabel = "NAME", split = ",",
      description = "Run only rows whose name starts with one of these (e.g. ring, ring-64, deep-queue).")
  List<String> only = List.of();

  @Option(names = "--messages", paramLabel = "N", defaultValue = "1000000",
      description = "Messages of each ring (default: ${DEFAULT-VALUE}).")
  long messages;

  @Option(names = "--max-ranks", paramLabel = "N", defaultValue = "65536",
      description = "Skip rows with more ranks (default: ${DEFAULT-VALUE}; the 2^20-rank rows need about 20 GB).")
  int maxRanks;

  /** A row: its workload (built when run) and its targets. */
  private record Row(String name, int ranks, Supplier<Workload> workload, double maxCpuSeconds, long maxHeapBytes,
      double minEventsPerCpuSecond) {}

  private static List<Row> rows(long ringMessages) {
    List<Row> rows = new ArrayList<>();
    for (int n : new int[] {2, 64, 256}) {
      rows.add(new Row("ring-" + n, n, () -> TimedWorkloads.ring(n, ringMessages),
          ringMessages == 1_000_000 ? 1 : -1, ringMessages == 1_000_000 ? 150_000_000L : -1, -1));
    }
    for (int n : new int[] {1 << 16, 1 << 20}) {
      rows.add(new Row("dissemination-" + n, n, () -> TimedWorkloads.dissemination(n), n == 1 << 16 ? 3 : -1,
          n == 1 << 16 ? 1_000_000_000L : -1, 5e6));
    }
    for (int n : new int[] {1 << 16, 1 << 20}) {
      rows.add(new Row("bcast-" + n, n, () -> TimedWorkloads.binomialBcast(n), -1, -1, 5e6));
    }
    for (int n : new int[] {256, 1024}) {
      rows.add(new Row("alltoall-" + n, n, () -> TimedWorkloads.allToAll(n), -1, -1, -1));
    }
    for (int q : new int[] {500, 4000}) {
      for (ModelOptions.QueueKind k : ModelOptions.QueueKind.values()) {
        String name = "deep-queue-64x" + q + "-" + k.name().toLowerCase(Locale.ROOT);
        rows.add(new Row(name, 65, () -> TimedWorkloads.deepQueue(64, q, k), -1, -1, -1));
      }
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
    List<Row> rows = rows(messages);
    for (String o : only) {
      if (rows.stream().noneMatch(r -> r.name().startsWith(o))) {
        return Cli.badInput(err, "--only " + o + ": no workload starts with it; workloads: "
            + String.join(", ", rows.stream().map(Row::name).toList()));
      }
    }
    HeapWatch heap = new HeapWatch();
    run(TimedWorkloads.ring(16, 200_000));
    out.println("Timed mode, FIFO scheduler, seed 0, default LogGP network, no checks, no kept trace; one run each "
        + "after a warm-up ring.");
    out.println("cpu s: process CPU (all threads); sim s: the simulating thread's CPU; heap: peak occupancy after GC.");
    out.println(String.format(Locale.ROOT, "%-28s %9s %11s %11s %13s %13s %8s %8s %9s %10s  %s", "workload", "ranks",
        "messages", "events", "events/cpu-s", "msgs/cpu-s", "cpu s", "sim s", "heap MB", "B/rank", "targets"));
    for (Row row : rows) {
      if (!only.isEmpty() && only.stream().noneMatch(o -> row.name().startsWith(o))) {
        continue;
      }
      if (row.ranks() > maxRanks) {
        out.println(String.format(Locale.ROOT, "%-28s %9d  skipped (more than --max-ranks %d)", row.name(),
            row.ranks(), maxRanks));
        continue;
      }
      out.flush();
      heap.start();
      long cpu0 = processCpuNs();
      long sim0 = THREADS.getCurrentThreadCpuTime();
      Workload w = row.workload().get();
      RunResult r = run(w);
      double sim = (THREADS.getCurrentThreadCpuTime() - sim0) / 1e9;
      double cpu = (processCpuNs() - cpu0) / 1e9;
      long peak = heap.stop();
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
      out.println(String.format(Locale.ROOT, "%-28s %9d %11d %11d %13.0f %13.0f %8.2f %8.2f %9.1f %10.0f  %s",
          row.name(), w.ranks(), w.messages(), r.steps(), events, w.messages() / cpu, cpu, sim, peak / 1e6,
          (double) peak / w.ranks(), verdicts.isEmpty() ? "-" : String.join(", ", verdicts)));
    }
    out.flush();
    return ExitCode.OK.code();
  }

  private static String verdict(String target, boolean met) {
    return target + ": " + (met ? "met" : "NOT MET");
  }

  private static RunResult run(Workload w) {
    RunOptions o = RunOptions.of(Checks.none()).withStepBudget(Long.MAX_VALUE);
    return Runner.timed(w.spec(), 0, FifoScheduler.INSTANCE, o);
  }

  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private static long processCpuNs() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }

  /** The peak heap occupancy after garbage collections between {@link #start} and {@link #stop}. */
  private static final class HeapWatch {
    private final AtomicLong maxAfterGc = new AtomicLong();
    private final AtomicLong collections = new AtomicLong();
    private final List<MemoryPoolMXBean> heapPools = ManagementFactory.getMemoryPoolMXBeans().stream()
        .filter(p -> p.getType() == MemoryType.HEAP).toList();
    private final Set<String> heapPoolNames = Set.copyOf(heapPools.stream().map(MemoryPoolMXBean::getName).toList());

    HeapWatch() {
      NotificationListener listener = (n, handback) -> {
        if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) {
          return;
        }
        GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from(
            (CompositeData) n.getUserData());
        long used = 0;
        for (var e : info.getGcInfo().getMemoryUsageAfterGc().entrySet()) {
          if (heapPoolNames.contains(e.getKey())) {
            used += e.getValue().getUsed();
          }
        }
        long u = used;
        maxAfterGc.accumulateAndGet(u, Math::max);
        collections.incrementAndGet();
      };
      for (var gc : ManagementFactory.getGarbageCollectorMXBeans()) {
        ((NotificationEmitter) gc).addNotificationListener(listener, null, null);
      }
    }

    void start() {
      System.gc();
      settle();
      heapPools.forEach(MemoryPoolMXBean::resetPeakUsage);
      maxAfterGc.set(0);
      collections.set(0);
    }

    long stop() {
      settle();
      if (collections.get() > 0) {
        return maxAfterGc.get();
      }
      return heapPools.stream().map(MemoryPoolMXBean::getPeakUsage).mapToLong(MemoryUsage::getUsed).sum();
    }

    /** Lets the collectors' notifications (delivered on another thread) arrive. */
    private static void settle() {
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
