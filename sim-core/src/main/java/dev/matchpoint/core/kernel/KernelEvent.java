package dev.matchpoint.core.kernel;

import umontreal.ssj.simevents.Event;

/** An SSJ event that runs one {@link Kernel.Action} of one kernel's simulation. */
final class KernelEvent extends Event {
  private Kernel.Action action;

  KernelEvent(KernelSimulator sim, Kernel.Action action) {
    super(sim);
    this.action = action;
  }

  Kernel.Action action() {
    return action;
  }

  /** A fired event takes a new action (null while it waits in the kernel's spares). */
  void reuse(Kernel.Action next) {
    action = next;
  }

  /** Marks the event as no longer scheduled, as SSJ's own loop does after removal. */
  void markFired() {
    eventTime = -10.0;
  }

  @Override
  public void actions() {
    action.fire();
  }
}
