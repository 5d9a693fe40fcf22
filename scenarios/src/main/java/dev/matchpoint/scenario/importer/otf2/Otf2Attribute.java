package dev.matchpoint.scenario.importer.otf2;

/**
 * One entry of an event's attribute list (TRACE-FORMATS.md §1.3, "Attribute list").
 *
 * @param attribute the global Attribute id (mapped through MAPPING_ATTRIBUTE)
 * @param type the OTF2_Type of the value (1 UINT8 … 10 DOUBLE, 11 STRING, … 17 COMM)
 * @param bits the value: integers and references as their (unsigned) value, FLOAT and DOUBLE as
 *     their IEEE bits ({@link Double#doubleToRawLongBits}; a FLOAT is widened to double first)
 */
public record Otf2Attribute(long attribute, int type, long bits) {
  /** OTF2_TYPE_FLOAT. */
  public static final int TYPE_FLOAT = 9;
  /** OTF2_TYPE_DOUBLE. */
  public static final int TYPE_DOUBLE = 10;

  /** Returns the value as a double; for integer types the integer converted. */
  public double asDouble() {
    return type == TYPE_FLOAT || type == TYPE_DOUBLE ? Double.longBitsToDouble(bits) : bits;
  }
}
