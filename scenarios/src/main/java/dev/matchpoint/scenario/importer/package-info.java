/**
 * Trace import: reads recorded MPI runs (OTF2 archives, SimGrid time-independent traces, LogGOPSim
 * GOAL schedules) into one format-neutral {@link dev.matchpoint.scenario.importer.ImportedTrace}:
 * per location (rank, thread) the point-to-point and collective operations in program order, the
 * communicators with their world-rank mappings, the clock, and the {@link
 * dev.matchpoint.scenario.importer.FormatLimit}s that say what the format could not tell. The
 * formats are listed once, in {@link dev.matchpoint.scenario.importer.TraceImportFormat}; each has
 * its own subpackage. Facts about the formats follow {@code shared/TRACE-FORMATS.md}.
 */
package dev.matchpoint.scenario.importer;
