package dev.matchpoint.scenario.importer;

/**
 * Something a trace format cannot tell, stated on every {@link ImportedTrace} of that format so
 * that the converter to scenario programs does not guess. Sources: TRACE-FORMATS.md §1.6, §2.1,
 * §2.3.
 */
public enum FormatLimit {
  /**
   * OTF2 receive records carry the matched sender and tag, and MpiIrecvRequest carries only a
   * request id: whether the receive was posted with MPI_ANY_SOURCE or MPI_ANY_TAG is lost. The
   * receive specs of an OTF2 import are the envelopes that matched, never wildcards.
   */
  RECEIVE_WILDCARDS_NOT_RECORDED,
  /**
   * OTF2 MpiRequestCancelled says the request was cancelled; Score-P writes it where the cancelled
   * request is completed (its Wait or Test), not at MPI_Cancel. A {@link TraceOp.Cancel} therefore
   * stands for "cancel, then complete" at that point.
   */
  CANCEL_RECORDED_AT_COMPLETION,
  /**
   * Threads of one rank are separate locations; MPI orders nothing between them, so any order of
   * their messages on one channel (for matching) comes from timestamps.
   */
  THREAD_ORDER_FROM_TIMESTAMPS,
  /**
   * SimGrid (3.32) writes an MPI_ANY_SOURCE irecv with partner -333 (SMPI's MPI_UNDEFINED). The
   * importer reads -333 as any source, but the trace cannot distinguish it from a real undefined
   * partner.
   */
  ANY_SOURCE_WRITTEN_AS_UNDEFINED,
  /** The format has only MPI_COMM_WORLD; every operation uses communicator 0. */
  WORLD_COMMUNICATOR_ONLY,
  /**
   * The format has no request ids; the importer numbers requests per location in posting order
   * and resolves wait and test by the format's own rule.
   */
  NO_REQUEST_IDS,
  /** The format cannot express MPI_Cancel. */
  NO_CANCEL,
  /** The format has no timestamps; every operation's time is empty and the clock is unknown. */
  NO_TIMESTAMPS,
  /**
   * GOAL uses -1 for MPI_ANY_SOURCE and MPI_ANY_TAG on receives; the importer keeps them as
   * wildcards.
   */
  WILDCARDS_AS_MINUS_ONE,
  /**
   * A GOAL schedule is a dependency graph, not a program; the per-location programs are one
   * deterministic linearisation of it, and the graph itself is kept in {@link
   * ImportedTrace#dependencies()}.
   */
  SCHEDULE_LINEARISED
}
