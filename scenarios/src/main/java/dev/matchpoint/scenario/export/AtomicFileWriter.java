package dev.matchpoint.scenario.export;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes a file so that readers see either the old file or the complete new one: the content goes
 * to a temporary file in the same directory, which is then moved over the target ({@code
 * ATOMIC_MOVE}, replacing it). An interrupted or failed write leaves the target untouched and
 * removes the temporary file.
 */
public final class AtomicFileWriter {
  /** Produces the file's content. */
  @FunctionalInterface
  public interface Content {
    /**
     * Writes the content.
     *
     * @param out the stream (buffered; closed by the caller)
     * @throws IOException when writing fails
     */
    void writeTo(OutputStream out) throws IOException;
  }

  private AtomicFileWriter() {}

  /**
   * Writes {@code target} atomically.
   *
   * @param target the file to create or replace
   * @param content the content
   * @throws IOException when the temporary file cannot be written or moved; the target is then
   *     unchanged
   */
  public static void write(Path target, Content content) throws IOException {
    Path abs = target.toAbsolutePath();
    Path dir = abs.getParent();
    Path tmp = Files.createTempFile(dir, "." + abs.getFileName() + ".", ".tmp");
    boolean moved = false;
    try {
      try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(tmp))) {
        content.writeTo(out);
      }
      try {
        Files.move(tmp, abs, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING);
      }
      moved = true;
    } finally {
      if (!moved) {
        Files.deleteIfExists(tmp);
      }
    }
  }

  /**
   * Checks, before a run, that {@code target} can be written: its directory exists and it is not
   * itself a directory.
   *
   * @param target the output file
   * @return null when fine, else what is wrong
   */
  public static String problem(Path target) {
    Path abs = target.toAbsolutePath();
    Path dir = abs.getParent();
    if (dir == null || !Files.isDirectory(dir)) {
      return "the directory " + dir + " does not exist";
    }
    if (Files.isDirectory(abs)) {
      return abs + " is a directory";
    }
    if (!Files.isWritable(dir)) {
      return "the directory " + dir + " is not writable";
    }
    return null;
  }
}
