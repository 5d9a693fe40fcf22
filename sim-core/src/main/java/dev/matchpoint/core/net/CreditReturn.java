package dev.matchpoint.core.net;

import com.google.common.hash.PrimitiveSink;
import dev.matchpoint.core.StateHashable;

/**
 * Payload of a {@link Network#CREDIT} packet: the receiver hands {@code bytes} of its eager buffer
 * back to the sender (seed 004: "it sends a reply to free up the temporary buffer space").
 *
 * @param bytes credit returned, at least 0
 */
public record CreditReturn(long bytes) implements StateHashable {
  @Override
  public void hashInto(PrimitiveSink sink) {
    sink.putLong(bytes);
  }
}
