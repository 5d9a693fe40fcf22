package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.anySource;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.procNull;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.WildcardPolicy;
import dev.matchpoint.mpi.check.Checks;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.trace.TraceSink;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
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
 */
class PersistentSetsPrecisionTest {
  private static final String PERSISTENT = "A set T of transitions enabled in a state s is persistent in s iff, for"
      + " all nonempty sequences of transitions from s in the state space that do not include transitions in T, every"
      + " transition in the sequence is independent with all transitions in T";
  private static final String CLOSURE = "start from one enabled actor; while some actor outside the set may, on a path"
      + " that avoids the set, touch an object that an action of the set touches (one of them writing), add that"
      + " actor if it is enabled, and give up if it is not";
  private static final String CAUSAL = "a link carries rendezvous or eager traffic only if its source may still send on"
      + " it (a thread outside the set may, a packet waits for credit, or a rendezvous send awaits its CTS), and"
      + " replies (CTS, ACK, credit) only if messages from its destination to its source exist or may still be sent";
  private static final String CHOICE = "The first actor (in canonical order) whose closure is a single actor wins";

  private static World world(WildcardPolicy policy, Program[]... ranks) {
    ModelSpec.Builder b = ModelSpec.builder();
    for (Program[] threads : ranks) {
      b.rank(threads);
    }
    return World.logical(b.options(ModelOptions.defaults().withWildcard(policy)).build(), TraceSink.NONE,
        new Checks(List.of()), false);
  }

  private static Program[] threads(Program... p) {
    return p;
  }

  private static Predicate<Action> step(int rank, int thread) {
    return a -> a.kind() == Action.Kind.STEP && a.rank() == rank && a.thread() == thread;
  }

  private static Predicate<Action> delivery(int source, int dest) {
    return a -> a.kind() == Action.Kind.DELIVER && a.source() == source && a.rank() == dest;
  }

  /** Takes, in turn, the first enabled action that each predicate accepts. */
  @SafeVarargs
  private static World after(World w, Predicate<Action>... actions) {
    for (Predicate<Action> p : actions) {
      List<Action> enabled = w.enabled();
      Action a = enabled.stream().filter(p).findFirst()
          .orElseThrow(() -> new AssertionError("not enabled: " + p + " in " + enabled));
      w = w.successor(a).world();
    }
    return w;
  }

  /**
   * Checks the state's enabled actors (as {@code enabled} says, in order) and that its persistent
   * set is exactly the enabled actions of {@code expected}.
   */
  private static void assertPersistentSet(String name, World w, List<Predicate<Action>> enabled,
      Predicate<Action> expected) {
    List<Action> all = w.enabled();
    Set<Long> actors = new LinkedHashSet<>();
    for (Action a : all) {
      actors.add(PersistentSets.actor(a));
    }
    assertEquals(enabled.size(), actors.size(), () -> name + ": enabled " + all);
    for (Predicate<Action> p : enabled) {
      assertTrue(all.stream().anyMatch(p), () -> name + ": enabled " + all);
    }
    List<Action> want = new ArrayList<>();
    for (Action a : all) {
      if (expected.test(a)) {
        want.add(a);
      }
    }
    assertTrue(!want.isEmpty(), name);
    assertEquals(want, w.copy().persistentSet(all), () -> name + "\n" + w.report().toText());
  }

  private static Program send(SendMode mode, int dest, int count) {
    return program().send(mode, lit(dest), lit(0), lit(count), Datatype.INT).build();
  }

  private static Program recv(int source) {
    return program().recv(lit(source), lit(0), lit(1), Datatype.INT, null).build();
  }

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
