package dev.matchpoint.properties;

import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;

import dev.matchpoint.core.net.DeliveryOrder;
import dev.matchpoint.core.net.NetworkOptions;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.program.ProgramBuilder;
import dev.matchpoint.mpi.rank.ModelOptions;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.scenario.Mode;
import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.format.ScenarioWriter;
import java.util.List;

/**
 * A generated program around persistent requests (MPI-3.1 §3.9): rank 0 creates one persistent send
 * request with MPI_Send_init, MPI_Bsend_init, MPI_Ssend_init or MPI_Rsend_init and runs it {@code
 * restarts} times (MPI_Start or MPI_Startall, then MPI_Wait); rank 1 receives the messages, either
 * with one persistent receive request (MPI_Recv_init, restarted the same way) or with plain MPI_Recv.
 * After the last round each side calls MPI_Wait once more on its inactive persistent request, then
 * frees it; with {@code waitFirst} each also calls MPI_Wait on its request right after creating it,
 * before any start. A ready-mode sender waits for a zero-byte "go" (tag 9) before each start, which the
 * receiver sends once its receive is posted; other modes may do the same.
 *
 * @param restarts how many times each request is started, at least 1
 * @param mode the send request's mode
 * @param bytes the message size, below or above the eager threshold
 * @param sendStart how the sender starts its request
 * @param receive how the receiver receives
 * @param handshake whether each start waits for the receiver's go (always for {@link SendMode#READY})
 * @param waitFirst whether each side waits on its persistent request before starting it
 * @param order the network's delivery order
 */
record PersistentProgram(int restarts, SendMode mode, long bytes, StartCall sendStart, ReceiveSide receive,
    boolean handshake, boolean waitFirst, DeliveryOrder order) {
  /** Messages below this size go eagerly, the others by rendezvous. */
  static final long EAGER_THRESHOLD_BYTES = 64;
  /** The go messages' tag. */
  static final int GO = 9;
  /** The checks every exploration judges by. */
  static final CheckKind[] CHECKS = {CheckKind.NON_OVERTAKING, CheckKind.RECEIVED_AT_MOST_ONCE, CheckKind.NO_DEADLOCK,
      CheckKind.NO_ERRORS};

  /** How a persistent request is started. */
  enum StartCall {
    /** {@code MPI_Start}. */
    START,
    /** {@code MPI_Startall} of the one request. */
    STARTALL
  }

  /** How the receiver receives. */
  enum ReceiveSide {
    /** {@code MPI_Recv_init}, then per round {@code MPI_Start} and {@code MPI_Wait}. */
    PERSISTENT_START,
    /** {@code MPI_Recv_init}, then per round {@code MPI_Startall} and {@code MPI_Wait}. */
    PERSISTENT_STARTALL,
    /** Per round a plain {@code MPI_Recv}. */
    RECV
  }

  /** Validates. */
  PersistentProgram {
    if (restarts < 1) {
      throw new IllegalArgumentException("at least one start");
    }
    handshake = handshake || mode == SendMode.READY;
  }

  /**
   * Whether the receiver uses a persistent request.
   *
   * @return false for plain MPI_Recv
   */
  boolean persistentReceive() {
    return receive != ReceiveSide.RECV;
  }

  /**
   * The program as a scenario, in logical mode.
   *
   * @return the scenario
   */
  Scenario scenario() {
    ModelOptions options = ModelOptions.defaults().withNetwork(NetworkOptions.defaults().withOrder(order)
        .withProtocol(NetworkOptions.defaults().protocol().withEagerThreshold(EAGER_THRESHOLD_BYTES)));
    return new Scenario("generated-persistent", "", "", null, 0, Mode.LOGICAL,
        List.of(List.of(sender()), List.of(receiver())), List.of(), options, List.of(CHECKS),
        RunOptions.DEFAULT_STEP_BUDGET);
  }

  private static MpiOp start(StartCall how, String request) {
    return new MpiOp.Start(List.of(request), how == StartCall.STARTALL);
  }

  private Program sender() {
    ProgramBuilder b = program();
    if (mode == SendMode.BUFFERED) {
      // Room for every message: a buffered message may wait in the buffer until its receive starts.
      b.call(new MpiOp.BufferAttach(lit((int) bytes * restarts)));
    }
    b.call(new MpiOp.SendInit(mode, lit(1), lit(0), lit((int) bytes), Datatype.BYTE, MpiOp.WORLD, "s"));
    if (waitFirst) {
      b.waitFor("s", "fresh");
    }
    b.repeat(restarts, round -> {
      if (handshake) {
        round.recv(lit(1), lit(GO), lit(0), Datatype.BYTE, null);
      }
      round.call(start(sendStart, "s")).waitFor("s", "sent");
    });
    b.waitFor("s", "idle").call(new MpiOp.RequestFree("s"));
    if (mode == SendMode.BUFFERED) {
      b.call(new MpiOp.BufferDetach());
    }
    return b.build();
  }

  private Program receiver() {
    ProgramBuilder b = program();
    if (persistentReceive()) {
      b.call(new MpiOp.RecvInit(lit(0), lit(0), lit((int) bytes), Datatype.BYTE, MpiOp.WORLD, "r"));
      if (waitFirst) {
        b.waitFor("r", "fresh");
      }
      StartCall how = receive == ReceiveSide.PERSISTENT_STARTALL ? StartCall.STARTALL : StartCall.START;
      b.repeat(restarts, round -> {
        round.call(start(how, "r"));
        if (handshake) {
          round.send(lit(0), lit(GO), lit(0), Datatype.BYTE);
        }
        round.waitFor("r", "st");
      });
      b.waitFor("r", "idle").call(new MpiOp.RequestFree("r"));
    } else {
      b.repeat(restarts, round -> {
        if (handshake) {
          // A ready send needs its receive posted: post it, then say go.
          round.irecv(lit(0), lit(0), lit((int) bytes), Datatype.BYTE, "q").send(lit(0), lit(GO), lit(0),
              Datatype.BYTE).waitFor("q", "st");
        } else {
          round.recv(lit(0), lit(0), lit((int) bytes), Datatype.BYTE, "st");
        }
      });
    }
    return b.build();
  }

  @Override
  public String toString() {
    return "generated persistent program (" + restarts + " start(s), " + mode + " mode, " + bytes + " B, eager below "
        + EAGER_THRESHOLD_BYTES + " B, " + order.configName() + "):\n" + ScenarioWriter.write(scenario());
  }
}
