package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.anySource;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.procNull;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static dev.matchpoint.mpi.rank.PersistentSetsTest.options;
import static dev.matchpoint.mpi.rank.PersistentSetsTest.sameOutcomes;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.net.CreditPolicy;
import dev.matchpoint.core.net.NetworkOptions;
import dev.matchpoint.core.net.ProtocolOptions;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.WildcardPolicy;
import dev.matchpoint.mpi.program.Cond;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.program.ProgramBuilder;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Programs that separate one clause of the persistent-set closure ({@link PersistentSets.Futures})
 * from the others: each was found by a generated search (the property suite's swarm programs under
 * {@link PersistentSetsTest}'s final-state oracle, with the clause removed by hand) and loses final
 * states when its clause is removed; docs/mutation/mpi-rank-other.md lists which clause each one
 * needs. With the clause in place, persistent sets lose no final state from any reachable state.
 */
class PersistentSetsClauseTest {
  private static final String CLAUSE = "Exhaustive means exhaustive: every model decision reads only state the search"
      + " can see (what the state fingerprint covers), and the reduced search reaches exactly the outcomes of naive"
      + " enumeration on generated programs that use every feature";
  /** The swarm programs' protocol: messages of 64 bytes and more go by rendezvous. */
  private static ModelOptions smallEagerThreshold(WildcardPolicy policy) {
    return options(policy).withNetwork(NetworkOptions.defaults()
        .withProtocol(ProtocolOptions.defaults().withEagerThreshold(64)));
  }

  /**
   * Rank 0 sends a rendezvous message to rank 2, which posts its receive, tests it once and waits:
   * whether the test finds it complete depends on the DATA packet, which rank 0's link will carry
   * although none is in flight yet (found by a generated search: a closure that counted only the
   * message it may send lost the final states where the test succeeds). Once with a blocking
   * synchronous send (the sender's thread may still send) and once with an MPI_Isend already
   * started (a rendezvous send that awaits its CTS).
   */
  @Test
  @SpecClause(source = "MPI-3.1 §3.7.3", text = "A call to MPI_TEST returns flag = true if the operation identified"
      + " by request is complete")
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  void rendezvousDataBehindATestedReceive_reachesEveryOutcome() {
    Program receiver = program().irecv(lit(0), lit(0), lit(128), Datatype.BYTE, "r").test("r", "f", null)
        .waitFor("r", null).build();
    Program blocking = program().send(SendMode.SYNCHRONOUS, lit(2), lit(0), lit(128), Datatype.BYTE).build();
    Program started = program().isend(SendMode.STANDARD, lit(2), lit(0), lit(128), Datatype.BYTE, "s")
        .waitFor("s", null).build();
    for (Program sender : List.of(blocking, started)) {
      ModelSpec spec = ModelSpec.builder().rank(sender).rank(program().build()).rank(receiver)
          .options(smallEagerThreshold(WildcardPolicy.ARRIVAL)).build();
      sameOutcomes("rendezvous data, " + sender, spec);
    }
  }

  /**
   * Rank 2's persistent ready send of a rendezvous message to rank 0 is started after rank 0 has
   * posted its MPI_ANY_SOURCE receive (rank 0's ISEND to rank 2 orders them), then tested; rank 0
   * tests and waits for its receive. Found by a generated search: a closure that forgot that the
   * started send still awaits its CTS lost final states.
   */
  @Test
  @SpecClause(source = "MPI-3.1 §3.9", text = "A communication (send or receive) that uses a persistent request is"
      + " initiated by the function MPI_START")
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  void startedPersistentReadySend_awaitingItsCts_reachesEveryOutcome() {
    Program zero = program().irecv(anySource(), lit(0), lit(128), Datatype.BYTE, "r")
        .isend(SendMode.STANDARD, lit(2), lit(0), lit(0), Datatype.BYTE, "g").waitFor("g", null)
        .test("r", "f", null).waitFor("r", null).build();
    Program two = program().call(new MpiOp.SendInit(SendMode.READY, lit(0), lit(0), lit(128), Datatype.BYTE,
            MpiOp.WORLD, "p"))
        .recv(lit(0), lit(0), lit(0), Datatype.BYTE, null).call(new MpiOp.Start(List.of("p"), true))
        .test("p", "f", null).waitFor("p", null).call(new MpiOp.RequestFree("p")).build();
    ModelSpec spec = ModelSpec.builder().rank(zero).rank(program().build()).rank(two)
        .options(smallEagerThreshold(WildcardPolicy.ROUND_ROBIN)).build();
    sameOutcomes("started persistent ready send", spec);
  }

  /**
   * Rank 0's thread 0 probes, Mprobes and Mrecvs a synchronous message from rank 2 (which tests its
   * send once), its thread 1 probes and receives rank 1's Sendrecv: the reply (ACK) of the matched
   * synchronous send goes out only when thread 0 receives the handle, and the test at rank 2 sees
   * either order. Found by a generated search: closures that let a link write its destination's
   * threads only when receives may be posted, or that ignored the replies a matched-probe handle
   * will send, lost final states.
   */
  @Test
  @SpecClause(source = "MPI-3.1 §3.8.2", text = "A synchronous send completes only when the matching receive has"
      + " started")
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  void matchedProbeOfASynchronousSend_besideASendrecv_reachesEveryOutcome() {
    Program mprobing = program().probe(lit(2), lit(0), "q").mprobe(lit(2), lit(0), "m", "p")
        .mrecv("m", lit(8), Datatype.BYTE, null).build();
    Program receiving = program().probe(lit(1), lit(0), "q").recv(lit(1), lit(0), lit(8), Datatype.BYTE, null).build();
    Program one = program().call(new MpiOp.Sendrecv(lit(0), lit(0), lit(8), Datatype.BYTE, procNull(), lit(0),
        lit(0), Datatype.BYTE, MpiOp.WORLD, "st")).build();
    Program two = program().isend(SendMode.SYNCHRONOUS, lit(0), lit(0), lit(8), Datatype.BYTE, "s")
        .test("s", "f", null).waitFor("s", null).build();
    ModelSpec spec = ModelSpec.builder().rank(mprobing, receiving).rank(one).rank(two)
        .options(smallEagerThreshold(WildcardPolicy.ARRIVAL)).build();
    sameOutcomes("mprobe of ssend beside sendrecv", spec);
  }

  /**
   * Rank 0 sends two messages to rank 1, whose thread 1 takes each with MPI_Improbe (or MPI_Mprobe
   * when it finds none) and MPI_Mrecv while its thread 0 runs an MPI_Sendrecv with MPI_PROC_NULL:
   * a message arriving at rank 1 writes its any-source queue, which an MPI_Improbe that finds
   * nothing has read. Found by a generated search.
   */
  @Test
  @SpecClause(source = "MPI-3.1 §3.8.2", text = "If the flag is false, the message handle is not set and no message"
      + " is matched")
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  void improbesBesideAProcNullSendrecv_reachEveryOutcome() {
    ProgramBuilder taking = program();
    for (int i = 0; i < 2; i++) {
      String f = "f" + i;
      String m = "m" + i;
      taking.improbe(lit(0), lit(0), f, m, null)
          .ifElse(new Cond.Not(new Cond.Flag(f)),
              b -> b.mprobe(lit(0), lit(0), m, null), b -> { })
          .mrecv(m, lit(8), Datatype.BYTE, null);
    }
    Program nothing = program().call(new MpiOp.Sendrecv(procNull(), lit(1), lit(8), Datatype.BYTE, procNull(), lit(0),
        lit(0), Datatype.BYTE, MpiOp.WORLD, null)).build();
    Program sender = program().send(lit(1), lit(0), lit(8), Datatype.BYTE).send(lit(1), lit(0), lit(8), Datatype.BYTE)
        .build();
    ModelSpec spec = ModelSpec.builder().rank(sender).rank(nothing, taking.build())
        .rank(program().mprobe(procNull(), lit(1), "m", null).mrecv("m", lit(8), Datatype.BYTE, null).build())
        .options(smallEagerThreshold(WildcardPolicy.ARRIVAL)).build();
    sameOutcomes("improbes", spec);
  }

  /**
   * Rank 1's thread 1 posts a receive for rank 2's synchronous message, then receives rank 2's
   * other message; rank 0 receives from rank 1's thread 0 and tests once. A receive already posted
   * at rank 1 makes every message arriving there write rank 1's threads (it may complete it).
   * Found by a generated search.
   */
  @Test
  @SpecClause(source = "MPI-3.1 §3.7.3", text = "A call to MPI_TEST returns flag = true if the operation identified"
      + " by request is complete")
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  void aPostedReceive_makesArrivalsWriteItsRank_reachesEveryOutcome() {
    Program zero = program().irecv(lit(1), lit(1), lit(8), Datatype.BYTE, "r").test("r", "f", null)
        .waitFor("r", null).build();
    Program oneSender = program().send(lit(0), lit(1), lit(8), Datatype.BYTE).build();
    Program oneReceiver = program().irecv(lit(2), lit(0), lit(8), Datatype.BYTE, "a")
        .recv(lit(2), lit(1), lit(8), Datatype.BYTE, null).test("a", "f", null).waitFor("a", null).build();
    Program twoStandard = program().isend(SendMode.STANDARD, lit(1), lit(1), lit(8), Datatype.BYTE, "s")
        .waitFor("s", null).build();
    Program twoSynchronous = program().send(SendMode.SYNCHRONOUS, lit(1), lit(0), lit(8), Datatype.BYTE).build();
    ModelSpec spec = ModelSpec.builder().rank(zero).rank(oneSender, oneReceiver).rank(twoStandard, twoSynchronous)
        .options(smallEagerThreshold(WildcardPolicy.ROUND_ROBIN)).build();
    sameOutcomes("posted receive", spec);
  }

  /**
   * Rank 1 starts persistent synchronous sends to rank 0 on a duplicate communicator and on
   * MPI_COMM_WORLD and tests each once; rank 0's two threads take them with MPI_Improbe or
   * MPI_Mprobe and MPI_Mrecv (the second thread also takes rank 2's Sendrecv message). The ACK of
   * each synchronous send goes out when its matched message is received: a closure that ignored the
   * replies a thread's receives and handles will send lost final states (found by a generated
   * search).
   */
  @Test
  @SpecClause(source = "MPI-3.1 §3.8.2", text = "A synchronous send completes only when the matching receive has"
      + " started")
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  void matchedProbesOfPersistentSynchronousSends_reachEveryOutcome() {
    Program first = program().on("dup").improbe(anySource(), lit(0), "f", "m", null)
        .ifElse(new Cond.Not(new Cond.Flag("f")),
            b -> b.mprobe(anySource(), lit(0), "m", null), b -> { })
        .mrecv("m", lit(8), Datatype.BYTE, null).build();
    Program second = program().mprobe(anySource(), lit(0), "m", null).mrecv("m", lit(8), Datatype.BYTE, null)
        .improbe(lit(2), lit(1), "f", "n", null)
        .ifElse(new Cond.Not(new Cond.Flag("f")),
            b -> b.mprobe(lit(2), lit(1), "n", null), b -> { })
        .mrecv("n", lit(8), Datatype.BYTE, null).build();
    Program one = program()
        .call(new MpiOp.SendInit(SendMode.SYNCHRONOUS, lit(0), lit(0), lit(8), Datatype.BYTE, "dup", "a"))
        .call(new MpiOp.Start(List.of("a"), true))
        .call(new MpiOp.SendInit(SendMode.SYNCHRONOUS, lit(0), lit(0), lit(8), Datatype.BYTE, MpiOp.WORLD, "b"))
        .call(new MpiOp.Start(List.of("b"), false)).test("b", "f", null).waitFor("b", null)
        .test("a", "g", null).waitFor("a", null).call(new MpiOp.RequestFree("a")).call(new MpiOp.RequestFree("b"))
        .build();
    Program two = program().call(new MpiOp.Sendrecv(lit(0), lit(1), lit(8), Datatype.BYTE, procNull(), lit(0),
        lit(0), Datatype.BYTE, MpiOp.WORLD, null)).build();
    ModelSpec spec = ModelSpec.builder().communicator("dup").rank(first, second).rank(one).rank(two)
        .options(smallEagerThreshold(WildcardPolicy.ANY)).build();
    sameOutcomes("matched probes of persistent ssends", spec);
  }

  /**
   * Rank 0 sends to itself and to rank 1 and receives from any source, rank 1 sends to rank 0: the
   * link from rank 0 to itself is an actor of its own (the first link in the closure's numbering,
   * right after the last thread), whose deliveries race with rank 1's message.
   */
  @Test
  @SpecClause(source = "MPI-3.1 §3.5", text = "If a sender sends two messages in succession to the same destination,"
      + " and both match the same receive, then this operation cannot receive the second message if the first one is"
      + " still pending")
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  void aRankSendingToItself_besideAWildcardRace_reachesEveryOutcome() {
    Program zero = program().isend(SendMode.STANDARD, lit(0), lit(0), lit(1), Datatype.INT, "s")
        .send(lit(1), lit(0), lit(1), Datatype.INT)
        .recv(anySource(), lit(0), lit(1), Datatype.INT, null).recv(anySource(), lit(0), lit(1), Datatype.INT, null)
        .waitFor("s", null).build();
    Program one = program().send(lit(0), lit(0), lit(1), Datatype.INT).recv(lit(0), lit(0), lit(1), Datatype.INT, null)
        .build();
    for (WildcardPolicy p : WildcardPolicy.values()) {
      sameOutcomes("self send " + p, ModelSpec.builder().rank(zero).rank(one).options(options(p)).build());
    }
  }

  /**
   * Rank 2 posts an MPI_ANY_SOURCE receive, then lets rank 0 make a ready send to it, while rank 1's
   * message to rank 2 may take that receive first: the ready send is erroneous in some schedules.
   * The arrival writes rank 2's posted receive queue, which the ready send's start reads; clause M14
   * of docs/mutation/mpi-rank-other.md (links never write the posted queue) survives this program
   * because the model judges the send so that both orders reach the same final states (see there).
   */
  @Test
  @SpecClause(source = "MPI-3.1 §3.4", text = "A send that uses the ready communication mode may be started only"
      + " if the matching receive is already posted. Otherwise, the operation is erroneous")
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  void readySendRacingAnotherSendersArrival_reachesEveryOutcome() {
    Program zero = program().recv(lit(2), lit(7), lit(0), Datatype.BYTE, null)
        .send(SendMode.READY, lit(2), lit(0), lit(1), Datatype.INT).build();
    Program one = program().send(lit(2), lit(0), lit(1), Datatype.INT).build();
    Program two = program().irecv(anySource(), lit(0), lit(1), Datatype.INT, "r")
        .send(lit(0), lit(7), lit(0), Datatype.BYTE).waitFor("r", null).build();
    for (WildcardPolicy policy : WildcardPolicy.values()) {
      ModelSpec spec = ModelSpec.builder().rank(zero).rank(one).rank(two).options(options(policy)).build();
      assertTrue(sameOutcomes("ready send racing an arrival, " + policy, spec)[0].outcomes().size() > 1, policy::name);
    }
  }

  /**
   * Under the {@code arrival} policy, rank 1 only tests once with MPI_Iprobe (with a specific source,
   * and with MPI_ANY_SOURCE) for the message rank 0 sends: the flag depends on whether it has
   * arrived. Every source's messages at a rank are one object under that policy, which the arrival
   * writes and the probe reads; the probing thread takes nothing and posts nothing, so only the
   * probe's read ties it to the arrival (clause M24 of docs/mutation/mpi-rank-other.md).
   */
  @Test
  @SpecClause(source = "MPI-3.1 §3.8.1", text = "MPI_IPROBE(source, tag, comm, flag, status) returns flag = true if"
      + " there is a message that can be received and that matches the pattern specified by the arguments source,"
      + " tag, and comm")
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  void anIprobeThatTakesNothing_underTheArrivalPolicy_reachesEveryOutcome() {
    Program sender = program().send(lit(1), lit(0), lit(1), Datatype.INT).build();
    for (Program prober : List.of(program().iprobe(lit(0), lit(0), "f", null).build(),
        program().iprobe(anySource(), lit(0), "f", null).build())) {
      ModelSpec spec = ModelSpec.builder().rank(sender).rank(prober).options(options(WildcardPolicy.ARRIVAL)).build();
      assertTrue(sameOutcomes("iprobe under arrival, " + prober, spec)[0].outcomes().size() > 1);
    }
  }

  /**
   * Rank 1 starts the receive end of a slack-1 channel, tells rank 0 to start the send end, then
   * tests its end once and waits: whether the test finds the transfer depends on the channel's
   * data packet, which the link from rank 0 carries as control traffic (neither a message, nor
   * rendezvous data, nor a reply), so only the control clause ties that link to rank 1's thread
   * (clause M12 of docs/mutation/mpi-rank-other.md).
   */
  @Test
  @SpecClause(source = "MPI-3.1 §3.7.3", text = "A call to MPI_TEST returns flag = true if the operation identified"
      + " by request is complete")
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  void aTestedChannelTransfer_reachesEveryOutcome() {
    Program sender = program()
        .call(new MpiOp.SendInit(SendMode.STANDARD, lit(1), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, "p"))
        .call(new MpiOp.BindChannel(List.of("p"), List.of("ch"), List.of(1), false, false))
        .recv(lit(1), lit(9), lit(0), Datatype.INT, null)
        .call(new MpiOp.Start(List.of("ch"), false)).waitFor("ch", null)
        .call(new MpiOp.UnbindChannel(List.of("ch"), false)).build();
    Program receiver = program()
        .call(new MpiOp.RecvInit(lit(0), lit(0), lit(1), Datatype.INT, MpiOp.WORLD, "p"))
        .call(new MpiOp.BindChannel(List.of("p"), List.of("ch"), List.of(1), false, false))
        .call(new MpiOp.Start(List.of("ch"), false)).send(lit(0), lit(9), lit(0), Datatype.INT)
        .test("ch", "f", null).waitFor("ch", null)
        .call(new MpiOp.UnbindChannel(List.of("ch"), false)).build();
    ModelSpec spec = ModelSpec.builder().rank(sender).rank(receiver).options(options(WildcardPolicy.ARRIVAL)).build();
    sameOutcomes("tested channel transfer", spec);
  }

  /**
   * Rank 0's second MPI_Isend to rank 1 waits for eager credit (an eager buffer of one message),
   * which comes back once rank 1 has received the first; rank 1 then tests once with MPI_Iprobe
   * for the second. Rank 0's thread only waits by then, so only the packet waiting for credit says
   * that the link from rank 0 will still carry a message, which the probe reads (clause M8 of
   * docs/mutation/mpi-rank-other.md).
   */
  @Test
  @SpecClause(source = "MPI-3.1 §3.8.1", text = "MPI_IPROBE(source, tag, comm, flag, status) returns flag = true if"
      + " there is a message that can be received and that matches the pattern specified by the arguments source,"
      + " tag, and comm")
  @SpecClause(source = "DESIGN §5", text = CLAUSE)
  void aMessageWaitingForEagerCredit_behindAnIprobe_reachesEveryOutcome() {
    Program sender = program().isend(SendMode.STANDARD, lit(1), lit(0), lit(1), Datatype.INT, "a")
        .isend(SendMode.STANDARD, lit(1), lit(0), lit(1), Datatype.INT, "b").waitFor("a", null).waitFor("b", null)
        .build();
    Program receiver = program().recv(lit(0), lit(0), lit(1), Datatype.INT, null).iprobe(lit(0), lit(0), "f", null)
        .recv(lit(0), lit(0), lit(1), Datatype.INT, null).build();
    ModelOptions oneMessageOfCredit = options(WildcardPolicy.ARRIVAL).withNetwork(NetworkOptions.defaults()
        .withProtocol(new ProtocolOptions(4096, 0, 4, CreditPolicy.WAIT)));
    ModelSpec spec = ModelSpec.builder().rank(sender).rank(receiver).options(oneMessageOfCredit).build();
    sameOutcomes("message waiting for credit", spec);
  }
}
