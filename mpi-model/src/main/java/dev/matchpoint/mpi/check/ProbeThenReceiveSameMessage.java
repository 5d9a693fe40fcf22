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
 * After a probe found message m, the same thread's next receive whose pattern matches m's envelope
 * receives m. The standard guarantees it only when that receive uses the probed source and tag and
 * no other receive intervenes (seed 001, MPI-2.2 §3.8: "A subsequent receive executed with the same
 * communicator, and the source and tag returned in status by MPI_IPROBE will receive the message
 * that was matched by the probe, if no other intervening receive occurs after the probe"). So a
 * violation shows either another thread's intervening receive (the multi-threaded race of seed 000
 * §1), or a wildcard receive taking another message (the second MPI-2.2 probe example). A receive
 * that never completes is reported at the end of the run.
 */
public final class ProbeThenReceiveSameMessage implements Check {
  /** A probed message: its key and tag (the key holds source and context). */
  private record Probed(long key, int tag) {}

  /**
   * Thread (rank << 16 | thread) to the message its last probe found. The collections are shared
   * between a check and its copies until one of them writes ({@link #own}).
   */
  private TreeMap<Long, Probed> lastProbe;
  /** Receive request to the key it must receive. */
  private TreeMap<Long, Long> expected;
  private List<Violation> violations;
  /** Whether the collections are this check's alone (false once a copy shares them). */
  private boolean owned;

  /** A fresh check. */
  public ProbeThenReceiveSameMessage() {
    this(new TreeMap<>(), new TreeMap<>(), new ArrayList<>());
    owned = true;
  }

  /** Makes the collections this check's own before a write: copied when shared with a copy. */
  private void own() {
    if (!owned) {
      lastProbe = new TreeMap<>(lastProbe);
      expected = new TreeMap<>(expected);
      violations = new ArrayList<>(violations);
      owned = true;
    }
  }

  private ProbeThenReceiveSameMessage(TreeMap<Long, Probed> lastProbe, TreeMap<Long, Long> expected,
      List<Violation> violations) {
    this.lastProbe = lastProbe;
    this.expected = expected;
    this.violations = violations;
  }

  @Override
  public String name() {
    return "probe-then-receive-same-message";
  }

  @Override
  public String clause() {
    return "MPI-2.2 §3.8 (seed 001): a subsequent receive with the source and tag returned by the probe "
        + "receives the message matched by the probe, if no other intervening receive occurs";
  }

  private static long threadKey(int rank, int thread) {
    return ((long) rank << 16) | thread;
  }

  @Override
  public boolean reads(TraceEvent event) {
    return event instanceof TraceEvent.Matched || event instanceof TraceEvent.CancelDecided
        || event instanceof TraceEvent.ReceivePosted;
  }

  @Override
  public void onEvent(TraceEvent event) {
    if (event instanceof TraceEvent.Matched || event instanceof TraceEvent.CancelDecided
        || event instanceof TraceEvent.ReceivePosted) {
      own();
    }
    if (event instanceof TraceEvent.Matched m) {
      long th = threadKey(m.rank(), m.thread());
      if (m.match() == MatchKind.PROBE) {
        lastProbe.put(th, new Probed(m.messageKey(), m.tag()));
      } else if (m.match() == MatchKind.MPROBE) {
        lastProbe.remove(th);
      } else if (m.match() == MatchKind.RECEIVE) {
        Long want = expected.remove(m.requestId());
        if (want != null && want != m.messageKey()) {
          violations.add(new Violation(name(), "the receive after a probe of " + MessageIds.format(want)
              + " received " + MessageIds.format(m.messageKey()) + " instead", m.step(), m.rank(), m.thread()));
        }
      }
    } else if (event instanceof TraceEvent.CancelDecided c && c.cancelled() && c.messageKey() >= 0) {
      // "... and the send is not successfully cancelled before the receive": no promise then.
      lastProbe.values().removeIf(p -> p.key() == c.messageKey());
      expected.values().removeIf(k -> k == c.messageKey());
    } else if (event instanceof TraceEvent.ReceivePosted p) {
      Probed probed = lastProbe.remove(threadKey(p.rank(), p.thread()));
      if (probed != null && Envelopes.matches(p.source(), p.tag(), p.context(), MessageIds.source(probed.key()),
          probed.tag(), MessageIds.context(probed.key()))) {
        expected.put(p.requestId(), probed.key());
      }
    }
  }

  @Override
  public void onEnd(RunEnd end) {
    own();
    for (Map.Entry<Long, Long> e : expected.entrySet()) {
      violations.add(new Violation(name(), "the receive " + dev.matchpoint.mpi.RequestIds.format(e.getKey())
          + " after a probe of " + MessageIds.format(e.getValue()) + " never received it", end.step(),
          dev.matchpoint.mpi.RequestIds.rank(e.getKey()), dev.matchpoint.mpi.RequestIds.thread(e.getKey())));
    }
  }

  @Override
  public List<Violation> violations() {
    return List.copyOf(violations);
  }

  @Override
  public Check copy() {
    // Copy-on-write: both checks share the collections until one of them writes.
    owned = false;
    return new ProbeThenReceiveSameMessage(lastProbe, expected, violations);
  }

  @Override
  public void hashInto(PrimitiveSink sink) {
    lastProbe.forEach((k, v) -> sink.putLong(k).putLong(v.key()).putInt(v.tag()));
    sink.putInt(-1);
    expected.forEach((k, v) -> sink.putLong(k).putLong(v));
    Violation.hashSorted(violations, sink);
  }

  @Override
  public void encodeInto(StateWriter w) {
    w.putVar(lastProbe.size());
    lastProbe.forEach((k, v) -> w.putSigned(k).putId(v.key()).putSigned(v.tag()));
    w.putVar(expected.size());
    expected.forEach((k, v) -> w.putSigned(k).putId(v));
    CheckCodec.putViolations(violations, w);
  }

  @Override
  public Check decoded(StateReader r) {
    return decodeFrom(r);
  }

  static ProbeThenReceiveSameMessage decodeFrom(StateReader r) {
    TreeMap<Long, Probed> lastProbe = new TreeMap<>();
    for (int n = r.getVarInt(); n > 0; n--) {
      lastProbe.put(r.getSigned(), new Probed(r.getId(), r.getSignedInt()));
    }
    TreeMap<Long, Long> expected = new TreeMap<>();
    for (int n = r.getVarInt(); n > 0; n--) {
      expected.put(r.getSigned(), r.getId());
    }
    ProbeThenReceiveSameMessage c = new ProbeThenReceiveSameMessage(lastProbe, expected, CheckCodec.getViolations(r));
    c.owned = true;
    return c;
  }
}
