package dev.matchpoint.scenario.importer;

/** The tag a receive names: one tag, or any tag. Never a sentinel int. */
public sealed interface TagPattern {
  /**
   * A specific tag.
   *
   * @param tag the tag, at least 0 (OTF2 tags are unsigned 32-bit)
   * @return the pattern
   * @throws IllegalArgumentException when the tag is negative
   */
  static TagPattern of(long tag) {
    return new Tag(tag);
  }

  /** Returns MPI_ANY_TAG. */
  static TagPattern any() {
    return Any.INSTANCE;
  }

  /**
   * One tag.
   *
   * @param tag the tag, at least 0
   */
  record Tag(long tag) implements TagPattern {
    /**
     * Validates.
     *
     * @throws IllegalArgumentException when the tag is negative
     */
    public Tag {
      if (tag < 0) {
        throw new IllegalArgumentException("negative tag " + tag);
      }
    }

    @Override
    public String toString() {
      return Long.toString(tag);
    }
  }

  /** MPI_ANY_TAG. */
  enum Any implements TagPattern {
    /** The only instance. */
    INSTANCE;

    @Override
    public String toString() {
      return "ANY";
    }
  }
}
