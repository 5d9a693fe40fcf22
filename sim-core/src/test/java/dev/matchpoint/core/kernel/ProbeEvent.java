package dev.matchpoint.core.kernel;

import java.util.List;
import umontreal.ssj.simevents.Event;
import umontreal.ssj.simevents.Simulator;

/**
 * A test event with an id, whose time and priority a test may set at any moment (SSJ's setters
 * refuse while the event counts as scheduled), and which appends its id to a log when it fires.
 */
class ProbeEvent extends Event {
  final int id;
  private final List<Integer> firedLog;

  ProbeEvent(Simulator sim, int id, List<Integer> firedLog) {
    super(sim);
    this.id = id;
    this.firedLog = firedLog;
  }

  ProbeEvent(Simulator sim, int id) {
    this(sim, id, null);
  }

  /** Sets the key directly, bypassing SSJ's "already scheduled" checks. */
  ProbeEvent key(double time, double priority) {
    this.eventTime = time;
    this.priority = priority;
    return this;
  }

  @Override
  public void actions() {
    if (firedLog != null) {
      firedLog.add(id);
    }
  }

  @Override
  public String toString() {
    return "#" + id;
  }

  /** One of two event classes, for {@code getFirstOfClass}. */
  static final class Alpha extends ProbeEvent {
    Alpha(Simulator sim, int id) {
      super(sim, id);
    }
  }

  /** The other of two event classes, for {@code getFirstOfClass}. */
  static final class Beta extends ProbeEvent {
    Beta(Simulator sim, int id) {
      super(sim, id);
    }
  }
}
