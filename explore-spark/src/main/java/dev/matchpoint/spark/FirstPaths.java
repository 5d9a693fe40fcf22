package dev.matchpoint.spark;

import dev.matchpoint.spark.LevelData.Entry;
import dev.matchpoint.spark.LevelData.PathBlock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.api.java.JavaRDD;
import scala.Tuple2;

/**
 * The first path of every entry of every ordered level from 1 on, kept where the tasks computed it:
 * per task one {@link PathBlock} (its entries' {@code parent index << 32 | action index}, 8 bytes a
 * state, in index order), locally checkpointed. The driver holds none of it; {@link #choices}
 * rebuilds the paths of a few entries (each outcome class's example) with one small job per level,
 * from the deepest up, each job asking only for the parents of the entries found below it.
 */
final class FirstPaths {
  private final List<JavaRDD<PathBlock>> levels = new ArrayList<>();

  /**
   * Keeps the first paths of the next ordered level (level 1, then 2...), once the caller computes them.
   *
   * @param level the level, ordered and indexed
   * @return the level's first paths, a block per task, kept (locally checkpointed) when first computed
   */
  JavaRDD<PathBlock> add(JavaRDD<Entry> level) {
    JavaRDD<PathBlock> blocks = level.mapPartitions(FirstPaths::block);
    blocks.rdd().localCheckpoint();
    levels.add(blocks);
    return blocks;
  }

  /** One task's slice of an ordered level's first paths. */
  private static Iterator<PathBlock> block(Iterator<Entry> it) {
    long start = -1;
    long[] firsts = new long[16];
    int n = 0;
    while (it.hasNext()) {
      Entry e = it.next();
      if (start < 0) {
        start = e.index;
      }
      if (n == firsts.length) {
        firsts = Arrays.copyOf(firsts, 2 * n);
      }
      firsts[n++] = e.first;
    }
    return List.of(new PathBlock(Math.max(0, start), Arrays.copyOf(firsts, n))).iterator();
  }

  /**
   * The choices (action indices) of the first paths to some entries.
   *
   * @param wanted per level (at most the levels kept), the indices of its entries wanted
   * @return per wanted entry, keyed {@code level << 32 | index}, its choices from the initial state
   */
  Map<Long, List<Integer>> choices(Map<Integer, Set<Integer>> wanted) {
    Map<Integer, Set<Integer>> ask = new HashMap<>();
    wanted.forEach((d, w) -> ask.put(d, new HashSet<>(w)));
    int deepest = ask.keySet().stream().mapToInt(Integer::intValue).max().orElse(0);
    Map<Long, Long> links = new HashMap<>();
    for (int d = deepest; d >= 1; d--) {
      Set<Integer> w = ask.get(d);
      if (w == null) {
        continue;
      }
      HashSet<Integer> these = new HashSet<>(w);
      List<Tuple2<Integer, Long>> found = levels.get(d - 1).flatMap(b -> {
        List<Tuple2<Integer, Long>> out = new ArrayList<>();
        for (int i = 0; i < b.firsts().length; i++) {
          int index = (int) (b.start() + i);
          if (these.contains(index)) {
            out.add(new Tuple2<>(index, b.firsts()[i]));
          }
        }
        return out.iterator();
      }).collect();
      for (Tuple2<Integer, Long> f : found) {
        links.put(((long) d << 32) | f._1, f._2);
        ask.computeIfAbsent(d - 1, x -> new HashSet<>()).add((int) (f._2 >>> 32));
      }
    }
    Map<Long, List<Integer>> out = new HashMap<>();
    wanted.forEach((depth, indices) -> {
      for (int start : indices) {
        Integer[] path = new Integer[depth];
        int index = start;
        for (int d = depth; d >= 1; d--) {
          long f = links.get(((long) d << 32) | index);
          path[d - 1] = (int) f;
          index = (int) (f >>> 32);
        }
        out.put(((long) depth << 32) | start, List.of(path));
      }
    });
    return out;
  }

  /** Drops the kept first paths. */
  void release() {
    for (JavaRDD<PathBlock> r : levels) {
      r.unpersist(false);
    }
  }
}
