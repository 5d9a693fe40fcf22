package dev.matchpoint.scenario.importer.otf2;

/**
 * The event records Matchpoint decodes (TRACE-FORMATS.md §1.6). Ranks are ranks in the record's
 * communicator; communicator and region ids are global (already mapped); lengths are in bytes;
 * tags and ranks are unsigned 32-bit values held in a {@code long}.
 */
public sealed interface Otf2Record {
  /**
   * Type 12: a region was entered.
   *
   * @param region global Region id
   */
  record Enter(long region) implements Otf2Record {}

  /**
   * Type 13: a region was left.
   *
   * @param region global Region id
   */
  record Leave(long region) implements Otf2Record {}

  /**
   * Type 14: a blocking send started.
   *
   * @param receiver receiver's rank in {@code communicator}
   * @param communicator global Comm id
   * @param tag message tag
   * @param lengthBytes message length in bytes
   */
  record MpiSend(long receiver, long communicator, long tag, long lengthBytes)
      implements Otf2Record {}

  /**
   * Type 15: a non-blocking send was posted.
   *
   * @param receiver receiver's rank in {@code communicator}
   * @param communicator global Comm id
   * @param tag message tag
   * @param lengthBytes message length in bytes
   * @param requestId the location's request id
   */
  record MpiIsend(long receiver, long communicator, long tag, long lengthBytes, long requestId)
      implements Otf2Record {}

  /**
   * Type 16: a send request completed.
   *
   * @param requestId the location's request id
   */
  record MpiIsendComplete(long requestId) implements Otf2Record {}

  /**
   * Type 17: a non-blocking receive was posted.
   *
   * @param requestId the location's request id
   */
  record MpiIrecvRequest(long requestId) implements Otf2Record {}

  /**
   * Type 18: a blocking receive completed.
   *
   * @param sender sender's rank in {@code communicator}
   * @param communicator global Comm id
   * @param tag message tag
   * @param lengthBytes message length in bytes
   */
  record MpiRecv(long sender, long communicator, long tag, long lengthBytes)
      implements Otf2Record {}

  /**
   * Type 19: a non-blocking receive completed.
   *
   * @param sender sender's rank in {@code communicator}
   * @param communicator global Comm id
   * @param tag message tag
   * @param lengthBytes message length in bytes
   * @param requestId the location's request id
   */
  record MpiIrecv(long sender, long communicator, long tag, long lengthBytes, long requestId)
      implements Otf2Record {}

  /**
   * Type 20: a test found the request incomplete.
   *
   * @param requestId the request id
   */
  record MpiRequestTest(long requestId) implements Otf2Record {}

  /**
   * Type 21: the request was cancelled.
   *
   * @param requestId the request id
   */
  record MpiRequestCancelled(long requestId) implements Otf2Record {}

  /** Type 22: a collective operation began. */
  record MpiCollectiveBegin() implements Otf2Record {}

  /**
   * Type 23: a collective operation ended.
   *
   * @param operation OTF2_CollectiveOp (0 BARRIER, 1 BCAST, … 16 REDUCE_SCATTER_BLOCK)
   * @param communicator global Comm id
   * @param root root rank in {@code communicator}, or 0xFFFFFFFF for none
   * @param sentBytes bytes sent
   * @param receivedBytes bytes received
   */
  record MpiCollectiveEnd(
      int operation, long communicator, long root, long sentBytes, long receivedBytes)
      implements Otf2Record {}
}
