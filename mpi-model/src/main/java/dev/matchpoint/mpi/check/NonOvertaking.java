package dev.matchpoint.mpi.check;

import com.google.common.hash.PrimitiveSink;
import dev.matchpoint.core.codec.StateReader;
import dev.matchpoint.core.codec.StateWriter;
import dev.matchpoint.mpi.match.Envelopes;
import dev.matchpoint.mpi.match.MessageIds;
import dev.matchpoint.mpi.trace.MatchKind;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Non-overtaking (MPI-3.1 §3.5, "Order"): "If a sender sends two messages in succession to the same
 * destination, and both match the same receive, then this operation cannot receive the second
 * message if the first one is still pending." Checked for receives, matched probes and probes (a
 * probe reports what a receive would match, seed 001): when one of them matches message k from
 * source s on context c, no earlier message of s to the same rank on c that its pattern also
 * matches may still be pending (sent and not yet received or taken by a matched probe).
 */
public final class NonOvertaking implements Check {
  /** (dest, source, context) to pending sequence numbers and their tags. */
  private final TreeMap<Long, TreeMap<Long, Integer>> pending;
  private final List<Violation> violations;

  /** A fresh check. */
  public NonOvertaking() {
    this(new TreeMap<>(), new ArrayList<>());
  }

  private NonOvertaking(TreeMap<Long, TreeMap<Long, Integer>> pending, List<Violation> violations) {
    this.pending = pending;
    this.violations = violations;
  }

  private static long channel(int dest, int source, int context) {
    return ((long) dest << 32) | ((long) source << 8) | context;
  }

  @Override
  public String name() {
    return "non-overtaking";
  }

  @Override
  public String clause() {
    return "MPI-3.1 §3.5: if a sender sends two messages in succession to the same destination and both match "
        + "the same receive, the receive cannot receive the second while the first is pending";
  }

  @Override
  public boolean reads(TraceEvent event) {
    return event instanceof TraceEvent.MessageSent || event instanceof TraceEvent.CancelDecided
        || event instanceof TraceEvent.Matched;
  }

  @Override
  public void onEvent(TraceEvent event) {
    if (event instanceof TraceEvent.MessageSent s) {
      pending.computeIfAbsent(channel(s.dest(), s.rank(), s.context()), k -> new TreeMap<>()).put(s.seq(), s.tag());
    } else if (event instanceof TraceEvent.CancelDecided c && c.cancelled() && c.messageKey() >= 0 && c.thread() < 0) {
      // A cancelled send is no longer pending at its receiver (MPI-3.1 §3.8.4).
      long ch = channel(c.rank(), MessageIds.source(c.messageKey()), MessageIds.context(c.messageKey()));
      TreeMap<Long, Integer> p = pending.get(ch);
      if (p != null) {
        p.remove(MessageIds.seq(c.messageKey()));
        if (p.isEmpty()) {
          pending.remove(ch);
        }
      }
    } else if (event instanceof TraceEvent.Matched m && m.match() != MatchKind.MRECV) {
      int source = MessageIds.source(m.messageKey());
      int context = MessageIds.context(m.messageKey());
      long seq = MessageIds.seq(m.messageKey());
      long ch = channel(m.rank(), source, context);
      TreeMap<Long, Integer> earlier = pending.get(ch);
      if (earlier != null) {
        for (Map.Entry<Long, Integer> e : earlier.headMap(seq, false).entrySet()) {
          if (Envelopes.matches(m.patternSource(), m.patternTag(), context, source, e.getValue(), context)) {
            violations.add(new Violation(name(), m.match().name().toLowerCase() + " matched "
                + MessageIds.format(m.messageKey()) + " while the earlier matching "
                + MessageIds.format(MessageIds.key(source, context, e.getKey())) + " was pending", m.step(), m.rank(),
                m.thread()));
            break;
          }
        }
        if (m.match() != MatchKind.PROBE) {
          earlier.remove(seq);
          if (earlier.isEmpty()) {
            pending.remove(ch);
          }
        }
      }
    }
  }

  @Override
  public List<Violation> violations() {
    return List.copyOf(violations);
  }

  @Override
  public Check copy() {
    TreeMap<Long, TreeMap<Long, Integer>> p = new TreeMap<>();
    pending.forEach((k, v) -> p.put(k, new TreeMap<>(v)));
    return new NonOvertaking(p, new ArrayList<>(violations));
  }

  @Override
  public void hashInto(PrimitiveSink sink) {
    pending.forEach((k, v) -> {
      sink.putLong(k);
      v.forEach((seq, tag) -> sink.putLong(seq).putInt(tag));
    });
    Violation.hashSorted(violations, sink);
  }

  @Override
  public void encodeInto(StateWriter w) {
    w.putVar(pending.size());
    pending.forEach((k, v) -> {
      w.putSigned(k).putVar(v.size());
      v.forEach((a, b) -> w.putSigned(a).putSigned(b));
    });
    CheckCodec.putViolations(violations, w);
  }

  @Override
  public Check decoded(StateReader r) {
    return decodeFrom(r);
  }

  static NonOvertaking decodeFrom(StateReader r) {
    TreeMap<Long, TreeMap<Long, Integer>> pending = new TreeMap<>();
    for (int n = r.getVarInt(); n > 0; n--) {
      long k = r.getSigned();
      TreeMap<Long, Integer> v = new TreeMap<>();
      for (int m = r.getVarInt(); m > 0; m--) {
        v.put(r.getSigned(), r.getSignedInt());
      }
      pending.put(k, v);
    }
    return new NonOvertaking(pending, CheckCodec.getViolations(r));
  }
}
