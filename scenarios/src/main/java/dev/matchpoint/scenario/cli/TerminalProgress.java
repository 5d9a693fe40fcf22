package dev.matchpoint.scenario.cli;

import dev.matchpoint.core.explore.ProgressListener;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * A progress line for long explorations, fed by the explorer's {@link ProgressListener}: the phase,
 * states stored and states per second (schedules for the stateless strategies), the deepest
 * schedule prefix and the elapsed time, redrawn in place at most every {@value #REDRAW_MILLIS} ms.
 * {@link #open} draws it on standard error only when standard error is a terminal, so logs, pipes
 * and CI output never contain it; otherwise the listener does nothing.
 */
final class TerminalProgress implements ProgressListener, AutoCloseable {
  /** Least time between two redraws, in ms. */
  static final long REDRAW_MILLIS = 200;

  private final PrintStream out;
  private long drawnAt = -REDRAW_MILLIS;
  private int width;
  private String line = "";

  /**
   * A listener that draws on a stream.
   *
   * @param out where to draw (standard error), or null to draw nothing
   */
  TerminalProgress(PrintStream out) {
    this.out = out;
  }

  /**
   * The listener for one exploration: a line on standard error when {@link #wanted}, else nothing.
   *
   * @return the listener; close it when the exploration ends
   */
  static TerminalProgress open() {
    return new TerminalProgress(wanted() ? System.err : null);
  }

  /**
   * Whether a line should be drawn: standard error is a terminal (on Linux, {@code /proc/self/fd/2}
   * names a tty; elsewhere, a console is attached) and the {@code CI} environment variable is not set.
   *
   * @return true on an interactive terminal
   */
  static boolean wanted() {
    if (System.getenv("CI") != null) {
      return false;
    }
    try {
      String target = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
      return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
    } catch (IOException | UnsupportedOperationException e) {
      return System.console() != null;
    }
  }

  /**
   * Whether this listener draws anything.
   *
   * @return true when a line is shown
   */
  boolean drawing() {
    return out != null;
  }

  /**
   * The progress line of a snapshot.
   *
   * @param p the figures
   * @return e.g. {@code search: 120000 states, 40000 states/s, depth 37, 3.0 s}
   */
  static String line(Progress p) {
    double seconds = p.elapsedMillis() / 1000.0;
    boolean stateful = p.states() > 0;
    long count = stateful ? p.states() : p.schedules();
    long rate = p.elapsedMillis() == 0 ? 0 : count * 1000 / p.elapsedMillis();
    String unit = stateful ? "states" : "schedules";
    return String.format(Locale.ROOT, "%s: %d %s, %d %s/s, depth %d, %.1f s", p.phase(), count, unit, rate, unit,
        p.depth(), seconds);
  }

  @Override
  public void progress(Progress p) {
    if (out == null || p.elapsedMillis() - drawnAt < REDRAW_MILLIS) {
      return;
    }
    drawnAt = p.elapsedMillis();
    line = line(p);
    String padded = line.length() < width ? line + " ".repeat(width - line.length()) : line;
    width = line.length();
    out.print("\r" + padded);
    out.flush();
  }

  /**
   * The line drawn last, for tests.
   *
   * @return the line, empty when nothing was drawn
   */
  String current() {
    return line;
  }

  /** Removes the line from the terminal. */
  @Override
  public void close() {
    if (out != null && width > 0) {
      out.print("\r" + " ".repeat(width) + "\r");
      out.flush();
    }
  }
}
