/**
 * The event kernel: one SSJ {@code Simulator} instance per simulation (never the static {@code
 * Sim}), simulated time in integral nanoseconds, and a run loop that hands every tie between
 * same-time events to the scheduler seam (DESIGN §3, STYLE pattern 2).
 */
package dev.matchpoint.core.kernel;
