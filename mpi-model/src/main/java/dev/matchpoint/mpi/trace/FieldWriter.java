package dev.matchpoint.mpi.trace;

/**
 * Receives an event's fields by name, in a fixed order, for serialisers (JSON Lines, Perfetto)
 * that live outside this module.
 */
public interface FieldWriter {
  /**
   * An integer field.
   *
   * @param name field name, snake_case
   * @param value the value
   */
  void field(String name, long value);

  /**
   * A text field.
   *
   * @param name field name, snake_case
   * @param value the value, never null
   */
  void field(String name, String value);

  /**
   * A logical field.
   *
   * @param name field name, snake_case
   * @param value the value
   */
  void field(String name, boolean value);
}
