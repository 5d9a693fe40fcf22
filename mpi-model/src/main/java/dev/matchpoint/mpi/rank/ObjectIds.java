package dev.matchpoint.mpi.rank;

/**
 * The shared objects of the model for the explorer's independence relation (DESIGN §5). An action
 * writes the objects it changes and reads the ones it only inspects; two actions are dependent when
 * one writes an object the other touches.
 *
 * <ul>
 *   <li>{@code queue(r, s)}: the messages from source s at rank r: its reordering buffer and its
 *       part of the unexpected message queue. Under the {@code arrival} wildcard policy the order
 *       across sources matters, so every source maps to one object, {@code queue(r, ALL)}. A
 *       receive or probe with a specific source reads (and a receive or matched probe that takes a
 *       message writes) that source's queue; with MPI_ANY_SOURCE it reads every source's queue.
 *       An arriving message writes its source's queue.
 *   <li>{@code posted(r)}: rank r's posted receive queue. Read by every arriving message and by
 *       every ready send to r when it starts (MPI-3.1 §3.4: it is judged against the receives
 *       posted then), written when a receive is queued or leaves the queue. What a ready send
 *       records at r for its own message ({@link ReadySends}) is read only by that message's
 *       arrival, which depends on the send anyway, and changed otherwise only by actions that write
 *       {@code posted(r)}: it needs no object of its own.
 *   <li>{@code roundRobin(r)}: the round-robin pointer, written by wildcard matches under that policy.
 *   <li>{@code thread(r, t)}: a thread's program counter, variables, requests and handles. Written
 *       by the thread's own steps and by the events that complete its requests.
 *   <li>{@code sendrecvHalf(r, t, h)}: the internal request of one half of a thread's MPI_Sendrecv
 *       (MPI-3.1 §3.10). Written by that half (which only reads {@code thread(r, t)}), by the events
 *       that complete its request, and by the call's return; so the two halves are independent.
 *   <li>{@code linkTail(s, d)}: the sending side of link s->d: the send sequence numbers to d, the
 *       eager credit at d, packets waiting for credit. Written by sends and replies from s to d and
 *       by the delivery of a credit packet d->s.
 *   <li>{@code linkHead(s, d)}: removing packets from link s->d. Written by deliveries.
 *   <li>{@code packet(s, d, k)}: the k-th packet of link s->d. Written by the action that injects it
 *       and by its delivery, so a delivery happens after its injection (enabling is dependency).
 *   <li>{@code buffer(r)}: rank r's attached buffer for buffered sends.
 *   <li>{@code binds(r)}: rank r's channel state (endpoints awaiting their peers, peers' offers
 *       awaiting local binds, and the starts of its receive endpoints, which a send start on the
 *       channel reads for the ready property; seed 003), and its partitioned state: the partitioned
 *       initialisations counted and the partitions arrived ahead of their receive's epoch (MPI-4.0
 *       chapter 4).
 *   <li>{@code collective(c)}: the blocking collectives called on the communicator of context c
 *       (every rank's log of them). Written by every collective call, read by a blocked collective's
 *       return.
 *   <li>{@code comms(r)}: rank r's communicators created at run time and those it freed. Written by
 *       Comm_dup, Comm_split and Comm_free at r, read by every call of r that names a communicator
 *       and by the call that completes a Comm_dup or Comm_split of a parent r belongs to.
 *   <li>{@code sharedVar(r, i)}: rank r's i-th shared variable, read and written by the steps
 *       whose statements name it ({@link SharedState}).
 * </ul>
 *
 * <p>So: steps of different ranks that touch no common queue or link commute; two receives or
 * matched probes on one rank that may take the same messages do not; a delivery and a probe that
 * can see its message do not; under the {@code any} policy two messages from different sources
 * arriving at a rank with no posted receive commute.
 */
public final class ObjectIds {
  private ObjectIds() {}

  /** The source index that stands for every source ({@code arrival} policy, wildcard reads). */
  public static final int ALL_SOURCES = 0xffffff;

  /**
   * The messages of one source at a rank.
   *
   * @param rank the receiving rank
   * @param source the source, or {@link #ALL_SOURCES}
   * @return the object id
   */
  public static long queue(int rank, int source) {
    return (1L << 56) | ((long) rank << 24) | (source & 0xffffff);
  }

  /**
   * A rank's posted receive queue.
   *
   * @param rank the rank
   * @return the object id
   */
  public static long posted(int rank) {
    return (6L << 56) | rank;
  }

  /**
   * A rank's round-robin pointer.
   *
   * @param rank the rank
   * @return the object id
   */
  public static long roundRobin(int rank) {
    return (7L << 56) | rank;
  }

  /**
   * One packet of a link. The fields wrap: ranks are taken modulo 2^16 and positions modulo 2^24,
   * so in larger worlds (or longer links) distinct packets may share an id. That only makes actions
   * dependent that are not, which costs reduction, never soundness.
   *
   * @param source source rank
   * @param dest destination rank
   * @param linkSeq position on the link
   * @return the object id
   */
  public static long packet(int source, int dest, long linkSeq) {
    return (8L << 56) | ((long) (source & 0xffff) << 40) | ((long) (dest & 0xffff) << 24) | (linkSeq & 0xffffff);
  }

  /**
   * A thread's local state.
   *
   * @param rank the rank
   * @param thread the thread
   * @return the object id
   */
  public static long thread(int rank, int thread) {
    return (2L << 56) | ((long) rank << 20) | thread;
  }

  /**
   * One half of a thread's MPI_Sendrecv: its internal request.
   *
   * @param rank the rank, below 2^24
   * @param thread the thread, below 2^23
   * @param half {@link Action.Half#SEND} or {@link Action.Half#RECEIVE}
   * @return the object id
   */
  public static long sendrecvHalf(int rank, int thread, Action.Half half) {
    return (10L << 56) | ((long) rank << 24) | ((long) thread << 1) | (half == Action.Half.SEND ? 0 : 1);
  }

  /**
   * The sending side of link source->dest.
   *
   * @param source source rank
   * @param dest destination rank
   * @return the object id
   */
  public static long linkTail(int source, int dest) {
    return (3L << 56) | ((long) source << 24) | dest;
  }

  /**
   * The receiving side of link source->dest.
   *
   * @param source source rank
   * @param dest destination rank
   * @return the object id
   */
  public static long linkHead(int source, int dest) {
    return (4L << 56) | ((long) source << 24) | dest;
  }

  /**
   * Rank r's attached buffer.
   *
   * @param rank the rank
   * @return the object id
   */
  public static long buffer(int rank) {
    return (5L << 56) | rank;
  }

  /**
   * Rank r's channel binding state.
   *
   * @param rank the rank
   * @return the object id
   */
  public static long binds(int rank) {
    return (9L << 56) | rank;
  }

  /**
   * One rank-shared variable ({@link SharedState}): bit {@code i % 64} stands for the rank's i-th
   * shared variable in name order, so variables 64 apart share an id (less reduction, never less
   * soundness).
   *
   * @param rank the rank, below 2^24
   * @param bit the variable's bit, 0..63
   * @return the object id
   */
  public static long sharedVar(int rank, int bit) {
    return (15L << 56) | ((long) rank << 8) | bit;
  }

  /**
   * The blocking collectives of one communicator.
   *
   * @param context the communicator's context id
   * @return the object id
   */
  public static long collective(int context) {
    return (11L << 56) | context;
  }

  /**
   * Rank r's communicators created at run time ({@link Communicators}).
   *
   * @param rank the rank
   * @return the object id
   */
  public static long comms(int rank) {
    return (12L << 56) | rank;
  }
}
