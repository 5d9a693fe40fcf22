package dev.matchpoint.mpi.check;

import com.google.common.hash.PrimitiveSink;
import dev.matchpoint.core.codec.StateReader;
import dev.matchpoint.core.codec.StateWriter;
import dev.matchpoint.mpi.RequestIds;
import dev.matchpoint.mpi.match.MessageIds;
import dev.matchpoint.mpi.trace.MatchKind;
import dev.matchpoint.mpi.trace.TraceEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * "Either the cancellation succeeds, or the communication succeeds, but not both" (MPI-3.1 §3.8.4;
 * seed 001): a send whose cancellation succeeded is never received ("no part of the message was
 * received at the destination"), and a receive whose cancellation succeeded matches no message.
 *
 * <p>A persistent receive request carries one communication per activation: "the request becomes
 * inactive and can be activated for a new communication" (MPI-3.1 §3.8.4). Receives are therefore
 * judged per activation: each posting of a request (its {@code ReceivePosted} event, which every
 * MPI_Start of a persistent receive emits) forgets what the request's earlier activations did.
 *
 * <p>Its state does not grow with the run's length: messages received are kept as ranges of
 * sequence numbers ({@link ReceivedMessages}), and a receive request is forgotten when it
 * completes (its {@code RequestCompleted} event): from then on "the cancellation succeeds, or the
 * communication succeeds" is decided, and a cancel of the completed request "has no effect".
 * Successfully cancelled sends are remembered for the rest of the run.
 */
public final class CancelEitherOr implements Check {
  /** Messages received, by receiving rank. */
  private final ReceivedMessages received;
  /** Messages of successfully cancelled sends, as rank:key. */
  private final TreeSet<String> cancelledMessages;
  /** Receive requests whose current activation matched and has not completed. */
  private final TreeSet<Long> matchedReceives;
  /** Receive requests whose current activation was cancelled and has not completed. */
  private final TreeSet<Long> cancelledReceives;
  private final List<Violation> violations;

  /** A fresh check. */
  public CancelEitherOr() {
    this(new ReceivedMessages(), new TreeSet<>(), new TreeSet<>(), new TreeSet<>(), new ArrayList<>());
  }

  private CancelEitherOr(ReceivedMessages received, TreeSet<String> cancelledMessages, TreeSet<Long> matchedReceives,
      TreeSet<Long> cancelledReceives, List<Violation> violations) {
    this.received = received;
    this.cancelledMessages = cancelledMessages;
    this.matchedReceives = matchedReceives;
    this.cancelledReceives = cancelledReceives;
    this.violations = violations;
  }

  @Override
  public String name() {
    return "cancel-either-or";
  }

  @Override
  public String clause() {
    return "MPI-3.1 §3.8.4 (seed 001): either the cancellation succeeds, or the communication succeeds, but not both";
  }

  @Override
  public boolean readsCompletions() {
    return true;
  }

  @Override
  public void onEvent(TraceEvent event) {
    if (event instanceof TraceEvent.ReceivePosted p) {
      matchedReceives.remove(p.requestId());
      cancelledReceives.remove(p.requestId());
    } else if (event instanceof TraceEvent.RequestCompleted c) {
      matchedReceives.remove(c.requestId());
      cancelledReceives.remove(c.requestId());
    } else if (event instanceof TraceEvent.Matched m) {
      if (m.match().receives()) {
        received.add(m.rank(), m.messageKey());
        if (!cancelledMessages.isEmpty() && cancelledMessages.contains(m.rank() + ":" + m.messageKey())) {
          violations.add(new Violation(name(), "message " + MessageIds.format(m.messageKey())
              + " was received although its send was cancelled", m.step(), m.rank(), m.thread()));
        }
      }
      if (m.match() == MatchKind.RECEIVE) {
        matchedReceives.add(m.requestId());
        if (cancelledReceives.contains(m.requestId())) {
          violations.add(new Violation(name(), "receive " + RequestIds.format(m.requestId())
              + " matched a message although it was cancelled", m.step(), m.rank(), m.thread()));
        }
      }
    } else if (event instanceof TraceEvent.CancelDecided c && c.cancelled()) {
      if (c.messageKey() >= 0) {
        if (c.thread() < 0) {
          cancelledMessages.add(c.rank() + ":" + c.messageKey());
          if (received.contains(c.rank(), c.messageKey())) {
            violations.add(new Violation(name(), "the send of " + MessageIds.format(c.messageKey())
                + " was cancelled although the message was received", c.step(), c.rank(), c.thread()));
          }
        }
      } else {
        cancelledReceives.add(c.requestId());
        if (matchedReceives.contains(c.requestId())) {
          violations.add(new Violation(name(), "receive " + RequestIds.format(c.requestId())
              + " was cancelled although it matched", c.step(), c.rank(), c.thread()));
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
    return new CancelEitherOr(received.copy(), new TreeSet<>(cancelledMessages),
        new TreeSet<>(matchedReceives), new TreeSet<>(cancelledReceives), new ArrayList<>(violations));
  }

  @Override
  public void hashInto(PrimitiveSink sink) {
    received.hashInto(sink);
    cancelledMessages.forEach(sink::putUnencodedChars);
    sink.putInt(-2);
    matchedReceives.forEach(sink::putLong);
    sink.putInt(-3);
    cancelledReceives.forEach(sink::putLong);
    Violation.hashSorted(violations, sink);
  }

  @Override
  public void encodeInto(StateWriter w) {
    received.encodeInto(w);
    w.putVar(cancelledMessages.size());
    cancelledMessages.forEach(w::putString);
    w.putVar(matchedReceives.size());
    matchedReceives.forEach(w::putId);
    w.putVar(cancelledReceives.size());
    cancelledReceives.forEach(w::putId);
    CheckCodec.putViolations(violations, w);
  }

  @Override
  public Check decoded(StateReader r) {
    return decodeFrom(r);
  }

  static CancelEitherOr decodeFrom(StateReader r) {
    ReceivedMessages received = ReceivedMessages.decodeFrom(r);
    TreeSet<String> messages = new TreeSet<>();
    for (int n = r.getVarInt(); n > 0; n--) {
      messages.add(r.getString());
    }
    TreeSet<Long> matched = new TreeSet<>(CheckCodec.getIds(r));
    TreeSet<Long> cancelled = new TreeSet<>(CheckCodec.getIds(r));
    return new CancelEitherOr(received, messages, matched, cancelled, CheckCodec.getViolations(r));
  }
}
