/**
 * Matching (MPI-3.1 §3.5 and §3.8; seed 001): the envelope-matching predicate, the posted receive
 * queue, the unexpected message queue, the per-source reordering buffer that restores
 * non-overtaking on unordered networks (seed 004), and the wildcard policies. Two implementations
 * of the queues: a reference one that scans lists exactly as the standard reads ({@link
 * dev.matchpoint.mpi.match.ReferenceUnexpectedQueue}, {@link
 * dev.matchpoint.mpi.match.ReferencePostedQueue}), and a bucketed one for long queues ({@link
 * dev.matchpoint.mpi.match.BucketedUnexpectedQueue}, {@link
 * dev.matchpoint.mpi.match.BucketedPostedQueue}: per-pattern bins after Flajslik et al., ISC 2016,
 * expected O(1) per match, the same answers).
 */
package dev.matchpoint.mpi.match;
