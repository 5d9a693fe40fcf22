package dev.matchpoint.mpi.rank;

import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

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
 * The argument that makes the persistent-set closure's buffer clause redundant (clause M4 of
 * docs/mutation/mpi-rank-other.md, an equivalent mutant): {@code PersistentSets.Futures} says that
 * a thread that may still make a buffered send or attach or detach a buffer writes rank r's
 * attached buffer, and, by the same condition, every thread (and Sendrecv half) object of its rank.
 * So the buffer clause changes no answer as long as every action that touches {@code buffer(r)}
 * also writes a thread or Sendrecv-half object of rank r. This test checks that premise on every
 * reachable state of programs that reach each place that touches the buffer: attach, detach (at
 * once and blocked), a buffered send that fits or fails, the release of an eager message's space
 * at its injection and of a rendezvous message's space at its DATA, and the release by a successful
 * MPI_Cancel of an MPI_Ibsend.
 */
class BufferFootprintCoverTest {
  private static final String CLAUSE = "Two transitions are dependent when some object is written by one and read or"
      + " written by the other";

  private static ModelOptions options(SendCancelPolicy cancel) {
    return ModelOptions.defaults().withSendCancel(cancel).withNetwork(NetworkOptions.defaults()
        .withProtocol(ProtocolOptions.defaults().withEagerThreshold(64)));
  }

  /**
   * Rank 0's thread 0 attaches room for one rendezvous message (128 bytes) and one eager message
   * (8 bytes) less one byte, tells thread 1 (a message to itself), makes a buffered send of the
   * rendezvous message and detaches; thread 1 then makes a buffered eager send, which fails unless
   * the rendezvous message's DATA has left.
   */
  @Test
  @SpecClause(source = "Flanagan and Godefroid, POPL 2005, §2", text = CLAUSE)
  @SpecClause(source = "MPI-3.1 §3.6", text = "MPI_BUFFER_DETACH will block until all messages currently in the buffer"
      + " have been transmitted")
  void everyBufferTouch_writesAThreadOfItsRank() {
    long overhead = options(SendCancelPolicy.NEVER).bsendOverheadBytes();
    Program zero = program().call(new MpiOp.BufferAttach(lit((int) (128 + 8 + 2 * overhead - 1))))
        .send(lit(0), lit(9), lit(0), Datatype.BYTE)
        .send(SendMode.BUFFERED, lit(1), lit(0), lit(128), Datatype.BYTE)
        .call(new MpiOp.BufferDetach()).build();
    Program one = program().recv(lit(0), lit(9), lit(0), Datatype.BYTE, null)
        .send(SendMode.BUFFERED, lit(2), lit(0), lit(8), Datatype.BYTE).build();
    ModelSpec spec = ModelSpec.builder().rank(zero, one)
        .rank(program().recv(lit(0), lit(0), lit(128), Datatype.BYTE, null).build())
        .rank(program().recv(lit(0), lit(0), lit(8), Datatype.BYTE, null).build())
        .options(options(SendCancelPolicy.NEVER)).build();
    assertTrue(assertBufferTouchesWriteAThread("rendezvous and eager buffered sends", spec) >= 4);
  }

  /** An MPI_Ibsend of a rendezvous message cancelled while the receiver has not posted its receive. */
  @Test
  @SpecClause(source = "Flanagan and Godefroid, POPL 2005, §2", text = CLAUSE)
  @SpecClause(source = "MPI-3.1 §3.8.4", text = "If a communication is marked for cancellation, then a MPI_WAIT call"
      + " for that communication is guaranteed to return")
  void aCancelledIbsend_releasesItsSpaceWritingItsThread() {
    Program zero = program().call(new MpiOp.BufferAttach(lit(1024)))
        .isend(SendMode.BUFFERED, lit(1), lit(0), lit(128), Datatype.BYTE, "s")
        .call(new MpiOp.Cancel("s")).waitFor("s", null).call(new MpiOp.BufferDetach()).build();
    Program one = program().irecv(lit(0), lit(0), lit(128), Datatype.BYTE, "r").call(new MpiOp.Cancel("r"))
        .waitFor("r", null).build();
    ModelSpec spec = ModelSpec.builder().rank(zero).rank(one).options(options(SendCancelPolicy.UNTIL_MATCHED))
        .build();
    assertTrue(assertBufferTouchesWriteAThread("cancelled Ibsend", spec) >= 3);
  }

  /**
   * Asserts on every step of every reachable state that an action whose footprint touches a rank's
   * buffer also writes a thread or Sendrecv-half object of that rank; returns how many such touches
   * it saw.
   */
  private static int assertBufferTouchesWriteAThread(String name, ModelSpec spec) {
    return FootprintCover.everyStep(name, spec, (a, f, w) -> {
      int touches = 0;
      for (int i = 0; i < f.size(); i++) {
        long object = f.object(i);
        if (object >>> 56 != 5) {
          continue;
        }
        touches++;
        int rank = (int) (object & 0xffffffffL);
        if (!FootprintCover.writesAThreadOf(f, rank)) {
          fail(name + ": " + a + " touches buffer(" + rank + ") but writes no thread of rank " + rank + ": " + f
              + "\n" + w.report().toText());
        }
      }
      return touches;
    });
  }
}
