package dev.matchpoint.mpi.match;

/**
 * Packs a matching pattern (context, source or {@link Envelopes#ANY}, tag or {@link Envelopes#ANY})
 * into one {@code long}, the lookup key of the bucketed queues' bins. Layout, from the high bits:
 * context (12 bits, {@code [0, 4096)}, as in {@link MessageIds}), source + 1 (20 bits, source in
 * {@code [-1, 2^19)}), tag + 1 (32 bits, tag in {@code [-1, 2^31 - 1]}). A concrete source or tag
 * is therefore never 0 in its field and a wildcard always is, so the four pattern kinds of one
 * envelope get four distinct keys.
 *
 * <p>{@link #NONE} ({@code -1L}, source field {@code 2^20 - 1}) is never the key of a valid pattern;
 * it stands for "no bin can exist", the answer for out-of-range arguments.
 */
final class PatternKeys {
  /** Not the key of any pattern: returned for arguments out of range. */
  static final long NONE = -1L;

  /** The largest source rank a key holds, as in {@link MessageIds}. */
  static final int MAX_SOURCE = (1 << 19) - 1;

  /** The number of context ids a key holds, as in {@link MessageIds}. */
  static final int CONTEXTS = 4096;

  private static final long SOURCE_FIELD = 0xf_ffffL;
  private static final long TAG_FIELD = 0xffff_ffffL;

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
        || tag < Envelopes.ANY) {
      return NONE;
    }
    return ((long) context << 52) | ((long) (source + 1) << 32) | ((tag + 1L) & TAG_FIELD);
  }

  /**
   * The context of a valid key.
   *
   * @param key from {@link #pack}, not {@link #NONE}
   * @return the context id
   */
  static int context(long key) {
    return (int) (key >>> 52);
  }

  /**
   * The source of a valid key.
   *
   * @param key from {@link #pack}, not {@link #NONE}
   * @return a rank or {@link Envelopes#ANY}
   */
  static int source(long key) {
    return (int) ((key >>> 32) & SOURCE_FIELD) - 1;
  }

  /**
   * The tag of a valid key.
   *
   * @param key from {@link #pack}, not {@link #NONE}
   * @return a tag or {@link Envelopes#ANY}
   */
  static int tag(long key) {
    return (int) ((key & TAG_FIELD) - 1);
  }

  /**
   * Whether a valid key's source is {@link Envelopes#ANY}.
   *
   * @param key from {@link #pack}
   * @return true for MPI_ANY_SOURCE patterns
   */
  static boolean anySource(long key) {
    return ((key >>> 32) & SOURCE_FIELD) == 0;
  }

  /**
   * Whether a valid key's tag is {@link Envelopes#ANY}.
   *
   * @param key from {@link #pack}
   * @return true for MPI_ANY_TAG patterns
   */
  static boolean anyTag(long key) {
    return (key & TAG_FIELD) == 0;
  }
}
