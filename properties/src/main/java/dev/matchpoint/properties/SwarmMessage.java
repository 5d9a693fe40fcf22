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
 * @param comm 0 for {@code world}, 1 for its duplicate {@code dup} declared by the scenario, 2 for
 *     the communicator {@code c} that every rank's thread 0 creates at run time ({@link
 *     SwarmComm}); a message on {@code c} is sent and received by threads 0
 * @param large whether the payload is {@link SwarmProgram#LARGE_BYTES} (rendezvous) rather than
 *     {@link SwarmProgram#SMALL_BYTES} (eager)
 * @param send the sending call
 * @param mode the send mode (MPI-3.1 §3.4)
 * @param receive the receiving call
 * @param types the derived datatypes the message is sent (and received) with
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
    boolean large, SendKind send, SendMode mode, ReceiveKind receive, TypeUse types, int slack, boolean anySource,
    boolean anyTag, boolean procNull, boolean cancelSend, boolean cancelReceive, boolean free, boolean startAll,
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
    SENDRECV,
    /**
     * {@code MPI_Sendrecv_replace} (MPI-3.1 §3.10): as {@link #SENDRECV}, one count and datatype for
     * both halves, so the receive half is the next receive only when that message has the same size.
     */
    SENDRECV_REPLACE,
    /** {@code MPI_Isendrecv} (MPI-4.0 §3.10): as {@link #SENDRECV}, completed as the message's completion says. */
    ISENDRECV,
    /** {@code MPI_Isendrecv_replace} (MPI-4.0 §3.10): {@link #SENDRECV_REPLACE}, completed as {@link #ISENDRECV}. */
    ISENDRECV_REPLACE;

    /**
     * Whether the call is one of the send-receives.
     *
     * @return true for {@link #SENDRECV} and the three after it
     */
    public boolean exchange() {
      return ordinal() >= SENDRECV.ordinal();
    }

    /**
     * Whether the call sends and receives with one count and datatype.
     *
     * @return true for the two replace forms
     */
    public boolean replace() {
      return this == SENDRECV_REPLACE || this == ISENDRECV_REPLACE;
    }
  }

  /**
   * The derived datatypes (MPI-3.1 chapter 4) a message is sent with: the sending thread builds and
   * commits the type before the message's first send call and frees it after its last (the calls
   * still pending complete normally, MPI-3.1 §4.1.9); the receiving thread likewise for {@link
   * #VECTOR}. Every type the model builds repeats one basic type, here MPI_BYTE unless said.
   */
  public enum TypeUse {
    /** {@code MPI_BYTE} on both sides. */
    BYTES,
    /** Sent as one {@code MPI_Type_contiguous} of the message's bytes, received as {@code MPI_BYTE}. */
    CONTIGUOUS,
    /**
     * Sent as one {@code MPI_Type_vector} of two blocks of half the bytes (stride one more than a
     * block); received with a contiguous type of the message's bytes, as many as the receive's
     * capacity holds, and the receiving thread asks {@code MPI_Get_elements} of each blocking receive.
     */
    VECTOR,
    /** Sent as a contiguous type of {@code MPI_INT}, received as {@code MPI_BYTE}: the type signatures differ. */
    MISMATCH,
    /** The sender frees its type right after committing it, then sends with it: MPI_ERR_TYPE, nothing sent. */
    FREED
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
    TESTSOME,
    /**
     * {@code MPI_Request_get_status} on each in an {@code until} loop that polls until its flag is
     * set (the status is kept: MPI-3.1 §3.7.3), then {@code MPI_Wait} on each, which still finds it.
     */
    GET_STATUS
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
    if (tag < 0 || comm < 0 || comm > 2 || slack < 0 || rounds < 1 || rounds > 2) {
      throw new IllegalArgumentException("tag >= 0, comm 0, 1 or 2, slack >= 0 and 1 or 2 rounds");
    }
    if (comm == 2 && (sendThread != 0 || receiveThread != 0)) {
      throw new IllegalArgumentException("a message on the communicator created at run time runs on threads 0");
    }
    Objects.requireNonNull(send, "send");
    Objects.requireNonNull(mode, "mode");
    Objects.requireNonNull(receive, "receive");
    Objects.requireNonNull(completion, "completion");
    Objects.requireNonNull(types, "types");
    if (slack > 0) {
      // A channel binds two persistent requests naming each other (seed 003): one peer, no cancel.
      send = SendKind.SEND_INIT;
      receive = ReceiveKind.RECV_INIT;
      anySource = false;
      procNull = false;
      cancelSend = false;
      cancelReceive = false;
      types = TypeUse.BYTES;
    }
    if (send.exchange() || slack > 0
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
        types, slack, anySource, anyTag, procNull, cancelSend, cancelReceive, free, startAll, completion, rounds,
        sendOrder, receiveOrder);
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
        types, slack, anySource, anyTag, procNull, cancelSend, cancelReceive, free, startAll, completion, rounds,
        sendOrder, receiveOrder);
  }

  /**
   * A copy on another communicator.
   *
   * @param newComm 0, 1 or 2 (then the threads are 0)
   * @return the copy
   */
  public SwarmMessage onComm(int newComm) {
    return new SwarmMessage(sender, sendThread, receiver, receiveThread, tag, newComm, large, send, mode, receive,
        types, slack, anySource, anyTag, procNull, cancelSend, cancelReceive, free, startAll, completion, rounds,
        sendOrder, receiveOrder);
  }

  /**
   * A copy whose receive names its sender instead of MPI_ANY_SOURCE.
   *
   * @return the copy
   */
  public SwarmMessage withSpecificSource() {
    return new SwarmMessage(sender, sendThread, receiver, receiveThread, tag, comm, large, send, mode, receive, types,
        slack, false, anyTag, procNull, cancelSend, cancelReceive, free, startAll, completion, rounds,
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
        + (comm == 1 ? " on dup" : comm == 2 ? " on c" : "") + (large ? ", large" : "") + ", " + calls
        + (anySource ? ", MPI_ANY_SOURCE" : "")
        + (anyTag ? ", MPI_ANY_TAG" : "") + (procNull ? ", MPI_PROC_NULL" : "") + (cancelSend ? ", cancel send" : "")
        + (types != TypeUse.BYTES ? ", type " + types : "") + (cancelReceive ? ", cancel receive" : "")
        + (free ? ", free" : "") + ", " + completion
        + (rounds > 1 ? ", " + rounds + " rounds" : "");
  }
}
