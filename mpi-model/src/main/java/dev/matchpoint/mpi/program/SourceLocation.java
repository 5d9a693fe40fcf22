package dev.matchpoint.mpi.program;

import com.google.common.hash.PrimitiveSink;

/**
 * Where a statement was written: file, line and column (1-based), for error reports.
 *
 * @param file the scenario file, or {@code "<java>"} for programs built in Java
 * @param line 1-based line, 0 when unknown
 * @param column 1-based column, 0 when unknown
 */
public record SourceLocation(String file, int line, int column) {
  private static final SourceLocation UNKNOWN = new SourceLocation("<java>", 0, 0);

  /**
   * The location of statements built in Java.
   *
   * @return the unknown location
   */
  public static SourceLocation unknown() {
    return UNKNOWN;
  }

  /**
   * Writes the location into a state hash, for model state that reports it (a request's or a
   * message's statement, named when the run ends with it outstanding).
   *
   * @param sink the hasher
   */
  public void hashInto(PrimitiveSink sink) {
    sink.putInt(line).putInt(column).putInt(file.length()).putUnencodedChars(file);
  }

  @Override
  public String toString() {
    return line == 0 ? file : file + ":" + line + ":" + column;
  }
}
