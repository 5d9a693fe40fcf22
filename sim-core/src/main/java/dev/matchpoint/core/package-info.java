/**
 * The simulation core: time, seeds and the vocabulary shared by the kernel, the network and the
 * explorer. Simulated time is a {@code long} count of nanoseconds everywhere; this module knows
 * nothing of MPI (DESIGN §1).
 */
package dev.matchpoint.core;
