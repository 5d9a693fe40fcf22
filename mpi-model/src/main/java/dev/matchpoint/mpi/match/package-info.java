/**
 * Matching (MPI-3.1 §3.5 and §3.8; seed 001): the envelope-matching predicate, the posted receive
 * queue, the unexpected message queue, the per-source reordering buffer that restores
 * non-overtaking on unordered networks (seed 004), and the wildcard policies. Two implementations
 * of the queues: a reference one that scans lists exactly as the standard reads, and a bucketed one
 * for long queues.
 */
package dev.matchpoint.mpi.match;
