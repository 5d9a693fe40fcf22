/**
 * LogGOPSim GOAL schedules (TRACE-FORMATS.md §2.3; grammar of {@code txt2bin.re}): {@code
 * num_ranks}, {@code rank R { … }} blocks of labelled send/recv/calc operations and {@code
 * requires}/{@code irequires} dependencies, with {@code //} and {@code /* *}{@code /} comments.
 */
package dev.matchpoint.scenario.importer.goal;
