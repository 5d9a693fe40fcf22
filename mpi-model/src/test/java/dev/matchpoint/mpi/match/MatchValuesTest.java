package dev.matchpoint.mpi.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.hash.Hasher;
import com.google.common.hash.Hashing;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.WildcardPolicy;
import dev.matchpoint.mpi.program.SourceLocation;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The match package's small values as the rest of the model reads them: a channel's sequence
 * numbers, a message's mode and fingerprint, the engine's posted receives for deadlock reports, and
 * the search length the bucketed queues report.
 */
class MatchValuesTest {
  private static Message msg(SendMode mode, SourceLocation sentAt) {
    return new Message(1, 7, 0, 3, 4, Datatype.INT, false, mode, 0, sentAt, 0);
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.5", text = "If a sender sends two messages in succession to the same destination, "
      + "and both match the same receive, then this operation cannot receive the second message if the first one "
      + "is still pending")
  void aChannelsSequenceNumbers_countItsSendsFromZero_andACopyCountsOnItsOwn() {
    ChannelSequences s = new ChannelSequences();
    assertEquals(0, s.take(5));
    assertEquals(1, s.take(5));
    assertEquals(0, s.take(3), "another channel starts at 0");
    assertEquals(2, s.take(5));
    assertEquals(3, s.get(5));
    ChannelSequences copy = s.copy();
    assertEquals(3, copy.take(5));
    assertEquals(3, s.take(5), "the copy's take does not advance the original");
    assertEquals(1, copy.get(3));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.4", text = "A send that uses the synchronous mode can be started whether or not a "
      + "matching receive was posted. However, the send will complete successfully only if a matching receive is "
      + "posted")
  void onlyASynchronousSend_waitsForItsReceive() {
    assertTrue(msg(SendMode.SYNCHRONOUS, SourceLocation.unknown()).synchronous());
    for (SendMode m : SendMode.values()) {
      if (m != SendMode.SYNCHRONOUS) {
        assertFalse(msg(m, SourceLocation.unknown()).synchronous(), m.toString());
      }
    }
  }

  @Test
  @SpecClause(source = "Message#hashInto", text = "The send's location is written too: a message never received is "
      + "reported with it")
  void twoMessagesSentFromDifferentStatements_haveDifferentFingerprints() {
    Hasher a = Hashing.murmur3_128().newHasher();
    msg(SendMode.STANDARD, new SourceLocation("a.yaml", 3, 5)).hashInto(a);
    Hasher b = Hashing.murmur3_128().newHasher();
    msg(SendMode.STANDARD, new SourceLocation("a.yaml", 4, 5)).hashInto(b);
    assertNotEquals(a.hash(), b.hash());
  }

  @Test
  @SpecClause(source = "MatchingEngine#postedReceives", text = "The posted receives in posting order (deadlock "
      + "reports)")
  void theEngine_listsItsPostedReceivesInPostingOrder() {
    MatchingEngine e = new MatchingEngine(WildcardPolicy.ANY, new BucketedPostedQueue(),
        new BucketedUnexpectedQueue());
    PostedReceive first = e.post(10, Envelopes.ANY, 1, 0, 4);
    PostedReceive second = e.post(11, 2, Envelopes.ANY, 0, 4);
    assertEquals(List.of(first, second), e.postedReceives());
  }

  @Test
  @SpecClause(source = "PostedReceiveQueue#lastSearchLength", text = "the count, or -1 when this implementation "
      + "does not search linearly")
  void theBucketedQueues_reportNoLinearSearch() {
    BucketedPostedQueue posted = new BucketedPostedQueue();
    posted.add(new PostedReceive(1, 0, 0, 0, 4, 0));
    posted.earliestMatching(0, 0, 0);
    assertEquals(-1, posted.lastSearchLength());
    BucketedUnexpectedQueue unexpected = new BucketedUnexpectedQueue();
    unexpected.add(msg(SendMode.STANDARD, SourceLocation.unknown()));
    unexpected.earliestFrom(0, 1, 7);
    assertEquals(-1, unexpected.lastSearchLength());
  }
}
