package dev.matchpoint.mpi.match;

import dev.matchpoint.mpi.rank.ModelSpec;

/**
 * Packs a matching pattern (context, source or {@link Envelopes#ANY}, tag or {@link Envelopes#ANY})
 * into one {@code long}, the lookup key of the bucketed queues' bins. Layout, from the high bits:
 * context (8 bits, {@code [0, 256)}, as in {@link MessageIds}), source + 1 (25 bits, source in
 * {@code [-1, 2^24)}, as in {@link MessageIds}), tag + 1 (31 bits, tag in {@code [-1, 2^31 - 2]};
 * the model's tags stop at 32767). A concrete source or tag is therefore never 0 in its field and a
 * wildcard always is, so the four pattern kinds of one envelope get four distinct keys.
 *
 * <p>{@link #NONE} ({@code -1L}, source field {@code 2^25 - 1}) is never the key of a valid pattern;
 * it stands for "no bin can exist", the answer for out-of-range arguments.
 */
final class PatternKeys {
  /** Not the key of any pattern: returned for arguments out of range. */
  static final long NONE = -1L;

  /** The largest source rank a key holds, as in {@link MessageIds}. */
  static final int MAX_SOURCE = ModelSpec.MAX_RANKS - 1;

  /** The number of context ids a key holds, as in {@link MessageIds}. */
  static final int CONTEXTS = ModelSpec.MAX_CONTEXTS;

  /** The largest tag a key holds. */
  static final int MAX_TAG = Integer.MAX_VALUE - 1;

  private static final long SOURCE_FIELD = 0x1ff_ffffL;

  private PatternKeys() {}

  /**
   * Packs a pattern. O(1).
   *
   * @param context context id
   * @param source a rank or {@link Envelopes#ANY}
   * @param tag a tag or {@link Envelopes#ANY}
   * @return the key, or {@link #NONE} when a component is out of range
   */
  static long pack(int context, int source, int tag) {
    if (context < 0 || context >= CONTEXTS || source < Envelopes.ANY || source > MAX_SOURCE
        || tag < Envelopes.ANY || tag > MAX_TAG) {
      return NONE;
    }
    return ((long) context << 56) | ((long) (source + 1) << 31) | (tag + 1L);
  }

  /**
   * The source of a valid key.
   *
   * @param key from {@link #pack}, not {@link #NONE}
   * @return a rank or {@link Envelopes#ANY}
   */
  static int source(long key) {
    return (int) ((key >>> 31) & SOURCE_FIELD) - 1;
  }
}
