package dev.matchpoint.mpi.check;

import com.google.common.hash.PrimitiveSink;
import dev.matchpoint.core.codec.StateReader;
import dev.matchpoint.core.codec.StateWriter;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.ArrayList;
import java.util.List;

/**
 * No MPI call returns an error class and the program breaks no rule of the standard. Work left
 * outstanding at the end is {@link CompleteBeforeFinalize}'s to report, not this check's.
 */
public final class NoErrors implements Check {
  private final List<Violation> violations;

  /** A fresh check. */
  public NoErrors() {
    this(new ArrayList<>());
  }

  private NoErrors(List<Violation> violations) {
    this.violations = violations;
  }

  @Override
  public String name() {
    return "no-errors";
  }

  @Override
  public String clause() {
    return "MPI-3.1 §8.3: a correct program gets MPI_SUCCESS from every call and is not erroneous";
  }

  @Override
  public boolean reads(TraceEvent event) {
    return event instanceof TraceEvent.ErrorRaised || event instanceof TraceEvent.ErroneousUse;
  }

  @Override
  public void onEvent(TraceEvent event) {
    if (event instanceof TraceEvent.ErrorRaised e) {
      violations.add(new Violation(name(), e.error() + " from " + e.call() + ": " + e.detail(), e.step(), e.rank(),
          e.thread()));
    } else if (event instanceof TraceEvent.ErroneousUse e && !CompleteBeforeFinalize.RULE.equals(e.rule())) {
      violations.add(new Violation(name(), "erroneous: " + e.rule() + ": " + e.detail(), e.step(), e.rank(),
          e.thread()));
    }
  }

  @Override
  public List<Violation> violations() {
    return List.copyOf(violations);
  }

  @Override
  public Check copy() {
    return new NoErrors(new ArrayList<>(violations));
  }

  @Override
  public void hashInto(PrimitiveSink sink) {
    Violation.hashSorted(violations, sink);
  }

  @Override
  public void encodeInto(StateWriter w) {
    CheckCodec.putViolations(violations, w);
  }

  @Override
  public Check decoded(StateReader r) {
    return decodeFrom(r);
  }

  static NoErrors decodeFrom(StateReader r) {
    return new NoErrors(CheckCodec.getViolations(r));
  }
}
