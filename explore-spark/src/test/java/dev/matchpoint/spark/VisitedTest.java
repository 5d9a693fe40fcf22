package dev.matchpoint.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.mpi.SpecClause;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The visited set of one fingerprint partition: its runs, their merging, and the newest mask deciding. */
class VisitedTest {
  @Test
  @SpecClause(source = "issue 17", text = "each level's new states are partitioned by fingerprint, de-duplicated "
      + "against the visited states of their partition")
  void lookups_findTheNewestMask_acrossMoreLevelsThanRunsKept() {
    Random random = new Random(17);
    Visited v = Visited.empty();
    Map<String, Integer> expected = new HashMap<>();
    long[] keys = new long[300];
    for (int i = 0; i < keys.length; i++) {
      keys[i] = random.nextLong();
    }
    for (int level = 0; level < 3 * Visited.MAX_RUNS; level++) {
      int n = 20;
      long[] h = new long[n];
      long[] l = new long[n];
      int[] m = new int[n];
      java.util.Set<Integer> picked = new java.util.HashSet<>();
      int k = 0;
      while (k < n) {
        int i = random.nextInt(keys.length);
        if (picked.add(i)) {
          h[k] = keys[i];
          l[k] = ~keys[i];
          m[k] = random.nextInt() & 0x7fff_ffff;
          expected.put(h[k] + "/" + l[k], m[k]);
          k++;
        }
      }
      v = v.with(h, l, m, n);
      for (long key : keys) {
        Integer want = expected.get(key + "/" + ~key);
        assertEquals(want == null ? Visited.ABSENT : want.longValue(), v.get(key, ~key), "level " + level);
      }
    }
    assertTrue(v.entries() <= expected.size() + Visited.MAX_RUNS * 20L, "runs are merged: " + v.entries());
  }
}
