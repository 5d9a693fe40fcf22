/**
 * jqwik arbitraries and oracles for MPI programs: a library users depend on, and the project's
 * property suite. {@link dev.matchpoint.properties.MpiArbitraries} is the facade; {@link
 * dev.matchpoint.properties.Workload} (a list of {@link dev.matchpoint.properties.MessagePlan}s) is
 * what the spec arbitrary generates; the oracles that judge runs live in {@code
 * dev.matchpoint.properties.oracle}.
 */
package dev.matchpoint.properties;
