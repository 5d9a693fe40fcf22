package dev.matchpoint.core.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

/**
 * The parallel search's visited set: under concurrent visits every state is inserted by exactly one
 * visit, and its stored sleep word ends as the intersection of the words of all its visits
 * (Godefroid 1996, §5.3), whatever the interleaving.
 */
class ConcurrentVisitedTableTest {
  @Test
  void concurrentVisits_insertEachStateOnce_andStoreTheIntersectionOfTheirSleepWords() throws Exception {
    int keys = 50_000;
    int threads = 4;
    SplittableRandom rnd = new SplittableRandom(13);
    long[] hi = new long[keys];
    long[] lo = new long[keys];
    for (int i = 0; i < keys; i++) {
      hi[i] = rnd.nextLong();
      lo[i] = rnd.nextLong();
    }
    ConcurrentVisitedTable table = new ConcurrentVisitedTable();
    AtomicIntegerArray inserts = new AtomicIntegerArray(keys);
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    List<Future<?>> done = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      int thread = t;
      done.add(pool.submit(() -> {
        for (int i = 0; i < keys; i++) {
          int k = (i * 7 + thread * 101) % keys;
          // Thread t's word for key k clears bit t and bit (k % 8) + 8 only when t == k % 4.
          int word = ~(1 << thread) & (thread == k % threads ? ~(1 << (k % 8 + 8)) : -1);
          if (table.visit(hi[k], lo[k], word) == VisitedTable.ABSENT) {
            inserts.incrementAndGet(k);
          }
        }
      }));
    }
    for (Future<?> f : done) {
      f.get();
    }
    pool.shutdown();
    assertEquals(keys, table.size());
    for (int k = 0; k < keys; k++) {
      assertEquals(1, inserts.get(k), "key " + k + " inserted once");
      int expected = ~0b1111 & ~(1 << (k % 8 + 8));
      assertEquals(expected & 0xffff_ffffL, table.visit(hi[k], lo[k], -1), "key " + k + ": the intersection");
    }
  }

  /**
   * One state's visits in turn: the first inserts its word; each later one gets the word stored
   * before it, and leaves the intersection with its own, also when its own is a subset of the stored
   * one (Godefroid 1996, §5.3; {@link ConcurrentVisitedTable#visit}).
   */
  @Test
  void eachVisit_returnsTheWordBeforeIt_andStoresTheIntersection() {
    ConcurrentVisitedTable table = new ConcurrentVisitedTable();
    assertEquals(VisitedTable.ABSENT, table.visit(5, 9, 0b1110));
    assertEquals(0b1110, table.visit(5, 9, 0b0110));
    assertEquals(0b0110, table.visit(5, 9, 0b0011));
    assertEquals(0b0010, table.visit(5, 9, 0b1111));
    assertEquals(0b0010, table.visit(5, 9, 0));
    assertEquals(0, table.visit(5, 9, -1));
    assertEquals(1, table.size());
  }
}
