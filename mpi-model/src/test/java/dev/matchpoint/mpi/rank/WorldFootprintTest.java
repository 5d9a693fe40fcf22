package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.anyTag;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.matchpoint.core.net.CreditPolicy;
import dev.matchpoint.core.net.EagerRule;
import dev.matchpoint.core.net.NetworkOptions;
import dev.matchpoint.core.net.ProtocolOptions;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * More programs for {@link FootprintTest}'s property (two enabled actions of different actors whose
 * footprints do not conflict commute), each where one of {@link World}'s footprint records is the
 * only conflict between a pair whose order matters.
 */
class WorldFootprintTest {
  private static final String DEPENDENT = "Two transitions are dependent when some object is written by one and read"
      + " or written by the other";

  private static ModelOptions credit(long bytesPerPeer, CreditPolicy policy, boolean creditPackets) {
    return ModelOptions.defaults().withNetwork(NetworkOptions.defaults()
        .withProtocol(new ProtocolOptions(4096, 0, bytesPerPeer, policy, EagerRule.PAYLOAD_BELOW, creditPackets)));
  }

  /**
   * Rank 0's first thread takes the whole eager credit; its two other threads' eager sends then wait
   * for credit on the same link, in the order they were made: the waiting queue is the link's tail.
   */
  @Test
  @SpecClause(source = "Flanagan and Godefroid, POPL 2005, §2", text = DEPENDENT)
  @SpecClause(source = "MPI-3.1 §3.5", text = "If a sender sends two messages in succession to the same destination,"
      + " and both match the same receive, then this operation cannot receive the second message if the first one is"
      + " still pending.")
  void eagerSendsWaitingForCredit_onTwoThreads_independentActionsCommute() {
    Program first = program().send(lit(1), lit(0), lit(2), Datatype.INT).build();
    Program one = program().send(lit(1), lit(1), lit(1), Datatype.INT).build();
    Program two = program().send(lit(1), lit(2), lit(1), Datatype.INT).build();
    Program recv = program().recv(lit(0), anyTag(), lit(2), Datatype.INT, null)
        .recv(lit(0), anyTag(), lit(2), Datatype.INT, null).recv(lit(0), anyTag(), lit(2), Datatype.INT, null).build();
    for (CreditPolicy policy : CreditPolicy.values()) {
      for (boolean creditPackets : new boolean[] {true, false}) {
        ModelSpec spec = ModelSpec.builder().rank(first, one, two).rank(recv).options(credit(8, policy, creditPackets))
            .build();
        assertTrue(FootprintTest.assertIndependentPairsCommute("credit " + policy + " " + creditPackets, spec) > 0);
      }
    }
  }
  /**
   * Rank 0's first thread takes the whole eager credit; its second thread's eager send waits for
   * credit while its third thread sends with the rendezvous protocol on the same link.
   */
  @Test
  @SpecClause(source = "Flanagan and Godefroid, POPL 2005, §2", text = DEPENDENT)
  void rendezvousSendBesideAnEagerSendWaitingForCredit_independentActionsCommute() {
    Program first = program().send(lit(1), lit(0), lit(2), Datatype.INT).build();
    Program one = program().send(lit(1), lit(1), lit(1), Datatype.INT).build();
    Program big = program().send(lit(1), lit(2), lit(2048), Datatype.INT).build();
    Program recv = program().recv(lit(0), anyTag(), lit(2048), Datatype.INT, null)
        .recv(lit(0), anyTag(), lit(2048), Datatype.INT, null).recv(lit(0), anyTag(), lit(2048), Datatype.INT, null)
        .build();
    for (CreditPolicy policy : CreditPolicy.values()) {
      ModelSpec spec = ModelSpec.builder().rank(first, one, big).rank(recv).options(credit(8, policy, true)).build();
      assertTrue(FootprintTest.assertIndependentPairsCommute("rendezvous beside credit " + policy, spec) > 0);
    }
  }
  /**
   * A slack-1 channel whose send start races with the receive start: a send start reads the
   * receiving rank's channel starts (it is erroneous before the matching receive start), a receive
   * start writes them.
   */
  @Test
  @SpecClause(source = "Flanagan and Godefroid, POPL 2005, §2", text = DEPENDENT)
  @SpecClause(source = "seed 003 Proposal 1", text = "they automatically have the ready property")
  void channelSendStartRacingTheReceiveStart_independentActionsCommute() {
    MpiOp bind = new MpiOp.BindChannel(List.of("p"), List.of("ch"), List.of(1), false, false);
    MpiOp start = new MpiOp.Start(List.of("ch"), false);
    Program sender = program().call(new MpiOp.SendInit(SendMode.STANDARD, lit(1), lit(0), lit(4), Datatype.INT,
        MpiOp.WORLD, "p")).call(bind).call(start).waitFor("ch", null).build();
    Program receiver = program().call(new MpiOp.RecvInit(lit(0), lit(0), lit(4), Datatype.INT, MpiOp.WORLD, "p"))
        .call(bind).call(start).waitFor("ch", null).build();
    ModelSpec spec = ModelSpec.builder().rank(sender).rank(receiver).build();
    assertTrue(FootprintTest.assertIndependentPairsCommute("channel starts", spec) > 0);
  }
}
