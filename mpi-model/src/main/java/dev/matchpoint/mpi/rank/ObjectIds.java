package dev.matchpoint.mpi.rank;

/**
 * The shared objects of the model for the explorer's independence relation (DESIGN §5). An action
 * writes the objects it changes and reads the ones it only inspects; two actions are dependent when
 * one writes an object the other touches.
 *
 * <ul>
 *   <li>{@code engine(r)}: rank r's matching engine (posted receive queue, unexpected message queue,
 *       reordering buffer, round-robin pointer). Written by receives, matched probes and message
 *       arrivals; read by probes (written under round-robin, which moves the pointer).
 *   <li>{@code thread(r, t)}: a thread's program counter, variables, requests and handles. Written
 *       by the thread's own steps and by the events that complete its requests.
 *   <li>{@code linkTail(s, d)}: the sending side of link s->d: the send sequence numbers to d, the
 *       eager credit at d, packets waiting for credit, and appending to the link. Written by sends
 *       and replies from s to d and by the delivery of a credit packet d->s.
 *   <li>{@code linkHead(s, d)}: removing a packet from link s->d. Written by deliveries. Appending
 *       (tail) and removing (head) commute whenever both are enabled, so they are separate objects.
 *   <li>{@code buffer(r)}: rank r's attached buffer for buffered sends.
 * </ul>
 *
 * <p>So steps of different ranks that touch no common engine or link commute; two operations on
 * one rank's matching engine do not; a delivery and a probe on the same rank do not.
 */
public final class ObjectIds {
  private ObjectIds() {}

  /**
   * Rank r's matching engine.
   *
   * @param rank the rank
   * @return the object id
   */
  public static long engine(int rank) {
    return (1L << 56) | rank;
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
}
