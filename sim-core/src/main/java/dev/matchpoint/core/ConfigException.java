package dev.matchpoint.core;

/**
 * A configuration value is invalid. The message names the field by its dotted path (for example
 * {@code network.latency.L}) and says what was expected.
 */
public final class ConfigException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;
  private final String field;

  /**
   * Creates the exception.
   *
   * @param field dotted path of the offending field, e.g. {@code network.eager-threshold}
   * @param problem what is wrong and what was expected
   */
  public ConfigException(String field, String problem) {
    super(field + ": " + problem);
    this.field = field;
  }

  /**
   * The offending field.
   *
   * @return its dotted path
   */
  public String field() {
    return field;
  }

  /**
   * Checks that a value is not negative.
   *
   * @param field dotted path of the field
   * @param value its value
   * @param unit unit for the message, e.g. {@code "ns"}
   * @return the value
   * @throws ConfigException when {@code value < 0} or is not finite
   */
  public static double requireNonNegative(String field, double value, String unit) {
    if (!(value >= 0) || Double.isInfinite(value)) {
      throw new ConfigException(field, "must be a finite number >= 0 " + unit + ", got " + value);
    }
    return value;
  }

  /**
   * Checks that a value is not negative.
   *
   * @param field dotted path of the field
   * @param value its value
   * @param unit unit for the message, e.g. {@code "bytes"}
   * @return the value
   * @throws ConfigException when {@code value < 0}
   */
  public static long requireNonNegative(String field, long value, String unit) {
    if (value < 0) {
      throw new ConfigException(field, "must be >= 0 " + unit + ", got " + value);
    }
    return value;
  }
}
