package dev.matchpoint.scenario.export;

import dev.matchpoint.mpi.RequestIds;
import dev.matchpoint.mpi.match.MessageIds;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A plain-text timeline for terminals: one line per event, in order of simulated time (ties in
 * trace order; a packet shows at its injection time), the time printed once per group of events
 * at the same time, and one column per rank when the ranks fit in {@value #WIDTH} columns
 * (otherwise one column, each line naming its rank). Thread events start with {@code t0}, {@code
 * t1}...; events of the rank's progress engine and the network start with {@code *}. Deterministic.
 */
public final class TextTimeline {
  /** The width the timeline fits in. */
  public static final int WIDTH = 100;
  private static final int TIME = 12;
  private static final int MIN_COLUMN = 16;

  private TextTimeline() {}

  /**
   * Renders the events.
   *
   * @param events the trace's events
   * @param worldSize number of ranks
   * @param logical whether times are steps (logical mode) rather than nanoseconds
   * @return the text, newline-terminated lines
   */
  public static String render(List<TraceEvent> events, int worldSize, boolean logical) {
    int column = (WIDTH - TIME) / Math.max(worldSize, 1) - 3;
    boolean columns = column >= MIN_COLUMN;
    StringBuilder sb = new StringBuilder();
    String timeHead = logical ? "step" : "time (ns)";
    if (columns) {
      StringBuilder head = new StringBuilder(pad(timeHead, TIME));
      StringBuilder rule = new StringBuilder("-".repeat(TIME));
      for (int r = 0; r < worldSize; r++) {
        head.append(" | ").append(pad("rank " + r, column));
        rule.append("-+-").append("-".repeat(column));
      }
      sb.append(head.toString().stripTrailing()).append('\n').append(rule).append('\n');
    } else {
      sb.append(pad(timeHead, TIME)).append(" | event\n").append("-".repeat(TIME)).append("-+-")
          .append("-".repeat(WIDTH - TIME - 3)).append('\n');
    }
    List<TraceEvent> sorted = new ArrayList<>(events);
    sorted.sort(Comparator.comparingLong(TraceEvent::timeNs));
    long lastTime = Long.MIN_VALUE;
    for (TraceEvent e : sorted) {
      String time = e.timeNs() == lastTime ? "" : Long.toString(e.timeNs());
      lastTime = e.timeNs();
      StringBuilder line = new StringBuilder(pad(time, TIME));
      if (columns) {
        for (int r = 0; r < worldSize; r++) {
          line.append(" | ").append(r == e.rank() ? fit(text(e), column) : " ".repeat(column));
        }
      } else {
        line.append(" | ").append(fit("r" + e.rank() + " " + text(e), WIDTH - TIME - 3));
      }
      sb.append(line.toString().stripTrailing()).append('\n');
    }
    return sb.toString();
  }

  private static String pad(String s, int width) {
    return s.length() >= width ? s : s + " ".repeat(width - s.length());
  }

  private static String fit(String s, int width) {
    return s.length() <= width ? pad(s, width) : s.substring(0, width - 1) + "~";
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
   * The columns' width for a world size, for tests and documentation.
   *
   * @param worldSize number of ranks
   * @return the column width, or -1 when the single-column layout is used
   */
  public static int columnWidth(int worldSize) {
    int column = (WIDTH - TIME) / Math.max(worldSize, 1) - 3;
    return column >= MIN_COLUMN ? column : -1;
  }
}
