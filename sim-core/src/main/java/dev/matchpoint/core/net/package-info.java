/**
 * The simulated network: endpoints are ranks, links are ordered (source, destination) pairs, and
 * packets carry an opaque payload for the layer above. Latency models (constant, uniform,
 * exponential, lognormal, LogGP), per-link delivery order (per-pair FIFO or unordered), and eager
 * buffer credits with flow control (seed 004: one buffer per peer at each receiver, allocated at the
 * sender, freed by a reply when the receiver copies the message out).
 */
package dev.matchpoint.core.net;
