package dev.matchpoint.mpi.check;

import com.google.common.hash.PrimitiveSink;
import dev.matchpoint.core.codec.StateReader;
import dev.matchpoint.core.codec.StateWriter;
import dev.matchpoint.mpi.match.MessageIds;
import dev.matchpoint.mpi.trace.MatchKind;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * A message taken by a matched probe is matched by nobody else, and its matched receive receives it
 * in the rank that holds the handle (seed 000 §3.2: "Unlike MPI_IPROBE, no other probe or receive
 * operation may match the message returned by MPI_IMPROBE"; MPI-3.1 §3.8.2): by the thread whose
 * matched probe took it, or by another thread of the rank through a rank-shared message variable.
 */
public final class MatchedMessageExclusive implements Check {
  /** (rank, message key) to the thread holding its handle. */
  private final TreeMap<String, Integer> held;
  private final List<Violation> violations;

  /** A fresh check. */
  public MatchedMessageExclusive() {
    this(new TreeMap<>(), new ArrayList<>());
  }

  private MatchedMessageExclusive(TreeMap<String, Integer> held, List<Violation> violations) {
    this.held = held;
    this.violations = violations;
  }

  @Override
  public String name() {
    return "matched-message-exclusive";
  }

  @Override
  public String clause() {
    return "seed 000 §3.2 / MPI-3.1 §3.8.2: no other probe or receive may match a message returned by a matched "
        + "probe; its matched receive receives it";
  }

  @Override
  public boolean reads(TraceEvent event) {
    return event instanceof TraceEvent.Matched;
  }

  @Override
  public void onEvent(TraceEvent event) {
    if (!(event instanceof TraceEvent.Matched m)) {
      return;
    }
    String id = m.rank() + ":" + m.messageKey();
    Integer holder = held.get(id);
    if (m.match() == MatchKind.MRECV) {
      if (holder == null) {
        violations.add(new Violation(name(), "matched receive of " + MessageIds.format(m.messageKey())
            + " without a matched probe of it in this rank", m.step(), m.rank(), m.thread()));
      }
      held.remove(id);
    } else if (holder != null) {
      violations.add(new Violation(name(), m.match().name().toLowerCase() + " matched "
          + MessageIds.format(m.messageKey()) + ", which a matched probe of r" + m.rank() + ".t" + holder + " holds",
          m.step(), m.rank(), m.thread()));
    } else if (m.match() == MatchKind.MPROBE) {
      held.put(id, m.thread());
    }
  }

  @Override
  public List<Violation> violations() {
    return List.copyOf(violations);
  }

  @Override
  public Check copy() {
    return new MatchedMessageExclusive(new TreeMap<>(held), new ArrayList<>(violations));
  }

  @Override
  public void hashInto(PrimitiveSink sink) {
    held.forEach((k, v) -> sink.putUnencodedChars(k).putInt(v));
    Violation.hashSorted(violations, sink);
  }

  @Override
  public void encodeInto(StateWriter w) {
    w.putVar(held.size());
    held.forEach((k, v) -> w.putString(k).putSigned(v));
    CheckCodec.putViolations(violations, w);
  }

  @Override
  public Check decoded(StateReader r) {
    return decodeFrom(r);
  }

  static MatchedMessageExclusive decodeFrom(StateReader r) {
    TreeMap<String, Integer> held = new TreeMap<>();
    for (int n = r.getVarInt(); n > 0; n--) {
      held.put(r.getString(), r.getSignedInt());
    }
    return new MatchedMessageExclusive(held, CheckCodec.getViolations(r));
  }
}
