package dev.matchpoint.scenario.cli;

/**
 * The width of the terminal the command prints to, when it prints to one. Java 17 gives no
 * terminal size, so the width comes from the {@code COLUMNS} environment variable (shells set it
 * but export it only when asked: {@code export COLUMNS}), else 100 columns.
 */
final class Terminal {
  /** The width assumed for a terminal whose {@code COLUMNS} is unset or not a number of at least 20. */
  static final int DEFAULT_COLUMNS = 100;

  private Terminal() {}

  /**
   * The width to fit.
   *
   * @return the terminal's width in columns, or 0 when standard input or output is not a terminal
   *     (a file, a pipe), where nothing is to be wrapped or cut
   */
  static int columns() {
    return System.console() == null ? 0 : columns(System.getenv("COLUMNS"));
  }

  /**
   * A terminal's width from the value of {@code COLUMNS}.
   *
   * @param columns the variable's value, or null
   * @return that number when it is one of at least 20, otherwise {@link #DEFAULT_COLUMNS}
   */
  static int columns(String columns) {
    try {
      int n = columns == null ? 0 : Integer.parseInt(columns.trim());
      return n >= 20 ? n : DEFAULT_COLUMNS;
    } catch (NumberFormatException x) {
      return DEFAULT_COLUMNS;
    }
  }
}
