/**
 * The model's state and its interpreter: ranks with threads (MPI_THREAD_MULTIPLE), requests,
 * matched-probe message handles, buffered-send space, and {@link dev.matchpoint.mpi.rank.World}, which
 * advances the whole model one action at a time in logical mode or one event at a time in timed
 * mode. One MPI call is atomic with respect to its rank's matching engine; threads interleave
 * between calls and while blocked (DESIGN §4).
 */
package dev.matchpoint.mpi.rank;
