package dev.matchpoint.mpi.check;

import com.google.common.hash.PrimitiveSink;
import dev.matchpoint.core.StateHashable;
import dev.matchpoint.mpi.trace.Trace;
import dev.matchpoint.mpi.trace.TraceEvent;
import dev.matchpoint.mpi.trace.TraceSink;
import java.util.ArrayList;
import java.util.List;

/** An ordered set of checks fed the same events; itself a sink. */
public final class Checks implements TraceSink, StateHashable {
  private final List<Check> checks;

  /**
   * Creates the set.
   *
   * @param checks the checks, in report order
   */
  public Checks(List<Check> checks) {
    this.checks = new ArrayList<>(checks);
  }

  /**
   * No checks.
   *
   * @return an empty set
   */
  public static Checks none() {
    return new Checks(List.of());
  }

  @Override
  public void emit(TraceEvent event) {
    for (Check c : checks) {
      c.onEvent(event);
    }
  }

  /**
   * False: a check reads the posts, sends, matches, cancel decisions and problems, which the model
   * always emits, and request completions only when {@link #readsCompletions()} says so.
   *
   * @return false
   */
  @Override
  public boolean readsEveryEvent() {
    return false;
  }

  /**
   * Whether a check of the set reads request-completion events.
   *
   * @return true when one does ({@link Check#readsCompletions()})
   */
  public boolean readsCompletions() {
    for (Check c : checks) {
      if (c.readsCompletions()) {
        return true;
      }
    }
    return false;
  }

  /**
   * Passes the end of the run to every check.
   *
   * @param end how the run ended
   */
  public void end(RunEnd end) {
    for (Check c : checks) {
      c.onEnd(end);
    }
  }

  /**
   * Whether the set is empty.
   *
   * @return true when there are no checks
   */
  public boolean isEmpty() {
    return checks.isEmpty();
  }

  /**
   * Whether a check of this kind is in the set.
   *
   * @param kind the kind
   * @return true when one of the checks is named {@code kind.configName()}
   */
  public boolean contains(CheckKind kind) {
    for (Check c : checks) {
      if (c.name().equals(kind.configName())) {
        return true;
      }
    }
    return false;
  }

  /**
   * The checks.
   *
   * @return an unmodifiable list
   */
  public List<Check> checks() {
    return List.copyOf(checks);
  }

  /**
   * Every violation of every check, checks in order.
   *
   * @return a fresh list
   */
  public List<Violation> violations() {
    List<Violation> out = new ArrayList<>();
    for (Check c : checks) {
      out.addAll(c.violations());
    }
    return out;
  }

  /**
   * An independent copy.
   *
   * @return the copy
   */
  public Checks copy() {
    List<Check> out = new ArrayList<>(checks.size());
    for (Check c : checks) {
      out.add(c.copy());
    }
    return new Checks(out);
  }

  @Override
  public void hashInto(PrimitiveSink sink) {
    for (Check c : checks) {
      c.hashInto(sink);
    }
  }

  /**
   * Judges a stored trace: feeds a copy of these checks every event, then the end.
   *
   * @param trace the trace
   * @param end how the run ended
   * @return the violations
   */
  public List<Violation> judge(Trace trace, RunEnd end) {
    Checks fresh = copy();
    for (TraceEvent e : trace.events()) {
      fresh.emit(e);
    }
    fresh.end(end);
    return fresh.violations();
  }
}
