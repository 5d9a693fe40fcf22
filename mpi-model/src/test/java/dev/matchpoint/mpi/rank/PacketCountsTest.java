package dev.matchpoint.mpi.rank;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The summary's packet counts by kind (docs/cli.md: "packet counts by kind"), counted per injection. */
class PacketCountsTest {
  @Test
  void counts_eachKindOnce_inKindOrder_pastTheInitialCapacity_andCopiesAreIndependent() {
    PacketCounts counts = new PacketCounts();
    Map<String, Long> expected = new TreeMap<>();
    for (int round = 1; round <= 3; round++) {
      for (int k = 0; k < 11; k++) {
        // An equal kind in a new String: counted with the first, not as a new kind.
        String kind = new String("K" + (char) ('a' + (k * 7) % 11));
        for (int i = 0; i < k + 1; i++) {
          counts.add(kind);
          expected.merge(kind, 1L, Long::sum);
        }
      }
      assertEquals(expected, counts.toMap());
    }
    PacketCounts copy = counts.copy();
    copy.add("Ka");
    copy.add("new");
    assertEquals(expected, counts.toMap());
    expected.merge("Ka", 1L, Long::sum);
    expected.put("new", 1L);
    assertEquals(expected, copy.toMap());
    assertEquals(Map.of(), new PacketCounts().copy().toMap());
  }
}
