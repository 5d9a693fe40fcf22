package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.anySource;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.procNull;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static dev.matchpoint.mpi.rank.PersistentSetsStates.CAUSAL;
import static dev.matchpoint.mpi.rank.PersistentSetsStates.CHOICE;
import static dev.matchpoint.mpi.rank.PersistentSetsStates.CLOSURE;
import static dev.matchpoint.mpi.rank.PersistentSetsStates.PERSISTENT;
import static dev.matchpoint.mpi.rank.PersistentSetsStates.after;
import static dev.matchpoint.mpi.rank.PersistentSetsStates.assertPersistentSet;
import static dev.matchpoint.mpi.rank.PersistentSetsStates.delivery;
import static dev.matchpoint.mpi.rank.PersistentSetsStates.recv;
import static dev.matchpoint.mpi.rank.PersistentSetsStates.send;
import static dev.matchpoint.mpi.rank.PersistentSetsStates.step;
import static dev.matchpoint.mpi.rank.PersistentSetsStates.threads;
import static dev.matchpoint.mpi.rank.PersistentSetsStates.world;

import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.WildcardPolicy;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Precision of the persistent-set closure ({@link PersistentSets}): in hand-built states whose
 * enabled actors touch no common object on any path (different ranks, no link that carries or may
 * still carry anything between them, no queue one of them takes from while the other's peer sends
 * to it), the closure of the first actor tried is that actor alone, so by the choice rule the
 * persistent set is exactly its actions. The first actor tried follows the documented search order
 * ({@code likelyConflicts}: links carrying only replies or data, then threads about to make a call
 * that touches no matching queue, then other threads, then links carrying messages; enabled order
 * within each). Each expected set below is derived from those rules and the objects each call
 * touches ({@link ObjectIds}); a closure that over-approximates (an actor said to touch an object it
 * cannot reach, a link said to carry traffic it cannot) adds an actor, or gives up, and the set
 * changes: still persistent, but a reduction the rule promises is lost.
 */class PersistentSetsPrecisionTest {
  /**
   * Rank 0 sends one eager message to rank 1, which receives it. The send (a call that touches no
   * matching queue: tried first) writes rank 0's thread and the tail of 0->1; the only other actor,
   * rank 1's receive, touches rank 1's objects, and no link into rank 0 may carry anything: the
   * replies 1->0 could carry exist only for messages 0->1, and the one thread that may still send
   * them is the send itself, inside the set. So the send alone is persistent.
   */
  @Test
  @SpecClause(source = "Godefroid 1996, Def. 4.1", text = PERSISTENT)
  @SpecClause(source = "PersistentSets (class comment)", text = CLOSURE)
  @SpecClause(source = "PersistentSets (class comment)", text = CAUSAL)
  @SpecClause(source = "PersistentSets (class comment)", text = CHOICE)
  void aSendBesideItsReceive_isPersistentAlone() {
    for (WildcardPolicy policy : WildcardPolicy.values()) {
      for (SendMode mode : List.of(SendMode.STANDARD, SendMode.SYNCHRONOUS)) {
        World w = world(policy, threads(send(mode, 1, 1)), threads(recv(0)));
        assertPersistentSet("send " + mode + " beside its receive, " + policy, w, List.of(step(0, 0), step(1, 0)),
            step(0, 0));
      }
    }
  }

  /**
   * Rank 0 receives from rank 1 (or from MPI_ANY_SOURCE) and rank 1 from rank 0, and no rank sends:
   * both receives are tried in enabled order, and the first touches only rank 0's queues, posted
   * receive queue and thread, which no link may write (nothing is on its way to rank 0 and no thread
   * may send to it) and no thread of rank 1 touches.
   */
  @Test
  @SpecClause(source = "Godefroid 1996, Def. 4.1", text = PERSISTENT)
  @SpecClause(source = "PersistentSets (class comment)", text = CLOSURE)
  @SpecClause(source = "PersistentSets (class comment)", text = CAUSAL)
  @SpecClause(source = "PersistentSets (class comment)", text = CHOICE)
  void receivesFromRanksThatNeverSend_arePersistentAlone() {
    for (WildcardPolicy policy : WildcardPolicy.values()) {
      World specific = world(policy, threads(recv(1)), threads(recv(0)));
      assertPersistentSet("two receives, " + policy, specific, List.of(step(0, 0), step(1, 0)), step(0, 0));
      World wildcard = world(policy,
          threads(program().recv(anySource(), lit(0), lit(1), Datatype.INT, null).build()), threads(recv(0)));
      assertPersistentSet("a wildcard receive, " + policy, wildcard, List.of(step(0, 0), step(1, 0)), step(0, 0));
      World wildcards = world(policy,
          threads(program().recv(anySource(), lit(0), lit(1), Datatype.INT, null).build()),
          threads(program().recv(anySource(), lit(0), lit(1), Datatype.INT, null).build()));
      assertPersistentSet("two wildcard receives, " + policy, wildcards, List.of(step(0, 0), step(1, 0)), step(0, 0));
      World probes = world(policy, threads(program().iprobe(anySource(), lit(0), "f", null).build()),
          threads(program().iprobe(anySource(), lit(0), "f", null).build()));
      assertPersistentSet("two wildcard probes, " + policy, probes, List.of(step(0, 0), step(1, 0)), step(0, 0));
    }
  }

  /**
   * Three ranks: rank 1 makes a ready send to rank 2 (it reads rank 2's posted receive queue and
   * writes its own thread and the tail of 1->2); rank 0 receives from rank 2 and rank 2 sends to
   * MPI_PROC_NULL, neither of which sends or posts a receive at rank 2 or reads rank 1's objects. The
   * ready send (a call that touches no matching queue, first in enabled order among those) is
   * persistent alone.
   */
  @Test
  @SpecClause(source = "Godefroid 1996, Def. 4.1", text = PERSISTENT)
  @SpecClause(source = "PersistentSets (class comment)", text = CLOSURE)
  @SpecClause(source = "PersistentSets (class comment)", text = CHOICE)
  void aReadySendBesideRanksThatPostNothingAtItsDestination_isPersistentAlone() {
    Program local = program().send(procNull(), lit(0), lit(1), Datatype.INT).build();
    for (WildcardPolicy policy : WildcardPolicy.values()) {
      World w = world(policy, threads(recv(2)), threads(send(SendMode.READY, 2, 1)), threads(local));
      assertPersistentSet("a ready send, " + policy, w, List.of(step(0, 0), step(1, 0), step(2, 0)), step(1, 0));
    }
  }

  /**
   * Rank 0's eager message to rank 1 is on its way; rank 1's first thread will look at it only with
   * MPI_Iprobe and take it with a matched probe (it never posts a receive), its second thread sends
   * to MPI_PROC_NULL. That send (a call that touches no matching queue: tried first) writes only its
   * own thread; the link 0->1 carries a message, which writes a thread of rank 1 only by matching a
   * posted receive (none is posted and none may be), and carries no DATA or replies. So the send is
   * persistent alone.
   */
  @Test
  @SpecClause(source = "Godefroid 1996, Def. 4.1", text = PERSISTENT)
  @SpecClause(source = "PersistentSets (class comment)", text = CLOSURE)
  @SpecClause(source = "PersistentSets (class comment)", text = CAUSAL)
  @SpecClause(source = "PersistentSets (class comment)", text = CHOICE)
  void aLocalSendBesideAMessageNoReceiveWillMatch_isPersistentAlone() {
    Program local = program().send(procNull(), lit(0), lit(1), Datatype.INT).build();
    Program looking = program().iprobe(lit(0), lit(0), "f", null).mprobe(lit(0), lit(0), "m", null)
        .mrecv("m", lit(1), Datatype.INT, null).build();
    for (WildcardPolicy policy : WildcardPolicy.values()) {
      World w = after(world(policy, threads(send(SendMode.STANDARD, 1, 1)), threads(looking, local)), step(0, 0));
      assertPersistentSet("a local send beside a message, " + policy, w,
          List.of(delivery(0, 1), step(1, 0), step(1, 1)), step(1, 1));
    }
  }

  /**
   * Rank 0's first thread sends to rank 1 (writing the tail of 0->1), its second thread receives
   * from rank 1, and rank 1 only receives. A receive writes the tail back to a source only to reply
   * (CTS, ACK, credit) to messages from that source, and rank 1 never sends to rank 0: so the
   * receive does not touch the tail 0->1, and the send is persistent alone.
   */
  @Test
  @SpecClause(source = "Godefroid 1996, Def. 4.1", text = PERSISTENT)
  @SpecClause(source = "PersistentSets (class comment)", text = CLOSURE)
  @SpecClause(source = "PersistentSets (class comment)", text = "a receive's reply goes only to sources whose messages"
      + " may still reach it")
  @SpecClause(source = "PersistentSets (class comment)", text = CHOICE)
  void aSendBesideAReceiveFromAPeerThatNeverSends_isPersistentAlone() {
    for (WildcardPolicy policy : WildcardPolicy.values()) {
      World w = world(policy, threads(send(SendMode.STANDARD, 1, 1), recv(1)), threads(recv(0)));
      assertPersistentSet("a send beside a receive from a silent peer, " + policy, w,
          List.of(step(0, 0), step(0, 1), step(1, 0)), step(0, 0));
    }
  }

  /**
   * Two threads of rank 0 probe rank 1, which never sends: probes only read the queue, and two
   * reads do not conflict, so the first probe is persistent alone.
   */
  @Test
  @SpecClause(source = "Godefroid 1996, Def. 4.1", text = PERSISTENT)
  @SpecClause(source = "PersistentSets (class comment)", text = CLOSURE)
  @SpecClause(source = "PersistentSets (class comment)", text = CHOICE)
  void twoProbesOfOneQueue_eachPersistentAlone() {
    Program probe = program().iprobe(lit(1), lit(0), "f", null).build();
    for (WildcardPolicy policy : WildcardPolicy.values()) {
      World w = world(policy, threads(probe, probe), threads(recv(0)));
      assertPersistentSet("two probes of one queue, " + policy, w, List.of(step(0, 0), step(0, 1), step(1, 0)),
          step(0, 0));
    }
  }

  /**
   * Three ranks: rank 0's eager message to rank 2 is on its way, rank 1 is about to make a ready
   * send to rank 2, and rank 2 only probes rank 0 (it posts no receive). The ready send reads rank
   * 2's posted receive queue, which the arriving message only reads too (no receive is or may be
   * posted there for it to match and remove), and writes rank 1's thread and the tail of 1->2,
   * which neither the link 0->2 nor rank 2's probe touches. So the ready send is persistent alone.
   */
  @Test
  @SpecClause(source = "Godefroid 1996, Def. 4.1", text = PERSISTENT)
  @SpecClause(source = "PersistentSets (class comment)", text = CLOSURE)
  @SpecClause(source = "PersistentSets (class comment)", text = CAUSAL)
  @SpecClause(source = "PersistentSets (class comment)", text = CHOICE)
  void aReadySendBesideAMessageToItsDestination_isPersistentAlone() {
    for (WildcardPolicy policy : WildcardPolicy.values()) {
      World w = after(world(policy, threads(send(SendMode.STANDARD, 2, 1)), threads(send(SendMode.READY, 2, 1)),
          threads(program().iprobe(lit(0), lit(0), "f", null).build())), step(0, 0));
      assertPersistentSet("a ready send beside a message, " + policy, w,
          List.of(delivery(0, 2), step(1, 0), step(2, 0)), step(1, 0));
    }
  }

  /**
   * Rank 1's eager message waits at rank 0 (delivered, unexpected); rank 0's wildcard receive is
   * about to take it (under the round-robin policy it also moves rank 0's round-robin pointer), and
   * rank 2 posts a wildcard receive that nothing will ever match. Wildcard matches at rank 2 move
   * only rank 2's pointer and take only rank 2's messages: the receive at rank 0 is persistent alone.
   */
  @Test
  @SpecClause(source = "Godefroid 1996, Def. 4.1", text = PERSISTENT)
  @SpecClause(source = "PersistentSets (class comment)", text = CLOSURE)
  @SpecClause(source = "PersistentSets (class comment)", text = CHOICE)
  void aWildcardReceiveTakingAWaitingMessage_besideAWildcardReceiveElsewhere_isPersistentAlone() {
    Program wildcard = program().recv(anySource(), lit(0), lit(1), Datatype.INT, null).build();
    for (WildcardPolicy policy : WildcardPolicy.values()) {
      World w = after(world(policy, threads(wildcard), threads(send(SendMode.STANDARD, 0, 1)), threads(wildcard)),
          step(1, 0), delivery(1, 0));
      assertPersistentSet("a wildcard receive taking a message, " + policy, w, List.of(step(0, 0), step(2, 0)),
          step(0, 0));
    }
  }

  /**
   * Rank 0's nonblocking synchronous send to rank 1 (eager: small) is on its way and its request
   * is not complete (it waits for the acknowledgement); rank 1's first thread will look at the message with MPI_Iprobe and take it with a
   * matched probe (no receive is posted), its second thread sends to MPI_PROC_NULL. The wait is tried
   * first but gives up: it is blocked until the acknowledgement comes back. The
   * local send is next: the link 0->1 carries a message but no DATA (the send is eager, not a
   * rendezvous awaiting its CTS), no replies (rank 1 never sends to rank 0), and nothing that a posted
   * receive would take, so it writes no thread of rank 1: the local send is persistent alone.
   */
  @Test
  @SpecClause(source = "Godefroid 1996, Def. 4.1", text = PERSISTENT)
  @SpecClause(source = "PersistentSets (class comment)", text = CLOSURE)
  @SpecClause(source = "PersistentSets (class comment)", text = CAUSAL)
  @SpecClause(source = "PersistentSets (class comment)", text = CHOICE)
  void aLocalSendBesideAnEagerMessageWhoseRequestIsOpen_isPersistentAlone() {
    Program open = program().isend(SendMode.SYNCHRONOUS, lit(1), lit(0), lit(1), Datatype.INT, "s")
        .waitFor("s", null).build();
    Program looking = program().iprobe(lit(0), lit(0), "f", null).mprobe(lit(0), lit(0), "m", null)
        .mrecv("m", lit(1), Datatype.INT, null).build();
    Program local = program().send(procNull(), lit(0), lit(1), Datatype.INT).build();
    for (WildcardPolicy policy : WildcardPolicy.values()) {
      World w = after(world(policy, threads(open), threads(looking, local)), step(0, 0));
      assertPersistentSet("a local send beside an open eager send, " + policy, w,
          List.of(step(0, 0), delivery(0, 1), step(1, 0), step(1, 1)), step(1, 1));
    }
  }

  /**
   * Ranks 0 and 1 each sent one eager message to rank 2, which posts no receive: both are on their
   * way. Each arrival writes its link's head and its source's queue at rank 2 and reads rank 2's
   * posted receive queue, where no receive is or may be posted. Under the {@code any} and
   * {@code round-robin} policies each source has its own queue ({@link ObjectIds}: "under the any
   * policy two messages from different sources arriving at a rank with no posted receive commute"),
   * so the first arrival is persistent alone; under {@code arrival} every source's messages share
   * one queue, the two arrivals conflict, and the set is both.
   */
  @Test
  @SpecClause(source = "Godefroid 1996, Def. 4.1", text = PERSISTENT)
  @SpecClause(source = "PersistentSets (class comment)", text = CLOSURE)
  @SpecClause(source = "ObjectIds (class comment)", text = "under the any policy two messages from different sources"
      + " arriving at a rank with no posted receive commute")
  void twoArrivalsFromDifferentSources_commuteUnlessTheArrivalOrderMatters() {
    for (WildcardPolicy policy : WildcardPolicy.values()) {
      World w = after(world(policy, threads(send(SendMode.STANDARD, 2, 1)), threads(send(SendMode.STANDARD, 2, 1)),
          threads(program().build())), step(0, 0), step(1, 0));
      assertPersistentSet("two arrivals, " + policy, w, List.of(delivery(0, 2), delivery(1, 2)),
          policy == WildcardPolicy.ARRIVAL ? delivery(0, 2).or(delivery(1, 2)) : delivery(0, 2));
    }
  }

  /**
   * Rank 1's first thread is about to run an MPI_Sendrecv with MPI_PROC_NULL on both sides (its two
   * halves and its thread: rank 1's objects only); rank 0's eager message to rank 1 is on its way,
   * and rank 1's second thread will take it with a matched probe (blocked until it arrives; it posts
   * no receive). The arriving
   * message writes a thread or Sendrecv half of rank 1 only by matching a posted receive, and none
   * may be posted outside the set; it carries no DATA and no replies. So the Sendrecv (first in
   * enabled order among the calls on matching queues) is persistent alone.
   */
  @Test
  @SpecClause(source = "Godefroid 1996, Def. 4.1", text = PERSISTENT)
  @SpecClause(source = "PersistentSets (class comment)", text = CLOSURE)
  @SpecClause(source = "PersistentSets (class comment)", text = CAUSAL)
  @SpecClause(source = "MPI-3.1 §3.11", text = "A receive from MPI_PROC_NULL succeeds and returns as soon as possible")
  void aProcNullSendrecvBesideAMessageToItsRank_isPersistentAlone() {
    Program exchange = program().call(new MpiOp.Sendrecv(procNull(), lit(0), lit(1), Datatype.INT, procNull(), lit(0),
        lit(1), Datatype.INT, MpiOp.WORLD, null)).build();
    Program taking = program().mprobe(lit(0), lit(0), "m", null).mrecv("m", lit(1), Datatype.INT, null).build();
    for (WildcardPolicy policy : WildcardPolicy.values()) {
      World w = after(world(policy, threads(send(SendMode.STANDARD, 1, 1)), threads(exchange, taking)), step(0, 0));
      assertPersistentSet("a Sendrecv beside a message, " + policy, w,
          List.of(delivery(0, 1), step(1, 0)), step(1, 0));
    }
  }

  /**
   * Rank 0's eager message to rank 1 is on its way (rank 0 then ends); rank 1 posts no receive and
   * is about to send to rank 0 (writing its thread and the tail of 1->0). An arriving message writes
   * the tail back to its source only through a matched receive's reply, and no receive is or may be
   * posted at rank 1 outside the set; the link carries no DATA and no replies. So the send is
   * persistent alone, and it is tried before the link.
   */
  @Test
  @SpecClause(source = "Godefroid 1996, Def. 4.1", text = PERSISTENT)
  @SpecClause(source = "PersistentSets (class comment)", text = CLOSURE)
  @SpecClause(source = "PersistentSets (class comment)", text = CAUSAL)
  @SpecClause(source = "PersistentSets (class comment)", text = CHOICE)
  void aSendBackAgainstAMessageOnItsWay_isPersistentAlone() {
    for (WildcardPolicy policy : WildcardPolicy.values()) {
      World w = after(world(policy, threads(send(SendMode.STANDARD, 1, 1)), threads(send(SendMode.STANDARD, 0, 1))),
          step(0, 0));
      assertPersistentSet("a send back against a message, " + policy, w, List.of(delivery(0, 1), step(1, 0)),
          step(1, 0));
    }
  }

  /**
   * A thread about to send to MPI_PROC_NULL whose later calls post a receive (from rank 2, which
   * never sends) or send (to rank 2): those later calls are its own future, not on any path that
   * avoids it, so once it is in the set they neither make the message on its way to its rank match
   * a receive nor make replies come back to it. In the first world rank 0's eager message to rank 1
   * is on its way; in the second rank 2 is about to receive from rank 1. In both the local send is
   * persistent alone.
   */
  @Test
  @SpecClause(source = "Godefroid 1996, Def. 4.1", text = PERSISTENT)
  @SpecClause(source = "PersistentSets (class comment)", text = CLOSURE)
  @SpecClause(source = "PersistentSets (class comment)", text = CAUSAL)
  @SpecClause(source = "PersistentSets (class comment)", text = CHOICE)
  void aThreadsOwnLaterCalls_doNotConflictWithIt() {
    for (WildcardPolicy policy : WildcardPolicy.values()) {
      Program thenPosts = program().send(procNull(), lit(0), lit(1), Datatype.INT)
          .recv(lit(2), lit(0), lit(1), Datatype.INT, null).build();
      World posts = after(world(policy, threads(send(SendMode.STANDARD, 1, 1)), threads(thenPosts),
          threads(program().build())), step(0, 0));
      assertPersistentSet("a local send that later posts, " + policy, posts, List.of(delivery(0, 1), step(1, 0)),
          step(1, 0));
      Program thenSends = program().send(procNull(), lit(0), lit(1), Datatype.INT)
          .send(lit(2), lit(0), lit(1), Datatype.INT).build();
      World sends = world(policy, threads(program().build()), threads(thenSends), threads(recv(1)));
      assertPersistentSet("a local send that later sends, " + policy, sends, List.of(step(1, 0), step(2, 0)),
          step(1, 0));
    }
  }
}
