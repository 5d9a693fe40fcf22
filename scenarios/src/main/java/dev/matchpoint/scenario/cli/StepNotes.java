package dev.matchpoint.scenario.cli;

import dev.matchpoint.mpi.ErrorClass;
import dev.matchpoint.mpi.RequestIds;
import dev.matchpoint.mpi.match.MessageIds;
import dev.matchpoint.mpi.trace.Trace;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.ArrayList;
import java.util.List;

/**
 * What each step of a replayed schedule did, in MPI terms, read from the replay's trace: calls
 * that returned (with their result) or blocked, matches, cancel decisions and erroneous uses. The
 * explorer labels a step by the action it chose; these notes add its effect, so a counterexample
 * reads like a story ("both probes return source=0; the second receive blocks").
 */
final class StepNotes {
  private StepNotes() {}

  /**
   * One note per step.
   *
   * @param trace the trace of a logical-mode run; its step {@code i + 1} is the schedule's step
   *     {@code i}
   * @param steps the number of steps
   * @return the notes, empty strings for steps with nothing to say
   */
  static List<String> of(Trace trace, int steps) {
    List<List<String>> notes = new ArrayList<>();
    List<List<TraceEvent.CallStarted>> open = new ArrayList<>();
    for (int i = 0; i < steps; i++) {
      notes.add(new ArrayList<>());
      open.add(new ArrayList<>());
    }
    for (TraceEvent e : trace.events()) {
      int i = (int) e.step() - 1;
      if (i < 0 || i >= steps) {
        continue;
      }
      List<String> n = notes.get(i);
      if (e instanceof TraceEvent.CallStarted c) {
        open.get(i).add(c);
      } else if (e instanceof TraceEvent.CallReturned c) {
        open.get(i).removeIf(s -> s.rank() == c.rank() && s.thread() == c.thread());
        n.add(who(c.rank(), c.thread()) + " " + c.call() + " returns" + (c.result().isEmpty() ? "" : " " + c.result())
            + (c.error() == ErrorClass.MPI_SUCCESS ? "" : " " + c.error()));
      } else if (e instanceof TraceEvent.Matched m) {
        n.add(who(m.rank(), m.thread()) + " matched " + MessageIds.format(m.messageKey()) + " via " + m.match());
      } else if (e instanceof TraceEvent.CancelDecided c) {
        n.add("cancel of " + RequestIds.format(c.requestId()) + (c.cancelled() ? " succeeded" : " failed") + ": "
            + c.detail());
      } else if (e instanceof TraceEvent.ErroneousUse u) {
        n.add("ERRONEOUS " + u.rule() + ": " + u.detail());
      }
    }
    List<String> out = new ArrayList<>();
    for (int i = 0; i < steps; i++) {
      for (TraceEvent.CallStarted c : open.get(i)) {
        notes.get(i).add(who(c.rank(), c.thread()) + " " + c.call() + " blocks");
      }
      out.add(String.join("; ", notes.get(i)));
    }
    return out;
  }

  private static String who(int rank, int thread) {
    return "r" + rank + (thread >= 0 ? ".t" + thread : "");
  }
}
