package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.anySource;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.procNull;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.matchpoint.core.net.CreditPolicy;
import dev.matchpoint.core.net.NetworkOptions;
import dev.matchpoint.core.net.ProtocolOptions;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SendCancelPolicy;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.SpecClause;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import org.junit.jupiter.api.Test;

/**
 * The argument that makes clause M19 of docs/mutation/mpi-rank-other.md harmless: {@code
 * PersistentSets.Futures.linkAccess} says that a link s->d carrying messages writes the tail of the
 * reverse link d->s when receives may be posted at d, and, by the same condition, every thread and
 * Sendrecv-half object of d. So the tail's own condition changes no answer as long as every action
 * that writes the tail d->s, other than a delivery on s->d itself, also writes a thread or
 * Sendrecv-half object of rank d. This test checks that premise on every reachable state of
 * programs whose ranks send every kind of packet back: eager and rendezvous messages received from
 * the unexpected queue and by posted receives, synchronous sends, a Sendrecv, eager credit returned
 * after a wait for it, and a cancelled send.
 */
class LinkTailFootprintCoverTest {
  private static final String CLAUSE = "Two transitions are dependent when some object is written by one and read or"
      + " written by the other";

  /** Messages of 64 bytes and more go by rendezvous; one eager message of 8 bytes fills a link's credit. */
  private static ModelOptions options() {
    return ModelOptions.defaults().withSendCancel(SendCancelPolicy.UNTIL_MATCHED).withNetwork(NetworkOptions.defaults()
        .withProtocol(new ProtocolOptions(64, 0, 8, CreditPolicy.WAIT)));
  }

  @Test
  @SpecClause(source = "Flanagan and Godefroid, POPL 2005, §2", text = CLAUSE)
  @SpecClause(source = "MPI-3.1 §3.4", text = "A send that uses the synchronous mode can be started whether or not a"
      + " matching receive was posted. However, the send will complete successfully only if a matching receive is"
      + " posted, and the receive operation has started to receive the message sent by the synchronous send")
  void everyReverseTailWrite_writesAThreadOfItsRank() {
    Program zero = program().send(SendMode.SYNCHRONOUS, lit(1), lit(0), lit(8), Datatype.BYTE)
        .send(lit(1), lit(1), lit(128), Datatype.BYTE)
        .isend(SendMode.STANDARD, lit(1), lit(2), lit(8), Datatype.BYTE, "a")
        .isend(SendMode.STANDARD, lit(1), lit(2), lit(8), Datatype.BYTE, "b").waitFor("a", null).waitFor("b", null)
        .recv(lit(1), lit(3), lit(128), Datatype.BYTE, null).build();
    Program oneReceiving = program().irecv(lit(0), lit(0), lit(8), Datatype.BYTE, "r")
        .recv(lit(0), lit(1), lit(128), Datatype.BYTE, null).waitFor("r", null)
        .recv(lit(0), lit(2), lit(8), Datatype.BYTE, null).recv(anySource(), lit(2), lit(8), Datatype.BYTE, null)
        .build();
    Program oneExchanging = program().call(new MpiOp.Sendrecv(lit(0), lit(3), lit(128), Datatype.BYTE, procNull(),
        lit(0), lit(0), Datatype.BYTE, MpiOp.WORLD, null)).build();
    ModelSpec spec = ModelSpec.builder().rank(zero).rank(oneReceiving, oneExchanging).options(options()).build();
    assertTrue(assertTailWritesWriteAThread("messages and replies", spec) >= 6);
  }

  @Test
  @SpecClause(source = "Flanagan and Godefroid, POPL 2005, §2", text = CLAUSE)
  @SpecClause(source = "MPI-3.1 §3.8.4", text = "If a communication is marked for cancellation, then a MPI_WAIT call"
      + " for that communication is guaranteed to return")
  void aCancelsAnswer_writesAThreadOfItsRank() {
    Program zero = program().isend(SendMode.STANDARD, lit(1), lit(0), lit(8), Datatype.BYTE, "s")
        .call(new MpiOp.Cancel("s")).waitFor("s", null).send(lit(1), lit(1), lit(0), Datatype.BYTE).build();
    Program one = program().recv(lit(0), lit(1), lit(0), Datatype.BYTE, null)
        .iprobe(lit(0), lit(0), "f", null).build();
    ModelSpec spec = ModelSpec.builder().rank(zero).rank(one).options(options()).build();
    assertTrue(assertTailWritesWriteAThread("cancelled send", spec) >= 2);
  }

  /**
   * Asserts on every step of every reachable state that an action that writes a link tail d->s,
   * unless it delivers a packet of s->d, also writes a thread or Sendrecv-half object of rank d;
   * returns how many such writes it saw.
   */
  private static int assertTailWritesWriteAThread(String name, ModelSpec spec) {
    return FootprintCover.everyStep(name, spec, (a, f, w) -> {
      int writes = 0;
      for (int i = 0; i < f.size(); i++) {
        long object = f.object(i);
        if (object >>> 56 != 3 || !f.writes(i)) {
          continue;
        }
        int d = (int) ((object >>> 24) & 0xffffffffL);
        int s = (int) (object & 0xffffff);
        if (a.kind() == Action.Kind.DELIVER && a.source() == s && a.rank() == d) {
          continue;
        }
        writes++;
        if (!FootprintCover.writesAThreadOf(f, d)) {
          fail(name + ": " + a + " writes the tail " + d + "->" + s + " but no thread of rank " + d + ": " + f
              + "\n" + w.report().toText());
        }
      }
      return writes;
    });
  }
}
