/**
 * A pure-Java reader of the OTF2 archives Matchpoint needs (TRACE-FORMATS.md §1): the anchor file,
 * global definitions, local definitions (mapping tables, clock offsets) and event files with the
 * MPI point-to-point records, skipping every other record by its length. {@link
 * dev.matchpoint.scenario.importer.otf2.Otf2Archive#read} decodes an archive; {@link
 * dev.matchpoint.scenario.importer.otf2.Otf2Importer} turns it into the format-neutral result.
 */
package dev.matchpoint.scenario.importer.otf2;
