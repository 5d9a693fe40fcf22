package dev.matchpoint.core.explore;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The first path to every entry of every level of a {@link LevelSearch}: per level from 1, each
 * entry's parent index (an {@code int}) and action index (a {@code byte}, or an {@code int} in a
 * level where an index exceeds 254), enough to rebuild any state's path: 5 (or 8) bytes a state.
 */
final class LevelPaths {
  private final List<int[]> parents = new ArrayList<>();
  private final List<Object> actions = new ArrayList<>();
  private long bytes;

  /**
   * Records a level's entries' first paths.
   *
   * @param parent per entry, its parent's index in the level before
   * @param action per entry, its action's index among the parent's enabled actions
   * @param n entries (the arrays may be longer)
   * @param widest the largest action index
   */
  void add(int[] parent, int[] action, int n, int widest) {
    if (n == 0) {
      return;
    }
    parents.add(Arrays.copyOf(parent, n));
    if (widest < 255) {
      byte[] narrow = new byte[n];
      for (int i = 0; i < n; i++) {
        narrow[i] = (byte) action[i];
      }
      actions.add(narrow);
      bytes += 5L * n;
    } else {
      actions.add(Arrays.copyOf(action, n));
      bytes += 8L * n;
    }
  }

  /** The choices of the first path to entry {@code index} of level {@code depth}. */
  List<Integer> path(int depth, int index) {
    Integer[] out = new Integer[depth];
    int i = index;
    for (int d = depth; d > 0; d--) {
      Object a = actions.get(d - 1);
      out[d - 1] = a instanceof byte[] b ? b[i] & 0xff : ((int[]) a)[i];
      i = parents.get(d - 1)[i];
    }
    return List.of(out);
  }

  /** Bytes held. */
  long bytes() {
    return bytes;
  }
}
