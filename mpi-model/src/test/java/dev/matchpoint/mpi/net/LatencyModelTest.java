package dev.matchpoint.mpi.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.kernel.Kernel;
import dev.matchpoint.core.net.LatencyModel;
import dev.matchpoint.core.random.RandomStreams;
import dev.matchpoint.mpi.SpecClause;
import java.util.Arrays;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import umontreal.ssj.rng.RandomStream;

/** The simple latency models draw from their stated distributions, in whole nanoseconds. */
class LatencyModelTest {
  private static final String SOURCE = "DESIGN §3";
  private static final String TEXT = "Random models draw from the link's own stream through SSJ's inverse "
      + "distribution functions, so draws depend only on the seed, the link and the packet's position on it";

  private static long[] draws(LatencyModel m, int n) {
    RandomStream s = new RandomStreams(42).stream("net.latency.0-1");
    long[] out = new long[n];
    for (int i = 0; i < n; i++) {
      out[i] = m.sampleNs(s);
    }
    return out;
  }

  @Test
  @SpecClause(source = SOURCE, text = TEXT)
  void uniform_drawsEveryIntegerOfItsRange_andNothingElse() {
    TreeSet<Long> seen = new TreeSet<>();
    for (long x : draws(new LatencyModel.Uniform(3, 6), 2000)) {
      seen.add(x);
    }
    assertEquals(new TreeSet<>(java.util.List.of(3L, 4L, 5L, 6L)), seen);
    assertTrue(Arrays.stream(draws(new LatencyModel.Uniform(7, 7), 50)).allMatch(x -> x == 7));
    assertTrue(Arrays.stream(draws(new LatencyModel.Constant(9), 5)).allMatch(x -> x == 9));
    assertTrue(Arrays.stream(draws(new LatencyModel.LogGP(11, 1, 1, 0), 5)).allMatch(x -> x == 11));
  }

  @Test
  @SpecClause(source = SOURCE, text = TEXT)
  void exponentialAndLognormal_haveTheirMeanAndMedian_andSaturateAtTheHorizon() {
    long[] e = draws(new LatencyModel.Exponential(1000), 20_000);
    double mean = Arrays.stream(e).average().orElseThrow();
    assertTrue(Math.abs(mean - 1000) < 40, "mean " + mean);
    long[] l = draws(new LatencyModel.Lognormal(Math.log(500), 0.5), 20_001);
    Arrays.sort(l);
    assertTrue(Math.abs(l[10_000] - 500) < 15, "median " + l[10_000]);
    assertTrue(Arrays.stream(draws(new LatencyModel.Exponential(1e300), 20)).allMatch(x -> x <= Kernel.HORIZON_NS));
    assertTrue(Arrays.stream(draws(new LatencyModel.Exponential(1e300), 20)).anyMatch(x -> x == Kernel.HORIZON_NS));
  }
}
