package dev.matchpoint.mpi;

/**
 * A request's identity, packed in a {@code long}: owner rank (24 bits, below {@code
 * ModelSpec.MAX_RANKS} = 2^24), owner thread (16 bits, up to 65534: a rank has at most 65535
 * threads, so the all-ones thread never occurs and no id is {@link #NONE}) and the thread's request
 * counter (24 bits, up to 2^24 - 1). Requests are numbered per thread, so the same request has the
 * same id in every schedule. Ids of ranks from 2^23 up are negative {@code long}s: compare ids with
 * {@link Long#compareUnsigned} when order matters.
 */
public final class RequestIds {
  private RequestIds() {}

  /** No request (MPI_REQUEST_NULL), in trace fields. */
  public static final long NONE = -1;

  /**
   * Packs an id.
   *
   * @param rank owner rank
   * @param thread owner thread
   * @param index the thread's counter, from 0
   * @return the id
   * @throws IllegalArgumentException when a component does not fit
   */
  public static long id(int rank, int thread, int index) {
    if (rank < 0 || rank >= (1 << 24) || thread < 0 || thread >= 0xffff || index < 0 || index >= (1 << 24)) {
      throw new IllegalArgumentException("request id out of range: " + rank + "/" + thread + "/" + index);
    }
    return ((long) rank << 40) | ((long) thread << 24) | index;
  }

  /**
   * The owner rank.
   *
   * @param id the id
   * @return the rank
   */
  public static int rank(long id) {
    return (int) (id >>> 40);
  }

  /**
   * The owner thread.
   *
   * @param id the id
   * @return the thread
   */
  public static int thread(long id) {
    return (int) ((id >>> 24) & 0xffff);
  }

  /**
   * The thread's counter.
   *
   * @param id the id
   * @return the index
   */
  public static int index(long id) {
    return (int) (id & 0xffffff);
  }

  /**
   * An id as people read it.
   *
   * @param id the id, or {@link #NONE}
   * @return e.g. {@code r1.t0#3}, or {@code -} for none
   */
  public static String format(long id) {
    return id == NONE ? "-" : "r" + rank(id) + ".t" + thread(id) + "#" + index(id);
  }
}
