/**
 * Oracles for properties: {@link dev.matchpoint.properties.oracle.Explore} runs sim-core's explorer on
 * a workload or model with the checks of {@code dev.matchpoint.mpi.check} and returns an {@link
 * dev.matchpoint.properties.oracle.Exploration}, optionally recording in each outcome what an {@link
 * dev.matchpoint.properties.oracle.Observe} selects (call results, channel events); {@link
 * dev.matchpoint.properties.oracle.TraceAssertions}
 * asserts over explorations and runs with failure messages that carry the replay schedule and steps;
 * {@link dev.matchpoint.properties.oracle.CounterexampleSearch} checks that a property is falsifiable
 * and shrinks its counterexample with jqwik's engine shrinker.
 */
package dev.matchpoint.properties.oracle;
