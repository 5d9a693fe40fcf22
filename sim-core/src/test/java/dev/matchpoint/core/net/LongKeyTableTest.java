package dev.matchpoint.core.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The network's table of links is a map from a non-negative link key to its link, listed in key
 * order (the order the state fingerprint and the logical-mode actions read the links in): checked
 * against a {@link TreeMap} under a fixed sequence of additions (past several doublings, with keys
 * that share slots) and replacements, and its copies are independent.
 */
class LongKeyTableTest {
  private static void assertSameAs(TreeMap<Long, String> expected, LongKeyTable<String> t, List<Long> probes) {
    assertEquals(new ArrayList<>(expected.values()), t.inKeyOrder());
    List<String> visited = new ArrayList<>();
    t.forEach(visited::add);
    assertEquals(expected.size(), visited.size());
    assertEquals(new HashSet<>(expected.values()), new HashSet<>(visited));
    for (long k : probes) {
      assertSame(expected.get(k), t.get(k), "get " + k);
    }
  }

  @Test
  void addReplaceGet_behaveAsASortedMap_acrossGrowth() {
    SplittableRandom random = new SplittableRandom(11);
    TreeMap<Long, String> expected = new TreeMap<>();
    LongKeyTable<String> t = new LongKeyTable<>();
    List<Long> probes = new ArrayList<>(List.of(0L, 1L, 15L, 16L, 1L << 40));
    assertSameAs(expected, t, probes);
    for (int step = 0; step < 300; step++) {
      // Keys of the form s * 2^24 + d, as the network's links, and a few large ones.
      long k = random.nextInt(4) == 0 ? random.nextLong(1L << 50) : (long) random.nextInt(30) << 24 | random.nextInt(30);
      probes.add(k);
      probes.add(k + 1);
      if (expected.containsKey(k)) {
        String v = "replaced " + step;
        expected.put(k, v);
        t.replace(k, v);
      } else {
        String v = "added " + step;
        expected.put(k, v);
        t.add(k, v);
      }
      if (step % 7 == 0) {
        assertSameAs(expected, t, probes);
      }
    }
    assertSameAs(expected, t, probes);
  }

  @Test
  void replace_afterListing_updatesTheListedOrder() {
    LongKeyTable<String> t = new LongKeyTable<>();
    for (long k = 20; k >= 0; k--) {
      t.add(k, "v" + k);
    }
    List<String> before = t.inKeyOrder();
    assertEquals("v0", before.get(0));
    t.replace(7, "w7");
    t.replace(0, "w0");
    List<String> after = t.inKeyOrder();
    assertEquals("w0", after.get(0));
    assertEquals("w7", after.get(7));
    assertEquals("v20", after.get(20));
    assertEquals(21, after.size());
    assertEquals("v7", before.get(7), "a listing already handed out is not changed");
  }

  @Test
  void copy_isIndependent() {
    LongKeyTable<String> t = new LongKeyTable<>();
    for (long k = 0; k < 10; k++) {
      t.add(k * 3, "v" + k);
    }
    t.inKeyOrder();
    LongKeyTable<String> c = new LongKeyTable<>(t);
    c.replace(3, "changed");
    c.add(100, "new");
    for (long k = 30; k < 60; k++) {
      c.add(k * 5, "grown");
    }
    assertEquals("v1", t.get(3));
    assertNull(t.get(100));
    assertEquals(10, t.inKeyOrder().size());
    assertEquals("v1", t.inKeyOrder().get(1));
    assertEquals("changed", c.get(3));
    assertEquals("changed", c.inKeyOrder().get(1));
    assertEquals(41, c.inKeyOrder().size());
    assertEquals("new", c.get(100));
  }
}
