package dev.matchpoint.scenario.export;

import dev.matchpoint.mpi.RequestIds;
import dev.matchpoint.mpi.match.MessageIds;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A plain-text timeline: one line per event, in order of simulated time (ties in trace order; a
 * packet shows at its injection time), the time printed once per group of events at the same time,
 * and one column per rank when the ranks fit (otherwise one column, each line naming its rank).
 * Thread events start with {@code t0}, {@code t1}...; events of the rank's progress engine and the
 * network start with {@code *}. Nothing is cut: for a terminal of a given width the columns share
 * the width and an event longer than its column wraps onto continuation lines (indented by two
 * spaces); for any other output (a file, a pipe) each column is as wide as its longest event.
 * Deterministic.
 */
public final class TextTimeline {
  /** The width the layout (columns or one column) is chosen for when the output is no terminal. */
  public static final int WIDTH = 100;
  private static final int TIME = 12;
  private static final int MIN_COLUMN = 16;
  private static final String INDENT = "  ";

  private TextTimeline() {}

  /**
   * Renders the events.
   *
   * @param events the trace's events
   * @param worldSize number of ranks
   * @param logical whether times are steps (logical mode) rather than nanoseconds
   * @param terminalWidth the terminal's width in columns, or 0 or less when the output is not a
   *     terminal (then no line is wrapped or cut)
   * @return the text, newline-terminated lines
   */
  public static String render(List<TraceEvent> events, int worldSize, boolean logical, int terminalWidth) {
    int n = Math.max(worldSize, 1);
    boolean terminal = terminalWidth > 0;
    int equal = columnWidth(worldSize, terminal ? terminalWidth : WIDTH);
    boolean columns = equal > 0;
    List<TraceEvent> sorted = new ArrayList<>(events);
    sorted.sort(Comparator.comparingLong(TraceEvent::timeNs));
    int[] widths = new int[columns ? n : 1];
    if (columns) {
      for (int r = 0; r < n; r++) {
        widths[r] = terminal ? equal : Math.max(MIN_COLUMN, ("rank " + r).length());
      }
    } else {
      widths[0] = terminal ? Math.max(MIN_COLUMN, terminalWidth - TIME - 3) : "event".length();
    }
    if (!terminal) {
      for (TraceEvent e : sorted) {
        int c = columns ? e.rank() : 0;
        widths[c] = Math.max(widths[c], cell(e, columns).length());
      }
    }
    StringBuilder sb = new StringBuilder();
    StringBuilder head = new StringBuilder(pad(logical ? "step" : "time (ns)", TIME));
    StringBuilder rule = new StringBuilder("-".repeat(TIME));
    for (int c = 0; c < widths.length; c++) {
      head.append(" | ").append(pad(columns ? "rank " + c : "event", widths[c]));
      rule.append("-+-").append("-".repeat(widths[c]));
    }
    sb.append(head.toString().stripTrailing()).append('\n').append(rule).append('\n');
    long lastTime = Long.MIN_VALUE;
    for (TraceEvent e : sorted) {
      String time = e.timeNs() == lastTime ? "" : Long.toString(e.timeNs());
      lastTime = e.timeNs();
      int c = columns ? e.rank() : 0;
      List<String> pieces = wrap(cell(e, columns), widths[c]);
      for (int i = 0; i < pieces.size(); i++) {
        StringBuilder line = new StringBuilder(pad(i == 0 ? time : "", TIME));
        for (int k = 0; k < widths.length; k++) {
          line.append(" | ").append(pad(k == c ? pieces.get(i) : "", widths[k]));
        }
        sb.append(line.toString().stripTrailing()).append('\n');
      }
    }
    return sb.toString();
  }

  private static String cell(TraceEvent e, boolean columns) {
    return columns ? text(e) : "r" + e.rank() + " " + text(e);
  }

  /**
   * Breaks a text into lines of at most {@code width} characters, at spaces where it can (a word
   * longer than a line is broken); lines after the first are indented by two spaces.
   *
   * @param text the text
   * @param width the lines' width, more than 2
   * @return the lines, at least one
   */
  public static List<String> wrap(String text, int width) {
    List<String> out = new ArrayList<>();
    String rest = text;
    String prefix = "";
    while (prefix.length() + rest.length() > width) {
      int room = width - prefix.length();
      int at = rest.lastIndexOf(' ', room);
      if (at <= 0) {
        out.add(prefix + rest.substring(0, room));
        rest = rest.substring(room);
      } else {
        out.add(prefix + rest.substring(0, at));
        rest = rest.substring(at + 1);
      }
      prefix = INDENT;
    }
    out.add(prefix + rest);
    return out;
  }

  private static String pad(String s, int width) {
    return s.length() >= width ? s : s + " ".repeat(width - s.length());
  }

  /**
   * One event in a few words.
   *
   * @param e the event
   * @return e.g. {@code t0 RECEIVE 1#0 tag 0}
   */
  static String text(TraceEvent e) {
    String who = e.thread() >= 0 ? "t" + e.thread() + " " : "* ";
    if (e instanceof TraceEvent.CallStarted c) {
      return who + c.call() + "(" + c.args() + ")";
    } else if (e instanceof TraceEvent.CallReturned c) {
      return who + "ret " + c.call() + (c.result().isEmpty() ? "" : " " + c.result())
          + (c.error().name().equals("MPI_SUCCESS") ? "" : " " + c.error());
    } else if (e instanceof TraceEvent.MessageSent s) {
      return who + "sent " + MessageIds.format(s.messageKey()) + " ->" + s.dest() + " tag " + s.tag() + " "
          + s.sizeBytes() + "B " + (s.rendezvous() ? "rdv" : "eager");
    } else if (e instanceof TraceEvent.PacketSent p) {
      return who + p.packet() + " ->" + p.dest() + " #" + p.linkSeq();
    } else if (e instanceof TraceEvent.PacketDelivered p) {
      return who + "got " + p.packet() + " from " + p.source() + " #" + p.linkSeq();
    } else if (e instanceof TraceEvent.MessageArrived a) {
      return who + "arrived " + MessageIds.format(a.messageKey()) + " tag " + a.tag();
    } else if (e instanceof TraceEvent.QueuedUnexpected q) {
      return who + "unexpected " + MessageIds.format(q.messageKey()) + " (depth " + q.unexpectedDepth() + ")";
    } else if (e instanceof TraceEvent.ReceivePosted p) {
      return who + "posted " + RequestIds.format(p.requestId()) + " (" + TraceEvent.sourcePattern(p.source()) + ", "
          + TraceEvent.tagPattern(p.tag()) + ")";
    } else if (e instanceof TraceEvent.Matched m) {
      return who + m.match() + " " + MessageIds.format(m.messageKey()) + " tag " + m.tag();
    } else if (e instanceof TraceEvent.RequestCompleted c) {
      return who + "done " + RequestIds.format(c.requestId()) + (c.cancelled() ? " cancelled" : "");
    } else if (e instanceof TraceEvent.ErrorRaised x) {
      return who + x.error() + " in " + x.call();
    } else if (e instanceof TraceEvent.ErroneousUse x) {
      return who + "ERRONEOUS " + x.rule();
    } else if (e instanceof TraceEvent.ThreadFinished) {
      return who + "finished";
    }
    return who + e.kind();
  }

  /**
   * The columns' width for a world size and a width.
   *
   * @param worldSize number of ranks
   * @param width the width to fit, in columns
   * @return the width of each rank's column, or -1 when the single-column layout is used
   */
  public static int columnWidth(int worldSize, int width) {
    int column = (width - TIME) / Math.max(worldSize, 1) - 3;
    return column >= MIN_COLUMN ? column : -1;
  }
}
