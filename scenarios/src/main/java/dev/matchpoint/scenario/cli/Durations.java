package dev.matchpoint.scenario.cli;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Wall-clock durations on the command line: {@code 500ms}, {@code 30s}, {@code 10m}, {@code 2h} or ISO-8601. */
final class Durations {
  private static final Pattern SHORT = Pattern.compile("(\\d{1,9})(ms|s|m|h)");

  private Durations() {}

  /**
   * Parses a duration.
   *
   * @param text e.g. {@code 30s}, {@code 10m}, {@code 250ms}, {@code 1h} or {@code PT1M30S}
   * @return the duration, positive
   * @throws IllegalArgumentException naming the accepted forms when the text is none of them or not
   *     positive
   */
  static Duration parse(String text) {
    String t = text.strip().toLowerCase(Locale.ROOT);
    Duration d;
    Matcher m = SHORT.matcher(t);
    if (m.matches()) {
      long n = Long.parseLong(m.group(1));
      d = switch (m.group(2)) {
        case "ms" -> Duration.ofMillis(n);
        case "s" -> Duration.ofSeconds(n);
        case "m" -> Duration.ofMinutes(n);
        default -> Duration.ofHours(n);
      };
    } else {
      try {
        d = Duration.parse(text.strip().toUpperCase(Locale.ROOT));
      } catch (DateTimeParseException e) {
        throw new IllegalArgumentException("'" + text + "' is not a duration (expected e.g. 500ms, 30s, 10m, 2h or "
            + "PT1M30S)");
      }
    }
    if (d.isNegative() || d.isZero()) {
      throw new IllegalArgumentException("the duration must be positive, got '" + text + "'");
    }
    return d;
  }

  /**
   * Formats a duration the way {@link #parse} reads it, in the largest exact unit.
   *
   * @param d the duration
   * @return e.g. {@code 10m}, {@code 90s} or {@code 1500ms}
   */
  static String format(Duration d) {
    long ms = d.toMillis();
    if (ms % 3_600_000 == 0) {
      return ms / 3_600_000 + "h";
    } else if (ms % 60_000 == 0) {
      return ms / 60_000 + "m";
    } else if (ms % 1000 == 0) {
      return ms / 1000 + "s";
    }
    return ms + "ms";
  }
}
