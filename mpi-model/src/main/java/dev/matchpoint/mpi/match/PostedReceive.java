package dev.matchpoint.mpi.match;

import com.google.common.hash.PrimitiveSink;
import dev.matchpoint.core.StateHashable;

/**
 * A receive in the posted receive queue.
 *
 * @param requestId the receive request
 * @param source source rank or {@link Envelopes#ANY}
 * @param tag tag or {@link Envelopes#ANY}
 * @param context context id
 * @param capacityBytes receive buffer size
 * @param postStamp receiver-local posting order; compared, never hashed
 */
public record PostedReceive(long requestId, int source, int tag, int context, long capacityBytes, long postStamp)
    implements StateHashable {
  @Override
  public void hashInto(PrimitiveSink sink) {
    sink.putLong(requestId).putInt(source).putInt(tag).putInt(context).putLong(capacityBytes);
  }

  /**
   * Whether this receive matches an envelope.
   *
   * @param src message source
   * @param tg message tag
   * @param ctx message context
   * @return the predicate of {@link Envelopes#matches}
   */
  public boolean matches(int src, int tg, int ctx) {
    return Envelopes.matches(source, tag, context, src, tg, ctx);
  }
}
