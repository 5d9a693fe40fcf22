package dev.matchpoint.scenario.format;

import dev.matchpoint.mpi.program.SourceLocation;
import dev.matchpoint.scenario.ScenarioException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;

/**
 * The {@code rank:} notation of a rank entry: a rank number {@code 3}, a range {@code 2..7} (both
 * ends included), or a list of numbers and ranges {@code [0, 2..7, 9]}. The entries of a file
 * together must name each of the ranks 0..N-1 exactly once; N is the world size. Writing uses a
 * range for every run of three or more consecutive ranks, so the groups an import makes (a binomial
 * broadcast's tree levels {@code 2^h..2^(h+1)-1}, all ranks of a dissemination) take one range each.
 */
final class RankSets {
  /** One range of ranks {@code first..last}, both included, and the node that named it. */
  record Range(int first, int last, Node at) {}

  private static final String EXPECTED = "a rank of MPI_COMM_WORLD: a number, a range FIRST..LAST, or a list of "
      + "numbers and ranges";

  private RankSets() {}

  /**
   * The ranges a {@code rank:} value names, in the order written.
   *
   * @param file the file name, for errors
   * @param node the value: a scalar or a list of scalars
   * @param maxRanks the largest world size; every rank must be below it
   * @return the ranges, at least one
   * @throws ScenarioException at the offending item when it is not a number or
   *     range, a rank is negative or not below {@code maxRanks}, a range is reversed, or the list is empty
   */
  static List<Range> read(String file, Node node, int maxRanks) {
    List<Node> items = node instanceof SequenceNode seq ? seq.getValue() : List.of(node);
    if (items.isEmpty()) {
      throw YamlNodes.error(file, node, "expected " + EXPECTED + ", got an empty list");
    }
    List<Range> out = new ArrayList<>(items.size());
    for (Node n : items) {
      ScalarNode s = YamlNodes.scalar(file, n, EXPECTED);
      String v = s.getValue();
      int dots = v.indexOf("..");
      if (dots < 0) {
        int x = rank(file, s, 0, v, maxRanks);
        out.add(new Range(x, x, n));
        continue;
      }
      int first = rank(file, s, 0, v.substring(0, dots), maxRanks);
      int last = rank(file, s, dots + 2, v.substring(dots + 2), maxRanks);
      if (first > last) {
        throw new ScenarioException(YamlNodes.at(file, s, 0),
            "range " + v + " is reversed (write FIRST..LAST with FIRST <= LAST)");
      }
      out.add(new Range(first, last, n));
    }
    return out;
  }

  /** One end of an item, range-checked as a long before it is narrowed. */
  private static int rank(String file, ScalarNode s, int offset, String text, int maxRanks) {
    long x;
    try {
      x = Long.parseLong(text);
    } catch (NumberFormatException e) {
      String problem = text.matches("[+-]?[0-9]+") ? "rank " + text + " is out of range (ranks are 0.."
          + (maxRanks - 1) + ")" : "expected " + EXPECTED + ", got " + YamlNodes.describe(s);
      throw new ScenarioException(YamlNodes.at(file, s, offset), problem);
    }
    if (x < 0 || x >= maxRanks) {
      throw new ScenarioException(YamlNodes.at(file, s, offset),
          "rank " + x + " is out of range (ranks are 0.." + (maxRanks - 1) + ")");
    }
    return (int) x;
  }

  /**
   * The world size the ranges of all entries define: one more than the largest rank.
   *
   * @param file the file name, for errors
   * @param ranges the ranges of every entry, in file order
   * @param whole the {@code ranks} node, where a missing rank is reported
   * @return the world size N
   * @throws ScenarioException at the later of two ranges that share a rank,
   *     or at {@code whole} when a rank below N has no entry
   */
  static int size(String file, List<Range> ranges, Node whole) {
    List<Range> sorted = new ArrayList<>(ranges);
    sorted.sort(Comparator.comparingInt(Range::first)); // stable: equal firsts keep file order
    int next = 0; // the lowest rank not yet covered
    Range prev = null;
    for (Range r : sorted) {
      if (prev != null && r.first() <= prev.last()) {
        Range later = ranges.indexOf(prev) > ranges.indexOf(r) ? prev : r;
        Range earlier = later == r ? prev : r;
        SourceLocation at = YamlNodes.at(file, earlier.at());
        throw YamlNodes.error(file, later.at(), "rank " + r.first() + " is defined twice (also at line " + at.line()
            + ", column " + at.column() + ")");
      }
      if (r.first() > next) {
        throw YamlNodes.error(file, whole, "rank " + next + " has no entry (ranks must be numbered 0.."
            + (sorted.get(sorted.size() - 1).last()) + " without gaps)");
      }
      next = r.last() + 1;
      prev = r;
    }
    return next;
  }

  /**
   * The {@code rank:} value for ranks in increasing order: a single number or range as a scalar,
   * otherwise a flow list; runs of three or more consecutive ranks become {@code FIRST..LAST}.
   *
   * @param ranks the ranks, increasing, at least one
   * @return the YAML node
   */
  static Node write(List<Integer> ranks) {
    List<String> items = new ArrayList<>();
    int i = 0;
    while (i < ranks.size()) {
      int j = i;
      while (j + 1 < ranks.size() && ranks.get(j + 1) == ranks.get(j) + 1) {
        j++;
      }
      if (j - i >= 2) {
        items.add(ranks.get(i) + ".." + ranks.get(j));
      } else {
        for (int k = i; k <= j; k++) {
          items.add(Integer.toString(ranks.get(k)));
        }
      }
      i = j + 1;
    }
    return items.size() == 1 ? YamlBuild.scalar(items.get(0)) : YamlBuild.flowSeq(items);
  }
}
