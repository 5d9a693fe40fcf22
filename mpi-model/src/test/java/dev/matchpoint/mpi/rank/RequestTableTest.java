package dev.matchpoint.mpi.rank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * A thread's request table is a map from request index to request, iterated in index order (the
 * order the state fingerprint and the completion calls read it in): checked against a {@link TreeMap}
 * under a fixed sequence of puts, overwrites and removals, and its copies are deep and independent.
 */
class RequestTableTest {
  private static Request request(int index) {
    return new Request(index, RequestKind.RECV, true);
  }

  private static void assertSameAs(TreeMap<Integer, Request> expected, RequestTable t) {
    assertEquals(expected.size(), t.size());
    assertEquals(expected.isEmpty(), t.isEmpty());
    assertEquals(new ArrayList<>(expected.values()), t.values());
    for (int k = -1; k <= 40; k++) {
      assertSame(expected.get(k), t.get(k), "get " + k);
      assertEquals(expected.containsKey(k), t.containsKey(k), "containsKey " + k);
    }
  }

  @Test
  void putGetRemove_behaveAsASortedMap() {
    SplittableRandom random = new SplittableRandom(7);
    TreeMap<Integer, Request> expected = new TreeMap<>();
    RequestTable t = new RequestTable();
    assertSameAs(expected, t);
    for (int step = 0; step < 400; step++) {
      int k = random.nextInt(40);
      if (random.nextInt(3) == 0) {
        assertSame(expected.remove(k), t.remove(k), "remove " + k);
      } else {
        Request r = request(k);
        expected.put(k, r);
        t.put(k, r);
      }
      assertSameAs(expected, t);
    }
  }

  @Test
  void ascendingPuts_thenRemovalsFromEitherEnd_keepIndexOrder() {
    TreeMap<Integer, Request> expected = new TreeMap<>();
    RequestTable t = new RequestTable();
    for (int k = 0; k < 20; k++) {
      Request r = request(k);
      expected.put(k, r);
      t.put(k, r);
      assertSameAs(expected, t);
    }
    Request again = request(19);
    expected.put(19, again);
    t.put(19, again);
    assertSameAs(expected, t);
    for (int k : List.of(19, 0, 10, 18, 1)) {
      assertSame(expected.remove(k), t.remove(k));
      assertSameAs(expected, t);
    }
    assertNull(t.remove(10));
    assertThrows(IndexOutOfBoundsException.class, () -> t.values().get(t.size()));
  }

  @Test
  void copy_isDeepAndIndependent() {
    RequestTable t = new RequestTable();
    assertTrue(t.copy().isEmpty());
    for (int k : List.of(3, 1, 2)) {
      t.put(k, request(k));
    }
    RequestTable c = t.copy();
    assertEquals(3, c.size());
    for (int k = 1; k <= 3; k++) {
      assertNotSame(t.get(k), c.get(k));
      assertEquals(t.get(k).id, c.get(k).id);
    }
    c.put(4, request(4));
    c.remove(1);
    assertEquals(Map.of(1, true, 4, false), Map.of(1, t.containsKey(1), 4, t.containsKey(4)));
    assertEquals(3, t.size());
  }
}
