package dev.matchpoint.mpi.rank;

import java.util.Arrays;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Packets injected, by kind: a handful of kinds, counted without boxing on every injection (the
 * timed hot path), reported in kind order.
 */
final class PacketCounts {
  private String[] kinds = new String[8];
  private long[] counts = new long[8];
  private int size;

  void add(String kind) {
    for (int i = 0; i < size; i++) {
      if (kinds[i] == kind || kinds[i].equals(kind)) {
        counts[i]++;
        return;
      }
    }
    if (size == kinds.length) {
      kinds = Arrays.copyOf(kinds, size * 2);
      counts = Arrays.copyOf(counts, size * 2);
    }
    kinds[size] = kind;
    counts[size++] = 1;
  }

  PacketCounts copy() {
    PacketCounts c = new PacketCounts();
    c.kinds = kinds.clone();
    c.counts = counts.clone();
    c.size = size;
    return c;
  }

  SortedMap<String, Long> toMap() {
    SortedMap<String, Long> out = new TreeMap<>();
    for (int i = 0; i < size; i++) {
      out.put(kinds[i], counts[i]);
    }
    return out;
  }
}
