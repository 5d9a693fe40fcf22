package dev.matchpoint.mpi.match;

import static dev.matchpoint.mpi.match.Envelopes.ANY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.program.SourceLocation;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * The queues of {@code queues: bucketed}: the posted- and unexpected-queue contracts, and, through
 * the move to bins and back, the reference's answers and search lengths (MPI-3.1 §3.5, "Order").
 */
class AdaptiveQueuesTest {
  @Nested
  class PostedContract extends AbstractPostedQueueContractTest {
    @Override
    PostedReceiveQueue newQueue() {
      return new AdaptivePostedQueue();
    }
  }

  @Nested
  class UnexpectedContract extends AbstractUnexpectedQueueContractTest {
    @Override
    UnexpectedMessageQueue newQueue() {
      return new AdaptiveUnexpectedQueue();
    }
  }

  /** Random posts and matches that fill the queue past the bins' threshold and drain it, twice. */
  @Test
  void postedQueue_throughBinsAndBack_answersAndSearchLengthsOfTheReference() {
    SplittableRandom rnd = new SplittableRandom(12);
    ReferencePostedQueue ref = new ReferencePostedQueue();
    AdaptivePostedQueue adaptive = new AdaptivePostedQueue();
    long stamp = 0;
    for (int round = 0; round < 2; round++) {
      for (int i = 0; i < 3 * AdaptivePostedQueue.BINS_ABOVE; i++) {
        PostedReceive r = new PostedReceive(stamp + 1, rnd.nextInt(4) == 0 ? ANY : rnd.nextInt(5),
            rnd.nextInt(4) == 0 ? ANY : rnd.nextInt(3), 0, 8, stamp);
        stamp++;
        ref.add(r);
        adaptive.add(r);
      }
      while (ref.size() > 0) {
        int source = rnd.nextInt(5);
        int tag = rnd.nextInt(3);
        PostedReceive expected = ref.earliestMatching(0, source, tag);
        PostedReceive actual = adaptive.earliestMatching(0, source, tag);
        assertSame(expected, actual);
        if (expected != null) {
          ref.remove(expected);
          adaptive.remove(actual);
        }
        assertEquals(ref.lastSearchLength(), adaptive.lastSearchLength(), "after a match from " + source);
        assertEquals(ref.inPostingOrder(), adaptive.inPostingOrder());
      }
    }
  }

  @Test
  void unexpectedQueue_throughBinsAndBack_answersAndSearchLengthsOfTheReference() {
    SplittableRandom rnd = new SplittableRandom(7);
    ReferenceUnexpectedQueue ref = new ReferenceUnexpectedQueue();
    AdaptiveUnexpectedQueue adaptive = new AdaptiveUnexpectedQueue();
    long stamp = 0;
    long[] seq = new long[5];
    for (int round = 0; round < 2; round++) {
      for (int i = 0; i < 3 * AdaptivePostedQueue.BINS_ABOVE; i++) {
        int source = rnd.nextInt(5);
        Message m = new Message(source, rnd.nextInt(3), 0, seq[source]++, 8, Datatype.INT, false,
            SendMode.STANDARD, stamp, SourceLocation.unknown(), stamp++);
        ref.add(m);
        adaptive.add(m);
      }
      while (ref.size() > 0) {
        int tag = rnd.nextInt(4) == 0 ? ANY : rnd.nextInt(3);
        boolean wildcard = rnd.nextBoolean();
        int source = rnd.nextInt(5);
        Message expected = wildcard ? ref.earliest(0, tag) : ref.earliestFrom(0, source, tag);
        Message actual = wildcard ? adaptive.earliest(0, tag) : adaptive.earliestFrom(0, source, tag);
        assertSame(expected, actual);
        if (expected != null) {
          ref.remove(expected);
          adaptive.remove(actual);
        }
        assertEquals(ref.lastSearchLength(), adaptive.lastSearchLength());
        assertEquals(ref.inArrivalOrder(), adaptive.inArrivalOrder());
      }
    }
  }
}
