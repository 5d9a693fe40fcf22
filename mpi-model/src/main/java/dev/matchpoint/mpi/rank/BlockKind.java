package dev.matchpoint.mpi.rank;

/** Why a thread is blocked inside an MPI call. */
enum BlockKind {
  /** Not blocked. */
  NONE,
  /**
   * Waiting for requests to complete: a Wait-family call, or a blocking send, receive, matched
   * receive or Sendrecv on its own internal requests. Resumed by the event that completes them.
   */
  REQUESTS,
  /** A blocking Probe or Mprobe waiting for a matching message; runnable again once one is queued. */
  PROBE,
  /** MPI_Buffer_detach waiting for buffered messages to be transmitted. */
  DETACH,
  /** Timed mode: local computation in progress. */
  COMPUTE,
  /**
   * In a blocking collective whose return condition does not hold yet ({@link Collectives}):
   * resumed as a step of its own once the members it waits for have called.
   */
  COLLECTIVE
}
