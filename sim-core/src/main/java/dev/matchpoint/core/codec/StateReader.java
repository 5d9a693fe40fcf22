package dev.matchpoint.core.codec;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** Reads what a {@link StateWriter} wrote, in the same order. Malformed input raises IllegalArgumentException. */
public final class StateReader {
  private final byte[] buf;
  private final int end;
  private int pos;

  /**
   * A reader from the first byte.
   *
   * @param bytes the encoding
   */
  public StateReader(byte[] bytes) {
    this.buf = bytes;
    this.end = bytes.length;
  }

  /**
   * One byte.
   *
   * @return 0 to 255
   * @throws IllegalArgumentException past the end
   */
  public int getByte() {
    if (pos >= end) {
      throw new IllegalArgumentException("encoded state ends early, at byte " + pos);
    }
    return buf[pos++] & 0xFF;
  }

  /**
   * An unsigned varint.
   *
   * @return the value
   */
  public long getVar() {
    long v = 0;
    for (int shift = 0; ; shift += 7) {
      int b = getByte();
      v |= (long) (b & 0x7F) << shift;
      if ((b & 0x80) == 0) {
        return v;
      }
      if (shift > 63) {
        throw new IllegalArgumentException("varint too long at byte " + pos);
      }
    }
  }

  /**
   * An unsigned varint that must fit an int.
   *
   * @return the value
   */
  public int getVarInt() {
    return Math.toIntExact(getVar());
  }

  /**
   * A zigzag varint.
   *
   * @return the value
   */
  public long getSigned() {
    long v = getVar();
    return (v >>> 1) ^ -(v & 1);
  }

  /**
   * A zigzag varint that must fit an int.
   *
   * @return the value
   */
  public int getSignedInt() {
    return Math.toIntExact(getSigned());
  }

  /**
   * A packed id written by {@link StateWriter#putId}.
   *
   * @return the id
   */
  public long getId() {
    long high = getVar();
    long mid = getVar();
    long low = getVar();
    if (high >= (1L << 24) || mid > 0xffff || low > 0xff_ffff) {
      throw new IllegalArgumentException("malformed id at byte " + pos);
    }
    return (high << 40) | (mid << 24) | low;
  }

  /**
   * A boolean.
   *
   * @return the value
   */
  public boolean getBoolean() {
    return getByte() != 0;
  }

  /**
   * A string.
   *
   * @return the value
   */
  public String getString() {
    int n = getVarInt();
    if (n > end - pos) {
      throw new IllegalArgumentException("string of " + n + " bytes overruns the encoded state at byte " + pos);
    }
    String s = new String(buf, pos, n, StandardCharsets.UTF_8);
    pos += n;
    return s;
  }

  /**
   * Whether the next bytes are these, without reading them.
   *
   * @param expected the bytes
   * @return true when the next {@code expected.length} bytes equal them
   */
  public boolean nextEquals(byte[] expected) {
    return expected.length <= end - pos && Arrays.equals(buf, pos, pos + expected.length, expected, 0, expected.length);
  }

  /**
   * Raw bytes (no length), as {@link StateWriter#putBytes} appended them.
   *
   * @param n how many
   * @return a copy of the next {@code n} bytes
   * @throws IllegalArgumentException when fewer are left
   */
  public byte[] getBytes(int n) {
    if (n < 0 || n > end - pos) {
      throw new IllegalArgumentException(n + " bytes overrun the encoded state at byte " + pos);
    }
    byte[] out = Arrays.copyOfRange(buf, pos, pos + n);
    pos += n;
    return out;
  }

  /**
   * Skips bytes.
   *
   * @param n how many
   * @throws IllegalArgumentException when fewer are left
   */
  public void skip(int n) {
    if (n < 0 || n > end - pos) {
      throw new IllegalArgumentException(n + " bytes overrun the encoded state at byte " + pos);
    }
    pos += n;
  }

  /**
   * Whether every byte has been read.
   *
   * @return true at the end
   */
  public boolean atEnd() {
    return pos == end;
  }
}
