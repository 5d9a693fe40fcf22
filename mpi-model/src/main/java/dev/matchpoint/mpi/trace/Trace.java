package dev.matchpoint.mpi.trace;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** The append-only record of a run's events, in emission order. */
public final class Trace implements TraceSink {
  private final List<TraceEvent> events = new ArrayList<>();

  @Override
  public void emit(TraceEvent event) {
    events.add(event);
  }

  /**
   * All events in order.
   *
   * @return an unmodifiable view
   */
  public List<TraceEvent> events() {
    return Collections.unmodifiableList(events);
  }

  /**
   * The events of one type, in order.
   *
   * @param type the record type, e.g. {@code TraceEvent.Matched.class}
   * @param <E> the type
   * @return a fresh list
   */
  public <E extends TraceEvent> List<E> of(Class<E> type) {
    List<E> out = new ArrayList<>();
    for (TraceEvent e : events) {
      if (type.isInstance(e)) {
        out.add(type.cast(e));
      }
    }
    return out;
  }

  /**
   * The match events (receives, probes, matched probes, matched receives), in order.
   *
   * @return a fresh list
   */
  public List<TraceEvent.Matched> matches() {
    return of(TraceEvent.Matched.class);
  }

  /**
   * One line per event, as {@link TraceEvent#describe()} writes them.
   *
   * @return the text, newline-terminated lines
   */
  public String toText() {
    StringBuilder sb = new StringBuilder();
    for (TraceEvent e : events) {
      sb.append(e.describe()).append('\n');
    }
    return sb.toString();
  }
}
