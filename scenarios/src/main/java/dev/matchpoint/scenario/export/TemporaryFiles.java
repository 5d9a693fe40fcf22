package dev.matchpoint.scenario.export;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The temporary files of {@link AtomicFileWriter}: {@code .NAME.PID-N.tmp} beside the target NAME,
 * PID the writing process, N a number of that process. The PID tells a temporary file whose writer
 * was killed from one still being written.
 */
final class TemporaryFiles {
  private static final long PID = ProcessHandle.current().pid();
  private static final AtomicLong SEQUENCE = new AtomicLong();
  private static final Pattern TAIL = Pattern.compile("(\\d+)-\\d+\\.tmp");

  private TemporaryFiles() {}

  /**
   * Creates an empty temporary file for {@code target} in its directory, with the mode {@code
   * open(2)} gives a new file under the process's umask.
   *
   * @param target the output file (absolute)
   * @return the temporary file
   * @throws IOException when it cannot be created
   */
  static Path create(Path target) throws IOException {
    while (true) {
      Path p = target.resolveSibling("." + target.getFileName() + "." + PID + "-" + SEQUENCE.getAndIncrement()
          + ".tmp");
      try {
        Files.newOutputStream(p, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE).close();
        return p;
      } catch (FileAlreadyExistsException e) {
        // left by an earlier process with the same id: try the next number
      }
    }
  }

  /**
   * Deletes the temporary files of {@code target} whose process no longer runs: what a writer
   * killed before it could clean up left behind. Other files are left alone.
   *
   * @param target the output file (absolute)
   */
  static void deleteAbandoned(Path target) {
    String prefix = "." + target.getFileName() + ".";
    try (DirectoryStream<Path> dir = Files.newDirectoryStream(target.getParent(),
        p -> p.getFileName().toString().startsWith(prefix))) {
      for (Path p : dir) {
        Matcher m = TAIL.matcher(p.getFileName().toString().substring(prefix.length()));
        if (m.matches() && !alive(Long.parseLong(m.group(1)))) {
          delete(p);
        }
      }
    } catch (IOException | NumberFormatException e) {
      // a directory that cannot be listed: the write itself will report what is wrong
    }
  }

  private static boolean alive(long pid) {
    return pid == PID || ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
  }

  /**
   * Deletes a temporary file; one that cannot be deleted is left for the next write to its target.
   *
   * @param p the file
   */
  static void delete(Path p) {
    try {
      Files.deleteIfExists(p);
    } catch (IOException ignored) {
      // deleted by the next write to its target
    }
  }
}
