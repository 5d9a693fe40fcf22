package dev.matchpoint.mpi.match;

import java.util.List;

/**
 * The unexpected message queue of one rank: messages (eager data or rendezvous RTS) that arrived
 * before a matching receive was posted, in arrival order (MPI-3.1 §3.5; seed 004 "unexpected
 * messages list"). Arrival order restricted to one (source, context) is send order, because the
 * matching engine releases messages in sequence-number order.
 *
 * <p>Contract shared by all implementations (checked by one contract test against each): {@link
 * #add} takes messages in strictly increasing {@code arrivalStamp}; the query methods never remove;
 * wildcard arguments are {@link Envelopes#ANY}; the context is never a wildcard.
 */
public interface UnexpectedMessageQueue {
  /**
   * Appends a message.
   *
   * @param message with an arrival stamp larger than any queued message's
   */
  void add(Message message);

  /**
   * The earliest queued message from {@code source} matching {@code tag} in {@code context}: the
   * one a receive with that specific source must take (non-overtaking).
   *
   * @param context context id
   * @param source a rank (not a wildcard)
   * @param tag a tag or {@link Envelopes#ANY}
   * @return the message, or null
   */
  Message earliestFrom(int context, int source, int tag);

  /**
   * The earliest-arrived queued message of any source matching {@code tag} in {@code context}.
   *
   * @param context context id
   * @param tag a tag or {@link Envelopes#ANY}
   * @return the message, or null
   */
  Message earliest(int context, int tag);

  /**
   * The sources that have a queued message matching {@code tag} in {@code context}: the choices an
   * MPI_ANY_SOURCE receive has under the standard.
   *
   * @param context context id
   * @param tag a tag or {@link Envelopes#ANY}
   * @return distinct ranks in ascending order
   */
  int[] sourcesWithMatch(int context, int tag);

  /**
   * Removes a queued message.
   *
   * @param message the message (compared by identity key)
   * @return whether it was queued
   */
  boolean remove(Message message);

  /**
   * Entries a linear search inspected in the last {@link #earliestFrom} or {@link #earliest} call,
   * the match included (the whole queue on a miss): the match search length of Ferreira et al.
   * (EuroMPI 2017), measured by the queue shaped like the standard.
   *
   * @return the count, or -1 when this implementation does not search linearly
   */
  default int lastSearchLength() {
    return -1;
  }

  /**
   * Number of queued messages.
   *
   * @return the depth
   */
  int size();

  /**
   * The queued messages in arrival order.
   *
   * @return a fresh list
   */
  List<Message> inArrivalOrder();

  /**
   * An independent copy.
   *
   * @return the copy
   */
  UnexpectedMessageQueue copy();
}
