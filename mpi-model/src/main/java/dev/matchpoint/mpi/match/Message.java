package dev.matchpoint.mpi.match;

import com.google.common.hash.PrimitiveSink;
import dev.matchpoint.core.StateHashable;
import dev.matchpoint.mpi.Datatype;
import dev.matchpoint.mpi.SendMode;
import dev.matchpoint.mpi.program.SourceLocation;

/**
 * A message known at its receiver: an eager message with its data buffered, or a rendezvous RTS
 * (envelope only). It sits in the unexpected message queue, in a matched-probe message handle, or
 * in the reordering buffer.
 *
 * @param source sender's rank
 * @param tag the tag
 * @param context context id of the communicator
 * @param seq sender's sequence number for (this receiver, context), from 0
 * @param sizeBytes payload bytes
 * @param type the send's datatype: the message holds {@code sizeBytes / type.sizeBytes()} elements of
 *     it, its type signature (MPI-3.1 §3.3.1, §4.1.11)
 * @param rendezvous true for an RTS (data follows a CTS), false for eager
 * @param mode the sender's send mode
 * @param sendRequestId the sender's request, for the CTS or the synchronous-send acknowledgement
 * @param sentAt where the send was written: named when the type signature does not match and when the
 *     message is never received (MPI-3.1 §8.7); hashed, since the latter is part of an outcome
 * @param arrivalStamp receiver-local arrival order after reordering; compared, never printed or hashed
 */
public record Message(int source, int tag, int context, long seq, long sizeBytes, Datatype type, boolean rendezvous,
    SendMode mode, long sendRequestId, SourceLocation sentAt, long arrivalStamp) implements StateHashable {
  /**
   * The message's identity.
   *
   * @return its key (see {@link MessageIds})
   */
  public long key() {
    return MessageIds.key(source, context, seq);
  }

  /**
   * Whether the sender waits for the matching receive to start (synchronous mode).
   *
   * @return true for Ssend/Issend
   */
  public boolean synchronous() {
    return mode == SendMode.SYNCHRONOUS;
  }

  /**
   * A copy with another arrival stamp.
   *
   * @param stamp the stamp
   * @return the copy
   */
  public Message withArrivalStamp(long stamp) {
    return new Message(source, tag, context, seq, sizeBytes, type, rendezvous, mode, sendRequestId, sentAt, stamp);
  }

  /**
   * Writes everything but the arrival stamp, whose only role is the relative order. The send's
   * location is written too: a message never received is reported with it.
   */
  @Override
  public void hashInto(PrimitiveSink sink) {
    sink.putInt(source).putInt(tag).putInt(context).putLong(seq).putLong(sizeBytes).putInt(type.ordinal())
        .putBoolean(rendezvous).putInt(mode.ordinal()).putLong(sendRequestId);
    sentAt.hashInto(sink);
  }

  @Override
  public String toString() {
    return MessageIds.format(key()) + "(tag " + tag + ", " + sizeBytes + " B, "
        + (rendezvous ? "rendezvous" : "eager") + ", " + mode.blockingName() + ")";
  }
}
