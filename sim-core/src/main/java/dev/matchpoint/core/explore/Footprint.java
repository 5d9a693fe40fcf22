package dev.matchpoint.core.explore;

import java.util.Arrays;

/**
 * The shared objects one transition read and wrote, recorded while it ran. Two transitions are
 * <em>dependent</em> when their footprints conflict: some object is written by one and read or
 * written by the other (the independence relation of DESIGN §5; Flanagan and Godefroid, POPL 2005,
 * §2). Object ids are opaque longs chosen by the model (e.g. "the matching engine of rank 2", "the
 * tail of link 0->2").
 */
public final class Footprint {
  private long[] entries = new long[8];
  private int size;

  /** An empty footprint. */
  public Footprint() {}

  private Footprint(long[] entries, int size) {
    this.entries = entries;
    this.size = size;
  }

  /**
   * Records a read of an object.
   *
   * @param object the object's id, at least 0 and below 2^62
   */
  public void read(long object) {
    add(object << 1);
  }

  /**
   * Records a write of an object.
   *
   * @param object the object's id, at least 0 and below 2^62
   */
  public void write(long object) {
    add((object << 1) | 1);
  }

  private void add(long entry) {
    for (int i = 0; i < size; i++) {
      long e = entries[i];
      if ((e >>> 1) == (entry >>> 1)) {
        entries[i] = e | (entry & 1);
        return;
      }
    }
    if (size == entries.length) {
      entries = Arrays.copyOf(entries, size * 2);
    }
    entries[size++] = entry;
  }

  /**
   * Whether the two footprints conflict: an object written by one is read or written by the other.
   *
   * @param other the other footprint
   * @return true when the transitions are dependent
   */
  public boolean conflicts(Footprint other) {
    for (int i = 0; i < size; i++) {
      long a = entries[i];
      for (int j = 0; j < other.size; j++) {
        long b = other.entries[j];
        if ((a >>> 1) == (b >>> 1) && ((a | b) & 1) == 1) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * Adds every entry of another footprint (the union, writes winning).
   *
   * @param other the footprint to add
   */
  public void merge(Footprint other) {
    for (int i = 0; i < other.size; i++) {
      add(other.entries[i]);
    }
  }

  /** Forgets every entry. */
  public void clear() {
    size = 0;
  }

  /**
   * The i-th object touched.
   *
   * @param i index in {@code [0, size())}
   * @return the object's id
   */
  public long object(int i) {
    return entries[i] >>> 1;
  }

  /**
   * Whether the i-th object was written.
   *
   * @param i index in {@code [0, size())}
   * @return true for a write
   */
  public boolean writes(int i) {
    return (entries[i] & 1) == 1;
  }

  /**
   * Number of distinct objects touched.
   *
   * @return the count
   */
  public int size() {
    return size;
  }

  /**
   * An immutable-by-convention copy.
   *
   * @return the copy
   */
  public Footprint copy() {
    return new Footprint(Arrays.copyOf(entries, Math.max(size, 1)), size);
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("{");
    for (int i = 0; i < size; i++) {
      sb.append(i == 0 ? "" : ", ").append((entries[i] & 1) == 1 ? "W" : "R").append(entries[i] >>> 1);
    }
    return sb.append('}').toString();
  }
}
