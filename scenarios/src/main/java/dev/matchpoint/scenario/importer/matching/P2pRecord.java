package dev.matchpoint.scenario.importer.matching;

/**
 * The point-to-point records seed 002 normalises, one location's view, with peers already
 * translated to MPI_COMM_WORLD ranks. Times are ticks since the trace's global offset; sizes are
 * bytes; request ids are the location's own (OTF2 reuses them once a request is retired).
 */
public sealed interface P2pRecord {
  /** Returns when the record was written, in ticks. */
  long timeTicks();

  /**
   * MPI_Send was called.
   *
   * @param timeTicks when
   * @param receiver receiver's world rank
   * @param communicator communicator id
   * @param tag the tag
   * @param bytes message size in bytes
   */
  record Send(long timeTicks, int receiver, long communicator, long tag, long bytes)
      implements P2pRecord {}

  /**
   * MPI_Isend was called.
   *
   * @param timeTicks when
   * @param receiver receiver's world rank
   * @param communicator communicator id
   * @param tag the tag
   * @param bytes message size in bytes
   * @param requestId the request id
   */
  record Isend(
      long timeTicks, int receiver, long communicator, long tag, long bytes, long requestId)
      implements P2pRecord {}

  /**
   * A Wait or Test confirmed that an Isend completed.
   *
   * @param timeTicks when
   * @param requestId the request id
   */
  record IsendComplete(long timeTicks, long requestId) implements P2pRecord {}

  /**
   * MPI_Recv completed.
   *
   * @param timeTicks when
   * @param sender sender's world rank
   * @param communicator communicator id
   * @param tag the tag
   * @param bytes message size in bytes
   */
  record Recv(long timeTicks, int sender, long communicator, long tag, long bytes)
      implements P2pRecord {}

  /**
   * MPI_Irecv was called (source, tag and size are not known yet).
   *
   * @param timeTicks when
   * @param requestId the request id
   */
  record IrecvRequest(long timeTicks, long requestId) implements P2pRecord {}

  /**
   * A Wait or Test confirmed that an Irecv completed, with the message's envelope.
   *
   * @param timeTicks when
   * @param sender sender's world rank
   * @param communicator communicator id
   * @param tag the tag
   * @param bytes message size in bytes
   * @param requestId the request id
   */
  record Irecv(
      long timeTicks, int sender, long communicator, long tag, long bytes, long requestId)
      implements P2pRecord {}

  /**
   * The program cancelled a request (an Isend's or an Irecv's, or one not recorded).
   *
   * @param timeTicks when
   * @param requestId the request id
   */
  record RequestCancelled(long timeTicks, long requestId) implements P2pRecord {}
}
