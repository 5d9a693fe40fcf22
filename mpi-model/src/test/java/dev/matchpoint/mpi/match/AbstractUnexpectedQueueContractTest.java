package dev.matchpoint.mpi.match;

import static dev.matchpoint.mpi.match.Envelopes.ANY;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.program.SourceLocation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The contract of {@link UnexpectedMessageQueue}, written once and run against every implementation
 * (Guava's contract-test style): order within a source (MPI-3.1 §3.5, "Order": non-overtaking),
 * earliest arrival across sources for wildcards, contexts never crossing, removal by identity key,
 * fresh lists, and independent copies.
 */
abstract class AbstractUnexpectedQueueContractTest {
  private UnexpectedMessageQueue queue;
  private long nextStamp;
  private final Map<Long, Long> nextSeq = new HashMap<>();

  /**
   * A new empty queue of the implementation under test.
   *
   * @return the queue
   */
  abstract UnexpectedMessageQueue newQueue();

  @BeforeEach
  void createQueue() {
    queue = newQueue();
  }

  /** A message with the next arrival stamp and its sender's next sequence number, added to the queue. */
  private Message arrive(int context, int source, int tag) {
    Message m = message(context, source, tag);
    queue.add(m);
    return m;
  }

  private Message message(int context, int source, int tag) {
    long channel = MessageIds.key(source, context, 0);
    long seq = nextSeq.merge(channel, 1L, Long::sum) - 1;
    return new Message(source, tag, context, seq, 8, Datatype.INT, false,
        SendMode.STANDARD, 100 + seq, SourceLocation.unknown(), nextStamp++);
  }

  @Test
  void emptyQueue_everyQuery_findsNothing() {
    assertEquals(0, queue.size());
    assertNull(queue.earliestFrom(0, 0, 0));
    assertNull(queue.earliestFrom(0, 0, ANY));
    assertNull(queue.earliest(0, 0));
    assertNull(queue.earliest(0, ANY));
    assertArrayEquals(new int[0], queue.sourcesWithMatch(0, ANY));
    assertArrayEquals(new int[0], queue.sourcesWithMatch(0, 3));
    assertEquals(List.of(), queue.inArrivalOrder());
    assertFalse(queue.remove(message(0, 0, 0)));
  }

  @Test
  void earliestFrom_sameEnvelopeTwice_returnsFirstSent() {
    Message first = arrive(0, 1, 7);
    arrive(0, 1, 7);
    assertSame(first, queue.earliestFrom(0, 1, 7));
  }

  @Test
  void earliestFrom_anyTag_returnsSourcesEarliestWhateverItsTag() {
    arrive(0, 2, 1);
    Message first = arrive(0, 1, 5);
    arrive(0, 1, 3);
    assertSame(first, queue.earliestFrom(0, 1, ANY));
  }

  @Test
  void earliestFrom_concreteTag_skipsEarlierMessagesOfOtherTagsAndSources() {
    arrive(0, 1, 3);
    arrive(0, 2, 5);
    Message wanted = arrive(0, 1, 5);
    arrive(0, 1, 5);
    assertSame(wanted, queue.earliestFrom(0, 1, 5));
  }

  @Test
  void earliestFrom_noMessageWithThatEnvelope_returnsNull() {
    arrive(0, 1, 3);
    arrive(0, 2, 4);
    assertNull(queue.earliestFrom(0, 1, 4));
    assertNull(queue.earliestFrom(0, 3, ANY));
  }

  @Test
  void earliest_concreteTag_returnsEarliestArrivalAcrossSources() {
    arrive(0, 3, 1);
    Message first = arrive(0, 2, 4);
    arrive(0, 1, 4);
    arrive(0, 2, 4);
    assertSame(first, queue.earliest(0, 4));
  }

  @Test
  void earliest_anyTag_returnsEarliestArrivalInContext() {
    arrive(1, 0, 0);
    Message first = arrive(0, 4, 9);
    arrive(0, 1, 2);
    assertSame(first, queue.earliest(0, ANY));
  }

  @Test
  void queries_messagesOfAnotherContext_neverMatch() {
    arrive(1, 1, 2);
    arrive(1, 3, 2);
    assertNull(queue.earliestFrom(0, 1, 2));
    assertNull(queue.earliestFrom(0, 1, ANY));
    assertNull(queue.earliest(0, 2));
    assertNull(queue.earliest(0, ANY));
    assertArrayEquals(new int[0], queue.sourcesWithMatch(0, ANY));
    assertArrayEquals(new int[] {1, 3}, queue.sourcesWithMatch(1, ANY));
  }

  @Test
  void sourcesWithMatch_severalMessagesPerSource_distinctAscending() {
    arrive(0, 5, 1);
    arrive(0, 2, 1);
    arrive(0, 5, 2);
    arrive(0, 9, 2);
    arrive(0, 2, 1);
    arrive(0, 7, 3);
    assertArrayEquals(new int[] {2, 5}, queue.sourcesWithMatch(0, 1));
    assertArrayEquals(new int[] {5, 9}, queue.sourcesWithMatch(0, 2));
    assertArrayEquals(new int[] {2, 5, 7, 9}, queue.sourcesWithMatch(0, ANY));
    assertArrayEquals(new int[0], queue.sourcesWithMatch(0, 4));
  }

  @Test
  void remove_head_nextMessageOfSameSourceBecomesEarliest() {
    Message first = arrive(0, 1, 2);
    Message second = arrive(0, 1, 2);
    assertTrue(queue.remove(first));
    assertSame(second, queue.earliestFrom(0, 1, 2));
    assertSame(second, queue.earliestFrom(0, 1, ANY));
    assertSame(second, queue.earliest(0, 2));
  }

  @Test
  void remove_fromMiddle_restKeepArrivalOrder() {
    Message a = arrive(0, 1, 2);
    Message b = arrive(0, 2, 2);
    Message c = arrive(0, 1, 3);
    Message d = arrive(0, 2, 2);
    assertTrue(queue.remove(b));
    assertEquals(List.of(a, c, d), queue.inArrivalOrder());
    assertSame(d, queue.earliestFrom(0, 2, 2));
    assertArrayEquals(new int[] {1, 2}, queue.sourcesWithMatch(0, 2));
  }

  @Test
  void remove_lastMessageOfASource_sourceDisappearsFromWildcardChoices() {
    arrive(0, 1, 2);
    Message only = arrive(0, 2, 2);
    assertTrue(queue.remove(only));
    assertArrayEquals(new int[] {1}, queue.sourcesWithMatch(0, 2));
    assertArrayEquals(new int[] {1}, queue.sourcesWithMatch(0, ANY));
    assertNull(queue.earliestFrom(0, 2, ANY));
  }

  @Test
  void remove_notQueued_returnsFalseAndLeavesQueueAlone() {
    Message queued = arrive(0, 1, 2);
    assertFalse(queue.remove(message(0, 1, 2)));
    assertEquals(List.of(queued), queue.inArrivalOrder());
  }

  @Test
  void remove_twice_secondReturnsFalse() {
    Message m = arrive(0, 1, 2);
    assertTrue(queue.remove(m));
    assertFalse(queue.remove(m));
    assertEquals(0, queue.size());
  }

  @Test
  void remove_equalKeyOtherInstance_removesTheQueuedMessage() {
    Message queued = arrive(0, 1, 2);
    Message sameKey = queued.withArrivalStamp(queued.arrivalStamp() + 1000);
    assertTrue(queue.remove(sameKey));
    assertEquals(0, queue.size());
  }

  @Test
  void remove_everything_queueIsEmptyAndReusable() {
    List<Message> added = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      added.add(arrive(i % 2, i % 3, i % 4));
    }
    for (Message m : added) {
      assertTrue(queue.remove(m));
    }
    assertEquals(0, queue.size());
    assertNull(queue.earliest(0, ANY));
    assertNull(queue.earliest(1, ANY));
    assertArrayEquals(new int[0], queue.sourcesWithMatch(1, ANY));
    Message again = arrive(1, 2, 3);
    assertSame(again, queue.earliestFrom(1, 2, 3));
    assertSame(again, queue.earliest(1, ANY));
  }

  @Test
  void drain_byEarliestAnyTag_yieldsArrivalOrder() {
    List<Message> added = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      added.add(arrive(0, (i * 7) % 3, i % 2));
    }
    List<Message> drained = new ArrayList<>();
    for (Message m = queue.earliest(0, ANY); m != null; m = queue.earliest(0, ANY)) {
      assertTrue(queue.remove(m));
      drained.add(m);
    }
    assertEquals(added, drained);
  }

  @Test
  void inArrivalOrder_severalContexts_interleavesByArrival() {
    Message a = arrive(1, 0, 0);
    Message b = arrive(0, 0, 0);
    Message c = arrive(2, 1, 1);
    Message d = arrive(0, 1, 0);
    Message e = arrive(1, 0, 1);
    assertEquals(List.of(a, b, c, d, e), queue.inArrivalOrder());
    assertEquals(5, queue.size());
  }

  @Test
  void inArrivalOrder_changingTheResult_leavesQueueAlone() {
    Message m = arrive(0, 1, 2);
    List<Message> list = queue.inArrivalOrder();
    list.clear();
    assertEquals(List.of(m), queue.inArrivalOrder());
  }

  @Test
  void copy_thenChangeEither_bothEvolveIndependently() {
    Message a = arrive(0, 1, 2);
    Message b = arrive(1, 2, 2);
    UnexpectedMessageQueue copy = queue.copy();
    assertNotSame(queue, copy);
    assertEquals(List.of(a, b), copy.inArrivalOrder());

    assertTrue(queue.remove(a));
    Message c = arrive(0, 1, 2);
    assertEquals(List.of(a, b), copy.inArrivalOrder());
    assertSame(a, copy.earliestFrom(0, 1, 2));

    assertTrue(copy.remove(b));
    Message d = message(0, 3, 3);
    copy.add(d);
    assertEquals(List.of(b, c), queue.inArrivalOrder());
    assertSame(b, queue.earliest(1, 2));
    assertEquals(List.of(a, d), copy.inArrivalOrder());
    assertArrayEquals(new int[] {1, 3}, copy.sourcesWithMatch(0, ANY));
    assertArrayEquals(new int[] {1}, queue.sourcesWithMatch(0, ANY));
  }

  @Test
  void copy_ofEmptyQueue_isEmpty() {
    UnexpectedMessageQueue copy = queue.copy();
    assertEquals(0, copy.size());
    assertNull(copy.earliest(0, ANY));
  }
}
