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
}
