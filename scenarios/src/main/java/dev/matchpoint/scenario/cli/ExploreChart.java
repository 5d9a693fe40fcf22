package dev.matchpoint.scenario.cli;

import dev.matchpoint.core.explore.Verdict;
import dev.matchpoint.mpi.ErrorClass;
import dev.matchpoint.mpi.RequestIds;
import dev.matchpoint.mpi.match.MessageIds;
import dev.matchpoint.mpi.trace.Trace;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import net.sourceforge.plantuml.FileFormat;
import net.sourceforge.plantuml.FileFormatOption;
import net.sourceforge.plantuml.SourceStringReader;
import net.sourceforge.plantuml.core.Diagram;
import net.sourceforge.plantuml.error.PSystemError;

/**
 * The message sequence chart of {@code matchpoint explore --diagram}: one schedule (the shortest
 * counterexample) drawn from its replay's trace as a PlantUML sequence diagram, rendered to SVG.
 *
 * <p>One lane per thread that acts in the schedule ({@code r2.t0}), in rank then thread order. A
 * send is a note on its lane; each match is an arrow from the sending lane to the lane whose call
 * matched ({@code MPI_Probe}/{@code MPI_Mprobe} dashed and blue, with what the probe returned;
 * receives solid, with the message they got and the step it was sent at); a message that arrives
 * and is never received is an arrow off the right edge. A call that never returns (drawn after the
 * rest of its step), an erroneous use, an error returned and the violated checks are red. Every
 * label starts with its step number (the step of the numbered list {@code explore} prints). The
 * chart is a function of the trace and the verdict only: the same input gives the same PlantUML
 * source and, with the same fonts, the same SVG bytes (PlantUML 1.2026 writes no date, random id or source comment into a sequence
 * diagram; its text widths come from the JVM's fonts).
 */
final class ExploreChart {
  /** Width at which labels are wrapped, in characters. */
  private static final int WRAP = 80;
  private static final String RED = "#C00000";

  private ExploreChart() {}

  /** A lane: one thread of one rank. */
  private record Lane(int rank, int thread) implements Comparable<Lane> {
    @Override
    public int compareTo(Lane o) {
      return rank != o.rank ? Integer.compare(rank, o.rank) : Integer.compare(thread, o.thread);
    }

    String label() {
      return "r" + rank + ".t" + thread;
    }
  }

  /**
   * The chart's PlantUML source.
   *
   * @param title the first title line, e.g. {@code probe-race-2x2: shortest violating schedule (9 steps)}
   * @param schedule the schedule drawn, as replay takes it (second title line)
   * @param trace the trace of the schedule's logical-mode replay; its step {@code s} is the schedule's
   *     step {@code s} counting from 1
   * @param steps the number of steps drawn (events of later steps are ignored)
   * @param verdict the counterexample's verdict, whose details are drawn in red at the end
   * @return the source, {@code @startuml} to {@code @enduml}
   */
  static String plantUml(String title, String schedule, Trace trace, int steps, Verdict verdict) {
    List<TraceEvent> events = trace.events().stream().filter(e -> e.step() >= 1 && e.step() <= steps).toList();
    Map<Lane, String> lanes = new TreeMap<>();
    Map<Lane, TraceEvent.CallStarted> open = new HashMap<>();
    Set<Long> received = new HashSet<>();
    for (TraceEvent e : events) {
      if (e.thread() >= 0) {
        lanes.put(new Lane(e.rank(), e.thread()), "");
      }
      if (e instanceof TraceEvent.CallStarted c) {
        open.put(new Lane(c.rank(), c.thread()), c);
      } else if (e instanceof TraceEvent.CallReturned c) {
        open.remove(new Lane(c.rank(), c.thread()));
      } else if (e instanceof TraceEvent.Matched m && m.match().receives()) {
        received.add(m.messageKey());
      }
    }
    Set<TraceEvent.CallStarted> neverReturn = new HashSet<>(open.values());
    StringBuilder sb = new StringBuilder("@startuml\n");
    sb.append("skinparam shadowing false\nskinparam sequenceMessageAlign left\nskinparam noteBorderColor #888888\n"
        + "skinparam noteTextAlignment left\n");
    sb.append("title ").append(escape(title)).append("\\nschedule ").append(escape(schedule)).append('\n');
    int n = 0;
    for (Map.Entry<Lane, String> l : lanes.entrySet()) {
      l.setValue("L" + n++);
      sb.append("participant \"").append(l.getKey().label()).append("\" as ").append(l.getValue()).append('\n');
    }
    Map<Long, Lane> senders = new HashMap<>();
    Map<Long, Long> sentAt = new HashMap<>();
    Set<Long> arrived = new HashSet<>();
    Map<Lane, String> calls = new HashMap<>();
    Map<Lane, TraceEvent.Matched> probed = new HashMap<>();
    Map<Long, TraceEvent.Matched> receivedBy = new HashMap<>();
    for (TraceEvent e : events) {
      if (e instanceof TraceEvent.Matched m && m.match().receives()) {
        receivedBy.putIfAbsent(m.messageKey(), m);
      }
    }
    StringBuilder blocked = new StringBuilder();
    for (int i = 0; i < events.size(); i++) {
      TraceEvent e = events.get(i);
      Lane lane = new Lane(e.rank(), e.thread());
      String at = e.step() + ". ";
      if (i > 0 && events.get(i - 1).step() != e.step()) {
        sb.append(blocked);
        blocked.setLength(0);
      }
      if (e instanceof TraceEvent.CallStarted c) {
        calls.put(lane, c.call());
        if (neverReturn.contains(c)) {
          note(blocked, lanes.get(lane), true, at + c.call() + "(" + c.args() + ") never returns", "at " + c.at(),
              probedBefore(probed.get(lane), receivedBy));
        }
      } else if (e instanceof TraceEvent.MessageSent s) {
        senders.put(s.messageKey(), lane);
        sentAt.put(s.messageKey(), s.step());
        note(sb, lanes.get(lane), false, at + calls.getOrDefault(lane, "send") + ": message "
            + MessageIds.format(s.messageKey()) + " to rank " + s.dest() + ", tag " + s.tag() + ", " + s.sizeBytes()
            + " B " + (s.rendezvous() ? "rendezvous" : "eager"), null);
      } else if (e instanceof TraceEvent.MessageArrived a) {
        arrived.add(a.messageKey());
        if (!received.contains(a.messageKey())) {
          offEdge(sb, lanes.get(senders.get(a.messageKey())), at + "message " + MessageIds.format(a.messageKey())
              + " (tag " + a.tag() + ", " + a.sizeBytes() + " B) arrives at rank " + a.rank(), "and is never received");
        }
      } else if (e instanceof TraceEvent.Matched m) {
        if (!m.match().receives()) {
          probed.put(lane, m);
        }
        arrow(sb, lanes, senders.get(m.messageKey()), lane, m, calls.getOrDefault(lane, m.match().name()),
            returned(events, i, lane), sentAt.get(m.messageKey()));
      } else if (e instanceof TraceEvent.CallReturned r && r.error() != ErrorClass.MPI_SUCCESS) {
        note(sb, lanes.get(lane), true, at + r.call() + " returns " + r.error(), r.result());
      } else if (e instanceof TraceEvent.ErroneousUse u) {
        note(sb, lanes.get(lane), true, at + "ERRONEOUS " + u.rule() + ": " + u.detail(), "at " + u.at());
      } else if (e instanceof TraceEvent.CancelDecided c) {
        note(sb, lanes.get(lane), false, at + "cancel of " + RequestIds.format(c.requestId())
            + (c.cancelled() ? " succeeded" : " failed"), c.detail());
      }
    }
    sb.append(blocked);
    for (Map.Entry<Long, Lane> s : senders.entrySet().stream().sorted(Map.Entry.comparingByKey()).toList()) {
      if (!arrived.contains(s.getKey()) && !received.contains(s.getKey())) {
        offEdge(sb, lanes.get(s.getValue()), "message " + MessageIds.format(s.getKey()), "is never delivered");
      }
    }
    List<String> lines = new ArrayList<>(verdict.details());
    if (!lanes.isEmpty()) {
      String first = lanes.values().iterator().next();
      String last = "L" + (lanes.size() - 1);
      sb.append("note over ").append(first).append(first.equals(last) ? "" : ", " + last).append(" #FFE8E8 : ")
          .append("<color:" + RED + "><b>violated:</b>\\n").append(red(lines)).append('\n');
    }
    return sb.append("@enduml\n").toString();
  }

  /**
   * Renders PlantUML source as SVG.
   *
   * @param source a sequence diagram from {@link #plantUml}
   * @return the SVG document (UTF-8), starting with PlantUML's {@code <?plantuml VERSION?>}
   *     processing instruction
   * @throws IllegalStateException when PlantUML reports a syntax error or fails while drawing (a bug
   *     here: the source is generated and escaped)
   */
  static byte[] svg(String source) {
    Diagram d = new SourceStringReader(source).getBlocks().get(0).getDiagram();
    if (d instanceof PSystemError) {
      throw new IllegalStateException("PlantUML rejected the chart's source: " + d.getDescription());
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      int status = d.exportDiagram(out, 0, new FileFormatOption(FileFormat.SVG)).getStatus();
      if (status != 0) {
        throw new IllegalStateException("PlantUML failed to draw the chart (status " + status + ")");
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  /** The result of the call that returned on {@code lane} in the same step as event {@code i}. */
  private static String returned(List<TraceEvent> events, int i, Lane lane) {
    long step = events.get(i).step();
    for (int j = i + 1; j < events.size() && events.get(j).step() == step; j++) {
      if (events.get(j) instanceof TraceEvent.CallReturned r && r.rank() == lane.rank && r.thread() == lane.thread) {
        return r.result().isEmpty() ? "returns" : "returns " + r.result();
      }
    }
    return null;
  }

  private static void arrow(StringBuilder sb, Map<Lane, String> lanes, Lane from, Lane to, TraceEvent.Matched m,
      String call, String returned, Long sentAt) {
    boolean probe = !m.match().receives();
    String message = MessageIds.format(m.messageKey());
    String head = m.step() + ". " + call + "(source=" + TraceEvent.sourcePattern(m.patternSource()) + ", tag="
        + TraceEvent.tagPattern(m.patternTag()) + ")";
    String what = probe ? (returned != null ? returned : "matches") + ": message " + message
        : "got message " + message + ": source " + m.source() + ", tag " + m.tag() + ", " + m.sizeBytes() + " B"
            + (sentAt != null ? ", sent at step " + sentAt : "");
    String label = escapeWrapped(head) + "\\n" + escapeWrapped(what);
    String target = lanes.get(to);
    if (from == null) {
      sb.append("[").append(probe ? "-[#1F5FBF]->" : "->").append(' ').append(target);
    } else {
      sb.append(lanes.get(from)).append(' ').append(probe ? "-[#1F5FBF]->" : "->").append(' ').append(target);
    }
    sb.append(" : ").append(probe ? "<color:#1F5FBF>" + label.replace("\\n", "\\n<color:#1F5FBF>") : label)
        .append('\n');
  }

  private static void offEdge(StringBuilder sb, String from, String head, String tail) {
    String label = escapeWrapped(head) + "\\n" + escapeWrapped(tail);
    sb.append(from == null ? "[" : from).append(" -[#888888]->x] : ").append(label).append('\n');
  }

  /** What became of the message a thread probed last: who received it, when. */
  private static String probedBefore(TraceEvent.Matched probe, Map<Long, TraceEvent.Matched> receivedBy) {
    if (probe == null) {
      return null;
    }
    String message = MessageIds.format(probe.messageKey());
    TraceEvent.Matched got = receivedBy.get(probe.messageKey());
    return "its probe at step " + probe.step() + " returned message " + message + (got == null ? ""
        : ", which r" + got.rank() + ".t" + got.thread() + " received at step " + got.step());
  }

  private static void note(StringBuilder sb, String lane, boolean red, String... text) {
    List<String> lines = new ArrayList<>();
    for (String t : text) {
      if (t != null && !t.isEmpty()) {
        lines.add(t);
      }
    }
    sb.append("note over ").append(lane).append(red ? " #FFE8E8 : " + red(lines) : " : " + plain(lines))
        .append('\n');
  }

  private static String red(List<String> lines) {
    List<String> out = new ArrayList<>();
    for (String l : lines) {
      for (String w : wrap(l)) {
        out.add("<color:" + RED + ">" + escape(w));
      }
    }
    return String.join("\\n", out);
  }

  private static String plain(List<String> lines) {
    List<String> out = new ArrayList<>();
    lines.forEach(l -> out.add(escapeWrapped(l)));
    return String.join("\\n", out);
  }

  private static String escapeWrapped(String text) {
    List<String> out = new ArrayList<>();
    wrap(text).forEach(w -> out.add(escape(w)));
    return String.join("\\n", out);
  }

  /**
   * Breaks a line at spaces into pieces of at most {@value #WRAP} characters (a longer word stays
   * whole), continuation pieces indented by two spaces.
   *
   * @param text one line
   * @return its pieces
   */
  static List<String> wrap(String text) {
    List<String> out = new ArrayList<>();
    StringBuilder line = new StringBuilder();
    for (String word : text.split(" ")) {
      if (line.length() > 0 && line.length() + 1 + word.length() > WRAP) {
        out.add(line.toString());
        line.setLength(0);
        line.append(' ');
      }
      if (line.length() > 0 && !line.toString().isBlank()) {
        line.append(' ');
      }
      line.append(word);
    }
    out.add(line.toString());
    return out;
  }

  /**
   * Makes text literal in a PlantUML label: creole markup characters ({@code * / - _ < [ ] # "}) are
   * preceded by PlantUML's escape character {@code ~}; the escape character itself, a backslash and
   * the preprocessor's {@code %} and {@code $} are written as {@code <U+XXXX>} code points, {@code &} as an entity, line breaks as spaces.
   *
   * @param text any text
   * @return the text as PlantUML shows it verbatim in a message or note
   */
  static String escape(String text) {
    StringBuilder sb = new StringBuilder(text.length() + 8);
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '*', '/', '-', '_', '<', '[', ']', '#', '"' -> sb.append('~').append(c);
        case '\\' -> sb.append("<U+005C>");
        case '~' -> sb.append("<U+007E>");
        case '%' -> sb.append("<U+0025>");
        case '$' -> sb.append("<U+0024>");
        case '&' -> sb.append("&#38;");
        case '\n', '\r', '\t' -> sb.append(' ');
        default -> sb.append(c);
      }
    }
    return sb.toString();
  }
}
