/**
 * The model MPI's vocabulary: ranks, tags, context ids, envelopes, statuses, requests and message
 * handles, in the MPI standard's terms (MPI-3.1 §3).
 */
package dev.matchpoint.mpi;
