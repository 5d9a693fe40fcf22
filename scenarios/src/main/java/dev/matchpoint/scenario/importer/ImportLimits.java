package dev.matchpoint.scenario.importer;

import dev.matchpoint.mpi.rank.ModelSpec;

/**
 * The bounds every trace import keeps, so that what it reads fits the model and the heap: the
 * scenario limits ({@link ModelSpec#MAX_RANKS}; counts, tags and durations are the model's 32-bit
 * integers) and a memory budget per rank. The importers check them where they read the value, so
 * the error names the file and the line and column or byte offset.
 */
public final class ImportLimits {
  /** The most ranks an import may name: {@link ModelSpec#MAX_RANKS}, 2^24. */
  public static final int MAX_RANKS = ModelSpec.MAX_RANKS;

  /** The largest message, in bytes: the model's counts are 32-bit ({@code 2^31 - 1}). */
  public static final long MAX_MESSAGE_BYTES = Integer.MAX_VALUE;

  /**
   * Heap an import may take per rank, in bytes: twice what an empty rank costs (the trace's
   * location and program, the scenario's rank, the compiled model's rank). Measured: importing a
   * SimGrid TI or GOAL trace of 2^20 empty ranks fails at -Xmx400m and succeeds at -Xmx600m, about
   * 500 bytes per rank.
   */
  static final long HEAP_BYTES_PER_RANK = 1024;

  /**
   * A system property that lowers the rank limit of imports below {@link #MAX_RANKS}, e.g. {@code
   * -Dmatchpoint.import.maxRanks=1024}. The {@code fuzz} Maven profile sets it (README, "Fuzzing"):
   * a fuzzed trace naming a rank near the heap's limit takes about a second to import, and inputs
   * like that would otherwise take most of a fuzzing run.
   */
  public static final String MAX_RANKS_PROPERTY = "matchpoint.import.maxRanks";

  private ImportLimits() {}

  /**
   * Why a trace may not have this many ranks, or null when it may.
   *
   * @param ranks the number of ranks the trace names (its largest rank + 1, or its declared size)
   * @return the reason in a few words, or null
   */
  public static String rankProblem(long ranks) {
    return rankProblem(ranks, Runtime.getRuntime().maxMemory());
  }

  static String rankProblem(long ranks, long heapBytes) {
    if (ranks > MAX_RANKS) {
      return ranks + " ranks, more than the " + MAX_RANKS + " (2^24) a scenario may have";
    }
    long lowered = Long.getLong(MAX_RANKS_PROPERTY, MAX_RANKS);
    if (ranks > lowered) {
      return ranks + " ranks, more than the " + lowered + " that -D" + MAX_RANKS_PROPERTY + " allows";
    }
    long need = ranks * HEAP_BYTES_PER_RANK;
    if (need > heapBytes) {
      return ranks + " ranks, which may take " + (need >> 20) + " MiB of heap to import, more than the "
          + (heapBytes >> 20) + " MiB this JVM may use (raise -Xmx through MATCHPOINT_JAVA_OPTS)";
    }
    return null;
  }

  /**
   * Why a message of this many bytes cannot be imported, or null when it can.
   *
   * @param bytes the size in bytes (may be negative when a 64-bit unsigned field was read as signed)
   * @return the reason, or null
   */
  public static String messageProblem(long bytes) {
    if (bytes < 0) {
      return "message size " + Long.toUnsignedString(bytes) + " bytes is above the model's largest message of "
          + MAX_MESSAGE_BYTES + " bytes";
    }
    if (bytes > MAX_MESSAGE_BYTES) {
      return "message size " + bytes + " bytes is above the model's largest message of " + MAX_MESSAGE_BYTES
          + " bytes";
    }
    return null;
  }
}
