package dev.matchpoint.spark;

import dev.matchpoint.core.explore.LevelStep;
import dev.matchpoint.core.explore.Verdict;
import java.io.Externalizable;
import java.io.IOException;
import java.io.ObjectInput;
import java.io.ObjectOutput;
import java.io.Serializable;
import org.apache.spark.util.KnownSizeEstimation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The records a {@link SparkLevelSearch} moves between the driver, its tasks and its shuffles. */
final class LevelData {
  private LevelData() {}

  /**
   * An entry of a level: an encoded state to expand, with its compact sleep set, the mask it had
   * stored before ({@code LevelStep.ABSENT} when new), its fingerprint, its first path ({@code parent
   * index << 32 | action index}) and, once the level is ordered, its index in the level. Written
   * field by field when cached on disk ({@link Externalizable}: no reflection, no per-array object),
   * as its bytes when shuffled ({@link ShuffleSerializer}); its size for Spark's cache is known.
   */
  static final class Entry implements Externalizable, KnownSizeEstimation {
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

    /** For deserialisation only. */
    public Entry() {}

    @Override
    public long estimatedSize() {
      return state.length + 8L * sleep.length + 96;
    }

    @Override
    public void writeExternal(ObjectOutput out) throws IOException {
      writeArrays(out, state, sleep);
      out.writeLong(old);
      out.writeLong(high);
      out.writeLong(low);
      out.writeLong(first);
      out.writeInt(index);
    }

    @Override
    public void readExternal(ObjectInput in) throws IOException {
      state = readState(in);
      sleep = readSleep(in);
      old = in.readLong();
      high = in.readLong();
      low = in.readLong();
      first = in.readLong();
      index = in.readInt();
    }
  }

  private static void writeArrays(ObjectOutput out, byte[] state, long[] sleep) throws IOException {
    out.writeInt(state.length);
    out.write(state);
    out.writeInt(sleep.length);
    for (long w : sleep) {
      out.writeLong(w);
    }
  }

  private static byte[] readState(ObjectInput in) throws IOException {
    byte[] state = new byte[in.readInt()];
    in.readFully(state);
    return state;
  }

  private static long[] readSleep(ObjectInput in) throws IOException {
    int n = in.readInt();
    if (n == 0) {
      return LevelStep.NO_SLEEP;
    }
    long[] sleep = new long[n];
    for (int i = 0; i < n; i++) {
      sleep[i] = in.readLong();
    }
    return sleep;
  }

  /**
   * A successor on its way to the partition of its fingerprint: encoding, sleep set, first path.
   * Written as its bytes when shuffled ({@link ShuffleSerializer}), field by field otherwise
   * ({@link Externalizable}), as {@link Entry}.
   */
  static final class Arrival implements Externalizable {
    private static final long serialVersionUID = 1L;
    byte[] state;
    long[] sleep;
    long high;
    long low;
    long first;

    Arrival(byte[] state, long[] sleep, long high, long low, long first) {
      this.state = state;
      this.sleep = sleep;
      this.high = high;
      this.low = low;
      this.first = first;
    }

    /** For deserialisation only. */
    public Arrival() {}

    @Override
    public void writeExternal(ObjectOutput out) throws IOException {
      writeArrays(out, state, sleep);
      out.writeLong(high);
      out.writeLong(low);
      out.writeLong(first);
    }

    @Override
    public void readExternal(ObjectInput in) throws IOException {
      state = readState(in);
      sleep = readSleep(in);
      high = in.readLong();
      low = in.readLong();
      first = in.readLong();
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

  /**
   * What one task found expanding its entries: counts and final classes, and the successors. Its
   * size for Spark's cache is counted as the successors are added ({@link KnownSizeEstimation}:
   * Spark's estimate walks the objects, which cost as much as a tenth of a search's CPU).
   */
  static final class Expansion implements Serializable, KnownSizeEstimation {
    private static final long serialVersionUID = 1L;
    long bytes = 64;
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

    void add(Arrival a) {
      arrivals.add(a);
      bytes += a.state.length + 8L * a.sleep.length + 64;
    }

    @Override
    public long estimatedSize() {
      return bytes;
    }
  }

  /**
   * What one partition's merge of a level's arrivals gave: its visited set after, its entries of the
   * next level and how many of them go to each task of the next level; its size for Spark's cache
   * counted as it is built ({@link KnownSizeEstimation}).
   */
  static final class Merged implements Serializable, KnownSizeEstimation {
    private static final long serialVersionUID = 1L;
    Visited visited;
    final List<Entry> entries = new ArrayList<>();
    final long[] targets;
    long arrivals;
    long leaves;
    long newStates;
    long bytes = 64;

    Merged(int tasks) {
      targets = new long[tasks];
    }

    /** The figures without the visited set and entries, for the driver: 5 numbers, then the targets. */
    long[] figures() {
      long[] f = Arrays.copyOf(new long[] {arrivals, leaves, newStates, entries.size(), visited.bytes()},
          5 + targets.length);
      System.arraycopy(targets, 0, f, 5, targets.length);
      return f;
    }

    @Override
    public long estimatedSize() {
      return bytes;
    }
  }

  /** The first paths of one task's slice of an ordered level: entries {@code start ..} in order. */
  record PathBlock(long start, long[] firsts) implements Serializable {
    private static final long serialVersionUID = 1L;
  }
}
