package dev.matchpoint.properties;

import java.util.Objects;

/**
 * One message of a {@link Workload}: who sends it to whom, with which envelope and size, and which
 * calls send and receive it. A workload derives every thread's program from its messages, so each
 * message has exactly one send and one receive (balanced by construction).
 *
 * @param sender the sending rank
 * @param sendThread the sending thread of {@code sender}
 * @param receiver the receiving rank, never {@code sender}
 * @param receiveThread the receiving thread of {@code receiver}
 * @param tag the message's tag, at least 0
 * @param bytes the payload in bytes (sent as {@code MPI_BYTE}s), at least 0
 * @param send how it is sent
 * @param receive how it is received
 * @param anySource whether the receive (or probe) pattern uses MPI_ANY_SOURCE instead of {@code sender}
 * @param anyTag whether the receive (or probe) pattern uses MPI_ANY_TAG instead of {@code tag}
 * @param sendOrder the send's position key in its thread: a thread runs its calls by ascending key,
 *     ties in message order
 * @param receiveOrder the receive's position key in its thread
 */
public record MessagePlan(int sender, int sendThread, int receiver, int receiveThread, int tag, long bytes,
    SendCall send, ReceiveCall receive, boolean anySource, boolean anyTag, int sendOrder, int receiveOrder) {
  /**
   * Validates.
   *
   * @throws IllegalArgumentException when a rank, thread, tag or size is negative, or the message is
   *     sent to its own rank
   */
  public MessagePlan {
    if (sender < 0 || receiver < 0 || sendThread < 0 || receiveThread < 0) {
      throw new IllegalArgumentException("ranks and threads are at least 0");
    }
    if (sender == receiver) {
      throw new IllegalArgumentException("a generated message goes to another rank, got " + sender + " -> " + receiver);
    }
    if (tag < 0 || bytes < 0) {
      throw new IllegalArgumentException("tag and size are at least 0");
    }
    Objects.requireNonNull(send, "send");
    Objects.requireNonNull(receive, "receive");
  }

  /**
   * A copy on other threads.
   *
   * @param newSendThread the sending thread
   * @param newReceiveThread the receiving thread
   * @return the copy
   */
  public MessagePlan onThreads(int newSendThread, int newReceiveThread) {
    return new MessagePlan(sender, newSendThread, receiver, newReceiveThread, tag, bytes, send, receive, anySource,
        anyTag, sendOrder, receiveOrder);
  }

  @Override
  public String toString() {
    return "r" + sender + ".t" + sendThread + " -> r" + receiver + ".t" + receiveThread + " tag " + tag + ", " + bytes
        + " B, " + send + "/" + receive + (anySource ? ", MPI_ANY_SOURCE" : "") + (anyTag ? ", MPI_ANY_TAG" : "");
  }
}
