package dev.matchpoint.scenario.importer.otf2;

import dev.matchpoint.scenario.importer.TraceImportException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * A cursor over one OTF2 file held in memory: chunk headers, compressed integers, strings and
 * record framing (TRACE-FORMATS.md §1.3). Every read checks the current chunk's bounds and fails
 * with the file and byte offset.
 */
final class Otf2Buffer {
  static final int CHUNK_HEADER = 0x03;
  static final int END_OF_CHUNK = 0x00;
  static final int END_OF_BUFFER = 0x01;
  static final int END_OF_FILE = 0x02;
  static final int TIMESTAMP = 0x05;
  static final int ATTRIBUTE_LIST = 0x06;
  private static final int LITTLE_ENDIAN = 0x42;
  private static final int BIG_ENDIAN = 0x23;

  private final Path file;
  private final byte[] data;
  private final long chunkSize;
  private int pos;
  private int chunkStart;
  private int chunkEnd;
  private boolean bigEndian;

  private Otf2Buffer(Path file, byte[] data, long chunkSize) {
    this.file = file;
    this.data = data;
    this.chunkSize = chunkSize;
    this.chunkEnd = data.length;
  }

  /**
   * Reads a whole file.
   *
   * @param file the file
   * @param chunkSize the chunk size in bytes from the anchor file, or 0 for the unchunked anchor
   * @throws TraceImportException when the file is missing or unreadable
   */
  static Otf2Buffer open(Path file, long chunkSize) throws TraceImportException {
    try {
      return new Otf2Buffer(file, Files.readAllBytes(file), chunkSize);
    } catch (NoSuchFileException e) {
      throw TraceImportException.inFile(file, "missing file", e);
    } catch (IOException e) {
      throw TraceImportException.inFile(file, "cannot read: " + e.getMessage(), e);
    }
  }

  Path file() {
    return file;
  }

  int position() {
    return pos;
  }

  boolean atEndOfData() {
    return pos >= data.length;
  }

  TraceImportException error(long offset, String reason) {
    return TraceImportException.atByte(file, offset, reason);
  }

  /**
   * Reads the 2-byte header of an unchunked file (the anchor) or the 18-byte header of the chunk
   * starting at the current position.
   */
  void readHeader(boolean chunked) throws TraceImportException {
    chunkStart = pos;
    chunkEnd = chunked ? (int) Math.min((long) pos + chunkSize, data.length) : data.length;
    int start = pos;
    if (u8() != CHUNK_HEADER) {
      throw error(start, "wrong magic: expected chunk header byte 0x03");
    }
    int endianness = u8();
    if (endianness == BIG_ENDIAN) {
      bigEndian = true;
    } else if (endianness == LITTLE_ENDIAN) {
      bigEndian = false;
    } else {
      throw error(start + 1, String.format("unknown endianness byte 0x%02x", endianness));
    }
    if (chunked) {
      u64Full(); // first event number
      u64Full(); // last event number
    }
  }

  /** Moves to the start of the next chunk; returns false when there is none. */
  boolean nextChunk() throws TraceImportException {
    long next = (long) chunkStart + chunkSize;
    if (chunkSize <= 0 || next >= data.length) {
      pos = data.length;
      return false;
    }
    pos = (int) next;
    readHeader(true);
    return true;
  }

  private void need(int n) throws TraceImportException {
    if ((long) pos + n > chunkEnd) {
      if (chunkEnd >= data.length) {
        throw error(pos, "unexpected end of file (truncated?) reading " + n + " byte(s)");
      }
      throw error(pos, "read of " + n + " byte(s) runs past the end of its chunk at byte " + chunkEnd);
    }
  }

  int u8() throws TraceImportException {
    need(1);
    return data[pos++] & 0xFF;
  }

  int u16() throws TraceImportException {
    return (int) raw(2);
  }

  int u32Full() throws TraceImportException {
    return (int) raw(4);
  }

  long u64Full() throws TraceImportException {
    return raw(8);
  }

  double f64() throws TraceImportException {
    return Double.longBitsToDouble(raw(8));
  }

  float f32() throws TraceImportException {
    return Float.intBitsToFloat((int) raw(4));
  }

  private long raw(int n) throws TraceImportException {
    need(n);
    long v = 0;
    for (int i = 0; i < n; i++) {
      int b = data[pos + i] & 0xFF;
      v = bigEndian ? (v << 8) | b : v | ((long) b << (8 * i));
    }
    pos += n;
    return v;
  }

  /** A compressed unsigned 32-bit integer; UNDEFINED (0xFF) reads as 0xFFFFFFFF. */
  long u32() throws TraceImportException {
    return compressed(4) & 0xFFFF_FFFFL;
  }

  /** A compressed unsigned 64-bit integer; UNDEFINED (0xFF) reads as -1 (all ones). */
  long u64() throws TraceImportException {
    return compressed(8);
  }

  private long compressed(int maxBytes) throws TraceImportException {
    int start = pos;
    int n = u8();
    if (n == 0) {
      return 0;
    }
    if (n == 0xFF) {
      return -1L;
    }
    if (n > maxBytes) {
      throw error(start, "compressed integer of " + n + " bytes where at most " + maxBytes + " fit");
    }
    return raw(n);
  }

  /** A NUL-terminated UTF-8 string inside the current chunk. */
  String string() throws TraceImportException {
    int start = pos;
    int end = start;
    while (end < chunkEnd && data[end] != 0) {
      end++;
    }
    if (end >= chunkEnd) {
      pos = end;
      need(1);
    }
    pos = end + 1;
    return new String(data, start, end - start, StandardCharsets.UTF_8);
  }

  /**
   * Reads a record's length byte (or 0xFF and a full u64) and returns the offset where the record
   * ends, checked against the chunk.
   *
   * @param recordStart offset of the record's type byte, for the error message
   */
  int recordEnd(int recordStart) throws TraceImportException {
    long length = u8();
    if (length == 0xFF) {
      length = u64Full();
    }
    if (length < 0 || pos + length > chunkEnd) {
      throw error(
          recordStart,
          "record of " + Long.toUnsignedString(length) + " bytes runs past the end of its chunk at byte "
              + chunkEnd + (chunkEnd >= data.length ? " (the file ends there: truncated?)" : ""));
    }
    return (int) (pos + length);
  }

  /** Jumps to a record end computed by {@link #recordEnd}; fails if the fields overran it. */
  void endRecord(int recordStart, int recordEnd) throws TraceImportException {
    if (pos > recordEnd) {
      throw error(recordStart, "record fields run past the record's length");
    }
    pos = recordEnd;
  }
}
