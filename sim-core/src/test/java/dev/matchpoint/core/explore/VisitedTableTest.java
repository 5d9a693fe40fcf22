package dev.matchpoint.core.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The visited-state table: what was stored is found again, across growth, in at most 24 bytes a state. */
class VisitedTableTest {
  @Test
  void storedKeys_areFoundWithTheirSleepWords_acrossGrowth() {
    VisitedTable t = new VisitedTable();
    SplittableRandom rnd = new SplittableRandom(13);
    int n = 200_000;
    long[] hi = new long[n];
    long[] lo = new long[n];
    for (int i = 0; i < n; i++) {
      hi[i] = i == 0 ? 0 : rnd.nextLong();
      lo[i] = rnd.nextLong();
      assertEquals(VisitedTable.ABSENT, t.putIfAbsent(hi[i], lo[i], i), "key " + i + " is new");
    }
    assertEquals(n, t.size());
    for (int i = 0; i < n; i += 2) {
      assertEquals(i, t.putIfAbsent(hi[i], lo[i], -7));
      t.replaceLast(i | (1 << 31));
    }
    for (int i = 0; i < n; i++) {
      long expected = i % 2 == 0 ? (i | (1L << 31)) : i;
      assertEquals(expected, t.putIfAbsent(hi[i], lo[i], 0), "key " + i);
    }
    assertEquals(n, t.size(), "no key was inserted twice");
    assertTrue(t.bytes() <= 24L * n, t.bytes() + " bytes for " + n + " states");
  }

  @Test
  void keysDifferingOnlyInTheirKeptLowBits_areDistinct() {
    VisitedTable t = new VisitedTable();
    assertEquals(VisitedTable.ABSENT, t.putIfAbsent(5, 1L << 32, 1));
    assertEquals(VisitedTable.ABSENT, t.putIfAbsent(5, 2L << 32, 2));
    assertEquals(1, t.putIfAbsent(5, 1L << 32, 0));
    assertEquals(2, t.putIfAbsent(5, 2L << 32, 0));
  }
}
