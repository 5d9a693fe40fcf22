package dev.matchpoint.mpi.rank;

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
 * The choice rule of the persistent-set closure ({@link PersistentSets}: "The first actor (in
 * canonical order) whose closure is a single actor wins; otherwise the smallest closure; otherwise
 * every enabled action") and the order in which starts are tried ({@code likelyConflicts}: links
 * carrying only replies or data, then threads about to make a call that touches no matching queue,
 * then other threads, then links carrying messages; enabled order within each), on hand-built
 * states where more than one actor is persistent alone, or none is. Each expected set is derived
 * in the test's comment from those rules and the objects each action touches ({@link ObjectIds}).
 */
class PersistentSetsChoiceTest {
  /**
   * A rendezvous send from rank 0 to rank 1 (its RTS delivered, rank 1's receive matched it and
   * answered with a CTS). The CTS on its way back (a link carrying only a reply: tried first)
   * writes rank 0's sending thread, blocked in MPI_Send and so not enabled: its closure gives up.
   * Next in order, rank 2's send to MPI_PROC_NULL (a call that touches no matching queue) writes
   * only its own thread: no other thread of rank 2 exists, no link into rank 2 may carry anything
   * (no thread sends to rank 2, and rank 2 sends nothing that replies could answer). Rank 0's second
   * thread, a receive from rank 2, comes last. So the persistent set is rank 2's step alone.
   */
  @Test
  @SpecClause(source = "Godefroid 1996, Def. 4.1", text = PERSISTENT)
  @SpecClause(source = "PersistentSets (class comment)", text = CLOSURE)
  @SpecClause(source = "PersistentSets (class comment)", text = CAUSAL)
  @SpecClause(source = "PersistentSets (class comment)", text = CHOICE)
  void aClearToSendToABlockedSender_givesUp_andTheNextSingletonWins() {
    Program local = program().send(procNull(), lit(0), lit(1), Datatype.INT).build();
    for (WildcardPolicy policy : WildcardPolicy.values()) {
      World w = world(policy, threads(send(SendMode.STANDARD, 1, 2048), recv(2)),
          threads(program().recv(lit(0), lit(0), lit(2048), Datatype.INT, null).build()), threads(local));
      w = after(w, step(0, 0), delivery(0, 1), step(1, 0));
      assertPersistentSet("a CTS on its way, " + policy, w, List.of(delivery(1, 0), step(0, 1), step(2, 0)),
          step(2, 0));
    }
  }

  /**
   * Two actors, each persistent alone: rank 0 about to make a call that touches its matching queues
   * (on rank 1, which never sends, or on MPI_PROC_NULL), rank 1 about to send to MPI_PROC_NULL (a
   * call that touches no matching queue). The search tries the threads whose call touches no
   * matching queue first ({@code likelyConflicts}), so the persistent set is rank 1's send, although
   * rank 0's call comes first in enabled order.
   */
  @Test
  @SpecClause(source = "PersistentSets (class comment)", text = CHOICE)
  @SpecClause(source = "PersistentSets.likelyConflicts", text = "How likely an actor's next action is to conflict with"
      + " others, to try the likely singletons first: 0 for links carrying only replies and data, 1 for threads about"
      + " to call something that touches no matching queue, 2 for other threads, 3 for links carrying messages")
  void aCallOnMatchingQueues_isTriedAfterALocalSend() {
    Program local = program().send(procNull(), lit(0), lit(1), Datatype.INT).build();
    List<Program> queueCalls = List.of(recv(1),
        program().irecv(lit(1), lit(0), lit(1), Datatype.INT, "r").build(),
        program().probe(procNull(), lit(0), null).build(),
        program().iprobe(lit(1), lit(0), "f", null).build(),
        program().mprobe(procNull(), lit(0), "m", null).build(),
        program().improbe(lit(1), lit(0), "f", "m", null).build(),
        program().call(new MpiOp.Sendrecv(procNull(), lit(0), lit(1), Datatype.INT, procNull(), lit(0), lit(1),
            Datatype.INT, MpiOp.WORLD, null)).build());
    for (Program call : queueCalls) {
      World w = world(WildcardPolicy.ANY, threads(call), threads(local));
      assertPersistentSet(call.body() + " beside a local send", w, List.of(step(0, 0), step(1, 0)), step(1, 0));
    }
  }

  /**
   * Rank 0 made a synchronous send to rank 1 and freed its request (MPI_Request_free: the thread
   * then ends); rank 1's receive matched it and its acknowledgement is on its way back. The ACK (a
   * link carrying only a reply: tried first) writes the head of 1->0 and the finished send's
   * objects at rank 0, where no thread runs any more and no link may carry anything else: it is
   * persistent alone, and it wins over rank 2's send to MPI_PROC_NULL (also alone, but tried after).
   */
  @Test
  @SpecClause(source = "Godefroid 1996, Def. 4.1", text = PERSISTENT)
  @SpecClause(source = "PersistentSets (class comment)", text = CLOSURE)
  @SpecClause(source = "PersistentSets (class comment)", text = CHOICE)
  void anAcknowledgementToAFinishedSender_isTriedFirst_andPersistentAlone() {
    Program freed = program().isend(SendMode.SYNCHRONOUS, lit(1), lit(0), lit(1), Datatype.INT, "s")
        .call(new MpiOp.RequestFree("s")).build();
    Program local = program().send(procNull(), lit(0), lit(1), Datatype.INT).build();
    for (WildcardPolicy policy : WildcardPolicy.values()) {
      World w = after(world(policy, threads(freed), threads(recv(0)), threads(local)), step(0, 0), step(0, 0),
          delivery(0, 1), step(1, 0));
      assertPersistentSet("an ACK to a finished sender, " + policy, w, List.of(delivery(1, 0), step(2, 0)),
          delivery(1, 0));
    }
  }

  /**
   * Rank 0 attaches a buffer while its second thread, blocked in a receive nobody answers, will
   * detach it: the attach conflicts with that blocked thread and gives up (the closure's futures
   * are then those of a set with no sender). Next, rank 1's send to rank 2 (a call on no matching
   * queue) writes rank 1's thread and the tail of 1->2; replies on 2->1 could only answer rank 1's
   * messages, and the one thread that may still send them is that send, now inside the set; rank 2's
   * receive touches only rank 2's objects. So the send is persistent alone: the futures of a set
   * that holds a sender are not those of a set that holds none.
   */
  @Test
  @SpecClause(source = "Godefroid 1996, Def. 4.1", text = PERSISTENT)
  @SpecClause(source = "PersistentSets (class comment)", text = CLOSURE)
  @SpecClause(source = "PersistentSets (class comment)", text = CAUSAL)
  @SpecClause(source = "PersistentSets (class comment)", text = CHOICE)
  void aSendTriedAfterAClosureThatGaveUp_isPersistentAlone() {
    Program attach = program().call(new MpiOp.BufferAttach(lit(64))).build();
    Program detach = program().recv(lit(2), lit(0), lit(1), Datatype.INT, null).call(new MpiOp.BufferDetach()).build();
    for (WildcardPolicy policy : WildcardPolicy.values()) {
      World w = after(world(policy, threads(attach, detach), threads(send(SendMode.STANDARD, 2, 1)),
          threads(recv(1))), step(0, 1));
      assertPersistentSet("a send after an attach that gave up, " + policy, w,
          List.of(step(0, 0), step(1, 0), step(2, 0)), step(1, 0));
    }
  }

  /**
   * No actor is persistent alone, and the smallest closure wins ("otherwise the smallest closure").
   * Rank 2 attaches a buffer while its second thread, blocked in a receive nobody answers, will
   * detach it: the attach (tried first) gives up. Rank 0's eager message to rank 1 is on its way and
   * rank 1 is about to look at it with MPI_Iprobe: the probe reads the queue the arriving message
   * writes, so its closure is the probe and the link 0->1, and nothing else (rank 2 touches none of
   * their objects, no other link into rank 1 may carry anything). The link's closure, tried last, is
   * no smaller. So the persistent set is the probe's and the delivery's actions.
   */
  @Test
  @SpecClause(source = "Godefroid 1996, Def. 4.1", text = PERSISTENT)
  @SpecClause(source = "PersistentSets (class comment)", text = CLOSURE)
  @SpecClause(source = "PersistentSets (class comment)", text = "The first actor (in canonical order) whose closure is"
      + " a single actor wins; otherwise the smallest closure; otherwise every enabled action")
  void aProbeAndTheMessageItMaySee_formTheSmallestClosure() {
    Program looking = program().iprobe(lit(0), lit(0), "f", null).mprobe(lit(0), lit(0), "m", null)
        .mrecv("m", lit(1), Datatype.INT, null).build();
    Program attach = program().call(new MpiOp.BufferAttach(lit(64))).build();
    Program detach = program().recv(lit(0), lit(7), lit(1), Datatype.INT, null).call(new MpiOp.BufferDetach()).build();
    for (WildcardPolicy policy : WildcardPolicy.values()) {
      World w = after(world(policy, threads(send(SendMode.STANDARD, 1, 1)), threads(looking), threads(attach, detach)),
          step(2, 1), step(0, 0));
      assertPersistentSet("a probe and a message, " + policy, w, List.of(delivery(0, 1), step(1, 0), step(2, 0)),
          step(1, 0).or(delivery(0, 1)));
    }
  }

  /**
   * Two threads of rank 0 about to receive from rank 1 (which never sends) both write rank 0's
   * posted receive queue and take from the same queue: each one's closure holds the other, and
   * nothing else. Rank 2 attaches a buffer that its second thread, blocked in a receive nobody
   * answers, will detach: that closure (tried first) gives up. So the persistent set is the two
   * receives, the smallest closure.
   */
  @Test
  @SpecClause(source = "Godefroid 1996, Def. 4.1", text = PERSISTENT)
  @SpecClause(source = "PersistentSets (class comment)", text = CLOSURE)
  @SpecClause(source = "PersistentSets (class comment)", text = "The first actor (in canonical order) whose closure is"
      + " a single actor wins; otherwise the smallest closure; otherwise every enabled action")
  void twoReceivesFromOneSource_formTheSmallestClosure() {
    Program attach = program().call(new MpiOp.BufferAttach(lit(64))).build();
    Program detach = program().recv(lit(0), lit(7), lit(1), Datatype.INT, null).call(new MpiOp.BufferDetach()).build();
    for (WildcardPolicy policy : WildcardPolicy.values()) {
      World w = after(world(policy, threads(recv(1), recv(1)), threads(program().build()), threads(attach, detach)),
          step(2, 1));
      assertPersistentSet("two receives from one source, " + policy, w, List.of(step(0, 0), step(0, 1), step(2, 0)),
          step(0, 0).or(step(0, 1)));
    }
  }

  /**
   * Rank 0's eager message to rank 2 (which has no thread) is on its way, and rank 1 is about to
   * send to MPI_PROC_NULL: each is persistent alone, and links carrying messages are tried last
   * ({@code likelyConflicts}), so the persistent set is rank 1's send.
   */
  @Test
  @SpecClause(source = "PersistentSets (class comment)", text = CHOICE)
  @SpecClause(source = "PersistentSets.likelyConflicts", text = "How likely an actor's next action is to conflict with"
      + " others, to try the likely singletons first: 0 for links carrying only replies and data, 1 for threads about"
      + " to call something that touches no matching queue, 2 for other threads, 3 for links carrying messages")
  void aLinkCarryingAMessage_isTriedAfterALocalSend() {
    Program local = program().send(procNull(), lit(0), lit(1), Datatype.INT).build();
    for (WildcardPolicy policy : WildcardPolicy.values()) {
      World w = after(world(policy, threads(send(SendMode.STANDARD, 2, 1)), threads(local), threads(program().build())),
          step(0, 0));
      assertPersistentSet("a message beside a local send, " + policy, w, List.of(delivery(0, 2), step(1, 0)),
          step(1, 0));
    }
  }
}
