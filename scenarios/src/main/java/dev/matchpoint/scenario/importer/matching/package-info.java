/**
 * Seed 002's normalisation of non-blocking point-to-point records into sent and received messages
 * per location ({@link dev.matchpoint.scenario.importer.matching.MessageNormaliser}), and message
 * matching: pairing every received message with the send it matched ({@link
 * dev.matchpoint.scenario.importer.matching.MessageMatcher}), by non-overtaking per (sender,
 * receiver, communicator, tag) and in receive posting order (MPI-3.1 §3.5, "Semantics of
 * Point-to-Point Communication, Order").
 */
package dev.matchpoint.scenario.importer.matching;
