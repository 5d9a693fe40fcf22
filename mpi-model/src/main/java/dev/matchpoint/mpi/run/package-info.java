/**
 * Running the model: one deterministic run in timed mode (a discrete-event simulation on the
 * kernel) or logical mode (any enabled action may run next, as the scheduler chooses), with its
 * result: outcome, trace, violations, deadlock report, queue maxima, protocol counts and the
 * schedule that replays it.
 */
package dev.matchpoint.mpi.run;
