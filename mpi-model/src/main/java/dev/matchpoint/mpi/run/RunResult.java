package dev.matchpoint.mpi.run;

import dev.matchpoint.core.sched.Schedule;
import dev.matchpoint.mpi.check.Violation;
import dev.matchpoint.mpi.rank.StateReport;
import dev.matchpoint.mpi.trace.Trace;
import java.util.List;
import java.util.Map;

/**
 * What one run did.
 *
 * @param outcome how it ended
 * @param steps actions (logical) or model events (timed) run
 * @param endTimeNs simulated time at the end, the time of the last event (logical mode: the step
 *     count)
 * @param lastReceiveNs when the latest point-to-point receive completed (logical mode: its step), -1
 *     when none did; what LogGOPSim reports as a schedule's end ({@link
 *     dev.matchpoint.mpi.rank.World#lastReceiveNs()})
 * @param schedule the choices made; with the scenario, options and seed it replays the run
 * @param problems MPI errors and erroneous uses, one line each, in detection order
 * @param violations what the checks found
 * @param report the state at the end: blocked threads, queues, network (empty lists on a clean end)
 * @param queueMaxima per rank {@code [max posted receives, max unexpected messages]}
 * @param packetCounts packets injected, by kind (EAGER, RTS, CTS, DATA, ACK, CREDIT)
 * @param trace every event, or null unless {@link RunOptions#keepTrace()} asked for it
 */
public record RunResult(Outcome outcome, long steps, long endTimeNs, long lastReceiveNs, Schedule schedule,
    List<String> problems, List<Violation> violations, StateReport report, int[][] queueMaxima,
    Map<String, Long> packetCounts, Trace trace) {
  /**
   * Whether the run ended well and every check passed.
   *
   * @return true for outcome OK with no violation
   */
  public boolean clean() {
    return outcome == Outcome.OK && violations.isEmpty();
  }
}
