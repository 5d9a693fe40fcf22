/**
 * The typed, fluent arbitraries the {@link dev.matchpoint.properties.MpiArbitraries} facade returns
 * (jqwik's {@code Arbitraries}/{@code Web} split: interfaces here, implementations in {@code
 * internal}): {@link dev.matchpoint.properties.arbitraries.SpecArbitrary} for balanced multi-rank
 * workloads, {@link dev.matchpoint.properties.arbitraries.ProgramArbitrary} for free-form
 * single-thread programs, {@link dev.matchpoint.properties.arbitraries.NetworkArbitrary} for network
 * configurations and {@link dev.matchpoint.properties.arbitraries.ScheduleArbitrary} for schedules.
 */
package dev.matchpoint.properties.arbitraries;
