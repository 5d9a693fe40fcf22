package dev.matchpoint.core.kernel;

import umontreal.ssj.simevents.eventlist.EventList;

/** The event lists a kernel can run on. */
public final class EventLists {
  private EventLists() {}

  /**
   * The project's default: the fastest list with SSJ's exact tie order, a {@link LadderQueue}
   * (Tang, Goh and Thng, ACM TOMACS 2005), which orders events exactly as SSJ's {@code SplayTree}
   * does.
   *
   * @return a new, empty list
   */
  public static EventList fastest() {
    return new LadderQueue();
  }
}
