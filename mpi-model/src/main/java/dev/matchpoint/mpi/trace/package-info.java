/**
 * The event trace: every call, every protocol packet, every match (which receive or probe matched
 * which message, with both sequence numbers), every completion, with step, simulated time, rank
 * and thread. It is the single source of truth for tests and oracles (STYLE pattern 3).
 */
package dev.matchpoint.mpi.trace;
