/**
 * The oracles: each rule of the standard we check, as an online monitor over the event stream
 * (STYLE pattern 3). A run feeds them each event as it is produced, and each keeps only what its
 * rule needs (pending messages, messages received as ranges of sequence numbers, requests not yet
 * completed), never the run's history, so their state does not grow with the run's length. {@link
 * dev.matchpoint.mpi.check.Checks#judge} replays a stored trace through them; the explorer carries
 * their state inside the model state, so every explored schedule is judged by the same code.
 */
package dev.matchpoint.mpi.check;
