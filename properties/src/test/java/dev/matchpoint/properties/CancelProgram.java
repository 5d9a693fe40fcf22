package dev.matchpoint.properties;

import static dev.matchpoint.mpi.program.ProgramBuilder.count;
import static dev.matchpoint.mpi.program.ProgramBuilder.lit;
import static dev.matchpoint.mpi.program.ProgramBuilder.program;
import static dev.matchpoint.mpi.program.ProgramBuilder.source;
import static dev.matchpoint.mpi.program.ProgramBuilder.tagOf;

import dev.matchpoint.core.net.DeliveryOrder;
import dev.matchpoint.core.net.NetworkOptions;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SendCancelPolicy;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.check.CheckKind;
import dev.matchpoint.mpi.program.Cond;
import dev.matchpoint.mpi.program.MpiOp;
import dev.matchpoint.mpi.program.Program;
import dev.matchpoint.mpi.program.ProgramBuilder;
import dev.matchpoint.mpi.rank.ModelOptions;
import dev.matchpoint.mpi.run.RunOptions;
import dev.matchpoint.scenario.Mode;
import dev.matchpoint.scenario.Scenario;
import dev.matchpoint.scenario.format.ScenarioWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * A generated program around MPI_Cancel (MPI-2.2 §3.8, seed 001): ranks {@code 0 .. n-1} each send
 * one message to rank {@code n} with MPI_Isend, optionally cancel it, complete it with MPI_Wait and
 * ask MPI_Test_cancelled; rank {@code n} receives one message from each sender, in sender order,
 * each in its own way. Both ends follow the standard's advice for a successful cancellation ("any
 * matching receive has to be satisfied by another send", and the same for a receive): a sender whose
 * send was cancelled sends again with MPI_Send, and a receiver whose receive was cancelled receives
 * again with MPI_Recv. So every schedule completes, and each sender's message that was not cancelled
 * is received exactly once.
 *
 * @param sends one per sender, sender 0 first
 * @param policy whether a send's cancellation can succeed
 * @param order the network's delivery order
 */
record CancelProgram(List<CancelledSend> sends, SendCancelPolicy policy, DeliveryOrder order) {
  /** Messages of {@link #EAGER_BYTES} go eagerly, of {@link #RENDEZVOUS_BYTES} by rendezvous. */
  static final long EAGER_THRESHOLD_BYTES = 64;
  /** A size below the threshold. */
  static final long EAGER_BYTES = 8;
  /** A size above the threshold. */
  static final long RENDEZVOUS_BYTES = 128;
  /** The checks every exploration judges by. */
  static final CheckKind[] CHECKS = {CheckKind.CANCEL_EITHER_OR, CheckKind.RECEIVED_AT_MOST_ONCE,
      CheckKind.MATCHED_MESSAGE_EXCLUSIVE, CheckKind.PROBE_THEN_RECEIVE_SAME_MESSAGE, CheckKind.NO_DEADLOCK,
      CheckKind.NO_ERRORS};

  /** How the receiver takes one sender's message. Simplest first: jqwik shrinks towards it. */
  enum ReceiveKind {
    /** {@code MPI_Recv}. */
    RECV,
    /** {@code MPI_Irecv} then {@code MPI_Wait}. */
    IRECV,
    /** {@code MPI_Probe} then {@code MPI_Recv} with the probed source, tag and count. */
    PROBE_RECV,
    /** {@code MPI_Mprobe} then {@code MPI_Mrecv}. */
    MPROBE_MRECV,
    /**
     * {@code MPI_Irecv}, {@code MPI_Cancel}, {@code MPI_Wait}, {@code MPI_Test_cancelled}, and when
     * the cancellation succeeded {@code MPI_Recv} again.
     */
    CANCELLED_IRECV
  }

  /**
   * One sender's message.
   *
   * @param bytes its size: {@link #EAGER_BYTES} or {@link #RENDEZVOUS_BYTES}
   * @param cancel whether the sender calls MPI_Cancel between MPI_Isend and MPI_Wait
   * @param receive how the receiver takes it
   */
  record CancelledSend(long bytes, boolean cancel, ReceiveKind receive) {}

  /** Copies the list. */
  CancelProgram {
    sends = List.copyOf(sends);
  }

  /**
   * The receiving rank.
   *
   * @return the number of senders
   */
  int receiver() {
    return sends.size();
  }

  /**
   * The program as a scenario, in logical mode.
   *
   * @return the scenario
   */
  Scenario scenario() {
    List<List<Program>> ranks = new ArrayList<>();
    for (CancelledSend s : sends) {
      ranks.add(List.of(sender(s)));
    }
    ranks.add(List.of(receiverProgram()));
    ModelOptions options = ModelOptions.defaults().withSendCancel(policy).withNetwork(NetworkOptions.defaults()
        .withOrder(order).withProtocol(NetworkOptions.defaults().protocol().withEagerThreshold(EAGER_THRESHOLD_BYTES)));
    return new Scenario("generated-cancel", "", "", null, 0, Mode.LOGICAL, ranks, List.of(), options,
        List.of(CHECKS), RunOptions.DEFAULT_STEP_BUDGET);
  }

  private Program sender(CancelledSend s) {
    ProgramBuilder b = program().isend(SendMode.STANDARD, lit(receiver()), lit(0), lit((int) s.bytes()), Datatype.BYTE,
        "s");
    if (s.cancel()) {
      b.call(new MpiOp.Cancel("s"));
    }
    return b.waitFor("s", "st").call(new MpiOp.TestCancelled("st", "cancelled"))
        .ifElse(new Cond.Flag("cancelled"), again -> again.send(lit(receiver()), lit(0), lit((int) s.bytes()),
            Datatype.BYTE), otherwise -> { }).build();
  }

  private Program receiverProgram() {
    ProgramBuilder b = program();
    for (int index = 0; index < sends.size(); index++) {
      int i = index;
      int bytes = (int) sends.get(i).bytes();
      String st = "st" + i;
      switch (sends.get(i).receive()) {
        case RECV -> b.recv(lit(i), lit(0), lit(bytes), Datatype.BYTE, st);
        case IRECV -> b.irecv(lit(i), lit(0), lit(bytes), Datatype.BYTE, "r" + i).waitFor("r" + i, st);
        case PROBE_RECV -> b.probe(lit(i), lit(0), "p" + i)
            .recv(source("p" + i), tagOf("p" + i), count("p" + i, Datatype.BYTE), Datatype.BYTE, st);
        case MPROBE_MRECV -> b.mprobe(lit(i), lit(0), "m" + i, "p" + i)
            .mrecv("m" + i, count("p" + i, Datatype.BYTE), Datatype.BYTE, st);
        case CANCELLED_IRECV -> b.irecv(lit(i), lit(0), lit(bytes), Datatype.BYTE, "r" + i)
            .call(new MpiOp.Cancel("r" + i)).waitFor("r" + i, st).call(new MpiOp.TestCancelled(st, "cancelled" + i))
            .ifElse(new Cond.Flag("cancelled" + i), again -> again.recv(lit(i), lit(0), lit(bytes), Datatype.BYTE,
                "again" + i), otherwise -> { });
      }
    }
    return b.build();
  }

  @Override
  public String toString() {
    return "generated cancel program (send-cancel " + policy.configName() + ", " + order.configName() + ", eager below "
        + EAGER_THRESHOLD_BYTES + " B):\n" + ScenarioWriter.write(scenario());
  }
}
