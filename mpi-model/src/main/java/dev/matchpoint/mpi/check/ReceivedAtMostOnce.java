package dev.matchpoint.mpi.check;

import com.google.common.hash.PrimitiveSink;
import dev.matchpoint.mpi.match.MessageIds;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Every message is received at most once, by a receive or a matched receive (MPI-3.1 §3.5: a
 * message is matched by one receive; seed 000 §3.2: a matched message is received only through its
 * handle).
 */
public final class ReceivedAtMostOnce implements Check {
  /** (dest rank, message key) of messages received. */
  private final TreeSet<String> received;
  private final List<Violation> violations;

  /** A fresh check. */
  public ReceivedAtMostOnce() {
    this(new TreeSet<>(), new ArrayList<>());
  }

  private ReceivedAtMostOnce(TreeSet<String> received, List<Violation> violations) {
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
  public void onEvent(TraceEvent event) {
    if (event instanceof TraceEvent.Matched m && m.match().receives()) {
      String id = m.rank() + ":" + m.messageKey();
      if (!received.add(id)) {
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
    return new ReceivedAtMostOnce(new TreeSet<>(received), new ArrayList<>(violations));
  }

  @Override
  public void hashInto(PrimitiveSink sink) {
    received.forEach(sink::putUnencodedChars);
    Violation.hashSorted(violations, sink);
  }
}
