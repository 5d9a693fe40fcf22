package dev.matchpoint.scenario.export;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes a file so that readers see either the old file or the complete new one: the content goes
 * to a temporary file in the same directory, which is then moved over the target ({@code
 * ATOMIC_MOVE}, replacing it). An interrupted or failed write leaves the target untouched and
 * removes the temporary file. {@link #stage} does the same for a file written while a run
 * produces it.
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
      move(tmp, abs);
      moved = true;
    } finally {
      if (!moved) {
        Files.deleteIfExists(tmp);
      }
    }
  }

  /**
   * Starts a file written while a run produces it: its body goes to temporary files in the same
   * directory as {@code target}; {@link Staged#commit} puts an optional prefix before it and moves
   * the whole into place; {@link Staged#close} without a commit deletes the temporary files, so
   * nothing half-written is ever seen at {@code target}.
   *
   * @param target the file to create or replace
   * @return the staged file, open for the body
   * @throws IOException when the temporary file cannot be created
   */
  public static Staged stage(Path target) throws IOException {
    return new Staged(target.toAbsolutePath(), Staged.SEGMENT_BYTES);
  }

  /**
   * A file whose body is written first and which appears at its target only when committed. The
   * body is kept in segments of at most {@link #SEGMENT_BYTES} bytes, each deleted as soon as the
   * commit has copied it, so a prefixed commit needs at most one segment of extra disk space.
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
    private boolean done;

    Staged(Path target, long segmentBytes) throws IOException {
      this.target = target;
      this.segmentBytes = segmentBytes;
      roll();
    }

    private void roll() throws IOException {
      if (out != null) {
        out.close();
      }
      out = null;
      Path segment = Files.createTempFile(target.getParent(), "." + target.getFileName() + ".", ".tmp");
      segments.add(segment);
      out = new BufferedOutputStream(Files.newOutputStream(segment), 1 << 16);
      written = 0;
    }

    /**
     * The stream of the body (buffered; closed by {@link #commit} or {@link #close}).
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
        if (written >= segmentBytes) {
          roll();
        }
        out.write(b);
        written++;
      }

      @Override
      public void write(byte[] b, int off, int len) throws IOException {
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
      }

      @Override
      public void flush() throws IOException {
        out.flush();
      }
    }

    /**
     * Completes the file: writes {@code prefix} (when not null) and then the body to the target,
     * replacing it atomically. The body is copied segment by segment, never held in memory.
     *
     * @param prefix what goes before the body, or null
     * @throws IOException when writing or moving fails; the target is then unchanged
     */
    public void commit(Content prefix) throws IOException {
      out.close();
      if (prefix == null && segments.size() == 1) {
        move(segments.get(0), target);
        segments.clear();
      } else {
        AtomicFileWriter.write(target, o -> {
          if (prefix != null) {
            prefix.writeTo(o);
          }
          while (!segments.isEmpty()) {
            Files.copy(segments.get(0), o);
            Files.deleteIfExists(segments.remove(0));
          }
        });
      }
      done = true;
    }

    /** Deletes the temporary body unless {@link #commit} completed. */
    @Override
    public void close() throws IOException {
      if (!done) {
        done = true;
        try {
          out.close();
        } finally {
          for (Path p : segments) {
            Files.deleteIfExists(p);
          }
        }
      }
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
