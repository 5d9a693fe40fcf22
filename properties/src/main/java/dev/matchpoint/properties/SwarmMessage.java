package dev.matchpoint.properties;

import dev.matchpoint.mpi.SendMode;
import java.util.Objects;

/**
 * One message of a {@link SwarmProgram}, sent and received {@code rounds} times: who sends it to
 * whom, with which envelope and size, and which calls send, receive and complete it. The canonical
 * constructor drops what does not apply (a channel is standard mode with a specific source and no
 * cancel; cancel applies to nonblocking and persistent requests; ready mode only with receives that
 * are posted before they block), so {@link #toString()} and the program show what runs.
 *
 * @param sender the sending rank
 * @param sendThread the sending thread of {@code sender}
 * @param receiver the receiving rank, never {@code sender}
 * @param receiveThread the receiving thread of {@code receiver}
 * @param tag the tag, at least 0
 * @param comm 0 for {@code world}, 1 for its duplicate {@code dup}
 * @param large whether the payload is {@link SwarmProgram#LARGE_BYTES} (rendezvous) rather than
 *     {@link SwarmProgram#SMALL_BYTES} (eager)
 * @param send the sending call
 * @param mode the send mode (MPI-3.1 §3.4)
 * @param receive the receiving call
 * @param slack 0, or K of the persistent channel that carries the message instead of {@code send}
 *     and {@code receive} (seed 003)
 * @param anySource whether the receive pattern uses MPI_ANY_SOURCE
 * @param anyTag whether the receive pattern uses MPI_ANY_TAG
 * @param procNull whether the send goes to MPI_PROC_NULL and the receive comes from it
 * @param cancelSend whether the sender cancels each start and sends again if the cancel succeeded
 * @param cancelReceive whether the receiver cancels each receive and receives again if it succeeded
 * @param free whether the sender frees its nonblocking send request instead of completing it
 * @param startAll whether persistent requests start with MPI_Startall (together with the thread's
 *     neighbouring Startall requests) rather than MPI_Start; for a channel, whether its ends bind
 *     and unbind with the nonblocking MPI_Ibind_channel and MPI_Iunbind_channel
 * @param completion how the thread completes the message's requests
 * @param rounds how many times the message is sent and received, 1 or 2
 * @param sendOrder the send's position key in its thread (ascending, ties in message order)
 * @param receiveOrder the receive's position key in its thread
 */
public record SwarmMessage(int sender, int sendThread, int receiver, int receiveThread, int tag, int comm,
    boolean large, SendKind send, SendMode mode, ReceiveKind receive, int slack, boolean anySource, boolean anyTag,
    boolean procNull, boolean cancelSend, boolean cancelReceive, boolean free, boolean startAll,
    Completion completion, int rounds, int sendOrder, int receiveOrder) {

  /** How the message is sent. Simplest first: jqwik shrinks towards it. */
  public enum SendKind {
    /** {@code MPI_Send}, {@code MPI_Bsend}, {@code MPI_Ssend} or {@code MPI_Rsend}. */
    SEND,
    /** {@code MPI_Isend} in the mode, completed as {@link SwarmMessage#completion()} says. */
    ISEND,
    /** {@code MPI_Send_init} in the mode, started once per round, freed at the end. */
    SEND_INIT,
    /**
     * {@code MPI_Sendrecv} (standard mode) whose receive half is the thread's next {@link
     * ReceiveKind#RECV} when it comes right after with as many rounds, else {@code MPI_PROC_NULL}.
     */
    SENDRECV
  }

  /** How the message is received. Simplest first. */
  public enum ReceiveKind {
    /** {@code MPI_Recv}. */
    RECV,
    /** {@code MPI_Irecv}, completed as {@link SwarmMessage#completion()} says. */
    IRECV,
    /** {@code MPI_Probe}, then {@code MPI_Recv} of the probed source and tag. */
    PROBE_RECV,
    /** {@code MPI_Iprobe}; {@code MPI_Recv} of the probed source and tag if found, else of the pattern. */
    IPROBE_RECV,
    /** {@code MPI_Mprobe}, then {@code MPI_Mrecv}. */
    MPROBE_MRECV,
    /** {@code MPI_Improbe}; {@code MPI_Mprobe} if nothing was found; then {@code MPI_Mrecv}. */
    IMPROBE_MRECV,
    /** {@code MPI_Mprobe}, then {@code MPI_Imrecv}, completed as {@link SwarmMessage#completion()} says. */
    MPROBE_IMRECV,
    /** {@code MPI_Recv_init}, started once per round, freed at the end. */
    RECV_INIT
  }

  /**
   * How a thread completes the requests its messages leave outstanding (the last round's): the
   * requests of one kind are completed together, kinds in this order, at the end of the thread.
   * Simplest first.
   */
  public enum Completion {
    /** One {@code MPI_Waitall}. */
    WAITALL,
    /** {@code MPI_Wait} on each. */
    WAIT,
    /** {@code MPI_Test} on each, then {@code MPI_Wait} on each. */
    TEST_THEN_WAIT,
    /** {@code MPI_Waitany} as many times as there are requests. */
    WAITANY,
    /** {@code MPI_Waitsome} as many times as there are requests. */
    WAITSOME,
    /** One {@code MPI_Testall}, then {@code MPI_Waitall}. */
    TESTALL,
    /** One {@code MPI_Testany}, then {@code MPI_Waitall}. */
    TESTANY,
    /** One {@code MPI_Testsome}, then {@code MPI_Waitall}. */
    TESTSOME
  }

  /**
   * Validates and drops what does not apply.
   *
   * @throws IllegalArgumentException when a rank, thread, tag or round count is out of range, or the
   *     message is sent to its own rank
   */
  public SwarmMessage {
    if (sender < 0 || receiver < 0 || sendThread < 0 || receiveThread < 0) {
      throw new IllegalArgumentException("ranks and threads are at least 0");
    }
    if (sender == receiver) {
      throw new IllegalArgumentException("a generated message goes to another rank, got " + sender + " -> " + receiver);
    }
    if (tag < 0 || comm < 0 || comm > 1 || slack < 0 || rounds < 1 || rounds > 2) {
      throw new IllegalArgumentException("tag >= 0, comm 0 or 1, slack >= 0 and 1 or 2 rounds");
    }
    Objects.requireNonNull(send, "send");
    Objects.requireNonNull(mode, "mode");
    Objects.requireNonNull(receive, "receive");
    Objects.requireNonNull(completion, "completion");
    if (slack > 0) {
      // A channel binds two persistent requests naming each other (seed 003): one peer, no cancel.
      send = SendKind.SEND_INIT;
      receive = ReceiveKind.RECV_INIT;
      anySource = false;
      procNull = false;
      cancelSend = false;
      cancelReceive = false;
    }
    if (send == SendKind.SENDRECV || slack > 0
        || (mode == SendMode.READY && !(receive == ReceiveKind.RECV || receive == ReceiveKind.IRECV
            || receive == ReceiveKind.RECV_INIT))) {
      mode = SendMode.STANDARD;
    }
    cancelSend = cancelSend && (send == SendKind.ISEND || send == SendKind.SEND_INIT);
    cancelReceive = cancelReceive && (receive == ReceiveKind.IRECV || receive == ReceiveKind.RECV_INIT);
    free = free && send == SendKind.ISEND && !cancelSend;
    startAll = startAll && (send == SendKind.SEND_INIT || receive == ReceiveKind.RECV_INIT);
    // (a channel's ends are SEND_INIT and RECV_INIT, so it keeps startAll: the nonblocking bind)
  }

  /**
   * A copy between other ranks.
   *
   * @param newSender the sending rank
   * @param newReceiver the receiving rank, another one
   * @return the copy
   */
  public SwarmMessage betweenRanks(int newSender, int newReceiver) {
    return new SwarmMessage(newSender, sendThread, newReceiver, receiveThread, tag, comm, large, send, mode, receive,
        slack, anySource, anyTag, procNull, cancelSend, cancelReceive, free, startAll, completion, rounds, sendOrder,
        receiveOrder);
  }

  /**
   * A copy on other threads.
   *
   * @param newSendThread the sending thread
   * @param newReceiveThread the receiving thread
   * @return the copy
   */
  public SwarmMessage onThreads(int newSendThread, int newReceiveThread) {
    return new SwarmMessage(sender, newSendThread, receiver, newReceiveThread, tag, comm, large, send, mode, receive,
        slack, anySource, anyTag, procNull, cancelSend, cancelReceive, free, startAll, completion, rounds,
        sendOrder, receiveOrder);
  }

  /**
   * A copy whose receive names its sender instead of MPI_ANY_SOURCE.
   *
   * @return the copy
   */
  public SwarmMessage withSpecificSource() {
    return new SwarmMessage(sender, sendThread, receiver, receiveThread, tag, comm, large, send, mode, receive, slack,
        false, anyTag, procNull, cancelSend, cancelReceive, free, startAll, completion, rounds,
        sendOrder, receiveOrder);
  }

  /**
   * Whether the receiving thread probes for the message before its other calls when the program
   * has {@link Feature#QUEUED}: not for MPI_PROC_NULL (nothing arrives), channels (no matching) or
   * ready mode (its receive must be posted before the send starts).
   *
   * @return true when it can be probed for first
   */
  public boolean probeable() {
    return !procNull && slack == 0 && mode != SendMode.READY;
  }

  /**
   * Whether the sender waits for the receiver's zero-byte "go" before each start: ready mode needs
   * its receive posted, a channel's send start its receive start (seed 003's ready property).
   *
   * @return true for ready mode and channels, unless the message goes to MPI_PROC_NULL
   */
  public boolean handshake() {
    return !procNull && (mode == SendMode.READY || slack > 0);
  }

  @Override
  public String toString() {
    String calls = slack > 0 ? (startAll ? "nonblocking " : "") + "channel K=" + slack
        : send + " " + mode + "/" + receive + (startAll ? ", Startall" : "");
    return "r" + sender + ".t" + sendThread + " -> r" + receiver + ".t" + receiveThread + " tag " + tag
        + (comm == 1 ? " on dup" : "") + (large ? ", large" : "") + ", " + calls + (anySource ? ", MPI_ANY_SOURCE" : "")
        + (anyTag ? ", MPI_ANY_TAG" : "") + (procNull ? ", MPI_PROC_NULL" : "") + (cancelSend ? ", cancel send" : "")
        + (cancelReceive ? ", cancel receive" : "") + (free ? ", free" : "") + ", " + completion
        + (rounds > 1 ? ", " + rounds + " rounds" : "");
  }
}
