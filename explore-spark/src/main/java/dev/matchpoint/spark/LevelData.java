package dev.matchpoint.spark;

import dev.matchpoint.core.explore.Verdict;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The records a {@link SparkLevelSearch} moves between the driver, its tasks and its shuffles. */
final class LevelData {
  private LevelData() {}

  /**
   * An entry of a level: an encoded state to expand, with its compact sleep set, the mask it had
   * stored before ({@code LevelStep.ABSENT} when new), its fingerprint, its first path ({@code parent
   * index << 32 | action index}) and, once the level is ordered, its index in the level.
   */
  static final class Entry implements Serializable {
    private static final long serialVersionUID = 1L;
    byte[] state;
    long[] sleep;
    long old;
    long high;
    long low;
    long first;
    int index;

    Entry(byte[] state, long[] sleep, long old, long high, long low, long first) {
      this.state = state;
      this.sleep = sleep;
      this.old = old;
      this.high = high;
      this.low = low;
      this.first = first;
    }
  }

  /** A successor on its way to the partition of its fingerprint: encoding, sleep set, first path. */
  static final class Arrival implements Serializable {
    private static final long serialVersionUID = 1L;
    final byte[] state;
    final long[] sleep;
    final long high;
    final long low;
    final long first;

    Arrival(byte[] state, long[] sleep, long high, long low, long first) {
      this.state = state;
      this.sleep = sleep;
      this.high = high;
      this.low = low;
      this.first = first;
    }
  }

  /** A verdict as a task ships it (a {@link Verdict} is not serialisable). */
  record VerdictData(String outcome, boolean violation, List<String> details, List<String> partNames,
      List<List<String>> partItems) implements Serializable {
    private static final long serialVersionUID = 1L;

    static VerdictData of(Verdict v) {
      List<String> names = new ArrayList<>();
      List<List<String>> items = new ArrayList<>();
      for (Verdict.Part p : v.parts()) {
        names.add(p.name());
        items.add(new ArrayList<>(p.items()));
      }
      return new VerdictData(v.outcome(), v.violation(), new ArrayList<>(v.details()), names, items);
    }

    Verdict verdict() {
      List<Verdict.Part> parts = new ArrayList<>();
      for (int i = 0; i < partNames.size(); i++) {
        parts.add(new Verdict.Part(partNames.get(i), partItems.get(i)));
      }
      return new Verdict(outcome, violation, details, parts);
    }
  }

  /** Final states of one outcome class in a level: how many, and the least entry index with its verdict. */
  static final class FinalClass implements Serializable {
    private static final long serialVersionUID = 1L;
    long count;
    int index;
    VerdictData verdict;

    FinalClass(long count, int index, VerdictData verdict) {
      this.count = count;
      this.index = index;
      this.verdict = verdict;
    }

    void add(FinalClass o) {
      count += o.count;
      if (o.index < index) {
        index = o.index;
        verdict = o.verdict;
      }
    }
  }

  /** What one task found expanding its entries: counts and final classes, and the successors. */
  static final class Expansion implements Serializable {
    private static final long serialVersionUID = 1L;
    long transitions;
    long leaves;
    long finals;
    final Map<String, FinalClass> classes = new HashMap<>();
    final List<Arrival> arrivals = new ArrayList<>();

    /** The figures without the successors, for the driver. */
    Expansion summary() {
      Expansion s = new Expansion();
      s.transitions = transitions;
      s.leaves = leaves;
      s.finals = finals;
      s.classes.putAll(classes);
      return s;
    }
  }

  /** What one partition's merge of a level's arrivals gave: its visited set after, its entries of the next level. */
  static final class Merged implements Serializable {
    private static final long serialVersionUID = 1L;
    Visited visited;
    final List<Entry> entries = new ArrayList<>();
    long arrivals;
    long leaves;
    long newStates;

    /** The figures without the visited set and entries, for the driver. */
    long[] figures() {
      return new long[] {arrivals, leaves, newStates, entries.size(), visited.bytes()};
    }
  }

  /** The first paths of one task's slice of an ordered level: entries {@code start ..} in order. */
  record PathBlock(long start, long[] firsts) implements Serializable {
    private static final long serialVersionUID = 1L;
  }
}
