package dev.matchpoint.mpi.check;

import com.google.common.hash.PrimitiveSink;
import dev.matchpoint.core.StateHashable;
import dev.matchpoint.core.explore.FingerprintSink;
import dev.matchpoint.mpi.trace.Trace;
import dev.matchpoint.mpi.trace.TraceEvent;
import dev.matchpoint.mpi.trace.TraceSink;
import java.util.ArrayList;
import java.util.List;

/**
 * An ordered set of checks fed the same events; itself a sink.
 *
 * <p>Copy-on-write: {@link #copy()} shares the checks, and a set copies a shared check before
 * feeding it an event it reads ({@link Check#reads}) or the end of the run, so a copy that sees no
 * such event copies nothing. Each check's 128-bit fingerprint is kept until the set feeds that check
 * again, so {@link #hashInto} hashes only the checks written since the last copy. A shared check is
 * never written, so its kept fingerprint stays true.
 */
public final class Checks implements TraceSink, StateHashable {
  private final List<Check> checks;
  /** Per check, whether this set's instance is its own (writable); null when all are. */
  private boolean[] owned;
  /** Per check, its fingerprint's two halves, valid where {@link #known} says so. */
  private final long[] high;
  private final long[] low;
  private final boolean[] known;

  /**
   * Creates the set.
   *
   * @param checks the checks, in report order
   */
  public Checks(List<Check> checks) {
    this.checks = new ArrayList<>(checks);
    this.high = new long[this.checks.size()];
    this.low = new long[this.checks.size()];
    this.known = new boolean[this.checks.size()];
  }

  private Checks(Checks o) {
    this.checks = new ArrayList<>(o.checks);
    this.owned = new boolean[checks.size()];
    o.owned = new boolean[checks.size()];
    this.high = o.high.clone();
    this.low = o.low.clone();
    this.known = o.known.clone();
  }

  /** Check {@code i}, made this set's own (copied when shared) and its kept fingerprint dropped. */
  private Check write(int i) {
    Check c = checks.get(i);
    if (owned != null && !owned[i]) {
      c = c.copy();
      checks.set(i, c);
      owned[i] = true;
    }
    known[i] = false;
    return c;
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
    for (int i = 0; i < checks.size(); i++) {
      if (checks.get(i).reads(event)) {
        write(i).onEvent(event);
      }
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
    for (int i = 0; i < checks.size(); i++) {
      write(i).onEnd(end);
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
   * An independent copy (copy-on-write: it shares the checks with this set until either writes one).
   *
   * @return the copy
   */
  public Checks copy() {
    return new Checks(this);
  }

  /** Writes each check's 128-bit fingerprint (kept until the check is fed again). */
  @Override
  public void hashInto(PrimitiveSink sink) {
    FingerprintSink f = null;
    for (int i = 0; i < checks.size(); i++) {
      if (!known[i]) {
        f = f == null ? new FingerprintSink() : f.reset();
        checks.get(i).hashInto(f);
        high[i] = f.high();
        low[i] = f.low();
        known[i] = true;
      }
      sink.putLong(high[i]).putLong(low[i]);
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
