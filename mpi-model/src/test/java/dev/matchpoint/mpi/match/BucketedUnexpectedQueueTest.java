package dev.matchpoint.mpi.match;

import static dev.matchpoint.mpi.match.Envelopes.ANY;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.program.SourceLocation;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Runs the unexpected-queue contract against {@link BucketedUnexpectedQueue}, plus what only it
 * does: argument checks, and agreement with the reference across table growth and shrinkage.
 */
class BucketedUnexpectedQueueTest extends AbstractUnexpectedQueueContractTest {
  @Override
  UnexpectedMessageQueue newQueue() {
    return new BucketedUnexpectedQueue();
  }

  private static Message message(int context, int source, int tag, long seq, long stamp) {
    return new Message(source, tag, context, seq, 0, Datatype.INT, false,
        SendMode.STANDARD, 0, SourceLocation.unknown(), stamp);
  }

  @Test
  void add_negativeTag_throwsIllegalArgument() {
    BucketedUnexpectedQueue queue = new BucketedUnexpectedQueue();
    assertThrows(IllegalArgumentException.class, () -> queue.add(message(0, 1, -3, 0, 0)));
    assertEquals(0, queue.size());
  }

  @Test
  void add_sourceBeyondIdentityKeyRange_throwsIllegalArgument() {
    BucketedUnexpectedQueue queue = new BucketedUnexpectedQueue();
    assertThrows(IllegalArgumentException.class, () -> queue.add(message(0, 1 << 24, 0, 0, 0)));
    assertThrows(IllegalArgumentException.class, () -> queue.add(message(256, 0, 0, 0, 0)));
    assertEquals(0, queue.size());
  }

  @Test
  void queries_argumentsOutOfRange_findNothing() {
    BucketedUnexpectedQueue queue = new BucketedUnexpectedQueue();
    queue.add(message(0, 0, 0, 0, 0));
    assertNull(queue.earliestFrom(-1, 0, 0));
    assertNull(queue.earliestFrom(256, 0, 0));
    assertNull(queue.earliestFrom(0, 1 << 24, 0));
    assertNull(queue.earliestFrom(0, 0, Integer.MAX_VALUE));
    assertNull(queue.earliestFrom(0, -2, 0));
    assertNull(queue.earliestFrom(0, 0, -2));
    assertNull(queue.earliest(0, Integer.MIN_VALUE));
    assertArrayEquals(new int[0], queue.sourcesWithMatch(9999, ANY));
  }

  @Test
  void add_largestTagAndSource_roundTrips() {
    BucketedUnexpectedQueue queue = new BucketedUnexpectedQueue();
    int source = (1 << 24) - 1;
    int tag = Integer.MAX_VALUE - 1;
    Message m = message(255, source, tag, 0, 0);
    queue.add(m);
    assertSame(m, queue.earliestFrom(255, source, tag));
    assertSame(m, queue.earliestFrom(255, ANY, ANY));
    assertArrayEquals(new int[] {source}, queue.sourcesWithMatch(255, tag));
    assertNull(queue.earliestFrom(255, source, 0));
    assertNull(queue.earliestFrom(255, source - 1, tag));
  }

  @Test
  void toString_countsMessagesAndBins_fourPerEnvelopeSharedWhereThePatternsAre() {
    BucketedUnexpectedQueue queue = new BucketedUnexpectedQueue();
    Message first = message(0, 1, 2, 0, 0);
    queue.add(first);
    assertEquals("BucketedUnexpectedQueue[size=1, bins=4]", queue.toString());
    queue.add(message(0, 1, 3, 1, 1));
    assertEquals("BucketedUnexpectedQueue[size=2, bins=6]", queue.toString(), "(0, 1, 3) and (0, ANY, 3) are new");
    assertTrue(queue.remove(first));
    assertEquals("BucketedUnexpectedQueue[size=1, bins=4]", queue.toString(), "(0, 1, 2) and (0, ANY, 2) emptied");
  }

  /** Thousands of envelopes push both tables through several resizes up and down. */
  @Test
  void thousandsOfEnvelopes_growThenDrain_agreeWithReference() {
    BucketedUnexpectedQueue bucketed = new BucketedUnexpectedQueue();
    ReferenceUnexpectedQueue reference = new ReferenceUnexpectedQueue();
    int n = 3000;
    List<Message> added = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      Message m = message(i % 3, (i * 31) % 97, (i * 17) % 13, i, i);
      added.add(m);
      bucketed.add(m);
      reference.add(m);
    }
    assertEquals(reference.inArrivalOrder(), bucketed.inArrivalOrder());
    for (int i = 0; i < n; i++) {
      Message victim = added.get((int) ((i * 1237L) % n));
      if (i % 50 == 0) {
        for (int ctx = 0; ctx < 3; ctx++) {
          for (int tag = -1; tag < 13; tag++) {
            assertSame(reference.earliest(ctx, tag), bucketed.earliest(ctx, tag));
            assertArrayEquals(reference.sourcesWithMatch(ctx, tag), bucketed.sourcesWithMatch(ctx, tag));
            int src = (i + tag) % 97;
            assertSame(reference.earliestFrom(ctx, src, tag), bucketed.earliestFrom(ctx, src, tag));
          }
        }
      }
      assertTrue(reference.remove(victim));
      assertTrue(bucketed.remove(victim));
    }
    assertEquals(0, bucketed.size());
    assertNull(bucketed.earliest(0, ANY));
  }

  /** A copy clones every array; draining either side (through rebuilds) leaves the other whole. */
  @Test
  void copyOfLargeQueue_drainEither_otherKeepsItsMessages() {
    BucketedUnexpectedQueue queue = new BucketedUnexpectedQueue();
    for (int i = 0; i < 2000; i++) {
      queue.add(message(i % 2, i % 50, i % 7, i, i));
    }
    List<Message> before = queue.inArrivalOrder();
    UnexpectedMessageQueue copy = queue.copy();
    for (Message m : before) {
      assertTrue(queue.remove(m));
    }
    assertEquals(before, copy.inArrivalOrder());
    assertSame(before.get(0), copy.earliest(0, ANY));
    for (Message m : before) {
      assertSame(m, copy.earliestFrom(m.context(), m.source(), ANY));
      assertTrue(copy.remove(m));
    }
    assertEquals(0, copy.size());
    assertEquals(0, queue.size());
  }
}
