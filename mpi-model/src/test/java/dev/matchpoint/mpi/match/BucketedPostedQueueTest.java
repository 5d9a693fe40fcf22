package dev.matchpoint.mpi.match;

import static dev.matchpoint.mpi.match.Envelopes.ANY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Runs the posted-queue contract against {@link BucketedPostedQueue}, plus what only it does:
 * argument checks, and agreement with the reference across table growth and shrinkage.
 */
class BucketedPostedQueueTest extends AbstractPostedQueueContractTest {
  @Override
  PostedReceiveQueue newQueue() {
    return new BucketedPostedQueue();
  }

  @Test
  void add_patternOutOfRange_throwsIllegalArgument() {
    BucketedPostedQueue queue = new BucketedPostedQueue();
    assertThrows(IllegalArgumentException.class, () -> queue.add(new PostedReceive(1, -2, 0, 0, 0, 0)));
    assertThrows(IllegalArgumentException.class, () -> queue.add(new PostedReceive(1, 0, -2, 0, 0, 0)));
    assertThrows(IllegalArgumentException.class, () -> queue.add(new PostedReceive(1, 0, 0, 256, 0, 0)));
    assertThrows(IllegalArgumentException.class, () -> queue.add(new PostedReceive(1, 1 << 24, 0, 0, 0, 0)));
    assertEquals(0, queue.size());
  }

  @Test
  void toString_countsReceivesAndBins() {
    BucketedPostedQueue queue = new BucketedPostedQueue();
    PostedReceive specific = new PostedReceive(1, 1, 2, 0, 0, 0);
    queue.add(specific);
    queue.add(new PostedReceive(2, ANY, ANY, 0, 0, 1));
    queue.add(new PostedReceive(3, 1, 2, 0, 0, 2));
    assertEquals("BucketedPostedQueue[size=3, bins=2]", queue.toString());
    assertTrue(queue.remove(specific));
    assertEquals("BucketedPostedQueue[size=2, bins=2]", queue.toString());
    assertTrue(queue.remove(new PostedReceive(3, 1, 2, 0, 0, 2)));
    assertEquals("BucketedPostedQueue[size=1, bins=1]", queue.toString(), "the emptied bin is dropped");
  }

  /** Thousands of patterns push both tables through several resizes up and down. */
  @Test
  void thousandsOfPatterns_growThenDrain_agreeWithReference() {
    BucketedPostedQueue bucketed = new BucketedPostedQueue();
    ReferencePostedQueue reference = new ReferencePostedQueue();
    int n = 3000;
    List<PostedReceive> posted = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      int source = i % 7 == 0 ? ANY : (i * 31) % 97;
      int tag = i % 5 == 0 ? ANY : (i * 17) % 13;
      PostedReceive r = new PostedReceive(i, source, tag, i % 3, 0, i);
      posted.add(r);
      bucketed.add(r);
      reference.add(r);
    }
    assertEquals(reference.inPostingOrder(), bucketed.inPostingOrder());
    for (int i = 0; i < n; i++) {
      if (i % 50 == 0) {
        for (int ctx = 0; ctx < 3; ctx++) {
          for (int tag = 0; tag < 13; tag++) {
            int src = (i + tag * 7) % 97;
            assertSame(reference.earliestMatching(ctx, src, tag), bucketed.earliestMatching(ctx, src, tag));
          }
        }
      }
      PostedReceive victim = posted.get((int) ((i * 1237L) % n));
      assertTrue(reference.remove(victim));
      assertTrue(bucketed.remove(victim));
    }
    assertEquals(0, bucketed.size());
    assertNull(bucketed.earliestMatching(0, 0, 0));
  }

  /** A copy clones every array; draining either side (through rebuilds) leaves the other whole. */
  @Test
  void copyOfLargeQueue_drainEither_otherKeepsItsReceives() {
    BucketedPostedQueue queue = new BucketedPostedQueue();
    for (int i = 0; i < 2000; i++) {
      queue.add(new PostedReceive(i, i % 3 == 0 ? ANY : i % 50, i % 7, i % 2, 0, i));
    }
    List<PostedReceive> before = queue.inPostingOrder();
    PostedReceiveQueue copy = queue.copy();
    for (PostedReceive r : before) {
      assertTrue(queue.remove(r));
    }
    assertEquals(before, copy.inPostingOrder());
    for (PostedReceive r : before) {
      assertSame(r, copy.earliestMatching(r.context(), r.source() == ANY ? 0 : r.source(), r.tag()));
      assertTrue(copy.remove(r));
    }
    assertEquals(0, copy.size());
    assertEquals(0, queue.size());
  }
}
