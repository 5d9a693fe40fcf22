/**
 * The canonical library: the scenarios under {@code scenarios/library/}, each naming its source and
 * stating its expected outcome, packaged as classpath resources under {@code library/} so the
 * command line lists and runs them from the jar.
 */
package dev.matchpoint.scenario.library;
