package dev.matchpoint.mpi;

/**
 * Values MPI returns in statuses and output arguments, and how they print. Wildcards in receive
 * patterns are never these integers: they are {@link SourceSelector} and {@link TagSelector}.
 */
public final class Mpi {
  private Mpi() {}

  /** MPI_PROC_NULL as a status source (MPI-3.1 §3.11): the value a receive from MPI_PROC_NULL reports. */
  public static final int PROC_NULL = -2;
  /** MPI_ANY_SOURCE as a status source: what Wait on MPI_REQUEST_NULL reports (MPI-3.1 §3.7.3). */
  public static final int ANY_SOURCE = -1;
  /** MPI_ANY_TAG as a status tag: what a receive from MPI_PROC_NULL reports (MPI-3.1 §3.11). */
  public static final int ANY_TAG = -1;
  /** MPI_UNDEFINED (MPI-3.1 §3.7.5, §3.2.5): e.g. Get_count of a count that is not whole elements. */
  public static final int UNDEFINED = -32766;
  /** The largest tag value this model accepts, MPI_TAG_UB; the standard requires at least 32767. */
  public static final int TAG_UB = 32767;

  /**
   * A status source value as MPI names it.
   *
   * @param source a rank, {@link #PROC_NULL} or {@link #ANY_SOURCE}
   * @return e.g. {@code "2"} or {@code "MPI_PROC_NULL"}
   */
  public static String sourceName(int source) {
    return source == PROC_NULL ? "MPI_PROC_NULL" : source == ANY_SOURCE ? "MPI_ANY_SOURCE" : Integer.toString(source);
  }

  /**
   * A status tag value as MPI names it.
   *
   * @param tag a tag or {@link #ANY_TAG}
   * @return e.g. {@code "0"} or {@code "MPI_ANY_TAG"}
   */
  public static String tagName(int tag) {
    return tag == ANY_TAG ? "MPI_ANY_TAG" : Integer.toString(tag);
  }
}
