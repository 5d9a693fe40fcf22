package dev.matchpoint.scenario.importer;

import java.nio.file.Path;
import java.util.Objects;

/**
 * A trace could not be imported. The message always names the file and the place in it: a byte
 * offset for binary formats (OTF2), a line and column for text formats (SimGrid TI, GOAL). An
 * importer that throws has returned nothing, so no trace is ever half-imported.
 */
public final class TraceImportException extends Exception {
  private static final long serialVersionUID = 1L;

  private final Path file;
  private final String place;
  private final String reason;

  private TraceImportException(Path file, String place, String reason, Throwable cause) {
    super(file + (place.isEmpty() ? "" : ": " + place) + ": " + reason, cause);
    this.file = Objects.requireNonNull(file, "file");
    this.place = place;
    this.reason = reason;
  }

  /**
   * An error at a byte offset of a binary file.
   *
   * @param file the file being read
   * @param byteOffset offset from the start of the file, in bytes, at least 0
   * @param reason what is wrong, in a few words
   * @return the exception
   */
  public static TraceImportException atByte(Path file, long byteOffset, String reason) {
    return new TraceImportException(file, "byte " + byteOffset, reason, null);
  }

  /**
   * An error at a position of a text file.
   *
   * @param file the file being read
   * @param line line number, 1-based
   * @param column column number, 1-based, counted in characters
   * @param reason what is wrong, in a few words
   * @return the exception
   */
  public static TraceImportException atLine(Path file, int line, int column, String reason) {
    return new TraceImportException(file, "line " + line + ", column " + column, reason, null);
  }

  /**
   * An error about a whole file (missing, unreadable).
   *
   * @param file the file concerned
   * @param reason what is wrong
   * @param cause the underlying I/O error, or null
   * @return the exception
   */
  public static TraceImportException inFile(Path file, String reason, Throwable cause) {
    return new TraceImportException(file, "", reason, cause);
  }

  /** Returns the file the error is in. */
  public Path file() {
    return file;
  }

  /**
   * Returns where in the file: {@code "byte 123"}, {@code "line 3, column 7"}, or empty for a
   * whole-file error.
   */
  public String place() {
    return place;
  }

  /** Returns the reason without file and place. */
  public String reason() {
    return reason;
  }
}
