package dev.matchpoint.mpi.trace;

/** Where the model sends its events: a stored {@link Trace}, the oracles, or nowhere. */
public interface TraceSink {
  /** Drops every event. */
  TraceSink NONE = e -> { };

  /**
   * Receives one event.
   *
   * @param event the event
   */
  void emit(TraceEvent event);

  /**
   * A sink that forwards to both.
   *
   * @param a first sink
   * @param b second sink
   * @return the tee
   */
  static TraceSink both(TraceSink a, TraceSink b) {
    if (a == NONE) {
      return b;
    }
    if (b == NONE) {
      return a;
    }
    return e -> {
      a.emit(e);
      b.emit(e);
    };
  }
}
