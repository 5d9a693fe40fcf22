package dev.matchpoint.mpi.check;

import com.google.common.hash.PrimitiveSink;
import dev.matchpoint.core.codec.StateReader;
import dev.matchpoint.core.codec.StateWriter;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.ArrayList;
import java.util.List;

/**
 * Every process completes its work before MPI_Finalize (MPI-3.1 §8.7): "It must locally complete
 * all MPI operations that it initiated and must execute matching calls needed to complete MPI
 * communications initiated by other processes".
 *
 * <p>The programs of a scenario end where each process would call MPI_Finalize. When this check is
 * among a run's checks and the run ends normally (no thread blocked forever, no thread stopped by
 * a program error, no budget reached), the model reports each piece of work still outstanding as
 * an erroneous use with rule {@link #RULE}, naming the statement that started it: a request never
 * completed by a Wait or Test nor freed; an active persistent request or channel start; a message
 * sent and never received (eager sends complete locally, so nothing else shows it); a message a
 * matched probe took and no MPI_Mrecv received; an attached buffer still holding messages. The
 * outcome is then ERRONEOUS, and this check reports each finding as a violation (the {@code
 * no-errors} check leaves them to it). A deadlock leaves work outstanding too; its report already
 * lists it, so nothing is added then. Without this check in the run's checks, nothing is judged.
 */
public final class CompleteBeforeFinalize implements Check {
  /** The rule of the erroneous uses the model reports at the end of the run. */
  public static final String RULE = "work outstanding at MPI_Finalize (MPI-3.1 §8.7)";

  private final List<Violation> violations;

  /** A fresh check. */
  public CompleteBeforeFinalize() {
    this(new ArrayList<>());
  }

  private CompleteBeforeFinalize(List<Violation> violations) {
    this.violations = violations;
  }

  @Override
  public String name() {
    return "complete-before-finalize";
  }

  @Override
  public String clause() {
    return "MPI-3.1 §8.7: before MPI_FINALIZE each process \"must locally complete all MPI operations that it "
        + "initiated and must execute matching calls needed to complete MPI communications initiated by other "
        + "processes\"";
  }

  @Override
  public boolean reads(TraceEvent event) {
    return event instanceof TraceEvent.ErroneousUse;
  }

  @Override
  public void onEvent(TraceEvent event) {
    if (event instanceof TraceEvent.ErroneousUse e && RULE.equals(e.rule())) {
      violations.add(new Violation(name(), e.detail(), e.step(), e.rank(), e.thread()));
    }
  }

  @Override
  public List<Violation> violations() {
    return List.copyOf(violations);
  }

  @Override
  public Check copy() {
    return new CompleteBeforeFinalize(new ArrayList<>(violations));
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

  static CompleteBeforeFinalize decodeFrom(StateReader r) {
    return new CompleteBeforeFinalize(CheckCodec.getViolations(r));
  }
}
