package dev.matchpoint.core.random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import umontreal.ssj.rng.MRG32k3a;
import umontreal.ssj.rng.RandomStream;

class RandomStreamsTest {
  private static double[] draw(RandomStream s, int n) {
    double[] out = new double[n];
    for (int i = 0; i < n; i++) {
      out[i] = s.nextDouble();
    }
    return out;
  }

  @Test
  void stream_sameSeedAndName_givesTheSameDrawsWhateverElseWasCreated() {
    double[] a = draw(new RandomStreams(42).stream("net.latency.0-1"), 100);
    RandomStreams other = new RandomStreams(42);
    other.stream("scheduler");
    draw(other.stream("net.latency.1-0"), 17);
    // JVM-wide SSJ state must not matter either: create default-constructed streams in between.
    new MRG32k3a().nextDouble();
    double[] b = draw(other.stream("net.latency.0-1"), 100);
    assertArrayEquals(a, b);
  }

  @Test
  void stream_differentNamesOrSeeds_differ() {
    double[] a = draw(new RandomStreams(42).stream("a"), 10);
    assertFalse(Arrays.equals(a, draw(new RandomStreams(42).stream("b"), 10)));
    assertFalse(Arrays.equals(a, draw(new RandomStreams(43).stream("a"), 10)));
  }

  @Test
  void derivedSeed_isValidForMrg32k3a() {
    for (long seed = -5; seed < 200; seed++) {
      long[] s = RandomStreams.derivedSeed(seed, "x" + seed);
      for (int i = 0; i < 6; i++) {
        assertTrue(s[i] >= 1 && s[i] < (i < 3 ? 4294967087L : 4294944443L), Arrays.toString(s));
      }
    }
  }

  @Test
  void stream_inParallelThreads_givesTheSameDraws() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<double[]>> results = pool.invokeAll(java.util.Collections.nCopies(8,
          () -> draw(new RandomStreams(7).stream("rank.3"), 1000)));
      double[] first = results.get(0).get();
      for (Future<double[]> f : results) {
        assertArrayEquals(first, f.get());
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
