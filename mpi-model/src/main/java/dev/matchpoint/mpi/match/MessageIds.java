package dev.matchpoint.mpi.match;

import dev.matchpoint.mpi.rank.ModelSpec;

/**
 * A message's identity at its receiver, packed in a {@code long}: source rank (24 bits, below
 * {@link ModelSpec#MAX_RANKS} = 2^24), context id (8 bits, below {@link ModelSpec#MAX_CONTEXTS} =
 * 256) and the sender's per-(destination, context) sequence number (32 bits, up to 2^32 - 1). The same message has the same key in every run and every schedule, so keys can go into
 * traces, outcomes and canonical state hashes.
 */
public final class MessageIds {
  private MessageIds() {}

  /**
   * Packs a key.
   *
   * @param source source rank
   * @param context context id
   * @param seq sequence number, from 0
   * @return the key
   * @throws IllegalArgumentException when a component does not fit
   */
  public static long key(int source, int context, long seq) {
    if (source < 0 || source >= ModelSpec.MAX_RANKS || context < 0 || context >= ModelSpec.MAX_CONTEXTS || seq < 0
        || seq >= (1L << 32)) {
      throw new IllegalArgumentException("message id out of range: source " + source + ", context " + context
          + ", seq " + seq);
    }
    return ((long) source << 40) | ((long) context << 32) | seq;
  }

  /**
   * The source rank of a key.
   *
   * @param key the key
   * @return the rank
   */
  public static int source(long key) {
    return (int) (key >>> 40);
  }

  /**
   * The context id of a key.
   *
   * @param key the key
   * @return the context id
   */
  public static int context(long key) {
    return (int) ((key >>> 32) & 0xff);
  }

  /**
   * The sequence number of a key.
   *
   * @param key the key
   * @return the sequence number
   */
  public static long seq(long key) {
    return key & 0xffff_ffffL;
  }

  /**
   * A key as people read it: {@code source#seq}, with {@code @context} when not MPI_COMM_WORLD's.
   *
   * @param key the key
   * @return e.g. {@code 1#0} or {@code 1#3@2}
   */
  public static String format(long key) {
    int ctx = context(key);
    return source(key) + "#" + seq(key) + (ctx == 0 ? "" : "@" + ctx);
  }
}
