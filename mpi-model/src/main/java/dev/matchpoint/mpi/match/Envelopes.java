package dev.matchpoint.mpi.match;

/**
 * The envelope-matching predicate in one place (MPI-3.1 §3.5, SimGrid's lesson): a receive or probe
 * pattern (source, tag, context) matches a message envelope when the contexts are equal (never a
 * wildcard), the source is equal or the pattern's is {@link #ANY}, and the tag is equal or the
 * pattern's is {@link #ANY}. Inside the matching engine wildcards are {@link #ANY}; the program
 * level uses {@code SourceSelector} and {@code TagSelector}.
 */
public final class Envelopes {
  /** MPI_ANY_SOURCE or MPI_ANY_TAG inside the matching engine. */
  public static final int ANY = -1;

  private Envelopes() {}

  /**
   * The matching predicate.
   *
   * @param patternSource a rank or {@link #ANY}
   * @param patternTag a tag or {@link #ANY}
   * @param patternContext a context id
   * @param source the message's source rank
   * @param tag the message's tag
   * @param context the message's context id
   * @return whether the pattern matches the envelope
   */
  public static boolean matches(int patternSource, int patternTag, int patternContext, int source, int tag,
      int context) {
    return patternContext == context
        && (patternSource == ANY || patternSource == source)
        && (patternTag == ANY || patternTag == tag);
  }
}
