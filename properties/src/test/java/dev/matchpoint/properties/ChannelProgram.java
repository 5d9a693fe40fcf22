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
import java.util.ArrayList;
import java.util.List;

/**
 * A generated program over one persistent channel of slackness K (seed 003, proposals 1 and 3):
 * rank 0 binds a persistent send request, rank 1 a persistent receive request, and the channel
 * carries {@code transfers.size()} transfers. Each side runs its starts and waits in a pattern: before
 * its i-th Wait it has started {@code i + ahead} times (at most all of them), so it keeps up to
 * {@code ahead} starts outstanding. The receiver sends a zero-byte "go" (tag 9) after each receive
 * start; the sender waits for a go before each send start unless that transfer skips the handshake
 * (it then takes the go at the end). With every handshake kept, each send start follows its receive
 * start, as the channel's ready property asks. Both ends unbind at the end.
 *
 * @param slack K, at least 1
 * @param transfers one entry per transfer, in order
 * @param overstart which side, if any, starts once more than K at its first start run ({@code ahead}
 *     K + 1 before its first Wait), an erroneous use
 * @param order the network's delivery order
 */
record ChannelProgram(int slack, List<Transfer> transfers, Side overstart, DeliveryOrder order) {
  /** Bytes per transfer. */
  static final int BYTES = 8;
  /** The go messages' tag. */
  static final int GO = 9;
  /** The checks every exploration judges by. */
  static final CheckKind[] CHECKS = {CheckKind.NON_OVERTAKING, CheckKind.RECEIVED_AT_MOST_ONCE, CheckKind.NO_DEADLOCK,
      CheckKind.NO_ERRORS};

  /** A channel end. */
  enum Side {
    /** Neither. */
    NONE,
    /** Rank 0, the send end. */
    SENDER,
    /** Rank 1, the receive end. */
    RECEIVER
  }

  /**
   * One transfer.
   *
   * @param senderAhead the sender's starts ahead of its Waits before this transfer's Wait, 1..K
   *     (larger values count as K)
   * @param receiverAhead the same for the receiver
   * @param handshake whether the sender waits for a go before this transfer's start
   */
  record Transfer(int senderAhead, int receiverAhead, boolean handshake) {}

  /** Copies and validates. */
  ChannelProgram {
    transfers = List.copyOf(transfers);
    if (slack < 1 || transfers.isEmpty()) {
      throw new IllegalArgumentException("a channel of slackness at least 1 with at least one transfer");
    }
  }

  /**
   * The number of transfers.
   *
   * @return n
   */
  int n() {
    return transfers.size();
  }

  /**
   * One side's calls: true for a start, false for a Wait.
   *
   * @param side {@link Side#SENDER} or {@link Side#RECEIVER}
   * @return 2n entries; the i-th false comes after the i-th true
   */
  List<Boolean> pattern(Side side) {
    List<Boolean> out = new ArrayList<>();
    int started = 0;
    for (int i = 0; i < n(); i++) {
      Transfer t = transfers.get(i);
      int ahead = Math.min(slack, Math.max(1, side == Side.SENDER ? t.senderAhead() : t.receiverAhead()));
      if (i == 0 && overstart == side) {
        ahead = slack + 1;
      }
      int target = Math.min(n(), Math.max(started, i + ahead));
      for (; started < target; started++) {
        out.add(true);
      }
      out.add(false);
    }
    return out;
  }

  /**
   * The most starts one side has outstanding at once.
   *
   * @param side a side
   * @return the maximum over the pattern of starts minus waits
   */
  int maxOutstanding(Side side) {
    int max = 0;
    int now = 0;
    for (boolean start : pattern(side)) {
      now += start ? 1 : -1;
      max = Math.max(max, now);
    }
    return max;
  }

  /**
   * Whether every send start waits for its go.
   *
   * @return true when no transfer skips the handshake
   */
  boolean handshakes() {
    return transfers.stream().allMatch(Transfer::handshake);
  }

  /**
   * The program as a scenario, in logical mode.
   *
   * @return the scenario
   */
  Scenario scenario() {
    ModelOptions options = ModelOptions.defaults().withNetwork(NetworkOptions.defaults().withOrder(order));
    return new Scenario("generated-channel", "", "", null, 0, Mode.LOGICAL,
        List.of(List.of(sender()), List.of(receiver())), List.of(), options, List.of(CHECKS),
        RunOptions.DEFAULT_STEP_BUDGET);
  }

  private MpiOp bind() {
    return new MpiOp.BindChannel(List.of("p"), List.of("ch"), List.of(slack), false, slack > 1);
  }

  private Program sender() {
    ProgramBuilder b = program()
        .call(new MpiOp.SendInit(SendMode.STANDARD, lit(1), lit(0), lit(BYTES), Datatype.BYTE, MpiOp.WORLD, "p"))
        .call(bind());
    int starts = 0;
    int skipped = 0;
    for (boolean start : pattern(Side.SENDER)) {
      if (start) {
        if (transfers.get(starts).handshake()) {
          b.recv(lit(1), lit(GO), lit(0), Datatype.BYTE, null);
        } else {
          skipped++;
        }
        b.call(new MpiOp.Start(List.of("ch"), false));
        starts++;
      } else {
        b.waitFor("ch", null);
      }
    }
    for (int i = 0; i < skipped; i++) {
      b.recv(lit(1), lit(GO), lit(0), Datatype.BYTE, null);
    }
    return b.call(new MpiOp.UnbindChannel(List.of("ch"), false)).build();
  }

  private Program receiver() {
    ProgramBuilder b = program()
        .call(new MpiOp.RecvInit(lit(0), lit(0), lit(BYTES), Datatype.BYTE, MpiOp.WORLD, "p"))
        .call(bind());
    for (boolean start : pattern(Side.RECEIVER)) {
      if (start) {
        b.call(new MpiOp.Start(List.of("ch"), false)).send(lit(0), lit(GO), lit(0), Datatype.BYTE);
      } else {
        b.waitFor("ch", "st");
      }
    }
    return b.call(new MpiOp.UnbindChannel(List.of("ch"), false)).build();
  }

  @Override
  public String toString() {
    return "generated channel program (K = " + slack + ", " + n() + " transfer(s), sender " + text(pattern(Side.SENDER))
        + ", receiver " + text(pattern(Side.RECEIVER)) + ", " + order.configName() + "):\n"
        + ScenarioWriter.write(scenario());
  }

  private static String text(List<Boolean> pattern) {
    StringBuilder sb = new StringBuilder();
    for (boolean start : pattern) {
      sb.append(start ? 'S' : 'W');
    }
    return sb.toString();
  }
}
