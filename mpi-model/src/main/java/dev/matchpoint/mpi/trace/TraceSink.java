package dev.matchpoint.mpi.trace;

/**
 * Where the model sends its events, one at a time, as they are produced: a stored {@link Trace},
 * the oracles, a writer streaming them to disk, or nowhere. A sink keeps what it needs; the model
 * keeps nothing after emitting an event.
 */
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
