/**
 * Outputs of a run: the JSON Lines event trace (schema in {@code docs/trace-format.md}), the
 * Perfetto/Chrome trace-event JSON, the plain-text timeline, and the atomic file writer every
 * output goes through.
 */
package dev.matchpoint.scenario.export;
