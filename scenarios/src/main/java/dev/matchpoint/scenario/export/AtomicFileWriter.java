package dev.matchpoint.scenario.export;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes output files so that readers see either the old files or the complete new ones, and a set
 * of outputs appears whole or not at all.
 *
 * <p>Each file's content goes to a temporary file in the target's directory, named {@code
 * .NAME.PID-N.tmp} (NAME the target's name, PID this process), which is then renamed over the
 * target ({@code ATOMIC_MOVE}). A new file gets the mode {@code open(2)} gives under the process's
 * umask (0644 under umask 022); a replaced file keeps its permission bits. Temporary files left by
 * a process that no longer runs (killed with {@code kill -9}) are deleted by the next write to the
 * same target. {@link #commit(List)} moves several files into place together and, when one of them
 * cannot be, puts back what the others replaced. Every {@link IOException} raised names the file.
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

  /** A failure to write an output file; its message is {@code cannot write FILE: reason}. */
  public static final class OutputFileException extends IOException {
    private static final long serialVersionUID = 1L;
    private final transient Path file;

    OutputFileException(Path file, IOException cause) {
      super("cannot write " + file + ": " + reason(cause), cause);
      this.file = file;
    }

    /**
     * The output file that could not be written.
     *
     * @return its path
     */
    public Path file() {
      return file;
    }

    private static String reason(IOException e) {
      if (e instanceof FileSystemException f && f.getReason() != null) {
        return f.getReason();
      }
      return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }
  }

  private AtomicFileWriter() {}

  /**
   * Writes {@code target} atomically.
   *
   * @param target the file to create or replace
   * @param content the content
   * @throws OutputFileException when the file cannot be written or moved into place; the target is
   *     then unchanged and no temporary file is left
   */
  public static void write(Path target, Content content) throws IOException {
    try (Staged staged = stage(target)) {
      try {
        content.writeTo(staged.body());
      } catch (OutputFileException e) {
        throw e;
      } catch (IOException e) {
        throw new OutputFileException(staged.target, e);
      }
      staged.commit(null);
    }
  }

  /**
   * Starts a file written while a run produces it: its body goes to temporary files in the same
   * directory as {@code target}; {@link Staged#finish} puts an optional prefix before it, and
   * {@link #commit(List)} (or {@link Staged#commit}) moves it into place; {@link Staged#close}
   * without a commit deletes the temporary files, so nothing half-written is ever seen at {@code
   * target}. Deletes the temporary files of earlier writes to {@code target} whose process is gone.
   *
   * @param target the file to create or replace
   * @return the staged file, open for the body
   * @throws OutputFileException when the temporary file cannot be created
   */
  public static Staged stage(Path target) throws IOException {
    Path abs = target.toAbsolutePath();
    TemporaryFiles.deleteAbandoned(abs);
    return new Staged(abs, Staged.SEGMENT_BYTES);
  }

  /**
   * Moves finished files into place, all or none: when one cannot be moved, the files already
   * moved are put back as they were (replaced ones restored, new ones removed) before the failure
   * is raised. Every file is {@linkplain Staged#finish finished} first.
   *
   * @param files the staged files, in the order to move them
   * @throws OutputFileException naming the file that could not be moved or finished; then no target
   *     has changed
   */
  public static void commit(List<Staged> files) throws IOException {
    for (Staged f : files) {
      f.finish(null);
    }
    List<Staged> moved = new ArrayList<>();
    List<Path> backups = new ArrayList<>();
    try {
      for (Staged f : files) {
        backups.add(f.replace());
        moved.add(f);
      }
    } catch (OutputFileException e) {
      for (int i = moved.size() - 1; i >= 0; i--) {
        moved.get(i).restore(backups.get(i));
      }
      throw e;
    }
    for (Path b : backups) {
      if (b != null) {
        TemporaryFiles.delete(b);
      }
    }
  }

  /**
   * A file whose body is written first and which appears at its target only when committed. The
   * body is kept in segments of at most {@link #SEGMENT_BYTES} bytes, each deleted as soon as
   * {@link #finish} has copied it, so a prefixed file needs at most one segment of extra disk space.
   */
  public static final class Staged implements AutoCloseable {
    /** The largest body segment: 256 MiB. */
    static final long SEGMENT_BYTES = 256L << 20;
    private final Path target;
    private final long segmentBytes;
    private final List<Path> segments = new ArrayList<>();
    private final OutputStream body = new Body();
    private OutputStream out;
    private long written;
    private Path ready;
    private boolean done;

    Staged(Path target, long segmentBytes) throws IOException {
      this.target = target;
      this.segmentBytes = segmentBytes;
      try {
        roll();
      } catch (IOException e) {
        throw new OutputFileException(target, e);
      }
    }

    private void roll() throws IOException {
      if (out != null) {
        out.close();
      }
      out = null;
      Path segment = TemporaryFiles.create(target);
      segments.add(segment);
      out = new BufferedOutputStream(Files.newOutputStream(segment, StandardOpenOption.APPEND), 1 << 16);
      written = 0;
    }

    /**
     * The stream of the body (buffered; closed by {@link #finish} or {@link #close}). Its
     * exceptions are {@link OutputFileException}s naming the target.
     *
     * @return the stream
     */
    public OutputStream body() {
      return body;
    }

    /** Writes to the current segment, starting a new one when it is full. */
    private final class Body extends OutputStream {
      @Override
      public void write(int b) throws IOException {
        try {
          if (written >= segmentBytes) {
            roll();
          }
          out.write(b);
          written++;
        } catch (IOException e) {
          throw new OutputFileException(target, e);
        }
      }

      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        try {
          while (len > 0) {
            if (written >= segmentBytes) {
              roll();
            }
            int n = (int) Math.min(len, segmentBytes - written);
            out.write(b, off, n);
            written += n;
            off += n;
            len -= n;
          }
        } catch (IOException e) {
          throw new OutputFileException(target, e);
        }
      }

      @Override
      public void flush() throws IOException {
        try {
          out.flush();
        } catch (IOException e) {
          throw new OutputFileException(target, e);
        }
      }
    }

    /**
     * Completes the file's content without moving it into place: {@code prefix} (when not null)
     * and then the body, copied segment by segment, never held in memory. Does nothing the second
     * time.
     *
     * @param prefix what goes before the body, or null
     * @throws OutputFileException when writing fails; the target is then unchanged
     */
    public void finish(Content prefix) throws IOException {
      if (ready != null) {
        return;
      }
      try {
        out.close();
        if (prefix == null && segments.size() == 1) {
          ready = segments.remove(0);
          return;
        }
        Path whole = TemporaryFiles.create(target);
        segments.add(0, whole);
        try (OutputStream o = new BufferedOutputStream(Files.newOutputStream(whole, StandardOpenOption.APPEND),
            1 << 16)) {
          if (prefix != null) {
            prefix.writeTo(o);
          }
          while (segments.size() > 1) {
            Files.copy(segments.get(1), o);
            Files.deleteIfExists(segments.remove(1));
          }
        }
        ready = segments.remove(0);
      } catch (OutputFileException e) {
        throw e;
      } catch (IOException e) {
        throw new OutputFileException(target, e);
      }
    }

    /**
     * Finishes the file ({@link #finish}) and moves it into place, replacing the target atomically.
     *
     * @param prefix what goes before the body, or null
     * @throws OutputFileException when writing or moving fails; the target is then unchanged
     */
    public void commit(Content prefix) throws IOException {
      finish(prefix);
      AtomicFileWriter.commit(List.of(this));
    }

    /**
     * Moves the finished file over the target, keeping the target's permission bits.
     *
     * @return a hard link to (or copy of) the file replaced, to restore or delete; null when the
     *     target did not exist
     */
    private Path replace() throws OutputFileException {
      Path backup = null;
      try {
        if (Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS) || Files.isSymbolicLink(target)) {
          keepPermissions(target, ready);
          backup = TemporaryFiles.create(target);
          Files.delete(backup);
          try {
            Files.createLink(backup, target);
          } catch (IOException | UnsupportedOperationException e) {
            Files.copy(target, backup, StandardCopyOption.COPY_ATTRIBUTES, LinkOption.NOFOLLOW_LINKS);
          }
        }
        move(ready, target);
        ready = null;
        done = true;
        return backup;
      } catch (IOException e) {
        if (backup != null) {
          TemporaryFiles.delete(backup);
        }
        throw new OutputFileException(target, e);
      }
    }

    /** Puts back what {@link #replace} replaced: the backup, or no file when there was none. */
    private void restore(Path backup) {
      try {
        if (backup != null) {
          move(backup, target);
        } else {
          Files.deleteIfExists(target);
        }
      } catch (IOException e) {
        // nothing better to do: the new file stays, and the failure raised names the cause
      }
    }

    /** Deletes the temporary files unless the file was committed. */
    @Override
    public void close() {
      if (!done) {
        done = true;
        try {
          out.close();
        } catch (IOException ignored) {
          // the segments are deleted below either way
        }
        segments.forEach(TemporaryFiles::delete);
        if (ready != null) {
          TemporaryFiles.delete(ready);
        }
      }
    }
  }

  /** Gives {@code to} the permission bits of {@code from} (POSIX file systems only). */
  private static void keepPermissions(Path from, Path to) throws IOException {
    PosixFileAttributeView source = Files.getFileAttributeView(from, PosixFileAttributeView.class);
    PosixFileAttributeView dest = Files.getFileAttributeView(to, PosixFileAttributeView.class);
    if (source != null && dest != null && Files.isRegularFile(from)) {
      dest.setPermissions(source.readAttributes().permissions());
    }
  }

  private static void move(Path tmp, Path abs) throws IOException {
    try {
      Files.move(tmp, abs, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING);
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
