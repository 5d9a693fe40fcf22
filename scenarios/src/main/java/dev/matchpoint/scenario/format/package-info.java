/**
 * The scenario file format: YAML read with SnakeYAML Engine as a node tree (so every value keeps
 * its line and column), the expression and condition parser for program arguments, and the writer
 * that turns a {@link dev.matchpoint.scenario.Scenario} back into a file. {@code
 * docs/scenario-format.md} documents every key.
 */
package dev.matchpoint.scenario.format;
