/**
 * The model as a transition system for the explorer of sim-core (DESIGN §5): states are logical-mode
 * {@link dev.matchpoint.mpi.rank.World}s, actions their enabled actions, footprints the shared objects
 * of {@link dev.matchpoint.mpi.rank.ObjectIds}, outcomes the classes of final states.
 */
package dev.matchpoint.mpi.explore;
