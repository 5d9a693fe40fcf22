/**
 * The oracles: each rule of the standard we check, as a monitor over the event trace (STYLE pattern
 * 3). The command line judges a stored trace with them; the explorer carries their state inside
 * the model state, so every explored schedule is judged by the same code.
 */
package dev.matchpoint.mpi.check;
