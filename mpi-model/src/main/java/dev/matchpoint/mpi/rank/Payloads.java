package dev.matchpoint.mpi.rank;

import com.google.common.hash.PrimitiveSink;
import dev.matchpoint.core.StateHashable;
import dev.matchpoint.mpi.match.Message;

/**
 * Payloads of the point-to-point protocol packets (seed 004): EAGER and RTS carry the envelope, CTS
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

  /** EAGER (envelope and data) or RTS (envelope only). */
  record Envelope(Message message) implements StateHashable {
    @Override
    public void hashInto(PrimitiveSink sink) {
      message.hashInto(sink);
    }
  }

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
}
