package dev.matchpoint.scenario.cli;

import dev.matchpoint.core.explore.ProgressListener;
import java.io.PrintStream;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * A progress bar for long explorations (me.tongfei:progressbar), fed by the explorer's {@link
 * ProgressListener}: schedules against the schedule budget, and the distinct states so far. {@link
 * #open} draws it on standard error only on an interactive terminal, so logs, pipes and CI output
 * never contain it; otherwise the listener does nothing. The bar redraws on its own timer thread;
 * the search thread only hands it numbers.
 */
final class TerminalProgress implements ProgressListener, AutoCloseable {
  private final ProgressBar bar;

  /**
   * A listener that draws on a stream.
   *
   * @param out where to draw (standard error), or null to draw nothing
   * @param scheduleBudget the bar's maximum
   */
  TerminalProgress(PrintStream out, long scheduleBudget) {
    this.bar = out == null ? null : new ProgressBarBuilder().setTaskName("exploring").setInitialMax(scheduleBudget)
        .setStyle(ProgressBarStyle.ASCII).setUnit(" schedules", 1).setUpdateIntervalMillis(200).hideEta()
        .setConsumer(new ConsoleProgressBarConsumer(out)).clearDisplayOnFinish().build();
  }

  /**
   * The listener for one exploration: a bar on standard error when {@link #wanted}, else nothing.
   *
   * @param scheduleBudget the schedule budget
   * @return the listener; close it when the exploration ends
   */
  static TerminalProgress open(long scheduleBudget) {
    return new TerminalProgress(wanted() ? System.err : null, scheduleBudget);
  }

  /**
   * Whether a bar should be drawn: a console is attached (standard input and output are a terminal)
   * and the {@code CI} environment variable is not set.
   *
   * @return true on an interactive terminal
   */
  static boolean wanted() {
    return System.console() != null && System.getenv("CI") == null;
  }

  /**
   * Whether this listener draws anything.
   *
   * @return true when a bar is shown
   */
  boolean drawing() {
    return bar != null;
  }

  @Override
  public void progress(long schedules, long states, long scheduleBudget) {
    if (bar != null) {
      bar.stepTo(schedules);
      bar.setExtraMessage(states > 0 ? states + " states" : "");
    }
  }

  /**
   * The bar's position, for tests.
   *
   * @return schedules shown, or -1 when nothing is drawn
   */
  long current() {
    return bar == null ? -1 : bar.getCurrent();
  }

  /** Removes the bar from the terminal. */
  @Override
  public void close() {
    if (bar != null) {
      bar.close();
    }
  }
}
