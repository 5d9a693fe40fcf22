/**
 * Scenarios: a named, self-describing MPI workload (ranks, threads, programs, communicators, network
 * and model options, seed, mode, checks and expected outcome) and the loader that reads one from a
 * YAML file with every error located at its file, line and column.
 */
package dev.matchpoint.scenario;
