package dev.matchpoint.mpi.match;

import java.util.List;

/**
 * The posted receive queue of one rank: receives posted before a matching message arrived, in
 * posting order. An arriving message matches the earliest posted receive that matches its envelope
 * (MPI-3.1 §3.5, "Order": receives are ordered too).
 *
 * <p>Contract: {@link #add} takes receives in strictly increasing {@code postStamp}; patterns may
 * hold {@link Envelopes#ANY}; queries take a concrete envelope.
 */
public interface PostedReceiveQueue {
  /**
   * Appends a receive.
   *
   * @param receive with a post stamp larger than any queued receive's
   */
  void add(PostedReceive receive);

  /**
   * The earliest posted receive whose pattern matches the envelope.
   *
   * @param context the message's context id
   * @param source the message's source
   * @param tag the message's tag
   * @return the receive, or null
   */
  PostedReceive earliestMatching(int context, int source, int tag);

  /**
   * Removes a posted receive.
   *
   * @param receive the receive (compared by request id)
   * @return whether it was queued
   */
  boolean remove(PostedReceive receive);

  /**
   * Entries a linear search inspected in the last {@link #earliestMatching} call, the match
   * included (the whole queue on a miss).
   *
   * @return the count, or -1 when this implementation does not search linearly
   */
  default int lastSearchLength() {
    return -1;
  }

  /**
   * Number of posted receives.
   *
   * @return the depth
   */
  int size();

  /**
   * The posted receives in posting order.
   *
   * @return a fresh list
   */
  List<PostedReceive> inPostingOrder();

  /**
   * An independent copy.
   *
   * @return the copy
   */
  PostedReceiveQueue copy();
}
