/**
 * Seeded random streams: one SSJ {@code MRG32k3a} per named component (per link, per rank, the
 * scheduler), each seeded from the run's master seed and the component's name (DESIGN §2, STYLE
 * pattern 5).
 */
package dev.matchpoint.core.random;
