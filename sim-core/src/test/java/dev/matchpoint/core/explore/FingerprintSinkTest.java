package dev.matchpoint.core.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** The state fingerprint: a function of the put sequence that tells apart kinds, lengths and boundaries. */
class FingerprintSinkTest {
  private static String print(Consumer<FingerprintSink> puts) {
    FingerprintSink s = new FingerprintSink();
    puts.accept(s);
    return Long.toHexString(s.high()) + ":" + Long.toHexString(s.low());
  }

  @Test
  void equalPutSequences_giveEqualFingerprints_afterAReset() {
    FingerprintSink s = new FingerprintSink();
    s.putInt(1).putUnencodedChars("abc").putLong(-5);
    String first = Long.toHexString(s.high()) + ":" + Long.toHexString(s.low());
    s.reset().putInt(1).putUnencodedChars("abc").putLong(-5);
    assertEquals(first, Long.toHexString(s.high()) + ":" + Long.toHexString(s.low()));
  }

  @Test
  void sequencesThatAByteStreamWouldConfuse_giveDifferentFingerprints() {
    assertNotEquals(print(s -> s.putUnencodedChars("ab").putUnencodedChars("c")),
        print(s -> s.putUnencodedChars("a").putUnencodedChars("bc")));
    assertNotEquals(print(s -> s.putInt(5)), print(s -> s.putLong(5)));
    assertNotEquals(print(s -> s.putInt(0).putInt(0)), print(s -> s.putLong(0)));
    assertNotEquals(print(s -> { }), print(s -> s.putUnencodedChars("")));
    assertNotEquals(print(s -> s.putInt(1).putInt(2)), print(s -> s.putInt(2).putInt(1)));
    assertNotEquals(print(s -> s.putBytes(new byte[8])), print(s -> s.putBytes(new byte[9])));
  }

  @Test
  void twoHundredThousandSingleLongs_haveDistinctFingerprints_inBothHalves() {
    java.util.HashSet<Long> highs = new java.util.HashSet<>();
    java.util.HashSet<Long> lows = new java.util.HashSet<>();
    FingerprintSink s = new FingerprintSink();
    for (long i = 0; i < 200_000; i++) {
      s.reset().putLong(i);
      highs.add(s.high());
      lows.add(s.low());
    }
    assertEquals(200_000, highs.size());
    assertEquals(200_000, lows.size());
  }

  /**
   * MurmurHash3 x64/128 (Appleby, SMHasher, MurmurHash3.cpp): the block round of {@code
   * MurmurHash3_x64_128} over 16-byte blocks (k1, k2), then its finalisation with the block count in
   * place of the byte length. An independent transcription, to check the sink against.
   */
  private static long[] murmur(long[][] blocks) {
    long c1 = 0x87c37b91114253d5L;
    long c2 = 0x4cf5ad432745937fL;
    long h1 = 0;
    long h2 = 0;
    for (long[] b : blocks) {
      long k1 = b[0];
      long k2 = b[1];
      k1 *= c1; k1 = Long.rotateLeft(k1, 31); k1 *= c2; h1 ^= k1;
      h1 = Long.rotateLeft(h1, 27); h1 += h2; h1 = h1 * 5 + 0x52dce729;
      k2 *= c2; k2 = Long.rotateLeft(k2, 33); k2 *= c1; h2 ^= k2;
      h2 = Long.rotateLeft(h2, 31); h2 += h1; h2 = h2 * 5 + 0x38495ab5;
    }
    h1 ^= blocks.length;
    h2 ^= blocks.length;
    h1 += h2;
    h2 += h1;
    h1 = fmix(h1);
    h2 = fmix(h2);
    h1 += h2;
    h2 += h1;
    return new long[] {h1, h2};
  }

  private static long fmix(long k) {
    k ^= k >>> 33;
    k *= 0xff51afd7ed558ccdL;
    k ^= k >>> 33;
    k *= 0xc4ceb9fe1a85ec53L;
    k ^= k >>> 33;
    return k;
  }

  @Test
  void fingerprints_areMurmurHash3OfTheBlocks() {
    FingerprintSink s = new FingerprintSink();
    for (long[] v : new long[][] {{0}, {1}, {-1}, {0x0123456789abcdefL, Long.MIN_VALUE}, {7, 8, 9}}) {
      s.reset();
      long[][] blocks = new long[v.length][];
      for (int i = 0; i < v.length; i++) {
        s.putLong(v[i]);
        blocks[i] = new long[] {v[i], 4L << 56};
      }
      long[] m = murmur(blocks);
      assertEquals(m[0], s.high(), java.util.Arrays.toString(v));
      assertEquals(m[1], s.low(), java.util.Arrays.toString(v));
    }
    long[] m = murmur(new long[][] {{42, 3L << 56}, {1, 8L << 56}, {-3, 1L << 56}, {'x', 5L << 56}, {9, 2L << 56}});
    s.reset().putInt(42).putBoolean(true).putByte((byte) -3).putChar('x').putShort((short) 9);
    assertEquals(m[0], s.high());
    assertEquals(m[1], s.low());
    // Bytes go 8 to a block, big-endian, the last block tagged with the length; chars 4 to a block.
    m = murmur(new long[][] {{0x0102030405060708L, 6L << 56}, {9, (6L << 56) | 9}});
    s.reset().putBytes(new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9});
    assertEquals(m[0], s.high());
    assertEquals(m[1], s.low());
    m = murmur(new long[][] {{0x0061_0062_0063_0064L, 7L << 56}, {'e', (7L << 56) | 5}});
    s.reset().putUnencodedChars("abcde");
    assertEquals(m[0], s.high());
    assertEquals(m[1], s.low());
    // Floats and doubles are their raw bits.
    assertEquals(print(x -> x.putInt(Float.floatToRawIntBits(1.5f))), print(x -> x.putFloat(1.5f)));
    assertEquals(print(x -> x.putLong(Double.doubleToRawLongBits(-2.5))), print(x -> x.putDouble(-2.5)));
  }

  @Test
  void everyValueOfEveryKind_andEveryPosition_changesTheFingerprint() {
    java.util.Set<String> seen = new java.util.HashSet<>();
    java.util.List<Consumer<FingerprintSink>> puts = new java.util.ArrayList<>();
    puts.add(x -> { });
    puts.add(x -> x.putBoolean(false));
    puts.add(x -> x.putBoolean(true));
    for (int v = -2; v <= 2; v++) {
      int w = v;
      puts.add(x -> x.putByte((byte) w));
      puts.add(x -> x.putShort((short) w));
      puts.add(x -> x.putChar((char) (w + 2)));
      puts.add(x -> x.putFloat(w));
      puts.add(x -> x.putDouble(w));
    }
    for (int n = 0; n <= 17; n++) {
      for (int at = 0; at < Math.max(n, 1); at++) {
        byte[] b = new byte[n];
        if (n > 0) {
          b[at] = (byte) 0x81;
        }
        puts.add(x -> x.putBytes(b));
        char[] c = new char[n];
        java.util.Arrays.fill(c, 'a');
        if (n > 0) {
          c[at] = '\u8001';
        }
        String str = new String(c);
        puts.add(x -> x.putUnencodedChars(str));
      }
    }
    puts.add(x -> x.putBytes(java.nio.ByteBuffer.wrap(new byte[] {1, 2, 3})));
    puts.add(x -> x.putString("\u00e9", java.nio.charset.StandardCharsets.UTF_8));
    for (Consumer<FingerprintSink> p : puts) {
      assertEquals(true, seen.add(print(p)), "a put sequence has another's fingerprint");
    }
    assertEquals(print(x -> x.putBytes(new byte[] {1, 2, 3})),
        print(x -> x.putBytes(java.nio.ByteBuffer.wrap(new byte[] {1, 2, 3}))));
    assertEquals(print(x -> x.putBytes(new byte[] {(byte) 0xc3, (byte) 0xa9})),
        print(x -> x.putString("\u00e9", java.nio.charset.StandardCharsets.UTF_8)));
    assertEquals(print(x -> x.putBytes(new byte[] {2, 3})), print(x -> x.putBytes(new byte[] {1, 2, 3, 4}, 1, 2)));
    FingerprintSink s = new FingerprintSink();
    assertEquals(s, s.putByte((byte) 1).putBytes(new byte[1]).putBytes(new byte[2], 0, 1)
        .putBytes(java.nio.ByteBuffer.allocate(1)).putShort((short) 1).putInt(1).putLong(1).putFloat(1).putDouble(1)
        .putBoolean(true).putChar('c').putUnencodedChars("c").putString("c", java.nio.charset.StandardCharsets.UTF_8));
  }
}
