package dev.matchpoint.core.codec;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A growable byte buffer for {@link StateCodec}s: unsigned LEB128 varints (7 bits a byte, low
 * first), zigzag varints for values that may be negative, and strings as a varint byte length and
 * UTF-8. The matching reader is {@link StateReader}.
 */
public final class StateWriter {
  private byte[] buf = new byte[256];
  private int size;

  /** An empty buffer. */
  public StateWriter() {}

  /**
   * Empties the buffer for reuse.
   *
   * @return this
   */
  public StateWriter reset() {
    size = 0;
    return this;
  }

  /**
   * Appends one byte.
   *
   * @param b the byte (its low 8 bits)
   * @return this
   */
  public StateWriter putByte(int b) {
    if (size == buf.length) {
      buf = Arrays.copyOf(buf, size * 2);
    }
    buf[size++] = (byte) b;
    return this;
  }

  /**
   * Appends a non-negative value as an unsigned varint (1 byte below 128, at most 10).
   *
   * @param v the value; a negative one is written as its 64-bit unsigned form (10 bytes)
   * @return this
   */
  public StateWriter putVar(long v) {
    while ((v & ~0x7FL) != 0) {
      putByte((int) ((v & 0x7F) | 0x80));
      v >>>= 7;
    }
    return putByte((int) v);
  }

  /**
   * Appends any value as a zigzag varint: 0, -1, 1, -2 ... take 1 byte up to +-63.
   *
   * @param v the value
   * @return this
   */
  public StateWriter putSigned(long v) {
    return putVar((v << 1) ^ (v >> 63));
  }

  /**
   * Appends a packed 64-bit id (a request id, a message key: small fields at bits 40 and up, 24 to
   * 39 and 0 to 23) as three varints, one per field: 3 bytes when each is below 128.
   *
   * @param id the id (any value round-trips)
   * @return this
   */
  public StateWriter putId(long id) {
    return putVar(id >>> 40).putVar((id >>> 24) & 0xffff).putVar(id & 0xff_ffff);
  }

  /**
   * Appends a boolean as one byte.
   *
   * @param b the value
   * @return this
   */
  public StateWriter putBoolean(boolean b) {
    return putByte(b ? 1 : 0);
  }

  /**
   * Appends raw bytes (no length).
   *
   * @param b the bytes
   * @param from the first to append
   * @param length how many
   * @return this
   */
  public StateWriter putBytes(byte[] b, int from, int length) {
    if (size + length > buf.length) {
      buf = Arrays.copyOf(buf, Math.max(2 * buf.length, size + length));
    }
    System.arraycopy(b, from, buf, size, length);
    size += length;
    return this;
  }

  /**
   * Appends what another writer holds (no length).
   *
   * @param other the writer
   * @return this
   */
  public StateWriter putBytes(StateWriter other) {
    return putBytes(other.buf, 0, other.size);
  }

  /**
   * Appends a string: its UTF-8 length as a varint, then the bytes.
   *
   * @param s the string, not null
   * @return this
   */
  public StateWriter putString(String s) {
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    putVar(b.length);
    return putBytes(b, 0, b.length);
  }

  /**
   * Bytes written so far.
   *
   * @return the count
   */
  public int size() {
    return size;
  }

  /**
   * The bytes written.
   *
   * @return a copy, exactly {@link #size()} long
   */
  public byte[] toByteArray() {
    return Arrays.copyOf(buf, size);
  }
}
