package dev.matchpoint.mpi.match;

import static dev.matchpoint.mpi.match.Envelopes.ANY;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.program.SourceLocation;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.state.Action;
import net.jqwik.api.state.ActionChain;
import net.jqwik.api.state.Transformer;

/**
 * The bucketed queues give exactly the reference queues' answers at every step of random operation
 * sequences. Source of the property: MPI-3.1 §3.5, "Semantics of Point-to-Point Communication,
 * Order" — a receive takes its source's earliest matching message (non-overtaking), a wildcard
 * receive the earliest matching arrival, and an arriving message the earliest-posted matching
 * receive; the reference queues scan one list in that order, so equal answers mean the bins keep
 * the standard's order.
 *
 * <p>Few contexts, sources and tags force collisions in every bin; queries run with and without
 * wildcards, and what they return is removed, as a matching engine would. A copy step checks that
 * copies and originals evolve independently, then goes on with one of them.
 */
class MatchingEquivalenceProperties {
  private static final int CONTEXTS = 2;
  private static final int SOURCES = 3;
  private static final int TAGS = 3;

  @Property(tries = 200)
  void bucketedUnexpectedQueue_randomOperations_answersAsReference(
      @ForAll("unexpectedChains") ActionChain<UnexpectedPair> chain) {
    chain.withInvariant("same arrival order and pattern heads", UnexpectedPair::assertSameContents).run();
  }

  @Property(tries = 200)
  void bucketedPostedQueue_randomOperations_answersAsReference(
      @ForAll("postedChains") ActionChain<PostedPair> chain) {
    chain.withInvariant("same posting order and matches", PostedPair::assertSameContents).run();
  }

  @Provide
  Arbitrary<ActionChain<UnexpectedPair>> unexpectedChains() {
    return ActionChain.<UnexpectedPair>startWith(UnexpectedPair::new)
        .withAction(5, arrive())
        .withAction(1, arriveBurst())
        .withAction(3, receive())
        .withAction(2, probe())
        .withAction(1, drain())
        .withAction(1, removeQueued())
        .withAction(1, Action.just(Transformer.mutate("copy(continue with original)", s -> s.copyCheck(false))))
        .withAction(1, Action.just(Transformer.mutate("copy(continue with copy)", s -> s.copyCheck(true))))
        .withMaxTransformations(80);
  }

  @Provide
  Arbitrary<ActionChain<PostedPair>> postedChains() {
    return ActionChain.<PostedPair>startWith(PostedPair::new)
        .withAction(5, post())
        .withAction(1, postBurst())
        .withAction(4, deliver())
        .withAction(1, deliverUntilNoMatch())
        .withAction(1, cancelQueued())
        .withAction(1, Action.just(Transformer.mutate("copy(continue with original)", s -> s.copyCheck(false))))
        .withAction(1, Action.just(Transformer.mutate("copy(continue with copy)", s -> s.copyCheck(true))))
        .withMaxTransformations(80);
  }

  private static Arbitrary<Integer> contexts() {
    return Arbitraries.integers().between(0, CONTEXTS - 1);
  }

  private static Arbitrary<Integer> sources() {
    return Arbitraries.integers().between(0, SOURCES - 1);
  }

  private static Arbitrary<Integer> tags() {
    return Arbitraries.integers().between(0, TAGS - 1);
  }

  private static Arbitrary<Integer> sourcesOrAny() {
    return Arbitraries.frequencyOf(Tuple.of(3, sources()), Tuple.of(1, Arbitraries.just(ANY)));
  }

  private static Arbitrary<Integer> tagsOrAny() {
    return Arbitraries.frequencyOf(Tuple.of(3, tags()), Tuple.of(1, Arbitraries.just(ANY)));
  }

  private static String name(int value) {
    return value == ANY ? "ANY" : Integer.toString(value);
  }

  private static Action.Independent<UnexpectedPair> arrive() {
    return () -> Combinators.combine(contexts(), sources(), tags()).as((c, s, t) ->
        Transformer.mutate("arrive(ctx=" + c + ", src=" + s + ", tag=" + t + ")", pair -> pair.arrive(c, s, t)));
  }

  /** Several arrivals at once, so queues outgrow the bucketed arrays' first capacity and shrink back. */
  private static Action.Independent<UnexpectedPair> arriveBurst() {
    return () -> Combinators.combine(contexts(), sources(), tags()).as((c, s, t) -> c * 100 + s * 10 + t)
        .list().ofMinSize(5).ofMaxSize(20).map(envelopes -> Transformer.mutate("arrive " + envelopes.size()
            + " (ctx*100+src*10+tag: " + envelopes + ")", pair -> envelopes.forEach(
                e -> pair.arrive(e / 100, e / 10 % 10, e % 10))));
  }

  private static Action.Independent<UnexpectedPair> receive() {
    return () -> Combinators.combine(contexts(), sourcesOrAny(), tagsOrAny()).as((c, s, t) ->
        Transformer.mutate("receive(ctx=" + c + ", src=" + name(s) + ", tag=" + name(t) + ")",
            pair -> pair.receive(c, s, t)));
  }

  private static Action.Independent<UnexpectedPair> probe() {
    return () -> Combinators.combine(contexts(), sourcesOrAny(), tagsOrAny()).as((c, s, t) ->
        Transformer.mutate("probe(ctx=" + c + ", src=" + name(s) + ", tag=" + name(t) + ")",
            pair -> pair.probe(c, s, t)));
  }

  /** A receiver catching up: wildcard receives in one context until none matches. */
  private static Action.Independent<UnexpectedPair> drain() {
    return () -> contexts().map(c -> Transformer.mutate("receive(ctx=" + c + ", src=ANY, tag=ANY) until none",
        pair -> pair.drain(c)));
  }

  private static Action.Independent<UnexpectedPair> removeQueued() {
    return () -> Arbitraries.integers().between(0, 1000).map(pick ->
        Transformer.mutate("remove(queued #" + pick + " mod size)", pair -> pair.removeQueued(pick)));
  }

  private static Action.Independent<PostedPair> post() {
    return () -> Combinators.combine(contexts(), sourcesOrAny(), tagsOrAny()).as((c, s, t) ->
        Transformer.mutate("post(ctx=" + c + ", src=" + name(s) + ", tag=" + name(t) + ")",
            pair -> pair.post(c, s, t)));
  }

  /** Several posts at once, so queues outgrow the bucketed arrays' first capacity and shrink back. */
  private static Action.Independent<PostedPair> postBurst() {
    return () -> Combinators.combine(contexts(), sourcesOrAny(), tagsOrAny()).as(List::of)
        .list().ofMinSize(5).ofMaxSize(20).map(patterns -> Transformer.mutate("post " + patterns.size()
            + " (ctx, src, tag: " + patterns + ")", pair -> patterns.forEach(
                p -> pair.post(p.get(0), p.get(1), p.get(2)))));
  }

  private static Action.Independent<PostedPair> deliver() {
    return () -> Combinators.combine(contexts(), sources(), tags()).as((c, s, t) ->
        Transformer.mutate("deliver(ctx=" + c + ", src=" + s + ", tag=" + t + ")", pair -> pair.deliver(c, s, t)));
  }

  /** A burst of arrivals: messages with every envelope of one context until none finds a receive. */
  private static Action.Independent<PostedPair> deliverUntilNoMatch() {
    return () -> contexts().map(c -> Transformer.mutate("deliver every (ctx=" + c + ", src, tag) until none matches",
        pair -> pair.deliverUntilNoMatch(c)));
  }

  private static Action.Independent<PostedPair> cancelQueued() {
    return () -> Arbitraries.integers().between(0, 1000).map(pick ->
        Transformer.mutate("cancel(queued #" + pick + " mod size)", pair -> pair.cancelQueued(pick)));
  }

  /** A bucketed and a reference unexpected queue fed the same operations. */
  static final class UnexpectedPair {
    private UnexpectedMessageQueue bucketed = new BucketedUnexpectedQueue();
    private UnexpectedMessageQueue reference = new ReferenceUnexpectedQueue();
    private long nextStamp;
    private final Map<Long, Long> nextSeq = new HashMap<>();

    private Message message(int c, int s, int t) {
      long seq = nextSeq.merge(MessageIds.key(s, c, 0), 1L, Long::sum) - 1;
      return new Message(s, t, c, seq, 16, Datatype.INT, false,
          SendMode.STANDARD, seq, SourceLocation.unknown(), nextStamp++);
    }

    void arrive(int c, int s, int t) {
      Message m = message(c, s, t);
      bucketed.add(m);
      reference.add(m);
    }

    /** Queries as a receive would, then removes the answer from both queues. */
    void receive(int c, int s, int t) {
      Message expected = probe(c, s, t);
      if (expected != null) {
        assertEquals(true, reference.remove(expected), "reference remove");
        assertEquals(true, bucketed.remove(expected), "bucketed remove");
      }
    }

    /** Every query a receive or probe with this pattern can make; returns the matched message. */
    Message probe(int c, int s, int t) {
      assertArrayEquals(reference.sourcesWithMatch(c, t), bucketed.sourcesWithMatch(c, t), "sourcesWithMatch");
      Message anySource = reference.earliest(c, t);
      assertSame(anySource, bucketed.earliest(c, t), "earliest");
      if (s == ANY) {
        return anySource;
      }
      Message fromSource = reference.earliestFrom(c, s, t);
      assertSame(fromSource, bucketed.earliestFrom(c, s, t), "earliestFrom");
      return fromSource;
    }

    void drain(int c) {
      while (probe(c, ANY, ANY) != null) {
        receive(c, ANY, ANY);
      }
    }

    void removeQueued(int pick) {
      List<Message> queued = reference.inArrivalOrder();
      Message stale = message(pick % CONTEXTS, pick % SOURCES, pick % TAGS);
      assertEquals(reference.remove(stale), bucketed.remove(stale), "remove of a message never queued");
      if (!queued.isEmpty()) {
        Message victim = queued.get(pick % queued.size());
        assertEquals(reference.remove(victim), bucketed.remove(victim), "remove of a queued message");
      }
    }

    void copyCheck(boolean continueWithCopy) {
      UnexpectedMessageQueue bucketedCopy = bucketed.copy();
      UnexpectedMessageQueue referenceCopy = reference.copy();
      List<Message> before = reference.inArrivalOrder();
      assertEquals(before, bucketedCopy.inArrivalOrder(), "copy has the original's messages");
      arrive(0, 0, 0);
      receive(1, ANY, ANY);
      assertEquals(before, bucketedCopy.inArrivalOrder(), "copy unchanged by the original's changes");
      if (continueWithCopy) {
        bucketed = bucketedCopy;
        reference = referenceCopy;
      }
    }

    /** Same size, same arrival order, and the same earliest message for every pattern. */
    void assertSameContents() {
      assertEquals(reference.size(), bucketed.size(), "size");
      assertEquals(reference.inArrivalOrder(), bucketed.inArrivalOrder(), "arrival order");
      for (int c = 0; c < CONTEXTS; c++) {
        for (int t = ANY; t < TAGS; t++) {
          for (int s = ANY; s < SOURCES; s++) {
            probe(c, s, t);
          }
        }
      }
    }

    @Override
    public String toString() {
      return "reference " + reference.inArrivalOrder() + ", bucketed " + bucketed.inArrivalOrder();
    }
  }

  /** A bucketed and a reference posted receive queue fed the same operations. */
  static final class PostedPair {
    private PostedReceiveQueue bucketed = new BucketedPostedQueue();
    private PostedReceiveQueue reference = new ReferencePostedQueue();
    private long nextStamp;
    private long nextRequest;

    private PostedReceive receive(int c, int s, int t) {
      return new PostedReceive(nextRequest++, s, t, c, 16, nextStamp++);
    }

    void post(int c, int s, int t) {
      PostedReceive r = receive(c, s, t);
      bucketed.add(r);
      reference.add(r);
    }

    /** A message arrives: both queues must pick the same receive, which then leaves both. */
    boolean deliver(int c, int s, int t) {
      PostedReceive expected = reference.earliestMatching(c, s, t);
      assertSame(expected, bucketed.earliestMatching(c, s, t), "earliestMatching");
      if (expected != null) {
        assertEquals(true, reference.remove(expected), "reference remove");
        assertEquals(true, bucketed.remove(expected), "bucketed remove");
      }
      return expected != null;
    }

    void deliverUntilNoMatch(int c) {
      boolean matched = true;
      while (matched) {
        matched = false;
        for (int s = 0; s < SOURCES; s++) {
          for (int t = 0; t < TAGS; t++) {
            matched |= deliver(c, s, t);
          }
        }
      }
    }

    void cancelQueued(int pick) {
      List<PostedReceive> queued = reference.inPostingOrder();
      PostedReceive stale = receive(pick % CONTEXTS, ANY, ANY);
      assertEquals(reference.remove(stale), bucketed.remove(stale), "remove of a receive never posted");
      if (!queued.isEmpty()) {
        PostedReceive victim = queued.get(pick % queued.size());
        assertEquals(reference.remove(victim), bucketed.remove(victim), "remove of a posted receive");
      }
    }

    void copyCheck(boolean continueWithCopy) {
      PostedReceiveQueue bucketedCopy = bucketed.copy();
      PostedReceiveQueue referenceCopy = reference.copy();
      List<PostedReceive> before = reference.inPostingOrder();
      assertEquals(before, bucketedCopy.inPostingOrder(), "copy has the original's receives");
      post(0, ANY, ANY);
      deliver(1, 0, 0);
      assertEquals(before, bucketedCopy.inPostingOrder(), "copy unchanged by the original's changes");
      if (continueWithCopy) {
        bucketed = bucketedCopy;
        reference = referenceCopy;
      }
    }

    /** Same size, same posting order, and the same receive for every envelope. */
    void assertSameContents() {
      assertEquals(reference.size(), bucketed.size(), "size");
      assertEquals(reference.inPostingOrder(), bucketed.inPostingOrder(), "posting order");
      for (int c = 0; c < CONTEXTS; c++) {
        for (int s = 0; s < SOURCES; s++) {
          for (int t = 0; t < TAGS; t++) {
            assertSame(reference.earliestMatching(c, s, t), bucketed.earliestMatching(c, s, t), "earliestMatching");
          }
        }
      }
    }

    @Override
    public String toString() {
      return "reference " + reference.inPostingOrder() + ", bucketed " + bucketed.inPostingOrder();
    }
  }
}
