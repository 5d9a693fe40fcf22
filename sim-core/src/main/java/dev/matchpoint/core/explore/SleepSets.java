package dev.matchpoint.core.explore;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Sleep sets for {@link LevelSearch}: as maps from action to footprint while a state is expanded,
 * and held compact between levels as a {@code long[]}: per sleeping action enabled in the state, in
 * enabled order, its index among the state's enabled actions, the number n of its footprint's
 * entries and the n entries ({@code object << 1 | written}). A sleeping action that is not enabled
 * in the state is dropped: it conflicts with the action that disabled it, so it could only leave the
 * sleep set later anyway, and a smaller sleep set explores more, never less.
 */
final class SleepSets {
  /** The empty sleep set. */
  static final long[] NONE = new long[0];

  private SleepSets() {}

  /** A sleep set over a state's enabled actions, compact; sleeping actions not enabled there are dropped. */
  static <A> long[] compact(Map<A, Footprint> sleep, List<A> enabled) {
    if (sleep.isEmpty()) {
      return NONE;
    }
    long[] out = new long[16];
    int n = 0;
    for (int i = 0; i < enabled.size(); i++) {
      Footprint fp = sleep.get(enabled.get(i));
      if (fp == null) {
        continue;
      }
      if (n + 2 + fp.size() > out.length) {
        out = Arrays.copyOf(out, 2 * (n + 2 + fp.size()));
      }
      out[n++] = i;
      out[n++] = fp.size();
      for (int k = 0; k < fp.size(); k++) {
        out[n++] = fp.object(k) << 1 | (fp.writes(k) ? 1 : 0);
      }
    }
    return n == 0 ? NONE : Arrays.copyOf(out, n);
  }

  static <A> Map<A, Footprint> sleepMap(long[] z, List<A> enabled) {
    Map<A, Footprint> out = new LinkedHashMap<>();
    for (int i = 0; i < z.length; i += 2 + (int) z[i + 1]) {
      out.put(enabled.get((int) z[i]), footprint(z, i));
    }
    return out;
  }

  private static Footprint footprint(long[] z, int at) {
    Footprint fp = new Footprint();
    for (int k = 0; k < z[at + 1]; k++) {
      long e = z[at + 2 + k];
      if ((e & 1) != 0) {
        fp.write(e >>> 1);
      } else {
        fp.read(e >>> 1);
      }
    }
    return fp;
  }

  static int mask(long[] z) {
    int mask = 0;
    for (int i = 0; i < z.length; i += 2 + (int) z[i + 1]) {
      mask |= 1 << Math.min((int) z[i], 31);
    }
    return mask;
  }

  /** The actions asleep in both; a footprint is the union of the two. */
  static long[] intersect(long[] a, long[] b) {
    if (a.length == 0 || b.length == 0) {
      return NONE;
    }
    long[] out = new long[a.length + b.length];
    int n = 0;
    for (int i = 0; i < a.length; i += 2 + (int) a[i + 1]) {
      for (int j = 0; j < b.length; j += 2 + (int) b[j + 1]) {
        if (a[i] == b[j]) {
          Footprint fp = footprint(a, i);
          fp.merge(footprint(b, j));
          out[n++] = a[i];
          out[n++] = fp.size();
          for (int k = 0; k < fp.size(); k++) {
            out[n++] = fp.object(k) << 1 | (fp.writes(k) ? 1 : 0);
          }
        }
      }
    }
    return n == 0 ? NONE : Arrays.copyOf(out, n);
  }

  static <A> Map<A, Footprint> intersect(Map<A, Footprint> a, Map<A, Footprint> b) {
    Map<A, Footprint> out = new LinkedHashMap<>();
    for (Map.Entry<A, Footprint> e : a.entrySet()) {
      Footprint other = b.get(e.getKey());
      if (other != null) {
        Footprint fp = e.getValue().copy();
        fp.merge(other);
        out.put(e.getKey(), fp);
      }
    }
    return out;
  }
}
