package dev.matchpoint.mpi;

/** The tag argument of a receive or probe: one tag or MPI_ANY_TAG (MPI-3.1 §3.2.4). */
public sealed interface TagSelector {
  /** MPI_ANY_TAG. */
  record Any() implements TagSelector {
    @Override
    public String toString() {
      return "MPI_ANY_TAG";
    }
  }

  /**
   * One tag.
   *
   * @param tag in {@code [0, MPI_TAG_UB]}
   */
  record Of(int tag) implements TagSelector {
    @Override
    public String toString() {
      return Integer.toString(tag);
    }
  }

  /**
   * MPI_ANY_TAG.
   *
   * @return the wildcard
   */
  static TagSelector any() {
    return new Any();
  }

  /**
   * One tag.
   *
   * @param tag the tag
   * @return the selector
   */
  static TagSelector of(int tag) {
    return new Of(tag);
  }
}
