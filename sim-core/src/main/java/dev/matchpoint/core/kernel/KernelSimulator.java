package dev.matchpoint.core.kernel;

import umontreal.ssj.simevents.Simulator;
import umontreal.ssj.simevents.eventlist.EventList;

/**
 * An SSJ {@link Simulator} whose run loop the {@link Kernel} drives event by event, so that ties
 * can go through the scheduler seam. It keeps SSJ's clock, event list and event API; only the loop
 * of {@link Simulator#start()} is replaced.
 */
final class KernelSimulator extends Simulator {
  KernelSimulator(EventList eventList) {
    super(eventList);
    init();
  }

  /** Sets the clock to the time of the event about to fire. */
  void advanceTo(double time) {
    currentTime = time;
  }
}
