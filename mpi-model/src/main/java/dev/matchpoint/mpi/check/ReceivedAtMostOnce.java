package dev.matchpoint.mpi.check;

import com.google.common.hash.PrimitiveSink;
import dev.matchpoint.core.codec.StateReader;
import dev.matchpoint.core.codec.StateWriter;
import dev.matchpoint.mpi.match.MessageIds;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.ArrayList;
import java.util.List;

/**
 * Every message is received at most once, by a receive or a matched receive (MPI-3.1 §3.5: a
 * message is matched by one receive; seed 000 §3.2: a matched message is received only through its
 * handle).
 *
 * <p>Its state does not grow with the run's length: the messages each rank received are kept as
 * ranges of sequence numbers per (source, context) ({@link ReceivedMessages}).
 */
public final class ReceivedAtMostOnce implements Check {
  /** (dest rank, message key) of messages received. */
  private final ReceivedMessages received;
  private final List<Violation> violations;

  /** A fresh check. */
  public ReceivedAtMostOnce() {
    this(new ReceivedMessages(), new ArrayList<>());
  }

  private ReceivedAtMostOnce(ReceivedMessages received, List<Violation> violations) {
    this.received = received;
    this.violations = violations;
  }

  @Override
  public String name() {
    return "received-at-most-once";
  }

  @Override
  public String clause() {
    return "MPI-3.1 §3.5 and seed 000 §3.2: each message is received by at most one receive or matched receive";
  }

  @Override
  public boolean reads(TraceEvent event) {
    return event instanceof TraceEvent.Matched;
  }

  @Override
  public void onEvent(TraceEvent event) {
    if (event instanceof TraceEvent.Matched m && m.match().receives()) {
      if (!received.add(m.rank(), m.messageKey())) {
        violations.add(new Violation(name(), "message " + MessageIds.format(m.messageKey()) + " was received twice",
            m.step(), m.rank(), m.thread()));
      }
    }
  }

  @Override
  public List<Violation> violations() {
    return List.copyOf(violations);
  }

  @Override
  public Check copy() {
    return new ReceivedAtMostOnce(received.copy(), new ArrayList<>(violations));
  }

  @Override
  public void hashInto(PrimitiveSink sink) {
    received.hashInto(sink);
    Violation.hashSorted(violations, sink);
  }

  @Override
  public void encodeInto(StateWriter w) {
    received.encodeInto(w);
    CheckCodec.putViolations(violations, w);
  }

  @Override
  public Check decoded(StateReader r) {
    return decodeFrom(r);
  }

  static ReceivedAtMostOnce decodeFrom(StateReader r) {
    return new ReceivedAtMostOnce(ReceivedMessages.decodeFrom(r), CheckCodec.getViolations(r));
  }
}
