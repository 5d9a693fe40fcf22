package dev.matchpoint.scenario.importer;

import java.util.Objects;
import java.util.OptionalLong;

/**
 * How much a send or receive moves: a count of elements of a datatype. OTF2 and GOAL give bytes
 * ({@code datatype = "byte"}, one byte per element); SimGrid TI gives a count of a datatype whose
 * size may be unknown.
 *
 * @param count number of elements, at least 0; empty when the trace leaves it open (a SimGrid TI
 *     receive with a negative count probes for the size)
 * @param datatype the datatype's name as the format gives it ({@code "byte"}, {@code "MPI_DOUBLE"},
 *     {@code "simgrid-type-7"})
 * @param elementBytes bytes per element, at least 0; empty when the format does not say
 */
public record MessageSize(OptionalLong count, String datatype, OptionalLong elementBytes) {
  /**
   * Validates.
   *
   * @throws IllegalArgumentException when a count or element size is negative
   */
  public MessageSize {
    Objects.requireNonNull(count, "count");
    Objects.requireNonNull(datatype, "datatype");
    Objects.requireNonNull(elementBytes, "elementBytes");
    if (count.isPresent() && count.getAsLong() < 0) {
      throw new IllegalArgumentException("negative count " + count.getAsLong());
    }
    if (elementBytes.isPresent() && elementBytes.getAsLong() < 0) {
      throw new IllegalArgumentException("negative element size " + elementBytes.getAsLong());
    }
  }

  /**
   * A size in bytes.
   *
   * @param bytes size in bytes, at least 0
   * @return the size
   * @throws IllegalArgumentException when negative
   */
  public static MessageSize bytes(long bytes) {
    return new MessageSize(OptionalLong.of(bytes), "byte", OptionalLong.of(1));
  }

  /** Returns count × element size in bytes, or empty when either is unknown. */
  public OptionalLong sizeBytes() {
    if (count.isEmpty() || elementBytes.isEmpty()) {
      return OptionalLong.empty();
    }
    return OptionalLong.of(Math.multiplyExact(count.getAsLong(), elementBytes.getAsLong()));
  }

  @Override
  public String toString() {
    if ("byte".equals(datatype) && count.isPresent()) {
      return count.getAsLong() + "B";
    }
    return (count.isPresent() ? Long.toString(count.getAsLong()) : "?") + "x" + datatype;
  }
}
