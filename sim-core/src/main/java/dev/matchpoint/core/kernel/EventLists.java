package dev.matchpoint.core.kernel;

import umontreal.ssj.simevents.eventlist.EventList;
import umontreal.ssj.simevents.eventlist.SplayTree;

/** The event lists a kernel can run on. */
public final class EventLists {
  private EventLists() {}

  /**
   * The project's default: the fastest list with SSJ's exact tie order.
   *
   * @return a new, empty list
   */
  public static EventList fastest() {
    return new SplayTree();
  }
}
