/**
 * {@code ActionChain} actions for stateful properties of a rank's matching engine ({@link
 * dev.matchpoint.properties.actions.MatchingActions}) and the state they drive, with its monitor of
 * MPI-3.1 §3.5 "Order" ({@link dev.matchpoint.properties.actions.MatchingState}).
 */
package dev.matchpoint.properties.actions;
