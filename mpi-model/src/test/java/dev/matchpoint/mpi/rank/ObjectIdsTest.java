package dev.matchpoint.mpi.rank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.mpi.SpecClause;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The explorer's shared objects (DESIGN §5, {@link ObjectIds}): two actions are dependent when one
 * writes an object the other touches, so distinct objects must have distinct ids (or the reduction
 * merges what it must keep apart), and the persistent-set closure decodes an object's kind from its
 * top byte and its rank from the documented fields.
 */
class ObjectIdsTest {
  private static final String OBJECTS = "An action writes the objects it changes and reads the ones it only inspects;"
      + " two actions are dependent when one writes an object the other touches.";
  private static final String SOURCE = "ObjectIds (DESIGN §5: persistent/source sets)";

  @Test
  @SpecClause(source = SOURCE, text = OBJECTS)
  void distinctObjects_haveDistinctIds() {
    Map<Long, String> seen = new HashMap<>();
    int n = 5;
    for (int r = 0; r < n; r++) {
      put(seen, ObjectIds.posted(r), "posted " + r);
      put(seen, ObjectIds.roundRobin(r), "roundRobin " + r);
      put(seen, ObjectIds.buffer(r), "buffer " + r);
      put(seen, ObjectIds.binds(r), "binds " + r);
      put(seen, ObjectIds.collective(r), "collective " + r);
      put(seen, ObjectIds.queue(r, ObjectIds.ALL_SOURCES), "queue " + r + " all");
      for (int s = 0; s < n; s++) {
        put(seen, ObjectIds.queue(r, s), "queue " + r + " " + s);
        put(seen, ObjectIds.thread(r, s), "thread " + r + " " + s);
        put(seen, ObjectIds.linkTail(r, s), "tail " + r + " " + s);
        put(seen, ObjectIds.linkHead(r, s), "head " + r + " " + s);
        for (Action.Half h : new Action.Half[] {Action.Half.SEND, Action.Half.RECEIVE}) {
          put(seen, ObjectIds.sendrecvHalf(r, s, h), "half " + r + " " + s + " " + h);
        }
        for (int k = 0; k < 3; k++) {
          put(seen, ObjectIds.packet(r, s, k), "packet " + r + " " + s + " " + k);
        }
      }
    }
    assertEquals(n * 6 + n * n * (4 + 2 + 3), seen.size());
  }

  private static void put(Map<Long, String> seen, long id, String what) {
    String before = seen.put(id, what);
    assertTrue(before == null, what + " has the id of " + before);
  }

  @Test
  @SpecClause(source = SOURCE, text = OBJECTS)
  void layout_isTheOneThePersistentSetClosureDecodes() {
    int rank = 0x123456;
    int other = 0x654321;
    assertEquals(1, ObjectIds.queue(rank, other) >>> 56);
    assertEquals(rank, (ObjectIds.queue(rank, other) >>> 24) & 0xffffffffL);
    assertEquals(other, ObjectIds.queue(rank, other) & 0xffffff);
    assertEquals(ObjectIds.ALL_SOURCES, ObjectIds.queue(rank, ObjectIds.ALL_SOURCES) & 0xffffff);
    assertEquals(2, ObjectIds.thread(rank, 7) >>> 56);
    assertEquals(rank, (ObjectIds.thread(rank, 7) >>> 20) & 0xfffffffL);
    assertEquals(7, ObjectIds.thread(rank, 7) & 0xfffff);
    assertEquals(3, ObjectIds.linkTail(rank, other) >>> 56);
    assertEquals(rank, (ObjectIds.linkTail(rank, other) >>> 24) & 0xffffffffL);
    assertEquals(other, ObjectIds.linkTail(rank, other) & 0xffffff);
    assertEquals(4, ObjectIds.linkHead(rank, other) >>> 56);
    assertEquals(rank, (ObjectIds.linkHead(rank, other) >>> 24) & 0xffffffffL);
    assertEquals(other, ObjectIds.linkHead(rank, other) & 0xffffff);
    assertEquals(5, ObjectIds.buffer(rank) >>> 56);
    assertEquals(rank, ObjectIds.buffer(rank) & 0xffffffffL);
    assertEquals(6, ObjectIds.posted(rank) >>> 56);
    assertEquals(rank, ObjectIds.posted(rank) & 0xffffffffL);
    assertEquals(7, ObjectIds.roundRobin(rank) >>> 56);
    assertEquals(rank, ObjectIds.roundRobin(rank) & 0xffffffffL);
    assertEquals(8, ObjectIds.packet(rank, other, 9) >>> 56);
    assertEquals(9, ObjectIds.binds(rank) >>> 56);
    assertEquals(rank, ObjectIds.binds(rank) & 0xffffffffL);
    long half = ObjectIds.sendrecvHalf(rank, 0x7abcde, Action.Half.RECEIVE);
    assertEquals(10, half >>> 56);
    assertEquals(rank, (half >>> 24) & 0xffffffffL);
    assertEquals(0x7abcde, (half >>> 1) & 0x7fffff);
    assertEquals(1, half & 1);
    assertEquals(0, ObjectIds.sendrecvHalf(rank, 0x7abcde, Action.Half.SEND) & 1);
    assertEquals(11, ObjectIds.collective(255) >>> 56);
    assertEquals(255, ObjectIds.collective(255) & 0xffffffffL);
  }
}
