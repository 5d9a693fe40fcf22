package dev.matchpoint.mpi.match;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.WildcardPolicy;
import dev.matchpoint.mpi.program.SourceLocation;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The engine's rules, each with its source. */
class MatchingEngineTest {
  private static MatchingEngine engine(WildcardPolicy p) {
    return new MatchingEngine(p, new ReferencePostedQueue(), new ReferenceUnexpectedQueue());
  }

  private static Message msg(int source, int tag, int context, long seq) {
    return new Message(source, tag, context, seq, 4, Datatype.INT, false,
        SendMode.STANDARD, 0, SourceLocation.unknown(), 0);
  }

  private static List<Long> arriveAll(MatchingEngine e, Message... ms) {
    List<Long> released = new ArrayList<>();
    for (Message m : ms) {
      e.arrive(m, r -> {
        released.add(r.key());
        e.matchArrival(r);
      });
    }
    return released;
  }

  @Test
  @SpecClause(source = "seed 004", text = "On AM platforms without ordered delivery, a sequence number would have to "
      + "be added to each store and request message to ensure ordering.")
  void arrive_outOfSequence_isHeldBackUntilItsPredecessorArrives_seed004() {
    // seed 004: "a sequence number would have to be added to each store ... to ensure ordering".
    MatchingEngine e = engine(WildcardPolicy.ANY);
    List<Long> released = arriveAll(e, msg(1, 0, 0, 2), msg(1, 0, 0, 1), msg(2, 0, 0, 0), msg(1, 0, 0, 0));
    assertEquals(List.of(MessageIds.key(2, 0, 0), MessageIds.key(1, 0, 0), MessageIds.key(1, 0, 1),
        MessageIds.key(1, 0, 2)), released);
    assertThrows(IllegalStateException.class, () -> e.arrive(msg(1, 0, 0, 1), m -> { }));
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.5", text = "Messages are non-overtaking: If a sender sends two messages in "
      + "succession to the same destination, and both match the same receive, then this operation cannot receive the "
      + "second message if the first one is still pending.")
  void select_specificSource_takesThatSourcesEarliestMatch_nonOvertaking() {
    // MPI-3.1 §3.5: messages from one sender that match the same receive are received in send order.
    MatchingEngine e = engine(WildcardPolicy.ANY);
    arriveAll(e, msg(1, 5, 0, 0), msg(1, 7, 0, 1), msg(1, 7, 0, 2));
    assertEquals(MessageIds.key(1, 0, 1), e.select(1, 7, 0, -1, true).key());
    assertEquals(MessageIds.key(1, 0, 0), e.select(1, Envelopes.ANY, 0, -1, true).key());
    assertNull(e.select(1, 9, 0, -1, true));
  }

  @Test
  @SpecClause(source = "DESIGN §4", text = "Envelope = (source, tag, context id). A receive pattern may use "
      + "MPI_ANY_SOURCE / MPI_ANY_TAG; the context is never a wildcard.")
  void select_neverCrossesContexts() {
    // MPI-3.1 §3.2.4: the context of a receive is never a wildcard.
    MatchingEngine e = engine(WildcardPolicy.ARRIVAL);
    arriveAll(e, msg(1, 0, 1, 0));
    assertNull(e.select(Envelopes.ANY, Envelopes.ANY, 0, -1, true));
    assertEquals(1, e.select(Envelopes.ANY, Envelopes.ANY, 1, -1, true).context());
  }

  @Test
  @SpecClause(source = "MPI-3.1 §3.5", text = "If a receiver posts two receives in succession, and both match the "
      + "same message, then the second receive operation cannot be satisfied by this message, if the first one is "
      + "still pending.")
  void matchArrival_takesTheEarliestPostedMatchingReceive() {
    // MPI-3.1 §3.5 "Order": receives are ordered too; an arriving message matches the first.
    MatchingEngine e = engine(WildcardPolicy.ANY);
    e.post(10, 3, 0, 0, 8);
    e.post(11, Envelopes.ANY, 0, 0, 8);
    e.post(12, 1, 0, 0, 8);
    e.post(13, 1, Envelopes.ANY, 0, 8);
    assertEquals(11, e.matchArrival(msg(1, 0, 0, 0).withArrivalStamp(0)).requestId());
    assertEquals(12, e.matchArrival(msg(1, 0, 0, 1).withArrivalStamp(1)).requestId());
    assertEquals(13, e.matchArrival(msg(1, 4, 0, 2).withArrivalStamp(2)).requestId());
    assertNull(e.matchArrival(msg(2, 0, 0, 0).withArrivalStamp(3)));
    assertEquals(1, e.unexpectedDepth());
  }

  @Test
  @SpecClause(source = "DESIGN §4", text = "With MPI_ANY_SOURCE the standard only fixes the order *within* each "
      + "source (no fairness, no arrival order across sources): any source's earliest matching message may be chosen.")
  void wildcardPolicies_chooseAsDocumented() {
    // DESIGN §4: any = every source's earliest message is permitted; arrival = earliest arrival;
    // round-robin = first source after the last wildcard-matched one (Open MPI ob1, tested below).
    for (WildcardPolicy p : WildcardPolicy.values()) {
      MatchingEngine e = engine(p);
      arriveAll(e, msg(2, 0, 0, 0), msg(0, 0, 0, 0), msg(1, 0, 0, 0), msg(0, 0, 0, 1));
      assertArrayEquals(new int[] {0, 1, 2}, e.wildcardSources(Envelopes.ANY, 0));
      switch (p) {
        case ARRIVAL -> assertEquals(2, e.select(Envelopes.ANY, 0, 0, -1, true).source());
        case ANY -> {
          assertEquals(1, e.select(Envelopes.ANY, 0, 0, 1, true).source());
          assertEquals(0, e.select(Envelopes.ANY, 0, 0, 0, true).seq());
        }
        case ROUND_ROBIN -> {
          Message first = e.select(Envelopes.ANY, 0, 0, -1, true);
          assertEquals(1, first.source(), "ob1's pointer starts at 0, so its first scan starts at source 1");
          e.takeUnexpected(first);
          assertEquals(2, e.select(Envelopes.ANY, 0, 0, -1, true).source(), "probing advances the pointer too");
          assertEquals(0, e.select(Envelopes.ANY, 0, 0, -1, true).source(), "and wraps around");
          assertEquals(2, e.select(Envelopes.ANY, 0, 0, -1, true).source(), "source 1 has no message left");
        }
      }
    }
  }

  @Test
  @SpecClause(source = "Open MPI 4.1 ompi/mca/pml/ob1/pml_ob1_recvreq.c, recv_req_match_wild",
      text = "In order to avoid starvation do this in a round-robin fashion.")
  void roundRobin_isOb1sScan_fromLastProbedPlusOne_startingAtZero_perCommunicator() {
    // ob1: comm->last_probed starts at 0 (pml_ob1_comm.c); a wildcard match scans the per-source
    // queues from last_probed + 1 to the end, then from 0 to last_probed, and sets last_probed to
    // the source it matched. The pointer belongs to the communicator (its context id here).
    MatchingEngine e = engine(WildcardPolicy.ROUND_ROBIN);
    arriveAll(e, msg(0, 0, 0, 0), msg(0, 0, 0, 1), msg(2, 0, 0, 0), msg(0, 0, 1, 0), msg(2, 0, 1, 0));
    assertEquals(2, e.select(Envelopes.ANY, 0, 0, -1, true).source(), "scan 1, 2: source 2");
    assertEquals(0, e.select(Envelopes.ANY, 0, 0, -1, true).source(), "scan 3.., wrap to 0");
    assertEquals(2, e.select(Envelopes.ANY, 0, 1, -1, true).source(), "another communicator's pointer is still 0");
    assertEquals(2, e.select(Envelopes.ANY, 0, 0, -1, true).source(), "scan 1, 2 again");
    MatchingEngine single = engine(WildcardPolicy.ROUND_ROBIN);
    arriveAll(single, msg(0, 0, 0, 0));
    assertEquals(0, single.select(Envelopes.ANY, 0, 0, -1, true).source(), "the scan wraps to source 0");
  }

  @Test
  @SpecClause(source = "Open MPI 4.1 ompi/mca/pml/ob1/pml_ob1_recvfrag.c, mca_pml_ob1_recv_frag_match",
      text = "This routine is used to try and match a newly arrived message fragment to pre-posted receives.")
  void roundRobin_anArrivalMatchingAPostedAnySourceReceive_leavesThePointerAlone() {
    // ob1 matches an arriving fragment against the posted receives (match_incomming) without
    // reading or writing last_probed: only a receive or probe that searches the unexpected
    // queues with MPI_ANY_SOURCE moves it.
    MatchingEngine e = engine(WildcardPolicy.ROUND_ROBIN);
    e.post(10, Envelopes.ANY, 0, 0, 8);
    arriveAll(e, msg(2, 0, 0, 0));
    assertEquals(0, e.unexpectedDepth(), "the arrival matched the posted receive");
    arriveAll(e, msg(0, 0, 0, 0), msg(1, 0, 0, 0), msg(2, 0, 0, 1));
    assertEquals(1, e.select(Envelopes.ANY, 0, 0, -1, true).source(),
        "the pointer is still 0: had the arrival moved it to 2, the scan would take source 0");
  }

  @Test
  @SpecClause(source = "Open MPI 4.1 ompi/mca/pml/ob1/pml_ob1_recvreq.c, recv_req_match_wild",
      text = "In order to avoid starvation do this in a round-robin fashion.")
  void roundRobin_aLookWithoutCommit_leavesThePointer_andEachCommunicatorKeepsItsOwn() {
    MatchingEngine e = engine(WildcardPolicy.ROUND_ROBIN);
    arriveAll(e, msg(0, 0, 0, 0), msg(2, 0, 0, 0), msg(0, 0, 1, 0), msg(1, 0, 1, 0), msg(2, 0, 1, 0));
    assertEquals(2, e.select(Envelopes.ANY, 0, 0, -1, true).source(), "context 0's pointer moves to 2");
    assertEquals(1, e.select(Envelopes.ANY, 0, 1, -1, true).source(), "context 1's pointer moves to 1");
    assertEquals(0, e.select(Envelopes.ANY, 0, 0, -1, false).source(), "a look (no commit) wraps to 0 ...");
    assertEquals(0, e.select(Envelopes.ANY, 0, 0, -1, true).source(), "... and left the pointer at 2");
    assertEquals(2, e.select(Envelopes.ANY, 0, 0, -1, true).source(), "context 0's pointer went back to 0");
    assertEquals(2, e.select(Envelopes.ANY, 0, 1, -1, true).source(), "context 1's pointer is still 1");
  }

  @Test
  @SpecClause(source = "DESIGN §5", text = "Exhaustive means exhaustive: every model decision reads only state the "
      + "search can see (what the state fingerprint covers)")
  void select_anySourceUnderAny_withSeveralSources_refusesToDecideWithoutTheCallersChoice() {
    // Under any, the state fingerprint keeps each source's messages but not the arrival order across
    // sources, so the engine must never fall back on arrival order: the caller brings the choice.
    MatchingEngine e = engine(WildcardPolicy.ANY);
    arriveAll(e, msg(1, 0, 0, 0), msg(0, 0, 0, 0));
    assertThrows(IllegalStateException.class, () -> e.select(Envelopes.ANY, 0, 0, -1, true));
    assertThrows(IllegalStateException.class, () -> e.select(Envelopes.ANY, 0, 0, 2, true));
    assertEquals(1, e.select(Envelopes.ANY, 0, 0, 1, true).source());
    e.takeUnexpected(e.select(Envelopes.ANY, 0, 0, 0, true));
    assertEquals(1, e.select(Envelopes.ANY, 0, 0, -1, true).source(), "one source left: no choice to make");
  }

  @Test
  void copy_evolvesIndependently() {
    MatchingEngine e = engine(WildcardPolicy.ANY);
    arriveAll(e, msg(1, 0, 0, 0));
    MatchingEngine c = e.copy();
    c.takeUnexpected(c.select(1, 0, 0, -1, true));
    assertEquals(1, e.unexpectedDepth());
    assertEquals(0, c.unexpectedDepth());
  }
}
