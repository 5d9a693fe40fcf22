package dev.matchpoint.scenario;

import dev.matchpoint.mpi.program.SourceLocation;

/**
 * A scenario file cannot be used: a YAML syntax error, an unknown key, a value of the wrong type, a
 * rank or tag out of range, an undefined variable, an unknown name. The message reads {@code
 * file:line:column: problem}, where the problem says what was expected.
 */
public final class ScenarioException extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final String file;
  private final int line;
  private final int column;
  private final String problem;

  /**
   * Creates the exception.
   *
   * @param file the file as the user named it
   * @param line 1-based line, 0 when unknown
   * @param column 1-based column, 0 when unknown
   * @param problem what is wrong and what was expected
   */
  public ScenarioException(String file, int line, int column, String problem) {
    super(new SourceLocation(file, line, column) + ": " + problem);
    this.file = file;
    this.line = line;
    this.column = column;
    this.problem = problem;
  }

  /**
   * Creates the exception at a program location.
   *
   * @param at where the problem is
   * @param problem what is wrong and what was expected
   */
  public ScenarioException(SourceLocation at, String problem) {
    this(at.file(), at.line(), at.column(), problem);
  }

  /**
   * The file.
   *
   * @return the file name as given
   */
  public String file() {
    return file;
  }

  /**
   * The line.
   *
   * @return 1-based, 0 when unknown
   */
  public int line() {
    return line;
  }

  /**
   * The column.
   *
   * @return 1-based, 0 when unknown
   */
  public int column() {
    return column;
  }

  /**
   * The problem without its location.
   *
   * @return the description
   */
  public String problem() {
    return problem;
  }
}
