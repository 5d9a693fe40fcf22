package dev.matchpoint.core.kernel;

import dev.matchpoint.core.sched.ChoiceKind;
import dev.matchpoint.core.sched.SchedulerSeam;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import umontreal.ssj.simevents.Event;
import umontreal.ssj.simevents.eventlist.EventList;

/**
 * One simulation's event kernel: an SSJ {@code Simulator} instance (never the static {@code Sim})
 * with its own {@link EventList}, simulated time in integral nanoseconds, and a run loop.
 *
 * <p>Order of events: by time, then in insertion order (the tie order SSJ's event lists keep for
 * equal time and priority). When the scheduler {@linkplain SchedulerSeam#decidesTies() decides
 * ties}, the loop gathers every event due at the current minimum time and asks a {@link
 * ChoiceKind#TIE} point which fires first; the others go back to the front of the list in their
 * order. With the default {@code FifoScheduler} ties fire in insertion order without being gathered.
 *
 * <p>A kernel is confined to one thread; several kernels run in parallel threads without sharing
 * state.
 */
public final class Kernel {
  /** What an event does when it fires. */
  public interface Action {
    /** Runs the action at the kernel's current time. */
    void fire();

    /**
     * A short description for tie choice labels and reports.
     *
     * @return e.g. {@code "deliver EAGER 0->2"}
     */
    default String describe() {
      return getClass().getSimpleName();
    }
  }

  /** Why {@link #run} returned. */
  public enum Stop {
    /** The event list is empty. */
    QUIESCENT,
    /** The event budget was reached with events still pending. */
    EVENT_BUDGET,
    /** The next event lies beyond the time limit. */
    TIME_LIMIT,
    /**
     * An event was to be scheduled after {@link #HORIZON_NS}; it was not, and the run ended after
     * the event that scheduled it.
     */
    HORIZON,
    /** {@link #stop()} was called. */
    STOPPED
  }

  /**
   * What {@link #run} did.
   *
   * @param stop why it returned
   * @param eventsFired events fired by this call
   * @param endTimeNs the simulated time when it returned, in nanoseconds
   */
  public record RunResult(Stop stop, long eventsFired, long endTimeNs) {}

  /**
   * The latest simulated time an event may be due, in ns: 2^53 (about 104 days), the span in which
   * the event list's {@code double} times are exact integers. Durations the model computes without
   * a bound (a per-byte cost times a message size, a random latency draw) saturate at it, so sums of
   * a few of them cannot overflow a {@code long}; an event due after it ends the run ({@link
   * Stop#HORIZON}).
   */
  public static final long HORIZON_NS = 1L << 53;

  private final KernelSimulator sim;
  private final SchedulerSeam seam;
  private boolean stopRequested;
  private boolean pastHorizon;
  private long eventsFired;
  /**
   * Fired events kept for reuse: a run schedules about as many events as it fires, so in steady
   * state {@link #schedule} allocates no event object. No one outside the kernel holds a {@link
   * KernelEvent}, so one that has fired is free.
   */
  private final Spares<KernelEvent> spare = new Spares<>(1 << 20);

  /**
   * Creates a kernel over a fresh event list.
   *
   * @param eventList an empty list this kernel owns from now on
   * @param seam the run's scheduler seam, asked about ties
   */
  public Kernel(EventList eventList, SchedulerSeam seam) {
    this.sim = new KernelSimulator(Objects.requireNonNull(eventList, "eventList"));
    this.seam = Objects.requireNonNull(seam, "seam");
  }

  /**
   * Creates a kernel over the project's default event list ({@link EventLists#fastest()}).
   *
   * @param seam the run's scheduler seam
   */
  public Kernel(SchedulerSeam seam) {
    this(EventLists.fastest(), seam);
  }

  /**
   * The current simulated time.
   *
   * @return nanoseconds since the start of the run
   */
  public long nowNs() {
    return (long) sim.time();
  }

  /**
   * Total events fired by this kernel so far.
   *
   * @return the count
   */
  public long eventsFired() {
    return eventsFired;
  }

  /**
   * Schedules {@code action} after {@code delayNs} nanoseconds.
   *
   * @param delayNs at least 0; when the event would be due after {@link #HORIZON_NS} it is not
   *     scheduled and {@link #run} returns {@link Stop#HORIZON} after the current event
   * @param action what to do then
   * @throws IllegalArgumentException when {@code delayNs < 0}
   */
  public void schedule(long delayNs, Action action) {
    if (delayNs < 0) {
      throw new IllegalArgumentException("cannot schedule " + delayNs + " ns in the past");
    }
    if (delayNs > HORIZON_NS - nowNs()) {
      pastHorizon = true;
      return;
    }
    KernelEvent ev = spare.take();
    if (ev != null) {
      ev.reuse(action);
    } else {
      ev = new KernelEvent(sim, action);
    }
    ev.schedule(delayNs);
  }

  /**
   * Schedules {@code action} at absolute time {@code timeNs}.
   *
   * @param timeNs at least {@link #nowNs()}; after {@link #HORIZON_NS} as for {@link #schedule}
   * @param action what to do then
   * @throws IllegalArgumentException when {@code timeNs} lies in the past
   */
  public void scheduleAt(long timeNs, Action action) {
    schedule(timeNs - nowNs(), action);
  }

  /** Makes the running {@link #run} return after the current event. */
  public void stop() {
    stopRequested = true;
  }

  /**
   * Whether events are pending.
   *
   * @return true when the event list is not empty
   */
  public boolean hasPendingEvents() {
    return !sim.getEventList().isEmpty();
  }

  /**
   * Fires events until the list is empty, {@code eventBudget} events have fired, the next event
   * lies after {@code timeLimitNs}, an event was to be due after {@link #HORIZON_NS}, or {@link
   * #stop()} is called.
   *
   * @param eventBudget maximum events to fire in this call
   * @param timeLimitNs events due strictly after this time are not fired
   * @return why the loop returned
   */
  public RunResult run(long eventBudget, long timeLimitNs) {
    stopRequested = false;
    EventList list = sim.getEventList();
    long fired = 0;
    Stop stop;
    while (true) {
      if (pastHorizon) {
        stop = Stop.HORIZON;
        break;
      }
      if (stopRequested) {
        stop = Stop.STOPPED;
        break;
      }
      Event first = list.getFirst();
      if (first == null) {
        stop = Stop.QUIESCENT;
        break;
      }
      if (first.time() > timeLimitNs) {
        stop = Stop.TIME_LIMIT;
        break;
      }
      if (fired >= eventBudget) {
        stop = Stop.EVENT_BUDGET;
        break;
      }
      KernelEvent ev = seam.decidesTies() ? takeChosen(list) : (KernelEvent) list.removeFirst();
      sim.advanceTo(ev.time());
      ev.markFired();
      fired++;
      eventsFired++;
      ev.actions();
      ev.reuse(null);
      spare.give(ev);
    }
    return new RunResult(stop, fired, nowNs());
  }

  private KernelEvent takeChosen(EventList list) {
    KernelEvent first = (KernelEvent) list.removeFirst();
    Event next = list.getFirst();
    if (next == null || next.time() != first.time()) {
      return first;
    }
    List<KernelEvent> tied = new ArrayList<>();
    tied.add(first);
    while ((next = list.getFirst()) != null && next.time() == first.time()) {
      tied.add((KernelEvent) list.removeFirst());
    }
    int chosen = seam.choose(ChoiceKind.TIE, tied.size(), i -> tied.get(i).action().describe());
    for (int i = tied.size() - 1; i >= 0; i--) {
      if (i != chosen) {
        list.addFirst(tied.get(i));
      }
    }
    return tied.get(chosen);
  }
}
