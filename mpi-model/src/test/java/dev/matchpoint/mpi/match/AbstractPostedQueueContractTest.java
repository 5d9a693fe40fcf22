package dev.matchpoint.mpi.match;

import static dev.matchpoint.mpi.match.Envelopes.ANY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The contract of {@link PostedReceiveQueue}, written once and run against every implementation
 * (Guava's contract-test style): an arriving envelope matches the earliest-posted matching receive
 * whatever its pattern kind (MPI-3.1 §3.5, "Order": receives are ordered too), contexts never
 * cross, removal by request id, fresh lists, and independent copies.
 */
abstract class AbstractPostedQueueContractTest {
  private PostedReceiveQueue queue;
  private long nextStamp;
  private long nextRequest = 1;

  /**
   * A new empty queue of the implementation under test.
   *
   * @return the queue
   */
  abstract PostedReceiveQueue newQueue();

  @BeforeEach
  void createQueue() {
    queue = newQueue();
  }

  private PostedReceive post(int context, int source, int tag) {
    return post(queue, context, source, tag);
  }

  private PostedReceive post(PostedReceiveQueue q, int context, int source, int tag) {
    PostedReceive r = receive(context, source, tag);
    q.add(r);
    return r;
  }

  private PostedReceive receive(int context, int source, int tag) {
    return new PostedReceive(nextRequest++, source, tag, context, 64, nextStamp++);
  }

  @Test
  void emptyQueue_everyQuery_findsNothing() {
    assertEquals(0, queue.size());
    assertNull(queue.earliestMatching(0, 0, 0));
    assertEquals(List.of(), queue.inPostingOrder());
    assertFalse(queue.remove(receive(0, 0, 0)));
  }

  @Test
  void earliestMatching_exactReceive_matchesOnlyItsEnvelope() {
    PostedReceive r = post(0, 1, 2);
    assertSame(r, queue.earliestMatching(0, 1, 2));
    assertNull(queue.earliestMatching(0, 1, 3));
    assertNull(queue.earliestMatching(0, 2, 2));
  }

  @Test
  void earliestMatching_sameEnvelopeTwice_returnsFirstPosted() {
    PostedReceive first = post(0, 1, 2);
    post(0, 1, 2);
    assertSame(first, queue.earliestMatching(0, 1, 2));
  }

  @Test
  void earliestMatching_fourPatternKindsInEveryPostingOrder_earliestPostedWins() {
    int[][] kinds = {{1, 2}, {1, ANY}, {ANY, 2}, {ANY, ANY}};
    for (int[] order : permutations(4)) {
      PostedReceiveQueue q = newQueue();
      post(q, 0, 5, 9);
      post(q, 1, ANY, ANY);
      List<PostedReceive> posted = new ArrayList<>();
      for (int k : order) {
        posted.add(post(q, 0, kinds[k][0], kinds[k][1]));
      }
      for (int i = 0; i < posted.size(); i++) {
        assertSame(posted.get(i), q.earliestMatching(0, 1, 2), "posting order " + Arrays.toString(order));
        assertTrue(q.remove(posted.get(i)));
      }
      assertNull(q.earliestMatching(0, 1, 2));
    }
  }

  @Test
  void earliestMatching_anySource_matchesEverySourceWithThatTag() {
    PostedReceive r = post(0, ANY, 4);
    assertSame(r, queue.earliestMatching(0, 0, 4));
    assertSame(r, queue.earliestMatching(0, 7, 4));
    assertNull(queue.earliestMatching(0, 7, 5));
  }

  @Test
  void earliestMatching_anyTag_matchesEveryTagFromThatSource() {
    PostedReceive r = post(0, 3, ANY);
    assertSame(r, queue.earliestMatching(0, 3, 0));
    assertSame(r, queue.earliestMatching(0, 3, 99));
    assertNull(queue.earliestMatching(0, 4, 0));
  }

  @Test
  void earliestMatching_receivesOfAnotherContext_neverMatch() {
    post(1, ANY, ANY);
    post(1, 2, 3);
    assertNull(queue.earliestMatching(0, 2, 3));
    PostedReceive here = post(0, ANY, ANY);
    assertSame(here, queue.earliestMatching(0, 2, 3));
  }

  @Test
  void remove_earliest_nextPostedMatchBecomesEarliest() {
    PostedReceive first = post(0, ANY, 2);
    PostedReceive second = post(0, 1, 2);
    assertTrue(queue.remove(first));
    assertSame(second, queue.earliestMatching(0, 1, 2));
    assertNull(queue.earliestMatching(0, 0, 2));
  }

  @Test
  void remove_notQueued_returnsFalseAndLeavesQueueAlone() {
    PostedReceive r = post(0, 1, 2);
    assertFalse(queue.remove(receive(0, 1, 2)));
    assertEquals(List.of(r), queue.inPostingOrder());
  }

  @Test
  void remove_twice_secondReturnsFalse() {
    PostedReceive r = post(0, 1, 2);
    assertTrue(queue.remove(r));
    assertFalse(queue.remove(r));
    assertEquals(0, queue.size());
    assertNull(queue.earliestMatching(0, 1, 2));
  }

  @Test
  void remove_sameRequestIdOtherInstance_removesTheQueuedReceive() {
    PostedReceive r = post(0, 1, 2);
    assertTrue(queue.remove(new PostedReceive(r.requestId(), 9, 9, 9, 0, 12345)));
    assertEquals(0, queue.size());
  }

  @Test
  void inPostingOrder_afterRemovesFromMiddle_isPostingOrderOfTheRest() {
    PostedReceive a = post(0, 1, 2);
    PostedReceive b = post(1, ANY, 2);
    PostedReceive c = post(0, ANY, ANY);
    PostedReceive d = post(0, 1, ANY);
    assertTrue(queue.remove(b));
    assertTrue(queue.remove(d));
    assertEquals(List.of(a, c), queue.inPostingOrder());
    assertEquals(2, queue.size());
  }

  @Test
  void inPostingOrder_changingTheResult_leavesQueueAlone() {
    PostedReceive r = post(0, 1, 2);
    queue.inPostingOrder().clear();
    assertEquals(List.of(r), queue.inPostingOrder());
  }

  @Test
  void copy_thenChangeEither_bothEvolveIndependently() {
    PostedReceive a = post(0, ANY, 2);
    PostedReceive b = post(0, 1, 2);
    PostedReceiveQueue copy = queue.copy();
    assertNotSame(queue, copy);
    assertEquals(List.of(a, b), copy.inPostingOrder());

    assertTrue(queue.remove(a));
    PostedReceive c = post(0, ANY, ANY);
    assertSame(a, copy.earliestMatching(0, 1, 2));
    assertEquals(List.of(a, b), copy.inPostingOrder());

    assertTrue(copy.remove(b));
    PostedReceive d = post(copy, 0, 3, 3);
    assertEquals(List.of(b, c), queue.inPostingOrder());
    assertSame(b, queue.earliestMatching(0, 1, 2));
    assertEquals(List.of(a, d), copy.inPostingOrder());
    assertNull(queue.earliestMatching(1, 3, 3));
    assertSame(c, queue.earliestMatching(0, 3, 3));
  }

  @Test
  void copy_ofEmptyQueue_isEmpty() {
    PostedReceiveQueue copy = queue.copy();
    assertEquals(0, copy.size());
    assertNull(copy.earliestMatching(0, 0, 0));
  }

  private static List<int[]> permutations(int n) {
    List<int[]> out = new ArrayList<>();
    permute(new int[n], new boolean[n], 0, out);
    return out;
  }

  private static void permute(int[] prefix, boolean[] used, int depth, List<int[]> out) {
    if (depth == prefix.length) {
      out.add(prefix.clone());
      return;
    }
    for (int i = 0; i < prefix.length; i++) {
      if (!used[i]) {
        used[i] = true;
        prefix[depth] = i;
        permute(prefix, used, depth + 1, out);
        used[i] = false;
      }
    }
  }
}
