package dev.matchpoint.mpi.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.hash.HashCode;
import com.google.common.hash.Hasher;
import com.google.common.hash.Hashing;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.WildcardPolicy;
import dev.matchpoint.mpi.program.SourceLocation;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * What the search relies on (DESIGN §5): a copy of an engine continues exactly as the engine would,
 * independently of it, and the fingerprint tells apart every state that can decide differently
 * while merging states that cannot. Also the measurements the summary and trace report: queue-depth
 * maxima (DESIGN §7) and match search lengths.
 */
class MatchingEngineStateTest {
  private static final String EXHAUSTIVE = "Exhaustive means exhaustive: every model decision reads only state the "
      + "search can see (what the state fingerprint covers)";

  private static MatchingEngine engine(WildcardPolicy p) {
    return new MatchingEngine(p, new BucketedPostedQueue(), new BucketedUnexpectedQueue());
  }

  private static MatchingEngine reference(WildcardPolicy p) {
    return new MatchingEngine(p, new ReferencePostedQueue(), new ReferenceUnexpectedQueue());
  }

  private static Message msg(int source, int tag, int context, long seq) {
    return new Message(source, tag, context, seq, 4, Datatype.INT, false, SendMode.STANDARD, 0,
        SourceLocation.unknown(), 0);
  }

  /** Delivers messages; each release is matched or queued and logged with its arrival stamp. */
  private static void arrive(MatchingEngine e, List<String> log, Message... ms) {
    for (Message m : ms) {
      e.arrive(m, r -> {
        PostedReceive p = e.matchArrival(r);
        log.add(MessageIds.format(r.key()) + "@" + r.arrivalStamp() + (p == null ? "" : "->" + p.requestId()));
      }, d -> log.add("dropped " + MessageIds.format(d.key())));
    }
  }

  private static HashCode hash(MatchingEngine e) {
    Hasher h = Hashing.murmur3_128().newHasher();
    e.hashInto(h);
    return h.hash();
  }

  /**
   * An engine with something in every part of its state: posted receives, unexpected messages, a
   * held-back message, a skipped (cancelled held-back) number, a number to drop on arrival, a
   * round-robin pointer, and nonzero counters.
   */
  private static MatchingEngine busy(List<String> log) {
    MatchingEngine e = engine(WildcardPolicy.ROUND_ROBIN);
    e.post(100, 3, 0, 0, 8);
    arrive(e, log, msg(0, 0, 0, 0), msg(1, 0, 0, 0), msg(2, 0, 0, 0), msg(2, 0, 0, 1));
    log.add("rr " + e.select(Envelopes.ANY, 0, 0, -1, true).source()); // pointer moves to 1
    arrive(e, log, msg(1, 0, 0, 2), msg(1, 0, 0, 3)); // held back behind 1#1
    e.cancelMessage(1, 0, 2); // held back: removed, number skipped
    e.cancelMessage(4, 0, 0); // not arrived: dropped when it comes
    return e;
  }

  /** The same continuation for an engine and its copy; returns what it observed. */
  private static List<String> continueRun(MatchingEngine e) {
    List<String> log = new ArrayList<>();
    log.add("post " + e.post(101, 1, 0, 0, 8).postStamp());
    arrive(e, log, msg(1, 0, 0, 1), msg(4, 0, 0, 0), msg(4, 0, 0, 1), msg(3, 0, 0, 0));
    log.add("rr " + e.select(Envelopes.ANY, 0, 0, -1, true).source());
    log.add("held " + e.heldBackMessages());
    log.add("posted " + e.postedReceives());
    log.add("unexpected " + e.unexpectedMessages());
    log.add("max " + e.maxPostedDepth() + " " + e.maxUnexpectedDepth());
    return log;
  }

  @Test
  @SpecClause(source = "DESIGN §5", text = EXHAUSTIVE)
  void copy_continuesExactlyAsTheOriginal_andIndependentlyOfIt() {
    MatchingEngine original = busy(new ArrayList<>());
    MatchingEngine copy = original.copy();
    HashCode before = hash(original);
    assertEquals(before, hash(copy));
    List<String> fromCopy = continueRun(copy);
    assertEquals(before, hash(original), "running the copy left the original alone");
    List<String> fromOriginal = continueRun(original);
    assertEquals(fromOriginal, fromCopy);
    assertEquals(hash(original), hash(copy));
    // What the continuation must show, so the comparison above means something:
    assertEquals(List.of("post 1",
        "1#1@4->101", "1#3@5", "dropped 4#0", "4#1@6", "3#0@7->100",
        "rr 2",
        "held []",
        "posted []",
        "unexpected [0#0(tag 0, 4 B, eager, Send), 1#0(tag 0, 4 B, eager, Send), 2#0(tag 0, 4 B, eager, Send), "
            + "2#1(tag 0, 4 B, eager, Send), 1#3(tag 0, 4 B, eager, Send), 4#1(tag 0, 4 B, eager, Send)]",
        "max 2 6"), fromOriginal);
  }

  @Test
  @SpecClause(source = "DESIGN §5", text = EXHAUSTIVE)
  void fingerprint_tellsApartEveryPartOfTheState() {
    List<HashCode> hashes = new ArrayList<>();
    List<Consumer<MatchingEngine>> steps = List.of(
        e -> { },
        e -> e.post(1, 0, 0, 0, 8),
        e -> arrive(e, new ArrayList<>(), msg(0, 0, 0, 0)),
        e -> arrive(e, new ArrayList<>(), msg(0, 0, 0, 1)), // held back
        e -> arrive(e, new ArrayList<>(), msg(0, 0, 1, 1)), // held back on another channel
        e -> e.cancelMessage(0, 0, 1), // skipped
        e -> e.cancelMessage(0, 0, 3), // dropped on arrival
        e -> e.cancelMessage(0, 1, 0), // dropped on arrival, another channel
        e -> arrive(e, new ArrayList<>(), msg(2, 0, 2, 0), msg(3, 0, 2, 0)),
        e -> e.select(Envelopes.ANY, 0, 2, -1, true), // round-robin pointer of context 2 moves to 2
        e -> e.select(Envelopes.ANY, 0, 2, -1, true)); // and to 3
    MatchingEngine e = engine(WildcardPolicy.ROUND_ROBIN);
    for (Consumer<MatchingEngine> step : steps) {
      step.accept(e);
      HashCode h = hash(e);
      assertFalse(hashes.contains(h), "step " + hashes.size() + " changed the state but not its fingerprint");
      hashes.add(h);
    }
  }

  @Test
  @SpecClause(source = "DESIGN §5", text = EXHAUSTIVE)
  void fingerprint_separatesTheStatesParts() {
    // The same numbers in different parts of the state are different states.
    MatchingEngine held = engine(WildcardPolicy.ANY);
    arrive(held, new ArrayList<>(), msg(0, 0, 0, 1));
    MatchingEngine skipped = engine(WildcardPolicy.ANY);
    arrive(skipped, new ArrayList<>(), msg(0, 0, 0, 1));
    skipped.cancelMessage(0, 0, 1);
    MatchingEngine dropped = engine(WildcardPolicy.ANY);
    dropped.cancelMessage(0, 0, 1);
    assertNotEquals(hash(skipped), hash(dropped));
    assertNotEquals(hash(held), hash(dropped));
    assertNotEquals(hash(skipped), hash(engine(WildcardPolicy.ANY)), "a skipped number is state");
    // The same kind of entry with different contents: different states.
    List<MatchingEngine> variants = new ArrayList<>();
    for (long seq = 1; seq <= 2; seq++) {
      MatchingEngine h = engine(WildcardPolicy.ANY);
      arrive(h, new ArrayList<>(), msg(0, 0, 0, seq));
      variants.add(h); // held back: 0#1 or 0#2
      MatchingEngine s = engine(WildcardPolicy.ANY);
      arrive(s, new ArrayList<>(), msg(0, 0, 0, seq));
      s.cancelMessage(0, 0, seq);
      variants.add(s); // skipped: 1 or 2
      MatchingEngine d = engine(WildcardPolicy.ANY);
      d.cancelMessage(0, 0, seq);
      variants.add(d); // dropped on arrival: 1 or 2
      MatchingEngine p = engine(WildcardPolicy.ANY);
      p.post(1, 0, (int) seq, 0, 8);
      variants.add(p); // a posted receive for tag 1 or 2
    }
    MatchingEngine tagged = engine(WildcardPolicy.ANY);
    arrive(tagged, new ArrayList<>(), msg(0, 7, 0, 1));
    variants.add(tagged); // held back: 0#1 with another tag
    for (int i = 0; i < variants.size(); i++) {
      for (int j = 0; j < i; j++) {
        assertNotEquals(hash(variants.get(i)), hash(variants.get(j)), "variants " + j + " and " + i);
      }
    }
  }

  @Test
  @SpecClause(source = "DESIGN §4", text = "With MPI_ANY_SOURCE the standard only fixes the order *within* each "
      + "source (no fairness, no arrival order across sources): any source's earliest matching message may be chosen.")
  void fingerprint_ignoresArrivalOrderAcrossSources_exactlyWhenNoPolicyReadsIt() {
    for (WildcardPolicy p : WildcardPolicy.values()) {
      MatchingEngine ab = engine(p);
      arrive(ab, new ArrayList<>(), msg(1, 0, 0, 0), msg(0, 0, 0, 0), msg(0, 0, 0, 1));
      MatchingEngine ba = engine(p);
      arrive(ba, new ArrayList<>(), msg(0, 0, 0, 0), msg(1, 0, 0, 0), msg(0, 0, 0, 1));
      if (p == WildcardPolicy.ARRIVAL) {
        assertNotEquals(hash(ab), hash(ba), "arrival order decides an MPI_ANY_SOURCE receive under " + p);
      } else {
        assertEquals(hash(ab), hash(ba), "only the order within a source is observable under " + p);
      }
      // the unexpected queue itself keeps arrival order, whatever the fingerprint does
      assertEquals(1, ab.unexpectedMessages().get(0).source());
      MatchingEngine twoOneBack = engine(p);
      arrive(twoOneBack, new ArrayList<>(), msg(2, 0, 0, 0), msg(1, 0, 0, 0));
      MatchingEngine oneTwo = engine(p);
      arrive(oneTwo, new ArrayList<>(), msg(1, 0, 0, 0), msg(2, 0, 0, 0));
      assertEquals(p != WildcardPolicy.ARRIVAL, hash(twoOneBack).equals(hash(oneTwo)), p.toString());
    }
  }

  @Test
  @SpecClause(source = "seed 004", text = "On AM platforms without ordered delivery, a sequence number would have to "
      + "be added to each store and request message to ensure ordering.")
  void heldBackMessages_ofEachChannel_waitForTheirOwnPredecessor() {
    MatchingEngine e = engine(WildcardPolicy.ARRIVAL);
    List<String> log = new ArrayList<>();
    arrive(e, log, msg(1, 0, 0, 1), msg(2, 0, 0, 2), msg(2, 0, 0, 1), msg(1, 0, 3, 1));
    assertEquals(List.of(), log);
    arrive(e, log, msg(1, 0, 0, 0));
    assertEquals(List.of("1#0@0", "1#1@1"), log);
    assertEquals(List.of("1#1@3", "2#1", "2#2"), e.heldBackMessages().stream().map(m -> MessageIds.format(m.key()))
        .toList(), "by (source, context), then sequence number");
    arrive(e, log, msg(2, 0, 0, 0));
    assertEquals(List.of("1#0@0", "1#1@1", "2#0@2", "2#1@3", "2#2@4"), log);
    arrive(e, log, msg(1, 0, 3, 0));
    assertEquals(List.of("1#0@0", "1#1@1", "2#0@2", "2#1@3", "2#2@4", "1#0@3@5", "1#1@3@6"), log);
    assertEquals(List.of(), e.heldBackMessages());
  }

  @Test
  @SpecClause(source = "seed 004", text = "On AM platforms without ordered delivery, a sequence number would have to "
      + "be added to each store and request message to ensure ordering.")
  void heldBackMessages_beyondAGap_stayHeldUntilTheGapFills() {
    MatchingEngine e = engine(WildcardPolicy.ARRIVAL);
    List<String> log = new ArrayList<>();
    arrive(e, log, msg(1, 0, 0, 1), msg(1, 0, 0, 3), msg(1, 0, 0, 0));
    assertEquals(List.of("1#0@0", "1#1@1"), log);
    arrive(e, log, msg(1, 0, 0, 2));
    assertEquals(List.of("1#0@0", "1#1@1", "1#2@2", "1#3@3"), log);
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.8.4", text = "If a send is marked for cancellation, then it must be the case that "
      + "either the send completes normally, in which case the message sent was received at the destination process, "
      + "or that the send is successfully canceled, in which case no part of the message was received at the "
      + "destination.")
  void cancelledNumbers_beyondAGap_areSkippedWhenReached_andCancelsLeaveOtherChannelsHeld() {
    MatchingEngine e = engine(WildcardPolicy.ARRIVAL);
    List<String> log = new ArrayList<>();
    arrive(e, log, msg(1, 0, 0, 2), msg(1, 0, 0, 3), msg(2, 0, 0, 1));
    e.cancelMessage(1, 0, 3); // held back: removed, 3 will be skipped
    arrive(e, log, msg(1, 0, 0, 0));
    assertEquals(List.of("1#0@0"), log);
    arrive(e, log, msg(1, 0, 0, 1), msg(1, 0, 0, 4));
    assertEquals(List.of("1#0@0", "1#1@1", "1#2@2", "1#4@3"), log, "3 was skipped");
    e.cancelMessage(2, 0, 1); // the only held message of channel (2, 0)
    arrive(e, log, msg(1, 0, 0, 6), msg(3, 0, 0, 1));
    e.cancelMessage(1, 0, 6); // the only held message of channel (1, 0); (3, 0) still holds 3#1
    arrive(e, log, msg(3, 0, 0, 0), msg(2, 0, 0, 0), msg(2, 0, 0, 2));
    assertEquals(List.of("1#0@0", "1#1@1", "1#2@2", "1#4@3", "3#0@4", "3#1@5", "2#0@6", "2#2@7"), log);
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.8.4", text = "If a send is marked for cancellation, then it must be the case that "
      + "either the send completes normally, in which case the message sent was received at the destination process, "
      + "or that the send is successfully canceled, in which case no part of the message was received at the "
      + "destination.")
  void cancelledHeldBackMessages_ofEachChannel_areSkippedInTheirOwnChannel() {
    MatchingEngine e = engine(WildcardPolicy.ARRIVAL);
    List<String> log = new ArrayList<>();
    arrive(e, log, msg(1, 0, 0, 1), msg(1, 0, 0, 2), msg(2, 0, 0, 1), msg(2, 0, 0, 2));
    e.cancelMessage(1, 0, 1);
    e.cancelMessage(2, 0, 1);
    arrive(e, log, msg(1, 0, 0, 0));
    assertEquals(List.of("1#0@0", "1#2@1"), log);
    arrive(e, log, msg(2, 0, 0, 0));
    assertEquals(List.of("1#0@0", "1#2@1", "2#0@2", "2#2@3"), log);
    arrive(e, log, msg(1, 0, 0, 3), msg(2, 0, 0, 3));
    assertEquals(List.of("1#0@0", "1#2@1", "2#0@2", "2#2@3", "1#3@4", "2#3@5"), log);
  }

  @Test
  void takeAndUnpost_sayWhetherTheyFoundTheirEntry() {
    MatchingEngine e = engine(WildcardPolicy.ARRIVAL);
    arrive(e, new ArrayList<>(), msg(1, 0, 0, 0));
    Message m = e.select(1, 0, 0, -1, true);
    assertTrue(e.takeUnexpected(m));
    assertFalse(e.takeUnexpected(m));
    PostedReceive r = e.post(5, 1, 0, 0, 8);
    assertTrue(e.unpost(r));
    assertFalse(e.unpost(r));
    assertEquals(WildcardPolicy.ARRIVAL, e.policy());
  }

  @Test
  @SpecClause(source = "DESIGN §7", text = "Summary: outcome, matches, errors, deadlock report, queue-depth maxima, "
      + "protocol counts.")
  void queueDepthMaxima_areTheLargestDepthsSeen_notTheCurrentOnes() {
    MatchingEngine e = engine(WildcardPolicy.ARRIVAL);
    e.post(1, 5, 0, 0, 8);
    e.post(2, 5, 0, 0, 8);
    e.post(3, 5, 0, 0, 8);
    assertTrue(e.unpost(e.postedReceive(2)));
    assertNull(e.postedReceive(2));
    assertEquals(3, e.postedReceive(3).requestId());
    e.post(4, 5, 0, 0, 8);
    assertEquals(3, e.postedDepth());
    assertEquals(3, e.maxPostedDepth());
    arrive(e, new ArrayList<>(), msg(0, 0, 0, 0), msg(0, 0, 0, 1));
    e.takeUnexpected(e.select(0, 0, 0, -1, true));
    arrive(e, new ArrayList<>(), msg(1, 0, 0, 0));
    assertEquals(2, e.unexpectedDepth());
    assertEquals(2, e.maxUnexpectedDepth());
    arrive(e, new ArrayList<>(), msg(5, 0, 0, 0));
    assertEquals(2, e.postedDepth(), "5#0 matched receive 1");
    assertEquals(3, e.maxPostedDepth());
  }

  @Test
  @SpecClause(source = "Ferreira et al., EuroMPI 2017", text = "the number of queue entries inspected by a linear "
      + "search until the match is found")
  void searchLength_countsTheEntriesALinearSearchInspects_matchIncluded() {
    MatchingEngine e = reference(WildcardPolicy.ARRIVAL);
    assertEquals(-1, e.lastSearchLength(), "nothing searched yet");
    e.post(1, 7, 0, 0, 8);
    e.post(2, 8, 0, 0, 8);
    e.post(3, 9, 0, 0, 8);
    assertEquals(2, e.matchArrival(msg(8, 0, 0, 0).withArrivalStamp(0)).requestId());
    assertEquals(2, e.lastSearchLength());
    assertNull(e.matchArrival(msg(4, 0, 0, 0).withArrivalStamp(1)));
    assertEquals(2, e.lastSearchLength(), "a miss inspects the whole posted queue");
    assertNull(e.matchArrival(msg(5, 0, 0, 0).withArrivalStamp(2)));
    e.select(5, 0, 0, -1, false);
    assertEquals(2, e.lastSearchLength());
    assertTrue(e.hasMatch(5, 0, 0));
    assertTrue(e.hasMatch(Envelopes.ANY, 0, 0));
    assertFalse(e.hasMatch(6, 0, 0));
    assertFalse(e.hasMatch(Envelopes.ANY, 1, 0));
    assertEquals(-1, engine(WildcardPolicy.ARRIVAL).lastSearchLength());
  }
}
