package dev.matchpoint.core.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The log of persistent sets: a logged state's set comes back as the same actions in the same
 * order, across the log's chunks; a state not logged (or with more enabled actions than a mask
 * holds) gives null, so the caller computes its set.
 */
class PersistentSetLogTest {
  @Test
  void loggedSets_comeBackByFingerprint_andOthersAreAbsent() {
    PersistentSetLog log = new PersistentSetLog();
    SplittableRandom rnd = new SplittableRandom(28);
    int n = 20_000; // several chunks of 4096 entries
    long[] hi = new long[n];
    long[] lo = new long[n];
    List<List<String>> enabled = new ArrayList<>();
    List<List<String>> sets = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      hi[i] = rnd.nextLong();
      lo[i] = rnd.nextLong();
      int size = 1 + rnd.nextInt(i % 100 == 0 ? 70 : 63);
      List<String> all = IntStream.range(0, size).mapToObj(k -> "a" + k).toList();
      List<String> set = new ArrayList<>();
      for (String a : all) {
        if (rnd.nextBoolean()) {
          set.add(a);
        }
      }
      if (set.isEmpty()) {
        set.add(all.get(all.size() - 1));
      }
      enabled.add(all);
      sets.add(set);
      log.add(hi[i], lo[i], all, set);
    }
    for (int i = 0; i < n; i++) {
      List<String> got = log.get(hi[i], lo[i], enabled.get(i));
      if (enabled.get(i).size() > 63) {
        assertNull(got, "state " + i + " has " + enabled.get(i).size() + " enabled actions: not logged");
      } else {
        assertEquals(sets.get(i), got, "state " + i);
      }
    }
    assertNull(log.get(rnd.nextLong(), rnd.nextLong(), List.of("a0", "a1")));
  }
}
