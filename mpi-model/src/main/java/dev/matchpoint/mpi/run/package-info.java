/**
 * Running the model: one deterministic run in timed mode (a discrete-event simulation on the
 * kernel) or logical mode (any enabled action may run next, as the scheduler chooses), with its
 * result: outcome, violations, deadlock report, queue maxima, protocol counts and the schedule
 * that replays it. Events stream to the checks and to a listener as they are produced; the run
 * keeps them only when {@link dev.matchpoint.mpi.run.RunOptions#keepTrace()} asks.
 */
package dev.matchpoint.mpi.run;
