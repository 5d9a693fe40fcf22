package dev.matchpoint.mpi.trace;

/**
 * Where the model sends its events, one at a time, as they are produced: a stored {@link Trace},
 * the oracles, a writer streaming them to disk, or nowhere. A sink keeps what it needs; the model
 * keeps nothing after emitting an event.
 */
public interface TraceSink {
  /** Drops every event. */
  TraceSink NONE = new TraceSink() {
    @Override
    public void emit(TraceEvent event) {}

    @Override
    public boolean readsEveryEvent() {
      return false;
    }
  };

  /**
   * Receives one event.
   *
   * @param event the event
   */
  void emit(TraceEvent event);

  /**
   * Whether the sink reads every kind of event. A timed-mode model feeding only sinks that answer
   * false skips building the call, packet, arrival and request-completion events (whose text costs
   * most of a step); it still emits the posts, sends, matches, cancel decisions and problems.
   *
   * @return true (the default) to receive every event
   */
  default boolean readsEveryEvent() {
    return true;
  }

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
    boolean every = a.readsEveryEvent() || b.readsEveryEvent();
    return new TraceSink() {
      @Override
      public void emit(TraceEvent e) {
        a.emit(e);
        b.emit(e);
      }

      @Override
      public boolean readsEveryEvent() {
        return every;
      }
    };
  }
}
