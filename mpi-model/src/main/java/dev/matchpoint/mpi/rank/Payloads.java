package dev.matchpoint.mpi.rank;

import com.google.common.hash.PrimitiveSink;
import dev.matchpoint.core.StateHashable;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.match.Message;
import dev.matchpoint.mpi.program.SourceLocation;

/**
 * Payloads of the point-to-point protocol packets (seed 004): EAGER and RTS carry the {@link
 * Message} itself (its envelope; no wrapper object per message, it hashes and encodes the same), CTS
 * answers an RTS once the matching receive (or Mrecv) starts, DATA follows a CTS, ACK acknowledges
 * a synchronous eager send once its receive starts.
 */
final class Payloads {
  private Payloads() {}

  static final String EAGER = "EAGER";
  static final String RTS = "RTS";
  static final String CTS = "CTS";
  static final String DATA = "DATA";
  static final String ACK = "ACK";
  static final String CANCEL = "CANCEL";
  static final String CANCEL_ACK = "CANCEL_ACK";
  static final String BIND = "BIND";
  static final String UNBIND = "UNBIND";
  static final String CDATA = "CDATA";

  /** Clear to send: the receiver's request is ready for the data. */
  record Cts(long sendRequestId, long recvRequestId) implements StateHashable {
    @Override
    public void hashInto(PrimitiveSink sink) {
      sink.putLong(sendRequestId).putLong(recvRequestId);
    }
  }

  /** The data of a rendezvous message. */
  record Data(long sendRequestId, long recvRequestId, long sizeBytes) implements StateHashable {
    @Override
    public void hashInto(PrimitiveSink sink) {
      sink.putLong(sendRequestId).putLong(recvRequestId).putLong(sizeBytes);
    }
  }

  /** A synchronous eager send's receive has started. */
  record Ack(long sendRequestId) implements StateHashable {
    @Override
    public void hashInto(PrimitiveSink sink) {
      sink.putLong(sendRequestId);
    }
  }

  /** A sender asks the receiver to withdraw an unmatched message (MPI_Cancel of a send). */
  record CancelRequest(int source, int context, long seq, long sendRequestId) implements StateHashable {
    @Override
    public void hashInto(PrimitiveSink sink) {
      sink.putInt(source).putInt(context).putLong(seq).putLong(sendRequestId);
    }
  }

  /** The receiver's answer to a cancel request. */
  record CancelAnswer(long sendRequestId, boolean cancelled) implements StateHashable {
    @Override
    public void hashInto(PrimitiveSink sink) {
      sink.putLong(sendRequestId).putBoolean(cancelled);
    }
  }

  /** One side of a channel offers to bind (seed 003: binding is pairwise). */
  record BindOffer(boolean sender, int from, int tag, int context, int slack, long endpoint) implements StateHashable {
    @Override
    public void hashInto(PrimitiveSink sink) {
      sink.putBoolean(sender).putInt(from).putInt(tag).putInt(context).putInt(slack).putLong(endpoint);
    }
  }

  /** One side of a channel unbinds. */
  record Unbind(long endpoint) implements StateHashable {
    @Override
    public void hashInto(PrimitiveSink sink) {
      sink.putLong(endpoint);
    }
  }

  /**
   * One transfer on a channel: no envelope, no matching (seed 003); the sender's datatype for the
   * type matching rule, and where the send start was written (reports only, not hashed).
   */
  record ChannelData(long endpoint, long seq, long bytes, Datatype type, SourceLocation sentAt)
      implements StateHashable {
    @Override
    public void hashInto(PrimitiveSink sink) {
      sink.putLong(endpoint).putLong(seq).putLong(bytes).putInt(type.ordinal());
    }
  }
}
