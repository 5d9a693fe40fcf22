/**
 * Exploration of interleavings over the scheduler seam (DESIGN §5): seeded random walk, PCT, and
 * exhaustive depth-first search with dynamic partial-order reduction, sleep sets and a visited-state
 * set. Generic over a {@link dev.matchpoint.core.explore.TransitionSystem}; knows nothing of MPI.
 */
package dev.matchpoint.core.explore;
