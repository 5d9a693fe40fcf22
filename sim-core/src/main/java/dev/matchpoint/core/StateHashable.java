package dev.matchpoint.core;

import com.google.common.hash.PrimitiveSink;

/**
 * A piece of model state that can write a canonical encoding of itself, so that the explorer's
 * visited-state set can recognise the same state reached by different schedules. Equal states must
 * write equal bytes; the encoding never depends on hash order or object identity.
 */
public interface StateHashable {
  /**
   * Writes the canonical encoding.
   *
   * @param sink the hasher being fed
   */
  void hashInto(PrimitiveSink sink);
}
