package dev.matchpoint.mpi.match;

import static dev.matchpoint.mpi.match.Envelopes.ANY;

import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.program.SourceLocation;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.util.Statistics;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jol.info.GraphLayout;

/**
 * Matching throughput and memory of {@link BucketedUnexpectedQueue} against a plain linked list
 * ({@link LinkedListUnexpectedQueue}), measured in the same run, for unexpected queues of 10^2 to
 * 10^6 messages (long queues: Flajslik et al., ISC 2016; Schonbein et al., 2018). The bench
 * profile runs it: {@code mvn -B -Pbench verify} runs every module's benchmarks; {@code mvn -B -q -pl
 * sim-core -am install -DskipTests} then {@code mvn -B -Pbench -pl mpi-model verify} runs this one
 * alone. See {@link #main}.
 *
 * <p><b>Workload.</b> A steady-state queue of depth D in context 0 holds exactly one message for
 * each of D distinct envelopes (S sources × T tags, S·T = D, S = 10^ceil(k/2), T = 10^floor(k/2)
 * for D = 10^k), filled in a random order. One operation is one match: a query, the removal of its
 * answer, then the arrival of a fresh message with the matched envelope, so the depth and the
 * one-message-per-envelope shape never change.
 *
 * <ul>
 *   <li>{@code exact}: a receive with a uniformly random concrete (source, tag) — {@code
 *       earliestFrom(0, s, t)}; its match sits at a uniformly random position in arrival order, so a
 *       list scans D/2 messages on average.
 *   <li>{@code anySource}: MPI_ANY_SOURCE with a random concrete tag — {@code earliest(0, t)}; a list
 *       scans about D/S = T messages to the first with that tag.
 *   <li>{@code anyTag}: MPI_ANY_TAG from a random concrete source — {@code earliestFrom(0, s, ANY)};
 *       a list scans about D/T = S messages.
 * </ul>
 *
 * <p><b>Memory.</b> Bytes per queued message = (JOL {@code GraphLayout} total size of everything
 * reachable from the queue, minus everything reachable from the queued {@link Message}s themselves,
 * i.e. the message records and the shared {@link SendMode} constants) / D. What remains is the
 * queue's own overhead: nodes, bins, hash-table arrays, the list object. Measured on the benchmark's
 * shape (one message per envelope: every bin holds one message, the worst case for the bins) and on
 * a shape with at most 100 envelopes (bins amortised).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class MatchingBench {
  /** Queue depths measured. */
  static final int[] DEPTHS = {100, 1_000, 10_000, 100_000, 1_000_000};
  /** Targets from the issue. */
  static final double TARGET_RATIO_AT_1E5 = 100.0;
  static final double TARGET_BYTES_PER_MESSAGE = 160.0;

  /** Which queue: {@code bucketed} or {@code linkedList}. */
  @Param({"bucketed", "linkedList"})
  public String queue;

  /** The steady-state depth D. */
  @Param({"100", "1000", "10000", "100000", "1000000"})
  public int depth;

  private Workload workload;

  /** Builds the queue and fills it to the depth. */
  @Setup
  public void fill() {
    workload = new Workload(newQueue(queue), depth, 1);
  }

  /**
   * One exact receive.
   *
   * @return the match, for the blackhole
   */
  @Benchmark
  public Message exact() {
    return workload.exact();
  }

  /**
   * One MPI_ANY_SOURCE receive with a concrete tag.
   *
   * @return the match, for the blackhole
   */
  @Benchmark
  public Message anySource() {
    return workload.anySource();
  }

  /**
   * One MPI_ANY_TAG receive from a concrete source.
   *
   * @return the match, for the blackhole
   */
  @Benchmark
  public Message anyTag() {
    return workload.anyTag();
  }

  static UnexpectedMessageQueue newQueue(String name) {
    switch (name) {
      case "bucketed":
        return new BucketedUnexpectedQueue();
      case "linkedList":
        return new LinkedListUnexpectedQueue();
      default:
        throw new IllegalArgumentException("unknown queue " + name);
    }
  }

  /** The steady-state queue and the operations on it. */
  static final class Workload {
    final UnexpectedMessageQueue queue;
    final int sources;
    final int tags;
    private final long[] nextSeq;
    private final SplittableRandom random;
    private long nextStamp;

    /**
     * Fills a queue with {@code depth / messagesPerEnvelope} envelopes, each {@code
     * messagesPerEnvelope} times, in a random order.
     */
    Workload(UnexpectedMessageQueue queue, int depth, int messagesPerEnvelope) {
      this.queue = queue;
      int envelopes = depth / messagesPerEnvelope;
      int digits = (int) Math.round(Math.log10(envelopes));
      this.sources = (int) Math.pow(10, (digits + 1) / 2);
      this.tags = envelopes / sources;
      this.nextSeq = new long[sources];
      this.random = new SplittableRandom(depth);
      int[] order = new int[sources * tags * messagesPerEnvelope];
      for (int i = 0; i < order.length; i++) {
        order[i] = i % (sources * tags);
      }
      for (int i = order.length - 1; i > 0; i--) {
        int j = random.nextInt(i + 1);
        int swap = order[i];
        order[i] = order[j];
        order[j] = swap;
      }
      for (int e : order) {
        queue.add(message(e / tags, e % tags));
      }
    }

    private Message message(int source, int tag) {
      return new Message(source, tag, 0, nextSeq[source]++, 64, Datatype.INT, false,
          SendMode.STANDARD, 0, SourceLocation.unknown(), nextStamp++);
    }

    Message exact() {
      int e = random.nextInt(sources * tags);
      int source = e / tags;
      int tag = e % tags;
      Message m = queue.earliestFrom(0, source, tag);
      queue.remove(m);
      queue.add(message(source, tag));
      return m;
    }

    Message anySource() {
      int tag = random.nextInt(tags);
      Message m = queue.earliest(0, tag);
      queue.remove(m);
      queue.add(message(m.source(), tag));
      return m;
    }

    Message anyTag() {
      int source = random.nextInt(sources);
      Message m = queue.earliestFrom(0, source, ANY);
      queue.remove(m);
      queue.add(message(source, m.tag()));
      return m;
    }

    /** Bytes of the queue's own structures per queued message (see the class comment). */
    double bytesPerMessage() {
      List<Message> messages = queue.inArrivalOrder();
      long queueBytes = GraphLayout.parseInstance(queue).subtract(GraphLayout.parseInstance(messages.toArray()))
          .totalSize();
      return (double) queueBytes / messages.size();
    }
  }

  /**
   * Runs the JMH benchmarks (one fork each, 2 × 0.5 s warm-up, 5 × 0.4 s measurement), measures
   * memory with JOL in this JVM, and prints the table and whether the targets are met: exact-match
   * throughput at depth 10^5 at least 100 times the linked list's, and at most 160 bytes per queued
   * message. Needs {@code -Djdk.attach.allowAttachSelf=true} for JOL. A missed target is printed,
   * not failed: timings on a shared machine are noisy.
   *
   * @param args ignored
   * @throws RunnerException when JMH fails
   */
  public static void main(String[] args) throws RunnerException {
    Options options = new OptionsBuilder()
        .include(MatchingBench.class.getName() + "\\.(exact|anySource|anyTag)$")
        .forks(1)
        .warmupIterations(2)
        .warmupTime(TimeValue.milliseconds(500))
        .measurementIterations(5)
        .measurementTime(TimeValue.milliseconds(400))
        .jvmArgs("-Xms3g", "-Xmx3g")
        .build();
    Collection<RunResult> results = new Runner(options).run();
    Map<String, Statistics> scores = new HashMap<>();
    for (RunResult r : results) {
      String method = r.getParams().getBenchmark();
      method = method.substring(method.lastIndexOf('.') + 1);
      String key = method + "/" + r.getParams().getParam("queue") + "/" + r.getParams().getParam("depth");
      scores.put(key, r.getPrimaryResult().getStatistics());
    }

    List<String> lines = new ArrayList<>();
    lines.add(String.format(Locale.ROOT, "%-9s %-10s %10s %-19s %10s %-19s %9s", "depth", "operation",
        "bucketed/s", "  (min-max)", "list/s", "  (min-max)", "ratio"));
    double worstBytes = 0;
    double exactRatioAt1e5 = Double.NaN;
    for (int d : DEPTHS) {
      for (String op : List.of("exact", "anySource", "anyTag")) {
        Statistics b = scores.get(op + "/bucketed/" + d);
        Statistics l = scores.get(op + "/linkedList/" + d);
        double ratio = b != null && l != null ? b.getMean() / l.getMean() : Double.NaN;
        if (op.equals("exact") && d == 100_000) {
          exactRatioAt1e5 = ratio;
        }
        lines.add(String.format(Locale.ROOT, "%-9d %-10s %10s %-19s %10s %-19s %9s", d, op, mean(b), range(b),
            mean(l), range(l), Double.isNaN(ratio) ? "-" : String.format(Locale.ROOT, "%.1fx", ratio)));
      }
    }
    lines.add("");
    lines.add(String.format(Locale.ROOT, "%-9s %22s %22s %22s", "depth", "bucketed B/msg",
        "bucketed B/msg", "linked list B/msg"));
    lines.add(String.format(Locale.ROOT, "%-9s %22s %22s %22s", "", "(1 msg/envelope)",
        "(<=100 envelopes)", "(1 msg/envelope)"));
    for (int d : DEPTHS) {
      double bucketed = steadyState("bucketed", d, 1).bytesPerMessage();
      double amortised = steadyState("bucketed", d, Math.max(1, d / 100)).bytesPerMessage();
      double list = steadyState("linkedList", d, 1).bytesPerMessage();
      worstBytes = Math.max(worstBytes, Math.max(bucketed, amortised));
      lines.add(String.format(Locale.ROOT, "%-9d %22.1f %22.1f %22.1f", d, bucketed, amortised, list));
    }
    boolean ratioMet = exactRatioAt1e5 >= TARGET_RATIO_AT_1E5;
    boolean bytesMet = worstBytes <= TARGET_BYTES_PER_MESSAGE;
    lines.add("");
    lines.add(String.format(Locale.ROOT, "target exact matches/s at depth 10^5 >= %.0fx linked list: %.1fx -> %s",
        TARGET_RATIO_AT_1E5, exactRatioAt1e5, ratioMet ? "MET" : "MISSED"));
    lines.add(String.format(Locale.ROOT, "target <= %.0f bytes per queued message (worst depth and shape): %.1f -> %s",
        TARGET_BYTES_PER_MESSAGE, worstBytes, bytesMet ? "MET" : "MISSED"));

    System.out.println();
    System.out.println("MatchingBench: matches per second (one match = query + remove + one fresh arrival),"
        + " JMH mean and (min-max) over the measurement iterations");
    for (String line : lines) {
      System.out.println(line);
    }
  }

  /** A queue filled as the benchmark fills it, then churned by D exact matches (at most 10^5). */
  private static Workload steadyState(String queue, int depth, int messagesPerEnvelope) {
    Workload w = new Workload(newQueue(queue), depth, messagesPerEnvelope);
    if (queue.equals("bucketed")) {
      for (int i = Math.min(depth, 100_000); i > 0; i--) {
        w.exact();
      }
    }
    return w;
  }

  private static String mean(Statistics s) {
    return s == null ? "-" : String.format(Locale.ROOT, "%.3g", s.getMean());
  }

  private static String range(Statistics s) {
    return s == null ? "" : String.format(Locale.ROOT, "  (%.2g-%.2g)", s.getMin(), s.getMax());
  }
}
