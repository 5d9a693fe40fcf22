/**
 * SimGrid time-independent (TI) traces (TRACE-FORMATS.md §2.1): one action per line, {@code <rank>
 * <action> <args…>}, in one file holding all ranks or in per-rank files listed by an index file.
 */
package dev.matchpoint.scenario.importer.simgrid;
