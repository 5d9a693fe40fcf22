package dev.matchpoint.core.kernel;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jol.info.GraphLayout;
import org.openjdk.jol.vm.VM;
import umontreal.ssj.simevents.Event;
import umontreal.ssj.simevents.Simulator;
import umontreal.ssj.simevents.eventlist.EventList;
import umontreal.ssj.simevents.eventlist.SplayTree;

/**
 * The hold-model benchmark of SSJ event lists (Vaucher and Duval's classic event-set benchmark, as
 * used by Brown, CACM 1988, and Tang, Goh and Thng, ACM TOMACS 2005): N pending events with
 * exponential(mean 1) times; each operation removes the first event and re-adds it at its time plus
 * an exponential(mean 1) delay, so one operation is one simulated event. SSJ's {@link SplayTree}
 * and our {@link LadderQueue} run in the same JMH run at N = 10^4 and 10^6, and {@link #main}
 * prints events per second, the ratio to {@code SplayTree}, the list's bytes per pending event,
 * and whether the targets (at least 3x at 10^4 and 20x at 10^6) are met.
 *
 * <p>Run with {@code mvn -B -Pbench -pl sim-core verify}. Timings on a shared machine are noisy;
 * compare ratios within one run.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class EventListBench {
  /** Seed of the delays; fixed so that both lists see the same event times. */
  static final long SEED = 20_050_701L;

  private static final int[] SIZES = {10_000, 1_000_000};
  private static final String[] LISTS = {"SplayTree", "LadderQueue"};
  private static final Map<Integer, Double> TARGETS = Map.of(10_000, 3.0, 1_000_000, 20.0);

  /** Number of pending events. */
  @Param({"10000", "1000000"})
  public int pending;

  /** The list under test: {@code SplayTree} or {@code LadderQueue}. */
  @Param({"SplayTree", "LadderQueue"})
  public String list;

  private EventList events;
  private SplittableRandom random;

  /** An event whose time the benchmark sets directly; it never fires. */
  static final class HoldEvent extends Event {
    HoldEvent(Simulator sim) {
      super(sim);
    }

    void at(double time) {
      eventTime = time;
    }

    @Override
    public void actions() {}
  }

  static EventList newList(String name) {
    return switch (name) {
      case "SplayTree" -> new SplayTree();
      case "LadderQueue" -> new LadderQueue();
      default -> throw new IllegalArgumentException("unknown list " + name);
    };
  }

  static double exponential(SplittableRandom random) {
    return -Math.log(1.0 - random.nextDouble());
  }

  /** Fills {@code list} with {@code n} events created on {@code owner}, at Exp(1) times. */
  static HoldEvent[] prefill(EventList list, Simulator owner, int n, SplittableRandom random) {
    HoldEvent[] all = new HoldEvent[n];
    for (int i = 0; i < n; i++) {
      all[i] = new HoldEvent(owner);
      all[i].at(exponential(random));
      list.add(all[i]);
    }
    return all;
  }

  /** Builds the list and its N pending events. */
  @Setup(Level.Trial)
  public void setUp() {
    events = newList(list);
    random = new SplittableRandom(SEED);
    prefill(events, new Simulator(events), pending, random);
  }

  /**
   * One hold operation: remove the first event, re-add it an Exp(1) delay later.
   *
   * @return the event, so the work cannot be optimised away
   */
  @Benchmark
  public Event hold() {
    HoldEvent e = (HoldEvent) events.removeFirst();
    e.at(e.time() + exponential(random));
    events.add(e);
    return e;
  }

  /**
   * Runs the benchmark (2 forks of 3 x 2 s warm-up and 5 x 2 s measurement per configuration),
   * measures memory with JOL, and prints the table.
   *
   * @param args ignored
   * @throws RunnerException when JMH fails
   */
  public static void main(String[] args) throws RunnerException {
    Options options = new OptionsBuilder()
        .include("^" + EventListBench.class.getName().replace(".", "\\.") + "\\.hold$")
        .forks(2)
        .warmupIterations(3)
        .warmupTime(TimeValue.seconds(2))
        .measurementIterations(5)
        .measurementTime(TimeValue.seconds(2))
        .jvmArgsAppend("-Xms2g", "-Xmx2g")
        .shouldFailOnError(true)
        .build();
    Collection<RunResult> results = new Runner(options).run();
    Map<String, double[]> scores = new TreeMap<>();
    for (RunResult r : results) {
      String key = r.getParams().getParam("pending") + "/" + r.getParams().getParam("list");
      scores.put(key, new double[] {r.getPrimaryResult().getScore(), r.getPrimaryResult().getScoreError()});
    }
    List<String> lines = new ArrayList<>();
    lines.add(String.format(Locale.ROOT, "%-10s %-12s %16s %8s %12s", "pending", "list",
        "events/s", "ratio", "bytes/event"));
    List<String> verdicts = new ArrayList<>();
    for (int n : SIZES) {
      double base = scores.get(n + "/SplayTree")[0];
      for (String name : LISTS) {
        double[] s = scores.get(n + "/" + name);
        lines.add(String.format(Locale.ROOT, "%-10d %-12s %10.3e ±%4.1f%% %7.2fx %12.1f", n, name,
            s[0], 100 * s[1] / s[0], s[0] / base, bytesPerPendingEvent(name, n)));
      }
      double ratio = scores.get(n + "/LadderQueue")[0] / base;
      double target = TARGETS.get(n);
      verdicts.add(String.format(Locale.ROOT, "target >= %.0fx SplayTree at %d pending: %s (%.2fx)",
          target, n, ratio >= target ? "MET" : "NOT MET", ratio));
    }
    System.out.println();
    System.out.println("Hold model, Exp(1) times and delays, seed " + SEED + "; "
        + "events/s = JMH throughput ± 99.9% error; bytes/event = list graph minus the events' own");
    lines.forEach(System.out::println);
    verdicts.forEach(System.out::println);
  }

  /**
   * The list's own bytes per pending event, in steady state: JOL's size of the graph reachable from
   * the list minus the graph reachable from the events themselves (the events are created on a
   * separate simulator, so their graph does not reach the list).
   */
  static double bytesPerPendingEvent(String name, int n) {
    EventList list = newList(name);
    SplittableRandom random = new SplittableRandom(SEED);
    HoldEvent[] all = prefill(list, new Simulator(new SplayTree()), n, random);
    for (int i = 0; i < 2 * n; i++) {
      HoldEvent e = (HoldEvent) list.removeFirst();
      e.at(e.time() + exponential(random));
      list.add(e);
    }
    long withEvents = GraphLayout.parseInstance(list).totalSize();
    long eventsOnly = GraphLayout.parseInstance((Object) all).totalSize() - VM.current().sizeOf(all);
    return (double) (withEvents - eventsOnly) / n;
  }
}
