package dev.matchpoint.scenario.importer.otf2;

import java.util.List;

/**
 * Piecewise-linear clock correction of one location, as libotf2's event reader applies it
 * (TRACE-FORMATS.md §1.5, ClockOffset): consecutive offsets bound an interval whose slope is the
 * change of offset per tick; a time before the first offset extrapolates the first interval, a
 * time after the last offset extrapolates the last interval (checked against otf2-print 3.0.2,
 * which prints raw t=400 with offsets (100, +15), (300, -5) as 385), and a single offset is
 * constant. The interpolated part is rounded half to even ({@code rint}).
 */
final class Otf2ClockCorrection {
  private final long[] begins;
  private final long[] offsets;
  private final double[] slopes;

  Otf2ClockCorrection(List<Otf2LocalDefinitions.ClockOffset> clockOffsets) {
    int n = clockOffsets.size();
    begins = new long[n];
    offsets = new long[n];
    slopes = new double[n];
    for (int i = 0; i < n; i++) {
      Otf2LocalDefinitions.ClockOffset c = clockOffsets.get(i);
      begins[i] = c.time();
      offsets[i] = c.offset();
      if (i > 0) {
        double span = unsignedDifference(c.time(), begins[i - 1]);
        slopes[i - 1] = span == 0 ? 0 : (c.offset() - offsets[i - 1]) / span;
      }
    }
  }

  /**
   * Returns a raw local time as global time.
   *
   * @param time raw ticks (unsigned)
   * @return corrected ticks (unsigned)
   */
  long correct(long time) {
    if (begins.length == 0) {
      return time;
    }
    int intervals = Math.max(1, begins.length - 1);
    int i = 0;
    while (i + 1 < intervals && Long.compareUnsigned(time, begins[i + 1]) > 0) {
      i++;
    }
    double diff = unsignedDifference(time, begins[i]);
    return time + offsets[i] + (long) Math.rint(slopes[i] * diff);
  }

  private static double unsignedDifference(long a, long b) {
    return Long.compareUnsigned(a, b) >= 0
        ? unsignedToDouble(a - b)
        : -unsignedToDouble(b - a);
  }

  private static double unsignedToDouble(long v) {
    return v >= 0 ? v : (double) (v >>> 1) * 2.0 + (v & 1);
  }
}
