package dev.matchpoint.properties;

import java.util.List;

/**
 * The communicator {@code c} that a {@link SwarmProgram} with {@link Feature#RUNTIME_COMMUNICATORS}
 * creates at run time (MPI-3.1 §6.4.2): thread 0 of every rank, before its other calls, calls
 * {@code MPI_Comm_dup} of MPI_COMM_WORLD, or {@code MPI_Comm_split} of it with the rank's colour
 * and key; then, if it is a member, {@code MPI_Comm_rank} and {@code MPI_Comm_size} of {@code c}.
 * After its other calls it frees {@code c} with {@code MPI_Comm_free} when {@link #free()} says so
 * and it is a member; with {@link #useAfterFree()}, rank 0 then sends once more on {@code c}, which
 * MPI_Comm_free (or a split that gave it MPI_COMM_NULL) has set to MPI_COMM_NULL: MPI_ERR_COMM.
 *
 * <p>MPI_Comm_dup, MPI_Comm_split and MPI_Comm_free are collective over their parent (MPI-3.1
 * §6.4.2, §6.4.3), so every rank makes them, in the same order. Only thread 0 makes them: with
 * {@link Feature#THREADS} no two threads of a rank issue collectives on one communicator
 * concurrently (their order would then be the user's to enforce, MPI-3.1 §12.4), and the
 * variable {@code c} is thread 0's, so the messages on {@code c} run on threads 0 of both ranks.
 * A message whose ends are not both members with one colour goes on MPI_COMM_WORLD instead
 * ({@link SwarmProgram#normalized}).
 *
 * @param split whether {@code c} comes from MPI_Comm_split rather than MPI_Comm_dup
 * @param colours each rank's colour by {@code rank mod size()}, -1 for MPI_UNDEFINED (a split only)
 * @param keys each rank's key by {@code rank mod size()} (a split only)
 * @param free whether the members free {@code c} at the end of thread 0
 * @param useAfterFree whether rank 0 sends on {@code c} after freeing it (implies {@code free})
 */
public record SwarmComm(boolean split, List<Integer> colours, List<Integer> keys, boolean free,
    boolean useAfterFree) {
  /** Copies and validates: as many colours as keys, at least one. */
  public SwarmComm {
    colours = List.copyOf(colours);
    keys = List.copyOf(keys);
    if (colours.isEmpty() || colours.size() != keys.size()) {
      throw new IllegalArgumentException("as many colours as keys, at least one");
    }
    free = free || useAfterFree;
  }

  /**
   * A rank's colour.
   *
   * @param rank a rank of MPI_COMM_WORLD
   * @return its colour, -1 for MPI_UNDEFINED; 0 for every rank of a duplicate
   */
  public int colour(int rank) {
    return split ? colours.get(rank % colours.size()) : 0;
  }

  /**
   * A rank's key in the split.
   *
   * @param rank a rank of MPI_COMM_WORLD
   * @return its key; 0 for a duplicate
   */
  public int key(int rank) {
    return split ? keys.get(rank % keys.size()) : 0;
  }

  /**
   * Whether a rank's {@code c} is a communicator, not MPI_COMM_NULL.
   *
   * @param rank a rank of MPI_COMM_WORLD
   * @return true unless its colour is MPI_UNDEFINED
   */
  public boolean member(int rank) {
    return colour(rank) >= 0;
  }

  /**
   * Whether two ranks can talk on {@code c}: both are members, with one colour.
   *
   * @param a a rank of MPI_COMM_WORLD
   * @param b another
   * @return true when both hold the same communicator
   */
  public boolean joins(int a, int b) {
    return member(a) && colour(a) == colour(b);
  }

  /**
   * A member's rank in {@code c}: the members of its colour ranked by key, ties by rank in
   * MPI_COMM_WORLD (MPI-3.1 §6.4.2).
   *
   * @param rank a member, a rank of MPI_COMM_WORLD
   * @param worldSize the number of ranks
   * @return its rank in {@code c}
   */
  public int rankIn(int rank, int worldSize) {
    int before = 0;
    for (int r = 0; r < worldSize; r++) {
      if (r != rank && colour(r) == colour(rank) && (key(r) < key(rank) || key(r) == key(rank) && r < rank)) {
        before++;
      }
    }
    return before;
  }
}
