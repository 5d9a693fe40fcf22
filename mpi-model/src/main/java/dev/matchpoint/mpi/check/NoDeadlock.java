package dev.matchpoint.mpi.check;

import com.google.common.hash.PrimitiveSink;
import dev.matchpoint.core.codec.StateReader;
import dev.matchpoint.core.codec.StateWriter;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.ArrayList;
import java.util.List;

/** The run ends with every thread finished: no thread is blocked forever in an MPI call. */
public final class NoDeadlock implements Check {
  private final List<Violation> violations;

  /** A fresh check. */
  public NoDeadlock() {
    this(new ArrayList<>());
  }

  private NoDeadlock(List<Violation> violations) {
    this.violations = violations;
  }

  @Override
  public String name() {
    return "no-deadlock";
  }

  @Override
  public String clause() {
    return "MPI-3.1 §3.5 (progress): every blocked call completes once its matching operation is posted; a run that "
        + "ends with a thread blocked deadlocked";
  }

  @Override
  public boolean reads(TraceEvent event) {
    return false;
  }

  @Override
  public void onEvent(TraceEvent event) {
    // judged at the end only
  }

  @Override
  public void onEnd(RunEnd end) {
    if (end.deadlocked()) {
      violations.add(new Violation(name(), "deadlock: " + String.join("; ", end.blockedThreads()), end.step(), -1, -1));
    }
  }

  @Override
  public List<Violation> violations() {
    return List.copyOf(violations);
  }

  @Override
  public Check copy() {
    return new NoDeadlock(new ArrayList<>(violations));
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

  static NoDeadlock decodeFrom(StateReader r) {
    return new NoDeadlock(CheckCodec.getViolations(r));
  }
}
