package dev.matchpoint.scenario.importer.simgrid;

import java.nio.file.Path;
import java.util.List;

/**
 * One non-blank, non-comment line of a TI file, split on spaces and tabs.
 *
 * @param file the file it is in
 * @param line its line number, 1-based
 * @param tokens its fields in order
 * @param columns the 1-based column of each field
 */
record TiLine(Path file, int line, List<String> tokens, List<Integer> columns) {
  static TiLine parse(Path file, int line, String text) {
    List<String> tokens = new java.util.ArrayList<>();
    List<Integer> columns = new java.util.ArrayList<>();
    int i = 0;
    while (i < text.length()) {
      while (i < text.length() && (text.charAt(i) == ' ' || text.charAt(i) == '\t')) {
        i++;
      }
      int start = i;
      while (i < text.length() && text.charAt(i) != ' ' && text.charAt(i) != '\t') {
        i++;
      }
      if (i > start) {
        tokens.add(text.substring(start, i));
        columns.add(start + 1);
      }
    }
    return new TiLine(file, line, List.copyOf(tokens), List.copyOf(columns));
  }
}
